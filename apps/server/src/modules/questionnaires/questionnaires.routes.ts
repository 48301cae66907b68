import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCourseListRequest,
  ZCoursePage,
  ZQuestionListRequest,
  ZQuestionPage,
  ZTeacherOptions,
  ZTeacherOptionsQuery,
  ZFeedbackDetail,
  ZFeedbackDetailQuery,
  ZFeedbackListRequest,
  ZFeedbackPage,
  ZMyQuestionnairePage,
  ZMyQuestionnairesRequest,
  ZQuestionnaire,
  ZQuestionnaireForm,
  ZQuestionnaireFormQuery,
  ZQuestionnaireIdsRequest,
  ZQuestionnaireListRequest,
  ZQuestionnairePage,
  ZQuestionnaireClasses,
  ZQuestionnaireClassesQuery,
  ZQuestionnaireQr,
  ZQuestionnaireQrQuery,
  ZQuestionnaireQuery,
  ZSaveQuestionnaireRequest,
  ZSubmitQuestionnaireRequest,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './questionnaires.service.ts';
import * as respond from './respond.service.ts';
import * as feedback from './feedback.service.ts';
import { listCourses, teacherOptions } from '../courses/courses.service.ts';
import { listApproved } from '../catalog/questions.service.ts';

const tags = ['questionnaires'];
const P = '/app/ddxk/questionnaire/v1';

/**
 * The origin students reach the fill page at: the configured public origin, else the request's own
 * (protocol and host, taken from X-Forwarded-* only when TRUST_PROXY says a proxy sets them). A host
 * that is not a plain host[:port] is not put in an address.
 */
