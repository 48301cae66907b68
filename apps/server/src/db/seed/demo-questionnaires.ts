/**
 * Feedback questionnaires for the demo (issue 6): students enrolled in the demo teacher's courses, a
 * published student questionnaire of four questions in a student's words with answers in every course (the demo
 * student has answered all but one course, so the fill flow can be tried), a closed one with answers,
 * a draft, and an open teacher questionnaire the demo teacher has not answered. Questions and answers
 * go through the same rules as the product's, so the seed cannot hold what the API would refuse.
 */
import { IDENTITY, addDays, normalizeQuestion, ZTemplateQuestion, type TAnswer, type TTemplateQuestion } from '@hxk/contracts';
import { and, eq } from 'drizzle-orm';
import {
  courseStudents,
  questionnaireCourses,
  questionnaireResponses,
  questionnaires,
  questionnaireSubmissions,
  questionnaireTeachers,
  schoolMemberships,
} from '../schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { ensureBuiltinRoles } from '../../modules/roles/builtin-roles.ts';
import { answerFindings, checkQuestions, responsePercent } from '../../modules/questionnaires/questionnaire-scoring.ts';
import { createAccount } from './account.ts';
import type { SeededSchool } from './seed.ts';

const STUDENTS = 24;
const SURNAMES = ['赵', '钱', '孙', '李', '周', '吴', '郑', '王', '冯', '陈', '褚', '卫'];
const GIVEN = ['子涵', '欣怡', '梓轩', '浩然', '雨桐', '宇航', '思远', '佳怡', '一诺', '俊杰', '诗涵', '明轩'];
const COMMENTS = [
  'Clear explanations, the examples helped a lot.',
  'A little fast towards the end; more practice time would help.',
  'Interesting class, I liked the group discussion.',
  'The slides were easy to follow.',
  'Please leave a few minutes for questions.',
  'Well organised and on time.',
  '讲解清楚，例子很有帮助。',
  '节奏稍快，希望多留练习时间。',
];

/** A varied, valid answer of respondent n to each question (every required comment written). */
function answersFor(list: TTemplateQuestion[], n: number): Record<string, TAnswer> {
  const out: Record<string, TAnswer> = {};
  for (const q of list) {
    switch (q.type) {
      case 'single': out[q.key] = { optionKey: q.options[[0, 0, 1, 0, 1, 2][n % 6]! % q.options.length]!.key }; break;
      case 'multiple': out[q.key] = { optionKeys: q.options.slice(0, 1 + (n % q.options.length)).map((o) => o.key) }; break;
      case 'star': out[q.key] = { stars: Math.max(1, q.stars - [0, 0, 1, 0, 2, 1][n % 6]!) }; break;
      case 'score': out[q.key] = { score: Math.max(0, q.score - [0, 1, 2, 3, 5, 8][n % 6]!) }; break;
      case 'combo1': { const o = q.options[n % 2]!; out[q.key] = { optionKey: o.key, score: o.score }; break; }
      case 'combo2': out[q.key] = { elementScores: Object.fromEntries(q.elements.map((e, i) => [e.key, Math.max(0, e.score - ((n + i) % 4))])), comment: COMMENTS[n % COMMENTS.length]! }; break;
    }
    if (q.commentRequired && !out[q.key]!.comment) out[q.key]!.comment = COMMENTS[(n + 3) % COMMENTS.length]!;
  }
  if (answerFindings(list, out).length) throw new Error(`demo questionnaire answer breaks a rule: ${JSON.stringify(answerFindings(list, out))}`);
  return out;
}

function checked(list: TTemplateQuestion[]): TTemplateQuestion[] {
  const problems = checkQuestions(list).errors;
  if (problems.length) throw new Error(`demo questionnaire breaks a rule: ${JSON.stringify(problems)}`);
  return list;
}

