import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZUsageRoomDay, ZUsageRoomDayRequest, ZUsageWeek, ZUsageWeekRequest } from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './usage.service.ts';

const tags = ['usage'];
const P = '/app/usage/v1';

export const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(`${P}/week`, {
    config: { permission: 'ClassroomUsageSituation' },
    schema: { tags, summary: 'Classroom usage of a teaching week: sessions used per room and day, rooms in use per session, occupancy and device status (optionally one building)', querystring: ZUsageWeekRequest, response: okSchema(ZUsageWeek) },
  }, async (req) => ok(await svc.usageWeek(memberCtx(req), req.query)));

  app.get(`${P}/room-day`, {
    config: { permission: 'ClassroomUsageSituation' },
    schema: { tags, summary: "One room's day: each session used by a class (course, teacher) or free, and the room's devices", querystring: ZUsageRoomDayRequest, response: okSchema(ZUsageRoomDay) },
  }, async (req) => ok(await svc.roomDay(memberCtx(req), req.query)));
};
