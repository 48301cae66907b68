import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPatrolRoomsRequest, ZPatrolRoomsResponse, ZPatrolTree } from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './rooms.service.ts';

const tags = ['live'];
const P = '/app/live/v1/patrol';

/** The real-time patrol wall (/SCADA): rooms within the caller's patrol reach. */
export const patrolWallRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(`${P}/rooms`, {
    config: { permission: 'SCADA' },
    schema: {
      tags,
      summary: 'A page of the patrol wall: rooms within my patrol reach by classroom, course (in session now) or supervision team, filtered (all / online / in class / warning), warnings first',
      body: ZPatrolRoomsRequest,
      response: okSchema(ZPatrolRoomsResponse),
    },
  }, async (req) => ok(await svc.patrolRooms(memberCtx(req), req.body)));

  app.get(`${P}/tree`, {
    config: { permission: 'SCADA' },
    schema: { tags, summary: 'Building → floor → room of the rooms within my patrol reach, to choose from', response: okSchema(ZPatrolTree) },
  }, async (req) => ok(await svc.patrolTree(memberCtx(req))));
};