export async function seedDemoQuestionnaires(tx: Tx, school: SeededSchool, today: string): Promise<void> {
  const { schoolId } = school;
  const admin = school.users.admin!.id;
  const teacher = school.users.teacher!.id;
  const demoStudent = school.users.student!.id;
  const courseIds = school.directory.courses.filter((c) => c.teacherId === teacher).map((c) => c.id);
  if (!courseIds.length) return;

  const unit = school.directory.courses.find((c) => c.teacherId === teacher)!.orgUnitId;
  await tx.update(schoolMemberships).set({ orgUnitId: unit })
    .where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.accountId, demoStudent)));
  // Students: the directory has none, so a class of them (accounts are global: the school's suffix keeps names apart).
  const suffix = school.users.student!.account.slice('student'.length);
  const students: string[] = [];
  for (let n = 1; n <= STUDENTS; n++) {
    const account = `stu${suffix ? `${suffix}-` : ''}${String(n).padStart(4, '0')}`;
    // Unique names (each surname meets each given name once in 144) and the unit of the courses taken.
    const row = await createAccount(tx, { account, name: `${SURNAMES[n % SURNAMES.length]}${GIVEN[(n + Math.floor(n / SURNAMES.length)) % GIVEN.length]}` });
    await tx.insert(schoolMemberships).values({ schoolId, accountId: row.id, identity: IDENTITY.student, status: 'approved', orgUnitId: unit });
    students.push(row.id);
  }
  await ensureBuiltinRoles(tx, schoolId);
  await tx.insert(courseStudents).values(courseIds.flatMap((courseId) => [demoStudent, ...students].map((accountId) => ({ schoolId, courseId, accountId }))));

  // Four questions in a student's words (issue 20: the supervisors' bank speaks of objectives and
  // methods as an observer sees them): single choice, stars, a score, elements with a comment.
  const studentQuestions = checked([
    { type: 'single', title: 'The pace of this class was', options: [{ key: 'a', content: 'About right', score: 10 }, { key: 'b', content: 'Too fast', score: 5 }, { key: 'c', content: 'Too slow', score: 5 }] },
    { type: 'star', title: 'I understood the main points of this class', score: 10, stars: 5 },
    {
      type: 'score', title: 'How much did this class help you learn?', score: 10,
      ranges: [{ key: 'r1', min: 8, max: 10, standard: 'A lot' }, { key: 'r2', min: 5, max: 7, standard: 'Somewhat' }, { key: 'r3', min: 0, max: 4, standard: 'Little' }],
    },
    {
      type: 'combo2', title: 'The teacher', commentRequired: true,
      elements: [{ key: 'x', name: 'Explains clearly', score: 10 }, { key: 'y', name: 'Answers our questions', score: 10 }],
    },
  ].map((q, i) => normalizeQuestion(ZTemplateQuestion.parse({ ...q, key: `q${i + 1}` }))));

  const make = async (v: { title: string; description: string; audience: 'student' | 'teacher'; status: 'draft' | 'published' | 'closed'; startDate: string; endDate: string; questions: TTemplateQuestion[] }) => {
    const published = v.status === 'draft' ? null : new Date(`${v.startDate}T00:00:00Z`);
    const [row] = await tx.insert(questionnaires).values({
      schoolId, ...v, questionCount: v.questions.length, createdBy: admin, publishedAt: published,
      closedAt: v.status === 'closed' ? new Date(`${v.endDate}T12:00:00Z`) : null,
    }).returning({ id: questionnaires.id });
    return row!.id;
  };

  /** The answers of `who` about a course: a submission (who) and a response (what) each, as the API writes them. */
  const answer = async (questionnaireId: string, list: TTemplateQuestion[], courseId: string | null, who: string[], startDate: string, seed: number) => {
    if (!who.length) return;
    await tx.insert(questionnaireSubmissions).values(who.map((respondentId, i) => ({
      schoolId, questionnaireId, courseId, respondentId, createdAt: new Date(`${addDays(startDate, i % 7)}T${String(10 + (i % 8)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}:00Z`),
    })));
    await tx.insert(questionnaireResponses).values(who.map((_, i) => {
      const answers = answersFor(list, seed + i * 7);
      return { schoolId, questionnaireId, courseId, answers, scorePercent: responsePercent(list, answers) };
    }));
  };

  // Published and open: every course of the demo teacher, 15-22 answers each; the demo student has
  // answered every course but the first.
  const openStart = addDays(today, -14);
  const open = await make({
    title: 'End-of-class feedback', description: 'Four quick questions about today\'s class. Answers are anonymous.',
    audience: 'student', status: 'published', startDate: openStart, endDate: addDays(today, 14), questions: studentQuestions,
  });
  await tx.insert(questionnaireCourses).values(courseIds.map((courseId) => ({ schoolId, questionnaireId: open, courseId })));
  for (const [ci, courseId] of courseIds.entries()) {
    const who = students.slice(0, 15 + ((ci * 3) % 8));
    await answer(open, studentQuestions, courseId, ci === 0 ? who : [demoStudent, ...who], openStart, ci * 11);
  }

  // Closed last month, with answers in the first two courses.
  const closedStart = addDays(today, -60);
  const closed = await make({
    title: 'Mid-term course feedback', description: 'How the course went in the first half of the semester.',
    audience: 'student', status: 'closed', startDate: closedStart, endDate: addDays(today, -30), questions: studentQuestions,
  });
  const closedCourses = courseIds.slice(0, 2);
  await tx.insert(questionnaireCourses).values(closedCourses.map((courseId) => ({ schoolId, questionnaireId: closed, courseId })));
  for (const [ci, courseId] of closedCourses.entries()) await answer(closed, studentQuestions, courseId, students.slice(ci, ci + 18), closedStart, 5 + ci);

  // A draft being prepared.
  const draft = await make({
    title: 'Laboratory safety feedback', description: 'Draft: to be sent to laboratory courses.',
    audience: 'student', status: 'draft', startDate: addDays(today, 7), endDate: addDays(today, 21), questions: studentQuestions.slice(0, 2),
  });
  await tx.insert(questionnaireCourses).values(courseIds.slice(0, 1).map((courseId) => ({ schoolId, questionnaireId: draft, courseId })));

  // For teachers: open, addressed to the demo teacher and a few colleagues, nobody has answered yet.
  const teacherQuestions = checked([
    { type: 'star', title: 'Supervision feedback helps me improve my teaching', score: 10, stars: 5 },
    { type: 'single', title: 'The number of supervised classes this semester is', options: [{ key: 'a', content: 'About right', score: 10 }, { key: 'b', content: 'Too many', score: 5 }, { key: 'c', content: 'Too few', score: 5 }] },
    { type: 'combo2', title: 'Supervisors\' comments', elements: [{ key: 'x', name: 'Specific and actionable', score: 10 }, { key: 'y', name: 'Fair and respectful', score: 10 }] },
  ].map((q, i) => normalizeQuestion(ZTemplateQuestion.parse({ ...q, key: `t${i + 1}` }))));
  const forTeachers = await make({
    title: 'Teachers\' view of supervision', description: 'Tell the supervision office how supervision works for you.',
    audience: 'teacher', status: 'published', startDate: addDays(today, -3), endDate: addDays(today, 25), questions: teacherQuestions,
  });
  const colleagues = school.directory.teachers.slice(0, 3).map((t) => t.id);
  await tx.insert(questionnaireTeachers).values([...new Set([teacher, ...colleagues])].map((teacherId) => ({ schoolId, questionnaireId: forTeachers, teacherId })));
}