function fillOrigin(req: FastifyRequest, publicOrigin: string | undefined): string {
  if (publicOrigin) return publicOrigin.replace(/\/$/, '');
  const host = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(req.host) ? req.host : 'localhost';
  return `${req.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

export const questionnairesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;

  // ---------------------------------------------------------------- management

  app.post(`${P}/list`, {
    config: { permission: 'assignmentsQuestionnaire' },
    schema: { tags, summary: 'Questionnaires of the school, newest changed first, filtered and paged', body: ZQuestionnaireListRequest, response: okSchema(ZQuestionnairePage) },
  }, async (req) => ok(await svc.listQuestionnaires(memberCtx(req), req.body)));

  // Managers (assignmentsQuestionnaire) and the preview page (example): checked in the service.
  app.get(`${P}/detail`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'One questionnaire with its questions, courses and teachers (managers and the preview page)', querystring: ZQuestionnaireQuery, response: okSchema(ZQuestionnaire) },
  }, async (req) => ok(await svc.questionnaireDetail(memberCtx(req), req.query.questionnaireId)));

  app.post(`${P}/save`, {
    config: { permission: 'questionnaire:edit' },
    schema: { tags, summary: 'Add a draft questionnaire or change a draft (published and closed ones are locked)', body: ZSaveQuestionnaireRequest, response: okSchema(ZQuestionnaire) },
  }, async (req) => ok(await svc.saveQuestionnaire(memberCtx(req), req.body)));

  app.post(`${P}/publish`, {
    config: { permission: 'questionnaire:edit' },
    schema: { tags, summary: 'Publish drafts with questions and someone to answer (all or none)', body: ZQuestionnaireIdsRequest, response: okSchema(z.null()) },
  }, async (req) => ok(await svc.transition(memberCtx(req), req.body.ids, 'publish')));

  app.post(`${P}/close`, {
    config: { permission: 'questionnaire:edit' },
    schema: { tags, summary: 'Close published questionnaires: no more answers (all or none)', body: ZQuestionnaireIdsRequest, response: okSchema(z.null()) },
  }, async (req) => ok(await svc.transition(memberCtx(req), req.body.ids, 'close')));

  app.post(`${P}/delete`, {
    config: { permission: 'questionnaire:edit' },
    schema: { tags, summary: 'Delete drafts and closed questionnaires (all or none; answers stay on record)', body: ZQuestionnaireIdsRequest, response: okSchema(z.null()) },
  }, async (req) => ok(await svc.transition(memberCtx(req), req.body.ids, 'delete')));

  // ---------------------------------------------------------------- respondents

  app.get(`${P}/form`, {
    config: { permission: 'EvaluationQuestionnaire' },
    schema: { tags, summary: 'A questionnaire as I fill it (about a course of mine for student questionnaires), and whether I answered', querystring: ZQuestionnaireFormQuery, response: okSchema(ZQuestionnaireForm) },
  }, async (req) => ok(await respond.questionnaireForm(memberCtx(req), req.query)));

  app.post(`${P}/submit`, {
    config: { permission: 'EvaluationQuestionnaire' },
    schema: { tags, summary: 'Answer a questionnaire once, every question answered (anonymous: what is kept apart from who)', body: ZSubmitQuestionnaireRequest, response: okSchema(ZQuestionnaireForm) },
  }, async (req) => ok(await respond.submitQuestionnaire(memberCtx(req), req.body)));

  app.post(`${P}/mine`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'Questionnaires addressed to me (students: per enrolled course), open ones first', body: ZMyQuestionnairesRequest, response: okSchema(ZMyQuestionnairePage) },
  }, async (req) => ok(await respond.myQuestionnaires(memberCtx(req), req.body)));

  // ---------------------------------------------------------------- teachers' feedback

  // Pickers of the questionnaire form (the same lists as the plan form and the template builder,
  // granted with questionnaire:edit so that managing questionnaires needs no other permission).
  app.post(`${P}/pick/courses`, {
    config: { permission: 'questionnaire:edit' },
    schema: { tags, summary: 'Courses whose students a questionnaire may address', body: ZCourseListRequest, response: okSchema(ZCoursePage) },
  }, async (req) => ok(await listCourses(memberCtx(req), req.body)));

  app.get(`${P}/pick/teachers`, {
    config: { permission: 'questionnaire:edit' },
    schema: { tags, summary: 'Teachers, to address a questionnaire to or to filter the course picker by', querystring: ZTeacherOptionsQuery, response: okSchema(ZTeacherOptions) },
  }, async (req) => ok(await teacherOptions(memberCtx(req), req.query)));

  app.post(`${P}/pick/questions`, {
    config: { permission: 'questionnaire:edit' },
    schema: { tags, summary: 'Approved questions of the bank to copy into a questionnaire', body: ZQuestionListRequest.omit({ status: true, mine: true }), response: okSchema(ZQuestionPage) },
  }, async (req) => ok(await listApproved(memberCtx(req), req.body)));

  app.get(`${P}/classes`, {
    config: { permission: 'teacherFeedback' },
    schema: { tags, summary: "My course's classes to show a questionnaire's QR at: today's (ended too) and the next two weeks'", querystring: ZQuestionnaireClassesQuery, response: okSchema(ZQuestionnaireClasses) },
  }, async (req) => ok(await feedback.questionnaireClasses(memberCtx(req), req.query)));

  app.get(`${P}/qr`, {
    config: { permission: 'teacherFeedback' },
    schema: { tags, summary: 'The QR code of a questionnaire for a class I teach (the fill page address)', querystring: ZQuestionnaireQrQuery, response: okSchema(ZQuestionnaireQr) },
  }, async (req) => ok(await feedback.questionnaireQr(memberCtx(req), req.query, fillOrigin(req, config.publicOrigin))));

  app.post(`${P}/feedback`, {
    config: { permission: 'teacherFeedback' },
    schema: { tags, summary: 'My courses\' student questionnaires with answer counts and mean score (another teacher\'s: managers only)', body: ZFeedbackListRequest, response: okSchema(ZFeedbackPage) },
  }, async (req) => ok(await feedback.feedbackList(memberCtx(req), req.body)));

  app.get(`${P}/feedbackDetail`, {
    config: { permission: 'feedbackDetails' },
    schema: { tags, summary: 'Aggregated answers of a questionnaire for a course of mine (any course or all: managers); never a respondent', querystring: ZFeedbackDetailQuery, response: okSchema(ZFeedbackDetail) },
  }, async (req) => ok(await feedback.feedbackDetail(memberCtx(req), req.query)));
};
