/**
 * Appeals (issue 6, /MeAppeal, /Evaluate/Appeal, /Appeal/Detail): a teacher appeals the score of a
 * submitted evaluation of one of their classes, with a reason of at least 5 characters and up to 10
 * images (uploaded first with accept=image, context "appeal"); a handler (button appeal:handle)
 * resolves it with the score after appeal or marks it not to be resolved, with an opinion of at least
 * 5 characters. State rules: workflow.ts (APPEAL_TRANSITIONS). An anonymous evaluation's evaluator is
 * never shown to the teacher.
 */
import { z } from 'zod';
import { ZId, ZPageRequest, zPage } from './common.ts';
import { OPINION_MIN_LENGTH, UPLOAD_LIMITS } from './constants.ts';
import { ZIdList } from './catalog.ts';
import { ZPersonRef } from './supervision.ts';
import { ZEvaluatedClass, ZEvaluationKind } from './evaluations.ts';
import { APPEAL_STATUSES } from './workflow.ts';

const pageFields = ZPageRequest.shape;
const opinion = z.string().trim().min(OPINION_MIN_LENGTH, { message: 'validation.opinionMin' }).max(1000, { message: 'validation.tooLong' });

export const ZAppealStatus = z.enum(APPEAL_STATUSES);

export const ZAppealImage = z.object({ fileId: ZId, name: z.string(), size: z.number().int(), url: z.string() });
export type TAppealImage = z.infer<typeof ZAppealImage>;

/** A row of an appeal list (the teacher's or the handlers'). */
export const ZAppealRow = z.object({
  appealId: ZId,
  status: ZAppealStatus,
  evaluationId: ZId,
  evaluationKind: ZEvaluationKind,
  planName: z.string().nullable(),
  class: ZEvaluatedClass,
  teacher: ZPersonRef,
  /**
   * Null when the evaluation is anonymous and the reader is the teacher. Handlers and the evaluator
   * see it, marked confidential on screen (docs/decisions/0018-anonymous-evaluator-and-appeal-handlers.md).
   */
  evaluator: ZPersonRef.nullable(),
  /** The evaluation (or its plan) is anonymous. */
  anonymous: z.boolean(),
  /** The evaluation's score when appealed, and the full score of its template. */
  score: z.number(),
  fullScore: z.number(),
  /** Set when resolved. */
  scoreAfter: z.number().nullable(),
  reason: z.string(),
  imageCount: z.number().int(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type TAppealRow = z.infer<typeof ZAppealRow>;
export const ZAppealPage = zPage(ZAppealRow);

export const ZAppeal = ZAppealRow.extend({
  opinion: z.string().nullable(),
  handler: ZPersonRef.nullable(),
  images: z.array(ZAppealImage),
  withdrawnAt: z.string().nullable(),
  /** What the reader may do now. */
  canWithdraw: z.boolean(),
  canDelete: z.boolean(),
  canHandle: z.boolean(),
  /** The reader may handle appeals but not this one: it is of their own evaluation or their own class. */
  conflictOfInterest: z.boolean(),
});
export type TAppeal = z.infer<typeof ZAppeal>;
export const ZAppealQuery = z.object({ appealId: ZId });

export const ZAppealListRequest = z.object({
  ...pageFields,
  status: ZAppealStatus.optional(),
  /** Course name or code, or the teacher's name. */
  keyword: z.string().trim().max(64).optional(),
  /** The appeals of one evaluation (e.g. whether it has one pending). */
  evaluationId: ZId.optional(),
});
export type TAppealListRequest = z.input<typeof ZAppealListRequest>;

export const ZCreateAppealRequest = z.object({
  evaluationId: ZId,
  reason: opinion,
  /** Images uploaded by me (accept=image); at most 10 (spec section 5). */
  imageIds: z.array(ZId).max(UPLOAD_LIMITS.appealImages, { message: 'validation.appealImages' }).default([]),
});
export type TCreateAppealRequest = z.input<typeof ZCreateAppealRequest>;
export const ZCreateAppealResponse = z.object({ appealId: ZId });

export const ZAppealIdsRequest = z.object({ appealIds: ZIdList(100) });
export const ZClearAppealsResponse = z.object({ cleared: z.number().int() });

/** The handler's decision: resolve with the score after appeal, or mark it not to be resolved. */
export const ZHandleAppealRequest = z
  .object({
    appealId: ZId,
    decision: z.enum(['resolve', 'unresolve']),
    scoreAfter: z.number().min(0, { message: 'validation.outOfRange' }).max(10000, { message: 'validation.outOfRange' }).optional(),
    opinion,
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'resolve' && v.scoreAfter === undefined) ctx.addIssue({ code: 'custom', path: ['scoreAfter'], message: 'validation.required' });
  });
export type THandleAppealRequest = z.input<typeof ZHandleAppealRequest>;
