/**
 * What supervisors evaluate with (issue 5): indicator and question classifications, indicators
 * (first level with second-level ones), and the question bank with its review. The rules that need
 * more than a field's shape (unique options, non-overlapping ranges, scores) live in question-rules.ts.
 */
import { z } from 'zod';
import { ZId, ZPageRequest, zPage } from './common.ts';
import { INDICATOR_NAME, KNOWLEDGE_LEVELS, OPINION_MIN_LENGTH, QUESTION_LIMITS, QUESTION_TYPES } from './constants.ts';
import { ZPersonRef } from './supervision.ts';

/** Server-side paging, as everywhere (common.ts). */
const pageFields = ZPageRequest.shape;
const text = (max: number) => z.string().trim().max(max, { message: 'validation.tooLong' });
const required = (max: number) => text(max).min(1, { message: 'validation.required' });
const optionalText = (max: number) => text(max).optional().or(z.literal(''));
export const ZIdList = (max: number) => z.array(ZId).min(1, { message: 'validation.selectOne' }).max(max, { message: 'validation.tooMany' });

// ---------------------------------------------------------------- classifications

export const ZClassificationKind = z.enum(['indicator', 'question']);
export type TClassificationKind = z.infer<typeof ZClassificationKind>;

export const ZClassification = z.object({
  classificationId: ZId,
  kind: ZClassificationKind,
  name: z.string(),
  description: z.string().nullable(),
  sort: z.number().int(),
  /** Indicators or questions filed under it. */
  itemCount: z.number().int(),
  createdAt: z.string(),
});
export type TClassification = z.infer<typeof ZClassification>;
export const ZClassificationPage = zPage(ZClassification);
export const ZClassificationListRequest = z.object({ ...pageFields, kind: ZClassificationKind, keyword: text(64).optional() });
export const ZSaveClassificationRequest = z.object({
  classificationId: ZId.optional(),
  kind: ZClassificationKind,
  name: required(INDICATOR_NAME.max),
  description: optionalText(200),
  sort: z.coerce.number().int().min(0, { message: 'validation.invalid' }).max(9999, { message: 'validation.invalid' }).default(0),
});
export type TSaveClassificationRequest = z.input<typeof ZSaveClassificationRequest>;
export const ZClassificationOption = z.object({ classificationId: ZId, name: z.string() });
export const ZClassificationDictQuery = z.object({ kind: ZClassificationKind });
export const ZCatalogIdsRequest = z.object({ ids: ZIdList(100) });

/** GET /app/ddxk/questionnaire/type/v1/dict: question classifications and the six question types. */
export const ZQuestionnaireTypeDict = z.object({
  classifications: z.array(ZClassificationOption),
  questionTypes: z.array(z.enum(QUESTION_TYPES)),
  knowledgeLevels: z.array(z.enum(KNOWLEDGE_LEVELS)),
});

// ---------------------------------------------------------------- indicators

const indicatorName = z
  .string()
  .trim()
  .min(INDICATOR_NAME.min, { message: 'validation.indicatorName' })
  .max(INDICATOR_NAME.max, { message: 'validation.indicatorName' });

export const ZSecondIndicator = z.object({
  indicatorId: ZId,
  name: z.string(),
  description: z.string().nullable(),
  sort: z.number().int(),
});
export const ZIndicator = z.object({
  indicatorId: ZId,
  name: z.string(),
  classificationId: ZId.nullable(),
  classificationName: z.string().nullable(),
  description: z.string().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
  children: z.array(ZSecondIndicator),
  /** Questions of the bank filed under this indicator or one of its second-level ones. */
  questionCount: z.number().int(),
  createdAt: z.string(),
});
export type TIndicator = z.infer<typeof ZIndicator>;
export const ZIndicatorPage = zPage(ZIndicator);
export const ZIndicatorListRequest = z.object({
  ...pageFields,
  keyword: text(64).optional(),
  classificationId: ZId.optional(),
  enabled: z.enum(['true', 'false']).transform((v) => v === 'true').or(z.boolean()).optional(),
});
export const ZIndicatorQuery = z.object({ indicatorId: ZId });
export const ZSaveIndicatorRequest = z
  .object({
    indicatorId: ZId.optional(),
    name: indicatorName,
    classificationId: ZId.nullable().optional(),
    description: optionalText(500),
    sort: z.coerce.number().int().min(0, { message: 'validation.invalid' }).max(9999, { message: 'validation.invalid' }).default(0),
    enabled: z.boolean().default(true),
    children: z
      .array(z.object({ indicatorId: ZId.optional(), name: indicatorName, description: optionalText(500) }))
      .max(50, { message: 'validation.tooMany' })
      .default([]),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.children.forEach((c, i) => {
      const k = c.name.toLowerCase();
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: ['children', i, 'name'], message: 'validation.duplicate' });
      seen.add(k);
    });
  });
export type TSaveIndicatorRequest = z.input<typeof ZSaveIndicatorRequest>;
/** Enabled indicators as a tree for pickers (templates take first-level ones as their sections). */
export const ZIndicatorTree = z.array(z.object({ indicatorId: ZId, name: z.string(), classificationName: z.string().nullable(), children: z.array(z.object({ indicatorId: ZId, name: z.string() })) }));

// ---------------------------------------------------------------- questions

export const ZQuestionType = z.enum(QUESTION_TYPES);
export type TQuestionType = z.infer<typeof ZQuestionType>;
export const ZKnowledgeLevel = z.enum(KNOWLEDGE_LEVELS);
export type TKnowledgeLevel = z.infer<typeof ZKnowledgeLevel>;

