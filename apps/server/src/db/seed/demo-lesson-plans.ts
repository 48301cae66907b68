/**
 * Demo lesson plans (issue 18): a collection released by the group leader ten days ago to every
 * department, its deadline three days past, with plans (a small real PDF each) from most courses —
 * some handed in late, many graded by the supervisor — and the demo teacher's courses partly still
 * owed; and a second collection, due next week, to the demo teacher's courses only, nothing handed in
 * yet (to try handing in). Needs the file storage for the plans' files; without it only the
 * collections and what they make due are seeded. Plain inserts in the given (platform) transaction.
 */
import crypto from 'node:crypto';
import { addDays } from '@hxk/contracts';
import { files, lessonPlanCollections, lessonPlanDues, lessonPlanFiles, lessonPlans } from '../schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { random } from './demo-appeals.ts';
import type { SeededSchool } from './seed.ts';

const DAY = 86_400_000;
const COMMENTS = ['Clear objectives and activities; add a short check of understanding.', 'Well structured. The homework needs more detail.', 'Good examples; the timing of the second half is tight.', ''];

/** A one-page PDF with a few lines of text (ASCII), with a correct cross-reference table. */
export function simplePdf(lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').replace(/([()\\])/g, '\\$1');
  const text = lines.map((l, i) => `BT /F1 ${i === 0 ? 18 : 12} Tf 60 ${760 - i * 28} Td (${esc(l)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export async function seedDemoLessonPlans(tx: Tx, school: SeededSchool, today: string, opts: { storage?: FileStorage } = {}): Promise<void> {
  const { schoolId, users, directory } = school;
  const rnd = random(18);
  const noon = (date: string) => new Date(`${date}T04:00:00Z`);
  const released = noon(addDays(today, -10));
  const deadline = new Date(noon(addDays(today, -3)).getTime() + 10 * 3600_000);
  const [week] = await tx.insert(lessonPlanCollections).values({
    schoolId, name: 'Lesson plans for teaching weeks 9-10', type: 'lessonPlan', deadline, description: 'One lesson plan per course for weeks 9 and 10: objectives, activities, homework.',
    targetKind: 'departments', creatorId: users.leader!.id, releasedAt: released,
  }).returning({ id: lessonPlanCollections.id });
  const dues = await tx.insert(lessonPlanDues).values(directory.courses.map((c) => ({ schoolId, collectionId: week!.id, courseId: c.id, teacherId: c.teacherId })))
    .returning({ id: lessonPlanDues.id, courseId: lessonPlanDues.courseId, teacherId: lessonPlanDues.teacherId });

  const teacherId = users.teacher!.id;
  const mine = directory.courses.filter((c) => c.teacherId === teacherId);
  const [next] = await tx.insert(lessonPlanCollections).values({
    schoolId, name: 'Courseware for the mid-term review', type: 'courseware', deadline: new Date(noon(addDays(today, 7)).getTime() + 10 * 3600_000),
    description: 'The slides you will use in the review session.', targetKind: 'courses', creatorId: users.leader!.id, releasedAt: noon(addDays(today, -1)),
  }).returning({ id: lessonPlanCollections.id });
  if (mine.length) await tx.insert(lessonPlanDues).values(mine.map((c) => ({ schoolId, collectionId: next!.id, courseId: c.id, teacherId })));

  if (!opts.storage) return;
  const codes = new Map(directory.courses.map((c) => [c.id, c.code]));
  // The demo teacher's first course is handed in and graded, the second owed; most other courses handed in.
  // Drawn first, then written in three statements (plans, files, plan files): one insert per plan made
  // every test server's start half a second slower.
  const handed: { plan: typeof lessonPlans.$inferInsert; file: Omit<typeof files.$inferInsert, 'createdAt'>; at: Date; pdf: Buffer }[] = [];
  for (const [i, d] of dues.entries()) {
    const own = d.teacherId === teacherId;
    const ownIndex = own ? mine.findIndex((c) => c.id === d.courseId) : -1;
    if (own ? ownIndex === 1 : rnd() < 0.2) continue;
    const late = !own && rnd() < 0.18;
    const at = new Date(late ? deadline.getTime() + (1 + rnd() * 40) * 3600_000 : released.getTime() + (1 + rnd() * 6) * DAY);
    const graded = own ? ownIndex === 0 : rnd() < 0.55;
    const level = own ? 2 : 1 + Math.floor(rnd() * rnd() * 4);
    const evaluatedAt = new Date(Math.max(at.getTime(), deadline.getTime()) + (2 + rnd() * 20) * 3600_000);
    const name = `lesson-plan-${codes.get(d.courseId) ?? d.courseId}.pdf`;
    const pdf = simplePdf([`Lesson plan - ${codes.get(d.courseId) ?? ''}`, 'Weeks 9-10', 'Objectives: ...', 'Activities: lecture, worked examples, group exercise', 'Homework: problem set 5']);
    const storageKey = `schools/${schoolId}/files/${crypto.randomBytes(16).toString('hex')}`;
    handed.push({
      plan: {
        schoolId, dueId: d.id, teacherId: d.teacherId, version: 1, submittedAt: at, updatedAt: at, late, timesCited: Math.floor(rnd() * 4),
        ...(graded ? { level, comment: COMMENTS[i % COMMENTS.length] || null, evaluatorId: users.supervisor!.id, evaluatedAt } : {}),
      },
      file: { schoolId, ownerId: d.teacherId, name, contentType: 'application/pdf', size: pdf.length, storageKey, context: `lessonPlan:${d.id}`, attachedAt: at },
      at,
      pdf,
    });
  }
  if (!handed.length) return;
  const storage = opts.storage;
  await Promise.all(handed.map((h) => storage.put(h.file.storageKey, h.pdf)));
  // Paired by the due each belongs to, not by the order RETURNING happens to keep.
  const plans = await tx.insert(lessonPlans).values(handed.map((h) => h.plan)).returning({ id: lessonPlans.id, dueId: lessonPlans.dueId });
  const made = await tx.insert(files).values(handed.map((h) => ({ ...h.file, createdAt: h.at }))).returning({ id: files.id, context: files.context });
  const planOf = new Map(plans.map((p) => [String(p.dueId), p.id]));
  const fileOf = new Map(made.map((f) => [f.context, f.id]));
  await tx.insert(lessonPlanFiles).values(handed.map((h) => ({
    schoolId, planId: planOf.get(String(h.plan.dueId))!, fileId: fileOf.get(h.file.context!)!, name: h.file.name, size: h.pdf.length, contentType: 'application/pdf', addedIn: 1, preview: 'pdf' as const, createdAt: h.at,
  })));
}
