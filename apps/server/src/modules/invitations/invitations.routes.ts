import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAnswerInvitationRequest,
  ZInvitation,
  ZInvitationListRequest,
  ZInvitationPage,
  ZInvitationQuery,
  ZInvitee,
  ZInviteeQuery,
  ZInviteRequest,
  ZInviteResponse,
  ZMyClassesRequest,
  ZMyClassPage,
  ZStartEvaluationResponse,
  ZStartInvitedEvaluationRequest,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './invitations.service.ts';

const tags = ['invitations'];
const P = '/app/ddxk/invitation/v1';
const permission = 'InviteMeToListen';

// Record-level rules in the service: only the inviter and the invitee see or act on an invitation.
export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(`${P}/list`, {
    config: { permission },
    schema: { tags, summary: 'Invitations to listen sent to me (received) or by me (sent), newest first, filtered and paged', body: ZInvitationListRequest, response: okSchema(ZInvitationPage) },
  }, async (req) => ok(await svc.listInvitations(memberCtx(req), req.body)));

  app.get(`${P}/detail`, {
    config: { permission },
    schema: { tags, summary: 'One invitation of which I am the inviter or the invitee', querystring: ZInvitationQuery, response: okSchema(ZInvitation) },
  }, async (req) => ok(await svc.invitationDetail(memberCtx(req), req.query.invitationId)));

  app.get(`${P}/invitees`, {
    config: { permission },
    schema: { tags, summary: 'People I may invite: members of the school who evaluate lessons (at most 50)', querystring: ZInviteeQuery, response: okSchema(z.array(ZInvitee)) },
  }, async (req) => ok(await svc.listInvitees(memberCtx(req), req.query)));

  app.post(`${P}/classes`, {
    config: { permission },
    schema: { tags, summary: 'My own classes that have not ended, from today on, with their open invitations counted', body: ZMyClassesRequest, response: okSchema(ZMyClassPage) },
  }, async (req) => ok(await svc.myClasses(memberCtx(req), req.body)));

  app.post(`${P}/invite`, {
    config: { permission },
    schema: { tags, summary: 'Invite people who evaluate lessons to one of my classes that has not ended (each is notified)', body: ZInviteRequest, response: okSchema(ZInviteResponse) },
  }, async (req) => ok(await svc.invite(memberCtx(req), req.body)));

  app.post(`${P}/answer`, {
    config: { permission },
    schema: { tags, summary: 'Agree to (no time conflict) or reject (with a reason) an invitation to me; the inviter is notified', body: ZAnswerInvitationRequest, response: okSchema(ZInvitation) },
  }, async (req) => ok(await svc.answerInvitation(memberCtx(req), req.body)));

  app.post(`${P}/withdraw`, {
    config: { permission },
    schema: { tags, summary: 'Withdraw an invitation I sent, until its evaluation is submitted; the invitee is notified', body: ZInvitationQuery, response: okSchema(ZInvitation) },
  }, async (req) => ok(await svc.withdrawInvitation(memberCtx(req), req.body.invitationId)));

  app.post('/app/ddxk/evaluation/v1/start/invited', {
    config: { permission },
    schema: { tags, summary: 'Start (or reopen) my invited evaluation of the class of an agreed invitation, with a published template', body: ZStartInvitedEvaluationRequest, response: okSchema(ZStartEvaluationResponse) },
  }, async (req) => ok(await svc.startInvitedEvaluation(memberCtx(req), req.body)));
};
