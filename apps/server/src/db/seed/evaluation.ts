/**
 * What supervisors evaluate with, for the demo and the tests (same code, STYLE 7): classifications,
 * five first-level indicators with second-level ones, approved questions of every type, a published
 * school-wide template (total 100) and a draft, and one published plan in progress with the leader
 * and the supervisor, where the supervisor has already evaluated two classes. Content goes through
 * the contracts' rules, so the seed cannot hold what the product would refuse.
 */
import { and, asc, eq, inArray, lt, gte } from 'drizzle-orm';
import {
  addDays,
  checkTemplateContent,
  normalizeQuestion,
  questionCount,
  scoreForm,
  templateTotal,
  ZQuestionBody,
  ZTemplateContent,
  type TAnswer,
  type TQuestionBodyInput,
  type TTemplateContent,
} from '@hxk/contracts';
import {
  classifications,
  courseSessions,
  evaluations,
  evaluationTemplates,
  indicators,
  planCourses,
  planGroups,
  planSupervisors,
  questions,
  supervisionPlans,
  templateQuestionSources,
  templateVersions,
} from '../schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import type { SeededDirectory } from './directory.ts';
import { writeSectionScores } from '../../modules/evaluations/section-scores.ts';

export type SeededEvaluation = {
  questionClassificationIds: string[];
  indicatorClassificationIds: string[];
  /** First-level indicators by name. */
  indicatorIds: Record<string, string>;
  questionIds: string[];
  templateId: string;
  templateVersionId: string;
  draftTemplateId: string;
  planId: string;
  planCourseIds: string[];
};

const INDICATORS: { name: string; children: string[] }[] = [
  { name: 'Teaching content', children: ['Objectives are clear', 'Content is accurate', 'Key points stand out'] },
  { name: 'Teaching method', children: ['Methods suit the content', 'Questioning and interaction', 'Use of media'] },
  { name: 'Classroom organisation', children: ['Time management', 'Order and atmosphere'] },
  { name: 'Teaching effect', children: ['Students take part', 'Learning goals reached'] },
  { name: 'Teacher demeanour', children: ['Punctual and prepared', 'Clear language'] },
];

/** Bank questions, each filed under a first-level indicator (by name). */
const QUESTIONS: (TQuestionBodyInput & { indicator: string })[] = [
  {
    indicator: 'Teaching content', type: 'single', title: 'Teaching objectives are clear and suit the students', knowledgeLevel: 'understanding',
    standard: 'Objectives are stated at the start and match the syllabus and the students\' level.',
    options: [{ key: 'a', content: 'Fully', score: 10 }, { key: 'b', content: 'Mostly', score: 5 }, { key: 'c', content: 'Not yet', score: 0 }],
  },
  {
    indicator: 'Teaching content', type: 'score', title: 'Content is accurate, well organised and up to date', score: 15, knowledgeLevel: 'knowledge',
    standard: 'No errors; a clear structure; links to current practice or research.',
    ranges: [
      { key: 'r1', min: 13, max: 15, standard: 'Accurate and rich' },
      { key: 'r2', min: 9, max: 12, standard: 'Accurate, a little thin' },
      { key: 'r3', min: 0, max: 8, standard: 'Errors or disorder' },
    ],
  },
  {
    indicator: 'Teaching method', type: 'multiple', title: 'Methods that engage the students', knowledgeLevel: 'application',
    standard: 'Tick every method actually used to good effect.',
    options: [
      { key: 'a', content: 'Questioning', score: 5 },
      { key: 'b', content: 'Group discussion', score: 5 },
      { key: 'c', content: 'Multimedia and demonstration', score: 5 },
      { key: 'd', content: 'Cases and practice', score: 5 },
    ],
  },
  {
    indicator: 'Classroom organisation', type: 'combo1', title: 'Time management and classroom order', knowledgeLevel: 'analysis',
    standard: 'Pick the grade first, then the score within it.',
    options: [
      { key: 'e', content: 'Excellent', score: 20, scoreMin: 18 },
      { key: 'g', content: 'Good', score: 17, scoreMin: 14 },
      { key: 'f', content: 'Fair', score: 13, scoreMin: 10 },
      { key: 'p', content: 'Poor', score: 9, scoreMin: 0 },
    ],
  },
  {
    indicator: 'Teaching effect', type: 'combo2', title: 'Students learn what the lesson set out to teach', knowledgeLevel: 'evaluation',
    standard: 'Score each element and say what you saw.',
    elements: [{ key: 'x', name: 'Students take part actively', score: 10 }, { key: 'y', name: 'Learning goals are reached', score: 10 }],
  },
  {
    indicator: 'Teacher demeanour', type: 'star', title: 'Demeanour, language and preparation', score: 15, stars: 5, knowledgeLevel: 'comprehensive',
    standard: 'Five stars: punctual, well prepared, clear and engaging language.',
  },
  {
    indicator: 'Teaching method', type: 'single', title: 'Blackboard or slides support the explanation', knowledgeLevel: 'application',
    options: [{ key: 'a', content: 'Clear and helpful', score: 5 }, { key: 'b', content: 'Hard to follow', score: 0 }],
  },
];

