import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCalendarDict,
  ZDeleteSemesterRequest,
  ZSaveSemesterRequest,
  ZSaveSessionTimesRequest,
  ZSemester,
  ZSemesterIdQuery,
  ZSemesterWeeks,
  ZSessionTimes,
  ZWeekInSemester,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './calendar.service.ts';

const tags = ['calendar'];

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reading the calendar is for every member: plans, patrol and statistics pick semesters and weeks.
  app.get('/base/calendar/v1/list', {
    config: { permission: 'member' },
    schema: { tags, summary: 'Semesters of the school, newest first, the current one flagged', response: okSchema(z.array(ZSemester)) },
  }, async (req) => ok(await svc.listSemesters(memberCtx(req))));

  app.get('/app/ddxk/base/data/v1/calendar/dict', {
    config: { permission: 'member' },
    schema: { tags, summary: 'Semesters as options, the current one flagged', response: okSchema(ZCalendarDict) },
  }, async (req) => ok(await svc.calendarDict(memberCtx(req))));

  app.get('/base/calendar/getClendarInWeek', {
    config: { permission: 'member' },
    schema: { tags, summary: "The teaching week containing today (school time zone) with its dates", querystring: ZSemesterIdQuery, response: okSchema(ZWeekInSemester) },
  }, async (req) => ok(await svc.weekOfToday(memberCtx(req), req.query.id)));

  app.get('/base/calendar/getClendarWeeks', {
    config: { permission: 'member' },
    schema: { tags, summary: 'Every teaching week of a semester with its dates', querystring: ZSemesterIdQuery, response: okSchema(ZSemesterWeeks) },
  }, async (req) => ok(await svc.semesterWeeks(memberCtx(req), req.query.id)));

  app.post('/base/calendar/v1/saveOrUpdate', {
    config: { permission: 'calendar:edit' },
    schema: { tags, summary: 'Add a semester, or change one (a new start date moves every class date)', body: ZSaveSemesterRequest, response: okSchema(ZSemester) },
  }, async (req) => ok(await svc.saveSemester(memberCtx(req), req.body)));

  app.post('/base/calendar/v1/delete', {
    config: { permission: 'calendar:edit' },
    schema: { tags, summary: 'Delete a semester (refused while it has courses)', body: ZDeleteSemesterRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await svc.deleteSemester(memberCtx(req), req.body.id);
    return ok(null);
  });

  app.get('/base/calendar/v1/sessionTimes', {
    config: { permission: 'member' },
    schema: { tags, summary: "The school's daily session times, by number", response: okSchema(ZSessionTimes) },
  }, async (req) => ok(await svc.getSessionTimes(memberCtx(req))));

  app.post('/base/calendar/v1/sessionTimes/save', {
    config: { permission: 'calendar:edit' },
    schema: { tags, summary: "Replace the school's daily session times (end after start, more than 10 minutes, no overlap, in order)", body: ZSaveSessionTimesRequest, response: okSchema(ZSessionTimes) },
  }, async (req) => ok(await svc.saveSessionTimes(memberCtx(req), req.body)));
};
