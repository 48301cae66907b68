/**
 * Demo data for the evaluation statistics (issue 17): peer evaluations ("free listening") of classes
 * across every department over the semester's past weeks, so each chart says something: teachers
 * differ (some strong, some weak), scores rise a little over the weeks, some teachers are never
 * evaluated (coverage below 100%) and some evaluations are anonymous. Evaluators are directory
 * teachers, never the class's own teacher; the demo teacher's courses and the demo accounts'
 * records are left as the other demo data made them. Answers go through the contracts' rules and
 * indicator scores are what submitting writes. Plain inserts in the given (platform) transaction.
 */
import { sql } from 'drizzle-orm';
import { scoreForm, type TTemplateContent } from '@hxk/contracts';
import { evaluations, evaluationSectionScores } from '../schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/sql-rows.ts';
import { sectionScoreRows } from '../../modules/evaluations/section-scores.ts';
import { random, variedAnswers } from './demo-appeals.ts';
import type { SeededSchool } from './seed.ts';

/** Classes evaluated per past teaching week. */
const PER_WEEK = 36;
const BATCH = 100;

type Session = { id: string; courseId: string; teacherId: string; lessonDate: string; week: number; sessionStart: number };

export async function seedDemoStatistics(tx: Tx, school: SeededSchool, today: string): Promise<number> {
  const { schoolId, users, evaluation: ev, directory } = school;
  const [version] = rowsOf<{ content: TTemplateContent }>(await tx.execute(sql`select content from template_versions where school_id = ${schoolId} and id = ${ev.templateVersionId}`));
  const content = version!.content;
  const demoTeacher = users.teacher!.id;
  const teachers = directory.teachers.map((t) => t.id).filter((id) => id !== demoTeacher);
  // One teacher in seven is never evaluated; each teacher has a steady level of their own.
  const skipped = new Set(teachers.filter((_, i) => i % 7 === 3));
  const level = new Map(teachers.map((id, i) => [id, 0.5 + 0.45 * random(97 + i)()]));
  const sessions = rowsOf<Session>(await tx.execute(sql`
    select cs.id::text as id, c.id::text as "courseId", c.teacher_id::text as "teacherId", cs.lesson_date::text as "lessonDate", cs.week, cs.session_start as "sessionStart"
    from course_sessions cs join courses c on c.school_id = cs.school_id and c.id = cs.course_id
    where cs.school_id = ${schoolId} and c.semester_id = ${directory.semesterId} and cs.lesson_date < ${today}::date and c.teacher_id <> ${demoTeacher}
      and not exists (select 1 from evaluations e where e.school_id = cs.school_id and e.course_session_id = cs.id)
    order by cs.week, cs.id`)).map((s) => ({ ...s, week: Number(s.week), sessionStart: Number(s.sessionStart) })).filter((s) => !skipped.has(s.teacherId));

  const byWeek = new Map<number, Session[]>();
  for (const s of sessions) byWeek.set(s.week, [...(byWeek.get(s.week) ?? []), s]);
  const picked: Session[] = [];
  for (const list of byWeek.values()) {
    const step = Math.max(1, Math.floor(list.length / PER_WEEK));
    picked.push(...list.filter((_, i) => i % step === 0).slice(0, PER_WEEK));
  }

  const weeks = Math.max(1, ...picked.map((s) => s.week));
  const rows = picked.map((s, n) => {
    const rnd = random(5000 + n);
    // A little better as the semester goes on, around the teacher's own level.
    const quality = Math.min(1, Math.max(0.2, (level.get(s.teacherId) ?? 0.7) + 0.08 * (s.week / weeks) + (rnd() - 0.5) * 0.2));
    const answers = variedAnswers(content, 11 * n + 5, quality);
    const scored = scoreForm(content, answers, true);
    if (!scored.complete) throw new Error(`demo evaluation is incomplete: ${JSON.stringify(scored.errors)}`);
    const evaluators = teachers.filter((id) => id !== s.teacherId);
    const at = new Date(Date.parse(`${s.lessonDate}T10:00:00Z`) + (s.sessionStart * 60 + (n % 50)) * 60_000);
    return {
      row: {
        schoolId, templateVersionId: ev.templateVersionId, courseSessionId: s.id, courseId: s.courseId, teacherId: s.teacherId,
        evaluatorId: evaluators[n % evaluators.length]!, kind: 'free' as const, status: 'submitted' as const, answers, totalScore: scored.total,
        anonymous: n % 6 === 0, createdAt: at, updatedAt: at, submittedAt: at,
      },
      bySection: scored.bySection,
    };
  });
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = rows.slice(i, i + BATCH);
    // Each picked class is evaluated once: its id finds the evaluation made for it.
    const made = await tx.insert(evaluations).values(chunk.map((c) => c.row)).returning({ id: evaluations.id, courseSessionId: evaluations.courseSessionId });
    const idOf = new Map(made.map((m) => [m.courseSessionId, m.id]));
    const scores = chunk.flatMap((c) => sectionScoreRows(schoolId, idOf.get(c.row.courseSessionId)!, content, c.bySection));
    if (scores.length) await tx.insert(evaluationSectionScores).values(scores);
  }
  return rows.length;
}
