import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAddCommentRequest,
  ZAttendanceExportQuery,
  ZAttendanceRecordPage,
  ZAttendanceRecordsRequest,
  ZInspectionRecordPage,
  ZInspectionRecordsRequest,
  ZMarkAttendanceRequest,
  ZPatrolClass,
  ZPatrolComment,
  ZPatrolEvaluateRequest,
  ZPatrolEvaluateResponse,
  ZPatrolDetailRoom,
  ZPatrolDetailQuery,
  ZRecordSupervisors,
  ZStartVisitRequest,
  ZVisit,
  ZVisitRequest,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './patrol.service.ts';

const tags = ['patrol'];
const P = '/app/patrol/v1';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const attachment = (name: string) => `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Real-time patrol of one classroom: the detail page's room, visit, comments, evaluation and attendance; the record lists. */
export const patrolRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(`${P}/room`, {
    config: { permission: 'SCADADetail' },
    schema: { tags, summary: 'A classroom in my patrol reach: its cameras, devices, warnings and class now', querystring: ZPatrolDetailQuery, response: okSchema(ZPatrolDetailRoom) },
  }, async (req) => ok(await svc.roomDetail(memberCtx(req), req.query.classroomId)));

  app.post(`${P}/visit/start`, {
    config: { permission: 'SCADADetail' },
    schema: { tags, summary: 'Start a patrol visit of a classroom (the detail page opened)', body: ZStartVisitRequest, response: okSchema(ZVisit) },
  }, async (req) => ok(await svc.startVisit(memberCtx(req), req.body.classroomId)));

  app.post(`${P}/visit/heartbeat`, {
    config: { permission: 'SCADADetail' },
    schema: { tags, summary: 'Keep my visit going (the page is still open); refused once it has ended', body: ZVisitRequest, response: okSchema(ZVisit) },
  }, async (req) => ok(await svc.heartbeat(memberCtx(req), req.body.visitId)));

  app.post(`${P}/visit/end`, {
    config: { permission: 'SCADADetail' },
    schema: { tags, summary: 'End my visit (the page was left)', body: ZVisitRequest, response: okSchema(ZVisit) },
  }, async (req) => ok(await svc.endVisit(memberCtx(req), req.body.visitId)));

  app.get(`${P}/visit/comments`, {
    config: { permission: 'SCADADetail' },
    schema: { tags, summary: "My comments on the visit's class, newest moment first", querystring: ZVisitRequest, response: okSchema(z.array(ZPatrolComment)) },
  }, async (req) => ok(await svc.visitComments(memberCtx(req), req.query.visitId)));

  app.post(`${P}/visit/comment`, {
    config: { permission: 'SCADADetail' },
    schema: { tags, summary: 'Comment on the moment of the live picture watched', body: ZAddCommentRequest, response: okSchema(ZPatrolComment) },
  }, async (req) => ok(await svc.addComment(memberCtx(req), req.body)));

  app.post(`${P}/visit/evaluate`, {
    config: { permission: 'SCADADetail' },
    schema: { tags, summary: 'Start (or reopen) a temporary evaluation of the class watched, marked as done by patrol', body: ZPatrolEvaluateRequest, response: okSchema(ZPatrolEvaluateResponse) },
  }, async (req) => ok(await svc.evaluateFromVisit(memberCtx(req), req.body)));

  app.post(`${P}/visit/attendance`, {
    config: { permission: 'SCADADetail' },
    schema: { tags, summary: "Mark (or change) the teacher's attendance at the class watched", body: ZMarkAttendanceRequest, response: okSchema(ZPatrolClass) },
  }, async (req) => ok(await svc.markAttendance(memberCtx(req), req.body)));

  app.post(`${P}/records`, {
    config: { permission: 'InspectionRecords' },
    schema: { tags, summary: "Inspection records: visits I may see (mine; a group leader's team; an administrator's everyone), newest first", body: ZInspectionRecordsRequest, response: okSchema(ZInspectionRecordPage) },
  }, async (req) => ok(await svc.inspectionRecords(memberCtx(req), req.body)));

  app.get(`${P}/records/supervisors`, {
    config: { permission: 'InspectionRecords' },
    schema: { tags, summary: 'The people whose inspection records I may see (the supervisor filter)', response: okSchema(ZRecordSupervisors) },
  }, async (req) => ok(await svc.recordSupervisors(memberCtx(req))));

  app.post(`${P}/attendance`, {
    config: { permission: 'AttendanceRecord' },
    schema: { tags, summary: 'Attendance marked during patrol, filtered and paged', body: ZAttendanceRecordsRequest, response: okSchema(ZAttendanceRecordPage) },
  }, async (req) => ok(await svc.attendanceRecords(memberCtx(req), req.body)));

  app.get(`${P}/attendance/export`, {
    config: { permission: 'attendance:export', cost: 'export' },
    schema: { tags, summary: "Export the attendance records (the list's filters) as .xlsx", querystring: ZAttendanceExportQuery },
  }, async (req, reply) => {
    const { data, fileName } = await svc.exportAttendance(memberCtx(req), req.query);
    return reply.type(XLSX).header('content-disposition', attachment(fileName)).header('cache-control', 'no-store').send(data);
  });
};
