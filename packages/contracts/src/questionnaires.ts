/**
 * Feedback questionnaires (issue 6): built by administrators from the question bank
 * (/back/assignmentsQuestionnaire, previewed on /example), assigned to the students of courses
 * (evaluation type "student") or to teachers, filled on a phone (/EvaluationQuestionnaire, reached from
 * a QR code the teacher shows at the end of a class; students list theirs on /feeQuestionnaire), and
 * aggregated per course and teacher (/teacherFeedback, /feedbackDetails). Answers are anonymous:
 * who answered is kept apart from what was answered (only to allow one answer per person), and every
 * reply about answers is an aggregate.
 */
import { z } from 'zod';
import { ZId, ZPageRequest, zPage } from './common.ts';
import { ZIdList } from './catalog.ts';
import { ZPersonRef } from './supervision.ts';
import { ZAnswers, ZTemplateQuestion } from './templates.ts';
import { ZEvaluatedClass } from './evaluations.ts';

const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.date' });
const pageFields = ZPageRequest.shape;

export const QUESTIONNAIRE_STATUSES = ['draft', 'published', 'closed'] as const;
export const ZQuestionnaireStatus = z.enum(QUESTIONNAIRE_STATUSES);
export type TQuestionnaireStatus = z.infer<typeof ZQuestionnaireStatus>;
export const QUESTIONNAIRE_AUDIENCES = ['student', 'teacher'] as const;
export const ZQuestionnaireAudience = z.enum(QUESTIONNAIRE_AUDIENCES);
/** A questionnaire for students is answered in under a minute on a phone: 3-5 questions is the rule of thumb (a suggestion, not a refusal). */
export const QUESTIONNAIRE_LIMITS = { questionsMax: 20, studentSuggestedMin: 3, studentSuggestedMax: 5, titleMax: 60 } as const;

export const ZQuestionnaireSummary = z.object({
  questionnaireId: ZId,
  title: z.string(),
  description: z.string().nullable(),
  audience: ZQuestionnaireAudience,
  status: ZQuestionnaireStatus,
  startDate: z.string(),
  endDate: z.string(),
  questionCount: z.number().int(),
  courseCount: z.number().int(),
  teacherCount: z.number().int(),
  responseCount: z.number().int(),
  createdBy: ZPersonRef.nullable(),
  createdAt: z.string(),
});
export type TQuestionnaireSummary = z.infer<typeof ZQuestionnaireSummary>;
export const ZQuestionnairePage = zPage(ZQuestionnaireSummary);
export const ZQuestionnaireListRequest = z.object({
  ...pageFields,
  status: ZQuestionnaireStatus.optional(),
  audience: ZQuestionnaireAudience.optional(),
  keyword: z.string().trim().max(64).optional(),
});

export const ZQuestionnaire = ZQuestionnaireSummary.extend({
  questions: z.array(ZTemplateQuestion),
  courses: z.array(z.object({ courseId: ZId, name: z.string(), code: z.string(), teacher: ZPersonRef })),
  teachers: z.array(ZPersonRef),
});
export type TQuestionnaire = z.infer<typeof ZQuestionnaire>;
export const ZQuestionnaireQuery = z.object({ questionnaireId: ZId });

/** Create (no id) or edit a draft. Questions are copies: new, or from approved bank questions. */
export const ZSaveQuestionnaireRequest = z
  .object({
    questionnaireId: ZId.optional(),
    title: z.string().trim().min(1, { message: 'validation.required' }).max(QUESTIONNAIRE_LIMITS.titleMax, { message: 'validation.tooLong' }),
    description: z.string().trim().max(500, { message: 'validation.tooLong' }).optional().or(z.literal('')),
    audience: ZQuestionnaireAudience,
    startDate: ZIsoDate,
    endDate: ZIsoDate,
    questions: z.array(ZTemplateQuestion).min(1, { message: 'validation.selectOne' }).max(QUESTIONNAIRE_LIMITS.questionsMax, { message: 'validation.tooMany' }),
    /** audience student: the courses whose students answer. */
    courseIds: z.array(ZId).max(500, { message: 'validation.tooMany' }).default([]),
    /** audience teacher: the teachers who answer. */
    teacherIds: z.array(ZId).max(500, { message: 'validation.tooMany' }).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.endBeforeStart' });
    if (v.audience === 'student' && !v.courseIds.length) ctx.addIssue({ code: 'custom', path: ['courseIds'], message: 'validation.selectOne' });
    if (v.audience === 'teacher' && !v.teacherIds.length) ctx.addIssue({ code: 'custom', path: ['teacherIds'], message: 'validation.selectOne' });
  });
