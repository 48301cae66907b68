/**
 * AI analysis for the demo (issue 15): the Demo School's warning rules and sensitive-word lexicon,
 * and three ended classes of the demo teacher queued to be drawn as lessons and analysed for real
 * in the background (modules/analysis/demo-analyses.ts) — a lecture, a dialogue and a practice
 * lesson, so the reports and the data board have different teaching modes to show. Run by
 * `npm start` on first start (ANALYSIS_DEMO=off skips it); the tests seed their own.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { aiWarningRules, jobs, schools, sensitiveWords } from '../schema/index.ts';
import type { Database } from '../../platform/db.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { col, queryRows } from '../../platform/sql-rows.ts';
import { DEMO_LESSON_JOB, type DemoLessonPayload } from '../../modules/analysis/demo-analyses.ts';
import { DEMO_PLANS } from '../../modules/analysis/demo/demo-lesson.ts';

const Candidate = z.object({ id: col.text, studentCount: col.int });

/** Faces drawn per demo room at most: the detector was checked up to 40 faces a frame (vision/ACCURACY.md). */
const MAX_DEMO_SEATS = 36;

export async function seedDemoAnalyses(db: Database, today: string): Promise<number> {
  return platformTx(db, 'seed', async (tx) => {
    const [school] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.code, 'DEMO'));
    if (!school) return 0;
    const schoolId = school.id;
    const existing = await tx.select({ id: aiWarningRules.id }).from(aiWarningRules).where(eq(aiWarningRules.schoolId, schoolId));
    if (existing.length) return 0;
    await tx.insert(aiWarningRules).values([
      { schoolId, kind: 'headUpBelow', threshold: 50, minutes: 2, level: 'moderate' },
      { schoolId, kind: 'attendanceBelow', threshold: 80, minutes: 2, level: 'mild' },
      { schoolId, kind: 'teacherAbsent', minutes: 5, level: 'severe' },
      { schoolId, kind: 'sensitiveWord', category: null, level: 'severe' },
    ]);
    await tx.insert(sensitiveWords).values(
      [
        ['暴力', '暴力', 'severe'],
        ['赌博', '违法', 'severe'],
        ['迷信', '迷信', 'moderate'],
        ['gamble', 'illegal', 'severe'],
        ['笨蛋', '不文明用语', 'mild'],
        ['バカ', '不文明用語', 'mild'],
      ].map(([word, category, severity]) => ({ schoolId, word: word!, category: category!, severity: severity as 'mild' | 'moderate' | 'severe' })),
    );
    // The demo teacher's last ended classes in rooms, with no recording yet (the simulator draws those).
    const picked = await queryRows(tx, Candidate, sql`
      select cs.id::text as id, c.student_count as "studentCount"
      from course_sessions cs
      join courses c on c.school_id = cs.school_id and c.id = cs.course_id
      join accounts a on a.id = c.teacher_id
      where cs.school_id = ${schoolId} and cs.classroom_id is not null and cs.lesson_date < ${today}::date and a.account = 'teacher'
        and not exists (select 1 from recordings r where r.school_id = cs.school_id and r.course_session_id = cs.id)
      order by cs.lesson_date desc, cs.session_start desc
      limit ${DEMO_PLANS.length}`);
    for (const [i, c] of picked.entries()) {
      const payload: DemoLessonPayload = { courseSessionId: c.id, plan: DEMO_PLANS[i]!, seed: 2026 + i, seats: Math.min(MAX_DEMO_SEATS, Math.max(6, c.studentCount)) };
      await tx.insert(jobs).values({ schoolId, kind: DEMO_LESSON_JOB, payload, total: 2 });
    }
    return picked.length;
  });
}
