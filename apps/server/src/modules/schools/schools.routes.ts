import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAnswerSchoolInvitationRequest,
  ZApplyBindQuery,
  ZDomainQuery,
  ZId,
  ZMembershipListQuery,
  ZMembershipPage,
  ZMySchool,
  ZMySchoolsQuery,
  ZMySchoolsResponse,
  ZReviewMembershipRequest,
  ZSchoolByCodeQuery,
  ZSchoolInfo,
  ZSchoolInvitationList,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { accountCtx, memberCtx } from '../../platform/route-context.ts';
import * as schools from './schools.service.ts';

const tags = ['schools'];

export const schoolsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/base/system/tenant/school/hero/get/tenant/id/by/domain', {
    config: { permission: 'public' },
    schema: { tags, summary: 'The school id served at a host name', querystring: ZDomainQuery, response: okSchema(ZId) },
  }, async (req) => ok(await schools.schoolIdByDomain(req.ctx, req.query.domainName)));

  app.get('/base/system/tenant/school/hero/get/school/info/by/code', {
    config: { permission: 'account' },
    schema: { tags, summary: 'A school by its code (to bind to it)', querystring: ZSchoolByCodeQuery, response: okSchema(ZSchoolInfo) },
  }, async (req) => ok(await schools.schoolByCode(req.ctx, req.query.code)));

  app.post('/base/system/user/user/apply/bind/school', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: 'Apply to bind the caller to a school (pending until an administrator approves)',
      description: 'schoolId and userId may come in the query (legacy) or the body; userId is ignored: the caller is always the session account.',
      querystring: ZApplyBindQuery,
      body: ZApplyBindQuery.nullish(),
      response: okSchema(ZMySchool),
    },
  }, async (req) => {
    const input = { ...req.query, ...(req.body ?? {}) };
    return ok(await schools.applyBind(accountCtx(req), { code: input.code, unverifiedSchoolId: input.schoolId, identity: input.identity }));
  });

  app.get('/base/system/school/user/hero/get/school/list/current/user', {
    config: { permission: 'account' },
    schema: { tags, summary: "The caller's schools and their membership status", querystring: ZMySchoolsQuery, response: okSchema(ZMySchoolsResponse) },
  }, async (req) => ok(await schools.mySchools(accountCtx(req))));

  app.get('/base/system/school/invitation/v1/mine', {
    config: { permission: 'account' },
    schema: { tags, summary: "The caller's open invitations from schools (their user sync or people import)", response: okSchema(ZSchoolInvitationList) },
  }, async (req) => ok(await schools.myInvitations(accountCtx(req))));

  app.post('/base/system/school/invitation/v1/accept', {
    config: { permission: 'account' },
    schema: { tags, summary: "Accept one of the caller's invitations: they become a member of that school", body: ZAnswerSchoolInvitationRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await schools.answerInvitation(accountCtx(req), req.body.schoolId, true);
    return ok(null);
  });

  app.post('/base/system/school/invitation/v1/decline', {
    config: { permission: 'account' },
    schema: { tags, summary: "Decline one of the caller's invitations: it is removed", body: ZAnswerSchoolInvitationRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await schools.answerInvitation(accountCtx(req), req.body.schoolId, false);
    return ok(null);
  });

  app.get('/base/system/school/membership/v1/page', {
    config: { permission: 'school:membership:review' },
    schema: { tags, summary: 'Applications and members of the current school', querystring: ZMembershipListQuery, response: okSchema(ZMembershipPage) },
  }, async (req) => ok(await schools.listMemberships(memberCtx(req), req.query)));

  app.post('/base/system/school/membership/v1/review', {
    config: { permission: 'school:membership:review' },
    schema: { tags, summary: 'Approve or reject a pending application', body: ZReviewMembershipRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await schools.reviewMembership(memberCtx(req), req.body);
    return ok(null);
  });
};