export type TSaveQuestionnaireRequest = z.input<typeof ZSaveQuestionnaireRequest>;
export const ZQuestionnaireIdsRequest = z.object({ ids: ZIdList(100) });

/** A questionnaire as a respondent fills it (no results, no other answers). */
export const ZQuestionnaireForm = z.object({
  questionnaireId: ZId,
  title: z.string(),
  description: z.string().nullable(),
  questions: z.array(ZTemplateQuestion),
  /** The course and class the answer is about (student questionnaires). */
  course: z.object({ courseId: ZId, name: z.string(), teacherName: z.string() }).nullable(),
  courseSessionId: ZId.nullable(),
  endDate: z.string(),
  /** I answered it already (for this course): the form is shown read-only as "thank you". */
  answered: z.boolean(),
});
export type TQuestionnaireForm = z.infer<typeof ZQuestionnaireForm>;
export const ZQuestionnaireFormQuery = z.object({ questionnaireId: ZId, courseId: ZId.optional(), courseSessionId: ZId.optional() });
export const ZSubmitQuestionnaireRequest = z.object({ questionnaireId: ZId, courseId: ZId.optional(), courseSessionId: ZId.optional(), answers: ZAnswers });

/** Questionnaires I am asked to fill (students: per course; teachers: once). */
export const ZMyQuestionnaire = z.object({
  questionnaireId: ZId,
  title: z.string(),
  course: z.object({ courseId: ZId, name: z.string(), teacherName: z.string() }).nullable(),
  questionCount: z.number().int(),
  endDate: z.string(),
  answered: z.boolean(),
  open: z.boolean(),
});
export const ZMyQuestionnairePage = zPage(ZMyQuestionnaire);
export const ZMyQuestionnairesRequest = z.object({ ...pageFields, answered: z.boolean().optional() });

/** The QR a teacher shows at the end of a class: the fill page's address for that class. */
export const ZQuestionnaireQrQuery = z.object({ questionnaireId: ZId, courseSessionId: ZId });
export const ZQuestionnaireQr = z.object({ url: z.string(), dataUrl: z.string(), expiresAt: z.string() });
/** The classes of my course to show the QR at: today's (ended ones too: the QR is shown at the end of a class) and the next two weeks'. */
export const ZQuestionnaireClassesQuery = z.object({ questionnaireId: ZId, courseId: ZId });
export const ZQuestionnaireClasses = z.array(ZEvaluatedClass);

/** Teacher feedback (/teacherFeedback): my courses' student questionnaires with their answer counts. */
export const ZFeedbackRow = z.object({
  questionnaireId: ZId,
  title: z.string(),
  status: ZQuestionnaireStatus,
  course: z.object({ courseId: ZId, name: z.string(), code: z.string(), studentCount: z.number().int() }),
  teacher: ZPersonRef,
  responseCount: z.number().int(),
  /** Mean of the scored questions as a percent of their full score; null without answers or scored questions. */
  averagePercent: z.number().nullable(),
  startDate: z.string(),
  endDate: z.string(),
});
export const ZFeedbackPage = zPage(ZFeedbackRow);
export const ZFeedbackListRequest = z.object({
  ...pageFields,
  keyword: z.string().trim().max(64).optional(),
  /** Another teacher's feedback: only with assignmentsQuestionnaire. Default: me. */
  teacherId: ZId.optional(),
});

/** Aggregated answers of one question: option counts, score/star distribution and mean, comments. */
export const ZQuestionResult = z.object({
  key: z.string(),
  title: z.string(),
  type: z.string(),
  answered: z.number().int(),
  options: z.array(z.object({ key: z.string(), content: z.string(), count: z.number().int() })),
  mean: z.number().nullable(),
  full: z.number().nullable(),
  /** Written comments (combo2), in no particular order. */
  comments: z.array(z.string()),
});
export const ZFeedbackDetail = z.object({
  questionnaireId: ZId,
  title: z.string(),
  course: z.object({ courseId: ZId, name: z.string(), code: z.string(), studentCount: z.number().int() }).nullable(),
  teacher: ZPersonRef.nullable(),
  responseCount: z.number().int(),
  averagePercent: z.number().nullable(),
  questions: z.array(ZQuestionResult),
});
export type TFeedbackDetail = z.infer<typeof ZFeedbackDetail>;
export const ZFeedbackDetailQuery = z.object({ questionnaireId: ZId, courseId: ZId.optional() });
