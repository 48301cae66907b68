import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAssignedSessionPage,
  ZAssignmentListRequest,
  ZAssignmentPage,
  ZAssignmentPointsRequest,
  ZAssignmentProgressPage,
  ZAssignmentProgressRequest,
  ZAssignmentTaskListRequest,
  ZAssignmentTaskPage,
  ZAssignRequest,
  ZAssignResponse,
  ZChangeAssignmentsRequest,
  ZCourseLookupRequest,
  ZCourseOption,
  ZId,
  ZIdsBody,
  ZPeopleLookupRequest,
  ZPeopleLookupResponse,
  ZPersonRef,
  ZSaveAssignmentTaskRequest,
  ZSessionLookupRequest,
  ZTaskOption,
  ZTaskSupervisorsQuery,
  type TAssignmentKind,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import { lookupPeople } from '../supervision/supervision.service.ts';
import * as svc from './assignments.service.ts';

const tags = ['assignments'];
const P = '/app/ddxk/assignments/v1';

export const assignmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Tasks.
  app.post(`${P}/task/pageList`, {
    config: { permission: 'assignmentsTask' },
    schema: { tags, summary: 'Assignment tasks, searched and paged', body: ZAssignmentTaskListRequest, response: okSchema(ZAssignmentTaskPage) },
  }, async (req) => ok(await svc.listTasks(memberCtx(req), req.body)));

  // Every assignment screen (and a supervisor's own points) picks a task.
  app.get(`${P}/task/options`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'Assignment tasks as options, newest first', response: okSchema(z.array(ZTaskOption)) },
  }, async (req) => ok(await svc.taskOptions(memberCtx(req))));

  app.post(`${P}/task/saveOrUpdate`, {
    config: { permission: 'assignment:edit' },
    schema: { tags, summary: 'Add an assignment task, or change one (taskId given)', body: ZSaveAssignmentTaskRequest, response: okSchema(z.object({ taskId: ZId })) },
  }, async (req) => ok(await svc.saveTask(memberCtx(req), req.body)));

  app.post(`${P}/task/deleteByIds`, {
    config: { permission: 'assignment:edit' },
    schema: { tags, summary: 'Delete assignment tasks with their assignments', body: ZIdsBody, response: okSchema(z.null()) },
  }, async (req) => {
    await svc.deleteTasks(memberCtx(req), req.body.ids);
    return ok(null);
  });

  // Assignments by teacher, by course and by class session: one list per screen.
  const lists: [string, TAssignmentKind, string][] = [
    ['teacher', 'teacher', 'assignmentsTeacher'],
    ['course', 'course', 'assignmentsCourse'],
    ['section', 'session', 'assignmentsSection'],
  ];
  for (const [path, kind, permission] of lists) {
    app.post(`${P}/${path}/pageList`, {
      config: { permission },
      schema: { tags, summary: `Assignments by ${kind} in a task, paged`, body: ZAssignmentListRequest, response: okSchema(ZAssignmentPage) },
    }, async (req) => ok(await svc.listAssignments(memberCtx(req), kind, req.body)));
  }

  app.post(`${P}/assign`, {
    config: { permission: 'assignment:edit' },
    schema: { tags, summary: 'Assign supervisors to teachers, courses or class sessions (withdrawn ones are given back)', body: ZAssignRequest, response: okSchema(ZAssignResponse) },
  }, async (req) => ok(await svc.assign(memberCtx(req), req.body)));

  app.post(`${P}/changeStatus`, {
    config: { permission: 'assignment:edit' },
    schema: { tags, summary: 'Withdraw, give back or remove assignments (all selected or none)', body: ZChangeAssignmentsRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await svc.changeAssignments(memberCtx(req), req.body.ids, req.body.action);
    return ok(null);
  });

  // Pickers used while assigning.
  app.get(`${P}/people`, {
    config: { permission: 'assignment:edit' },
    schema: { tags, summary: 'People of the school to pick as supervisors or teachers', querystring: ZPeopleLookupRequest, response: okSchema(ZPeopleLookupResponse) },
  }, async (req) => ok(await lookupPeople(memberCtx(req), req.query)));

  app.get(`${P}/courses`, {
    config: { permission: 'assignment:edit' },
    schema: { tags, summary: "Courses of the task's semester to pick", querystring: ZCourseLookupRequest, response: okSchema(z.array(ZCourseOption)) },
  }, async (req) => ok(await svc.lookupCourses(memberCtx(req), req.query)));

  app.post(`${P}/sessions`, {
    config: { permission: 'assignment:edit' },
    schema: { tags, summary: "Class sessions of a course within the task's dates, paged", body: ZSessionLookupRequest, response: okSchema(ZAssignedSessionPage) },
  }, async (req) => ok(await svc.lookupSessions(memberCtx(req), req.body)));

  // What supervisors attend.
  app.post(`${P}/points`, {
    // Supervisors see their own points; whoever follows every supervisor's progress may look at anyone's.
    config: { permission: 'member', also: [{ permission: 'assignmentsProgress', field: 'body.supervisorId', when: 'otherThanCaller' }] },
    schema: { tags, summary: 'Class sessions a supervisor may attend (the caller; another supervisor needs assignmentsProgress), paged', body: ZAssignmentPointsRequest, response: okSchema(ZAssignedSessionPage) },
  }, async (req) => ok(await svc.assignmentPoints(memberCtx(req), req.body)));

  app.get(`${P}/supervisors`, {
    config: { permission: 'assignmentsProgress' },
    schema: { tags, summary: 'Supervisors with assignments in a task', querystring: ZTaskSupervisorsQuery, response: okSchema(z.array(ZPersonRef)) },
  }, async (req) => ok(await svc.taskSupervisors(memberCtx(req), req.query.taskId)));

  app.post(`${P}/progress`, {
    config: { permission: 'assignmentsProgress' },
    schema: { tags, summary: 'Per supervisor of a task: assigned teachers, courses, sessions; class sessions held so far vs the minimum', body: ZAssignmentProgressRequest, response: okSchema(ZAssignmentProgressPage) },
  }, async (req) => ok(await svc.taskProgress(memberCtx(req), req.body)));
};
