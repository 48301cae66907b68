/** Evaluation templates (issue 5): primary indicators holding copies of questions, published as versions. */
import { z } from 'zod';
import { ZId, zPage } from './common.ts';
import { INDICATOR_NAME, TEMPLATE_LIMITS } from './constants.ts';
import { ZIdList, ZQuestionBody, ZRuleFinding } from './catalog.ts';
import { ZPersonRef } from './supervision.ts';
import { TEMPLATE_STATUSES } from './workflow.ts';

const key = z.string().trim().min(1).max(32).regex(/^[\w-]+$/, { message: 'validation.invalid' });

/** A question as a template holds it: a copy (editing the bank never changes a template). */
export const ZTemplateQuestion = ZQuestionBody.extend({
  key,
  /** The bank question it was copied from, if any. */
  sourceQuestionId: ZId.nullable().default(null),
});
export type TTemplateQuestion = z.infer<typeof ZTemplateQuestion>;
export type TTemplateQuestionInput = z.input<typeof ZTemplateQuestion>;

/** A primary indicator of the template and its questions. */
export const ZTemplateSection = z.object({
  key,
  name: z.string().trim().min(INDICATOR_NAME.min, { message: 'validation.indicatorName' }).max(INDICATOR_NAME.max, { message: 'validation.indicatorName' }),
  /** The first-level indicator of the indicator bank it stands for, if any. */
  indicatorId: ZId.nullable().default(null),
  questions: z.array(ZTemplateQuestion).max(TEMPLATE_LIMITS.questionsPerSection, { message: 'validation.tooMany' }).default([]),
});
export type TTemplateSection = z.infer<typeof ZTemplateSection>;
export const ZTemplateContent = z.object({ sections: z.array(ZTemplateSection).max(TEMPLATE_LIMITS.sections, { message: 'validation.tooMany' }).default([]) });
export type TTemplateContent = z.infer<typeof ZTemplateContent>;
export type TTemplateContentInput = z.input<typeof ZTemplateContent>;

export const ZTemplateStatus = z.enum(TEMPLATE_STATUSES);

export const ZTemplateSummary = z.object({
  templateId: ZId,
  name: z.string(),
  description: z.string().nullable(),
  status: ZTemplateStatus,
  creator: ZPersonRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  totalScore: z.number(),
  sectionCount: z.number().int(),
  questionCount: z.number().int(),
  /** The latest published version (0: never published). */
  version: z.number().int(),
  /** Plans using any version of it. */
  planCount: z.number().int(),
});
export type TTemplateSummary = z.infer<typeof ZTemplateSummary>;
export const ZTemplatePage = zPage(ZTemplateSummary);
export const ZTemplate = ZTemplateSummary.extend({ content: ZTemplateContent });
export type TTemplate = z.infer<typeof ZTemplate>;

export const ZTemplateListRequest = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  keyword: z.string().trim().max(64).optional(),
  status: ZTemplateStatus.optional(),
});
export type TTemplateListRequest = z.input<typeof ZTemplateListRequest>;
export const ZTemplateQuery = z.object({ templateId: ZId });
export const ZSaveTemplateRequest = z.object({
  templateId: ZId.optional(),
  name: z.string().trim().min(1, { message: 'validation.required' }).max(TEMPLATE_LIMITS.nameMax, { message: 'validation.tooLong' }),
  description: z.string().trim().max(500, { message: 'validation.tooLong' }).optional().or(z.literal('')),
  content: ZTemplateContent,
});
export type TSaveTemplateRequest = z.input<typeof ZSaveTemplateRequest>;
export const ZSaveTemplateResponse = z.object({ template: ZTemplate, suggestions: z.array(ZRuleFinding) });
/** What /check finds in a template being edited (publish problems as errors), with nothing saved. */
export const ZCheckTemplateResponse = z.object({ errors: z.array(ZRuleFinding), suggestions: z.array(ZRuleFinding), totalScore: z.number() });
/** Body of the batch actions (publish, stop, deleteByIds, copy): at least one template selected. */
export const ZTemplateIdsRequest = z.object({ ids: ZIdList(100) });
/** Copies made by the copy action, in the order of the ids. */
export const ZTemplateCopyResponse = z.object({ copies: z.array(z.object({ templateId: ZId, name: z.string() })) });
/** Adds copies of approved bank questions to a section of a template (/back/evaluationAddQuestions). */
export const ZAddTemplateQuestionsRequest = z.object({ templateId: ZId, sectionKey: key, questionIds: ZIdList(100) });

/** Published templates for the plan form. */
export const ZTemplateOption = z.object({ templateId: ZId, name: z.string(), version: z.number().int(), totalScore: z.number(), questionCount: z.number().int() });

/** A published version: what plans use and evaluators fill. Never changes once published. */
export const ZTemplateVersion = z.object({
  templateVersionId: ZId,
  templateId: ZId,
  version: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  totalScore: z.number(),
  content: ZTemplateContent,
  publishedAt: z.string(),
});
export type TTemplateVersion = z.infer<typeof ZTemplateVersion>;
export const ZTemplateVersionQuery = z.object({ templateVersionId: ZId });
export const ZTemplateVersionList = z.array(ZTemplateVersion.omit({ content: true }).extend({ planCount: z.number().int() }));

/** An evaluator's answer to one question (question-rules.ts scores it). */
export const ZAnswer = z.object({
  optionKey: z.string().max(32).nullable().optional(),
  optionKeys: z.array(z.string().max(32)).max(20).optional(),
  score: z.number().nullable().optional(),
  stars: z.number().int().nullable().optional(),
  elementScores: z.record(z.string().max(32), z.number().nullable()).optional(),
  comment: z.string().max(2000, { message: 'validation.tooLong' }).optional(),
});
export type TAnswer = z.infer<typeof ZAnswer>;
export const ZAnswers = z.record(z.string().max(32), ZAnswer);
