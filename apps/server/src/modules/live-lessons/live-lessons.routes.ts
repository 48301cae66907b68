import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateShareRequest,
  ZLiveLesson,
  ZLiveLessonListRequest,
  ZLiveLessonPage,
  ZLiveLessonQuery,
  ZLiveLessonRooms,
  ZLiveLessonView,
  ZPlayGrant,
  ZPublicLessonQuery,
  ZSaveLiveLessonRequest,
  ZShare,
  ZShareIdRequest,
  ZShareList,
  ZShareOpenQuery,
  ZShareView,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './live-lessons.service.ts';
import * as shares from './shares.service.ts';

const tags = ['live-lessons'];
const P = '/app/live-lessons/v1';

export const liveLessonsRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---------------------------------------------------------------- management (/back/LiveManagement)

  app.post(`${P}/list`, {
    config: { permission: 'LiveManagement' },
    schema: { tags, summary: 'Live lessons of the school (cancelled ones too): on air, then upcoming, then ended; filtered and paged', body: ZLiveLessonListRequest, response: okSchema(ZLiveLessonPage) },
  }, async (req) => ok(await svc.listLessons(memberCtx(req), req.body, true)));

  app.get(`${P}/rooms`, {
    config: { permission: 'LiveManagementAdd' },
    schema: { tags, summary: 'Rooms with their cameras, to broadcast a lesson from', response: okSchema(ZLiveLessonRooms) },
  }, async (req) => ok(await svc.roomCameras(memberCtx(req))));

  app.get(`${P}/detail`, {
    config: { permission: 'LiveManagementAdd' },
    schema: { tags, summary: 'One live lesson, to change it', querystring: ZLiveLessonQuery, response: okSchema(ZLiveLesson) },
  }, async (req) => ok(await svc.lessonDetail(memberCtx(req), req.query.lessonId)));

  app.post(`${P}/save`, {
    config: { permission: 'LiveManagementAdd' },
    schema: { tags, summary: 'Schedule a live lesson (no id) or change one that has not ended; one lesson per camera at a time', body: ZSaveLiveLessonRequest, response: okSchema(ZLiveLesson) },
  }, async (req) => ok(await svc.saveLesson(memberCtx(req), req.body)));

  app.post(`${P}/cancel`, {
    config: { permission: 'LiveManagement' },
    schema: { tags, summary: 'Call off a live lesson that has not ended', body: ZLiveLessonQuery, response: okSchema(z.null()) },
  }, async (req) => ok(await svc.cancelLesson(memberCtx(req), req.body.lessonId)));

  app.post(`${P}/shares/create`, {
    config: { permission: 'LiveManagement' },
    schema: { tags, summary: 'Share a live lesson by link (and poster) with an audience and an expiry', body: ZCreateShareRequest, response: okSchema(ZShare) },
  }, async (req) => ok(await shares.createShare(memberCtx(req), req.body)));

  app.get(`${P}/shares`, {
    config: { permission: 'LiveManagement' },
    schema: { tags, summary: "A live lesson's shares, newest first", querystring: ZLiveLessonQuery, response: okSchema(ZShareList) },
  }, async (req) => ok(await shares.lessonShares(memberCtx(req), req.query.lessonId)));

  app.post(`${P}/shares/revoke`, {
    config: { permission: 'LiveManagement' },
    schema: { tags, summary: 'Revoke a share: its link stops opening', body: ZShareIdRequest, response: okSchema(z.null()) },
  }, async (req) => ok(await shares.revokeShare(memberCtx(req), req.body.shareId)));

  // ---------------------------------------------------------------- watching

  app.post(`${P}/watchable`, {
    config: { permission: 'liveListPage' },
    schema: { tags, summary: 'Live lessons to watch (not cancelled): on air, then upcoming, then ended; paged', body: ZLiveLessonListRequest, response: okSchema(ZLiveLessonPage) },
  }, async (req) => ok(await svc.listLessons(memberCtx(req), req.body, false)));

  app.get(`${P}/watch`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'A live lesson of my school as its viewer shows it', querystring: ZLiveLessonQuery, response: okSchema(ZLiveLessonView) },
  }, async (req) => ok(await svc.watchAsMember(memberCtx(req), req.query.lessonId)));

  app.post(`${P}/play`, {
    config: { permission: 'member' },
    schema: { tags, summary: "A play URL for a live lesson's camera (main stream) while it is on air", body: ZLiveLessonQuery, response: okSchema(ZPlayGrant) },
  }, async (req) => ok(await svc.playAsMember(memberCtx(req), req.body.lessonId)));

  // The open viewer (/back/liveListDetail, no sign-in): a public lesson by its school and id.
  app.get(`${P}/open/watch`, {
    config: { permission: 'public' },
    schema: { tags, summary: 'A public live lesson without sign-in (a members-only one asks for sign-in)', querystring: ZPublicLessonQuery, response: okSchema(ZLiveLessonView) },
  }, async (req) => ok(await svc.watchOpen(req.ctx, req.query)));

  app.post(`${P}/open/play`, {
    config: { permission: 'public' },
    schema: { tags, summary: 'A play URL for a public live lesson on air, without sign-in', body: ZPublicLessonQuery, response: okSchema(ZPlayGrant) },
  }, async (req) => ok(await svc.playOpen(req.ctx, req.body)));

  // Shares (/SCADA/ShareDetail, and the open viewer for public shares).
  app.get(`${P}/open/share`, {
    config: { permission: 'public' },
    schema: { tags, summary: 'What a share link opens, unless it expired or was revoked (a members-only share needs a member of its school)', querystring: ZShareOpenQuery, response: okSchema(ZShareView) },
  }, async (req) => ok(await shares.openShare(req.ctx, req.query)));

  app.post(`${P}/open/share/play`, {
    config: { permission: 'public' },
    schema: { tags, summary: "A play URL for a shared live lesson's camera while the share opens and the lesson is on air", body: ZShareOpenQuery, response: okSchema(ZPlayGrant) },
  }, async (req) => ok(await shares.playShare(req.ctx, req.body)));
};
