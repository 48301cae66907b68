/**
 * Invitations to listen (issue 6, /InviteMeToListen): a teacher invites supervisors to one of their
 * classes; a supervisor agrees or rejects (a reason of at least 5 characters); the teacher may
 * withdraw. An agreed invitation lets the supervisor start an 'invited' evaluation of that class.
 * State rules: workflow.ts (INVITATION_TRANSITIONS, invitationActionRefusal).
 */
import { z } from 'zod';
import { ZId, ZPageRequest, zPage } from './common.ts';
import { OPINION_MIN_LENGTH } from './constants.ts';
import { ZIdList } from './catalog.ts';
import { ZPersonRef } from './supervision.ts';
import { ZEvaluatedClass, ZEvaluationStatus } from './evaluations.ts';
import { INVITATION_STATUSES } from './workflow.ts';

const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.date' });
const pageFields = ZPageRequest.shape;

export const ZInvitationStatus = z.enum(INVITATION_STATUSES);
/** received: invitations to me (a supervisor); sent: the ones I sent (a teacher). */
export const ZInvitationBox = z.enum(['received', 'sent']);
export type TInvitationBox = z.infer<typeof ZInvitationBox>;

export const ZInvitation = z.object({
  invitationId: ZId,
  status: ZInvitationStatus,
  class: ZEvaluatedClass,
  /** The teacher who invited (the class's teacher). */
  inviter: ZPersonRef,
  invitee: ZPersonRef,
  message: z.string().nullable(),
  /** The refusal reason when rejected. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  /** Still pending and the class has ended: it can no longer be answered. */
  expired: z.boolean(),
  /** The invitee's evaluation started from this invitation, if any. */
  evaluationId: ZId.nullable(),
  evaluationStatus: ZEvaluationStatus.nullable(),
});
export type TInvitation = z.infer<typeof ZInvitation>;
export const ZInvitationPage = zPage(ZInvitation);

export const ZInvitationListRequest = z.object({
  ...pageFields,
  box: ZInvitationBox.default('received'),
  status: ZInvitationStatus.optional(),
  /** Course name or code, or the other person's name. */
  keyword: z.string().trim().max(64).optional(),
});
export type TInvitationListRequest = z.input<typeof ZInvitationListRequest>;
export const ZInvitationQuery = z.object({ invitationId: ZId });

/** The teacher invites one or more supervisors to one of their classes that has not ended. */
export const ZInviteRequest = z.object({
  courseSessionId: ZId,
  inviteeIds: ZIdList(20),
  message: z.string().trim().max(500, { message: 'validation.tooLong' }).optional().or(z.literal('')),
});
export type TInviteRequest = z.input<typeof ZInviteRequest>;
export const ZInviteResponse = z.object({ invitationIds: z.array(ZId) });

/** The invitee's answer: agree, or reject with a reason of at least 5 characters. */
export const ZAnswerInvitationRequest = z
  .object({
    invitationId: ZId,
    decision: z.enum(['agree', 'reject']),
    reason: z.string().trim().max(500, { message: 'validation.tooLong' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'reject' && (v.reason ?? '').length < OPINION_MIN_LENGTH) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation.opinionMin' });
  });
export type TAnswerInvitationRequest = z.input<typeof ZAnswerInvitationRequest>;

/** People a teacher may invite: members of the school who evaluate lessons. */
export const ZInviteeQuery = z.object({ keyword: z.string().trim().max(64).optional() });
export const ZInvitee = ZPersonRef.extend({ orgUnitName: z.string().nullable() });
export type TInvitee = z.infer<typeof ZInvitee>;

/** My own classes that have not ended, to invite supervisors to (from the school's today). */
export const ZMyClassesRequest = z.object({ ...pageFields, dateFrom: ZIsoDate.optional(), keyword: z.string().trim().max(64).optional() });
export const ZMyClass = ZEvaluatedClass.extend({ invitedCount: z.number().int() });
export type TMyClass = z.infer<typeof ZMyClass>;
export const ZMyClassPage = zPage(ZMyClass);

/** Start (or reopen) the invited evaluation of an agreed invitation, with a published template. */
export const ZStartInvitedEvaluationRequest = z.object({ invitationId: ZId, templateId: ZId });