const score = z.coerce.number().min(0, { message: 'validation.score' }).max(QUESTION_LIMITS.maxScore, { message: 'validation.score' });
const key = z.string().trim().min(1).max(32).regex(/^[\w-]+$/, { message: 'validation.invalid' });

/**
 * A choice. single / multiple: picking it gives `score`. combo1: a grade whose score lies in
 * [`scoreMin`, `score`].
 */
export const ZQuestionOption = z.object({ key, content: required(200), score, scoreMin: score.nullable().default(null) });
export type TQuestionOption = z.infer<typeof ZQuestionOption>;
/** A scoring standard of a 'score' question: scores from `min` to `max` mean `standard`. */
export const ZScoreRange = z.object({ key, min: score, max: score, standard: required(200) });
export type TScoreRange = z.infer<typeof ZScoreRange>;
/** An evaluation element of a combo2 question, scored from 0 to `score`. */
export const ZQuestionElement = z.object({ key, name: required(100), score });
export type TQuestionElement = z.infer<typeof ZQuestionElement>;

/** The content of a question, the same in the bank and in a template (templates keep copies). */
export const ZQuestionBody = z.object({
  type: ZQuestionType,
  /** The evaluation element as the evaluator reads it, e.g. "Teaching objectives are clear". */
  title: required(QUESTION_LIMITS.titleMax),
  /** The scoring standard: how to judge this element. */
  standard: text(QUESTION_LIMITS.standardMax).default(''),
  /** Full marks. Set for score and star questions; computed from options or elements otherwise. */
  score: score.default(0),
  knowledgeLevel: ZKnowledgeLevel.nullable().default(null),
  options: z.array(ZQuestionOption).max(QUESTION_LIMITS.options, { message: 'validation.tooMany' }).default([]),
  ranges: z.array(ZScoreRange).max(QUESTION_LIMITS.ranges, { message: 'validation.tooMany' }).default([]),
  elements: z.array(ZQuestionElement).max(QUESTION_LIMITS.elements, { message: 'validation.tooMany' }).default([]),
  stars: z.coerce.number().int().min(QUESTION_LIMITS.starsMin, { message: 'validation.stars' }).max(QUESTION_LIMITS.starsMax, { message: 'validation.stars' }).default(5),
  /** A written comment is required with the answer (always for combo2). */
  commentRequired: z.boolean().default(false),
});
export type TQuestionBody = z.infer<typeof ZQuestionBody>;
export type TQuestionBodyInput = z.input<typeof ZQuestionBody>;

export const QUESTION_STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const;
export const ZQuestionStatus = z.enum(QUESTION_STATUSES);
export type TQuestionStatus = z.infer<typeof ZQuestionStatus>;
export const QUESTION_ACTIONS = ['edit', 'submit', 'approve', 'reject', 'delete'] as const;
export type TQuestionAction = (typeof QUESTION_ACTIONS)[number];

/** A rule's finding on a question or template: a refusal (error) or a suggestion. */
export const ZRuleFinding = z.object({ path: z.string(), key: z.string(), message: z.string() });
export type TRuleFinding = z.infer<typeof ZRuleFinding>;

export const ZQuestion = ZQuestionBody.extend({
  questionId: ZId,
  classificationId: ZId.nullable(),
  classificationName: z.string().nullable(),
  indicatorId: ZId.nullable(),
  indicatorName: z.string().nullable(),
  status: ZQuestionStatus,
  reviewNote: z.string().nullable(),
  creator: ZPersonRef.nullable(),
  reviewer: ZPersonRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** Templates whose questions were copied from this one. */
  templateCount: z.number().int(),
});
export type TQuestion = z.infer<typeof ZQuestion>;
export const ZQuestionPage = zPage(ZQuestion);
export const ZQuestionListRequest = z.object({
  ...pageFields,
  keyword: text(64).optional(),
  type: ZQuestionType.optional(),
  classificationId: ZId.optional(),
  indicatorId: ZId.optional(),
  knowledgeLevel: ZKnowledgeLevel.optional(),
  status: ZQuestionStatus.optional(),
  /** Only questions I created. */
  mine: z.enum(['true', 'false']).transform((v) => v === 'true').or(z.boolean()).optional(),
});
export type TQuestionListRequest = z.input<typeof ZQuestionListRequest>;
export const ZQuestionQuery = z.object({ questionId: ZId });
export const ZSaveQuestionRequest = ZQuestionBody.extend({
  questionId: ZId.optional(),
  classificationId: ZId.nullable().optional(),
  indicatorId: ZId.nullable().optional(),
  /** Send it for review now (else it stays a draft). */
  submit: z.boolean().default(false),
});
export type TSaveQuestionRequest = z.input<typeof ZSaveQuestionRequest>;
export const ZSaveQuestionResponse = z.object({ question: ZQuestion, suggestions: z.array(ZRuleFinding) });
export const ZReviewQuestionsRequest = z
  .object({ ids: ZIdList(100), decision: z.enum(['approve', 'reject']), note: optionalText(500) })
  .superRefine((v, ctx) => {
    if (v.decision === 'reject' && (v.note ?? '').length < OPINION_MIN_LENGTH) ctx.addIssue({ code: 'custom', path: ['note'], message: 'validation.opinionMin' });
  });
export type TReviewQuestionsRequest = z.input<typeof ZReviewQuestionsRequest>;
/** Checks a question without saving it (the editor's live rules). */
export const ZCheckQuestionResponse = z.object({ errors: z.array(ZRuleFinding), suggestions: z.array(ZRuleFinding), score: z.number() });
