import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCourse,
  ZCourseIdQuery,
  ZCourseListRequest,
  ZCoursePage,
  ZDayClasses,
  ZDayRequest,
  ZDeleteCoursesRequest,
  ZSaveCourseRequest,
  ZScheduleOptions,
  ZTeacherOptions,
  ZTeacherOptionsQuery,
  ZTimetable,
  ZTimetableRequest,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './courses.service.ts';

const tags = ['courses'];
const P = '/app/ddxk/course/v1';

export const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(`${P}/page`, {
    config: { permission: 'scheduleManage' },
    schema: { tags, summary: 'Courses, paged and filtered (semester, department and below, teacher, name/code, week, weekday, session, room), with their timetable and state today', body: ZCourseListRequest, response: okSchema(ZCoursePage) },
  }, async (req) => ok(await svc.listCourses(memberCtx(req), req.body)));

  app.get(`${P}/getInfoById`, {
    config: { permission: 'scheduleManage' },
    schema: { tags, summary: 'One course with its timetable lines', querystring: ZCourseIdQuery, response: okSchema(ZCourse) },
  }, async (req) => ok(await svc.getCourse(memberCtx(req), req.query.id)));

  app.post(`${P}/saveOrUpdate`, {
    config: { permission: 'course:edit' },
    schema: { tags, summary: 'Add or change a course and its whole timetable (room and teacher double-booking refused)', body: ZSaveCourseRequest, response: okSchema(ZCourse) },
  }, async (req) => ok(await svc.saveCourse(memberCtx(req), req.body)));

  app.post(`${P}/deleteByIds`, {
    config: { permission: 'course:edit' },
    schema: { tags, summary: 'Delete courses with their timetable', body: ZDeleteCoursesRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await svc.deleteCourses(memberCtx(req), req.body.ids);
    return ok(null);
  });

  app.post(`${P}/timetable`, {
    config: { permission: 'scheduleManage' },
    schema: { tags, summary: 'Week view: the classes of a teaching week by weekday and session, for a room, teacher or department', body: ZTimetableRequest, response: okSchema(ZTimetable) },
  }, async (req) => ok(await svc.timetable(memberCtx(req), req.body)));

  app.get(`${P}/day`, {
    config: { permission: 'scheduleManage' },
    schema: { tags, summary: "Day view: a day's classes (today in the school's zone by default) with their state", querystring: ZDayRequest, response: okSchema(ZDayClasses) },
  }, async (req) => ok(await svc.dayClasses(memberCtx(req), req.query)));

  app.get(`${P}/options`, {
    config: { permission: 'scheduleManage' },
    schema: { tags, summary: 'Departments and classrooms for the schedule pickers', response: okSchema(ZScheduleOptions) },
  }, async (req) => ok(await svc.scheduleOptions(memberCtx(req))));

  app.get(`${P}/teacherOptions`, {
    config: { permission: 'scheduleManage' },
    schema: { tags, summary: 'Members who can teach a course, by name or account (20 at most)', querystring: ZTeacherOptionsQuery, response: okSchema(ZTeacherOptions) },
  }, async (req) => ok(await svc.teacherOptions(memberCtx(req), req.query)));
};