/** A plausible evaluation of the school-wide template: every question answered within its rules. */
function demoAnswers(content: TTemplateContent, seed: number): Record<string, TAnswer> {
  const out: Record<string, TAnswer> = {};
  for (const s of content.sections) {
    for (const q of s.questions) {
      switch (q.type) {
        case 'single': out[q.key] = { optionKey: q.options[seed % 2]!.key }; break;
        case 'multiple': out[q.key] = { optionKeys: q.options.slice(0, 2 + (seed % 2)).map((o) => o.key) }; break;
        case 'score': out[q.key] = { score: q.score - 1 - (seed % 3) }; break;
        case 'star': out[q.key] = { stars: q.stars - (seed % 2) }; break;
        case 'combo1': out[q.key] = { optionKey: q.options[1]!.key, score: q.options[1]!.score - (seed % 2) }; break;
        case 'combo2': out[q.key] = { elementScores: Object.fromEntries(q.elements.map((e) => [e.key, e.score - 1 - (seed % 2)])), comment: 'Students followed well; more time for practice would help.' }; break;
      }
    }
  }
  return out;
}

export async function seedEvaluation(
  tx: Tx,
  input: { schoolId: string; adminId: string; leaderId: string; supervisorId: string; directory: SeededDirectory; today: string },
): Promise<SeededEvaluation> {
  const { schoolId, adminId } = input;
  const qClasses = await tx.insert(classifications).values([
    { schoolId, kind: 'question', name: 'Classroom evaluation', description: 'Questions supervisors answer in class.', sort: 0 },
    { schoolId, kind: 'question', name: 'Student questionnaire', description: 'Short questions for students at the end of a class.', sort: 1 },
  ]).returning({ id: classifications.id });
  const iClasses = await tx.insert(classifications).values([
    { schoolId, kind: 'indicator', name: 'Theory lessons', sort: 0 },
    { schoolId, kind: 'indicator', name: 'Laboratory lessons', sort: 1 },
  ]).returning({ id: classifications.id });

  const indicatorIds: Record<string, string> = {};
  for (const [i, ind] of INDICATORS.entries()) {
    const [row] = await tx.insert(indicators).values({ schoolId, level: 1, name: ind.name, classificationId: iClasses[0]!.id, sort: i, createdBy: adminId }).returning({ id: indicators.id });
    indicatorIds[ind.name] = row!.id;
    await tx.insert(indicators).values(ind.children.map((name, sort) => ({ schoolId, level: 2, parentId: row!.id, name, sort, createdBy: adminId })));
  }

  const now = new Date();
  const bank = QUESTIONS.map(({ indicator, ...body }) => ({ indicator, body: normalizeQuestion(ZQuestionBody.parse(body)) }));
  const questionRows = await tx.insert(questions).values(bank.map(({ indicator, body }) => ({
    schoolId, classificationId: qClasses[0]!.id, indicatorId: indicatorIds[indicator]!, type: body.type, title: body.title, standard: body.standard,
    score: body.score, knowledgeLevel: body.knowledgeLevel,
    body: { options: body.options, ranges: body.ranges, elements: body.elements, stars: body.stars, commentRequired: body.commentRequired },
    status: 'approved' as const, createdBy: input.leaderId, reviewedBy: adminId, reviewedAt: now,
  }))).returning({ id: questions.id });

  // The school-wide template: the five indicators as primary indicators, the first six bank questions.
  const content: TTemplateContent = ZTemplateContent.parse({
    sections: INDICATORS.map((ind, si) => ({
      key: `s${si + 1}`,
      name: ind.name,
      indicatorId: indicatorIds[ind.name]!,
      questions: bank.slice(0, 6).flatMap((b, bi) => (b.indicator === ind.name ? [{ ...b.body, key: `q${bi + 1}`, sourceQuestionId: questionRows[bi]!.id }] : [])),
    })),
  });
  const problems = checkTemplateContent(content).errors;
  if (problems.length) throw new Error(`demo template breaks a rule: ${JSON.stringify(problems)}`);
  const name = 'Classroom Teaching Evaluation (school-wide)';
  const description = 'The standard form for routine classroom supervision: five primary indicators, 100 points.';
  const totals = { totalScore: templateTotal(content), questionCount: questionCount(content), sectionCount: content.sections.length };
  const [template] = await tx.insert(evaluationTemplates).values({
    schoolId, name, description, status: 'published', content, ...totals, version: 1, createdBy: adminId,
  }).returning({ id: evaluationTemplates.id });
  const [version] = await tx.insert(templateVersions).values({
    schoolId, templateId: template!.id, version: 1, name, description, content, totalScore: totals.totalScore, questionCount: totals.questionCount, publishedBy: adminId,
  }).returning({ id: templateVersions.id });
  await tx.insert(templateQuestionSources).values(questionRows.slice(0, 6).map((q) => ({ schoolId, templateId: template!.id, questionId: q.id })));

  const labContent: TTemplateContent = ZTemplateContent.parse({ sections: [{ key: 's1', name: 'Safety and preparation', questions: [] }] });
  const [draft] = await tx.insert(evaluationTemplates).values({
    schoolId, name: 'Laboratory Lesson Evaluation', description: 'Being drafted: laboratory safety and hands-on work.', status: 'draft', content: labContent,
    totalScore: 0, questionCount: 0, sectionCount: 1, createdBy: input.leaderId,
  }).returning({ id: evaluationTemplates.id });

  // A plan in progress over the first courses, with the supervision group of the leader and the supervisor.
  const courseIds = input.directory.courses.slice(0, Math.min(8, input.directory.courses.length)).map((c) => c.id);
  const startDate = addDays(input.today, -21);
  const endDate = addDays(input.today, 35);
  const [plan] = await tx.insert(supervisionPlans).values({
    schoolId, name: 'Routine classroom supervision', evaluationType: 'ordinary', templateId: template!.id, templateVersionId: version!.id,
    semesterId: input.directory.semesterId, startDate, endDate, minClasses: Math.min(3, courseIds.length),
    description: 'Each supervisor attends at least three classes of the listed courses before the end date.',
    anonymous: false, teacherCanView: true, published: true, publishedAt: now, createdBy: adminId,
  }).returning({ id: supervisionPlans.id });
  const planId = plan!.id;
  await tx.insert(planCourses).values(courseIds.map((courseId) => ({ schoolId, planId, courseId })));
  const groupId = input.directory.groupIds[1] ?? null;
  if (groupId) await tx.insert(planGroups).values({ schoolId, planId, groupId });
  await tx.insert(planSupervisors).values([input.leaderId, input.supervisorId].map((accountId) => ({ schoolId, planId, accountId, groupId })));

  // The supervisor has evaluated two past classes of the plan.
  const past = await tx
    .select({ id: courseSessions.id, courseId: courseSessions.courseId, lessonDate: courseSessions.lessonDate })
    .from(courseSessions)
    .where(and(eq(courseSessions.schoolId, schoolId), inArray(courseSessions.courseId, courseIds), gte(courseSessions.lessonDate, startDate), lt(courseSessions.lessonDate, input.today)))
    .orderBy(asc(courseSessions.lessonDate), asc(courseSessions.sessionStart))
    .limit(2);
  const teacherOf = new Map(input.directory.courses.map((c) => [c.id, c.teacherId]));
  for (const [i, s] of past.entries()) {
    const answers = demoAnswers(content, i);
    const scored = scoreForm(content, answers, true);
    if (!scored.complete) throw new Error(`demo evaluation is incomplete: ${JSON.stringify(scored.errors)}`);
    const at = new Date(`${s.lessonDate}T10:00:00Z`);
    const [row] = await tx.insert(evaluations).values({
      schoolId, planId, templateVersionId: version!.id, courseSessionId: s.id, courseId: s.courseId, teacherId: teacherOf.get(s.courseId)!,
      evaluatorId: input.supervisorId, kind: 'plan', status: 'submitted', answers, totalScore: scored.total,
      comment: 'Well-prepared lesson; leave more time for questions.', createdAt: at, updatedAt: at, submittedAt: at,
    }).returning({ id: evaluations.id });
    await writeSectionScores(tx, schoolId, row!.id, content, scored.bySection);
  }

  return {
    questionClassificationIds: qClasses.map((r) => r.id),
    indicatorClassificationIds: iClasses.map((r) => r.id),
    indicatorIds,
    questionIds: questionRows.map((r) => r.id),
    templateId: template!.id,
    templateVersionId: version!.id,
    draftTemplateId: draft!.id,
    planId,
    planCourseIds: courseIds,
  };
}
