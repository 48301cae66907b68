/**
 * Demo data for what follows an evaluation (issue 6): a few weeks of submitted plan evaluations of
 * the seeded plan's courses by the leader and the supervisor (varied answers, so scores and
 * indicators vary; some with comments) with their indicator scores; a second, anonymous plan with a
 * few evaluations of the demo teacher; the demo teacher's appeals in every state; and the
 * notifications all this would have sent. Answers go through the contracts' rules and rows are what
 * the services would write (same indicator-score code), so the demo cannot hold what the product
 * would refuse. Plain inserts in the given (platform) transaction.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { addDays, scoreForm, type TAnswer, type TNotificationKind, type TNotificationParams, type TTemplateContent } from '@hxk/contracts';
import { appealImages, appeals, evaluations, files, notifications, planCourses, planSupervisors, supervisionPlans } from '../schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { rowsOf } from '../../platform/sql-rows.ts';
import { sectionScoreRows } from '../../modules/evaluations/section-scores.ts';
import { insertSectionScores } from '../../modules/evaluations/evaluations.repo.ts';
import type { SeededSchool } from './seed.ts';

const PLAN_EVALUATIONS = 36;
const COMMENTS = [
  'Clear objectives and a well-paced lesson; leave more time for questions at the end.',
  'Good use of examples. Some students at the back were not following: check in with them.',
  'The demonstration worked well; the summary was rushed.',
  'Lively discussion. Slides were dense: fewer words per slide would help.',
];

/** A small deterministic generator, so the demo is the same on every start. */
export function random(seed: number) {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** Answers to every question within its rules, better or worse by `quality` (0-1). */
export function variedAnswers(content: TTemplateContent, seed: number, quality: number): Record<string, TAnswer> {
  const rnd = random(seed);
  const level = () => Math.min(1, Math.max(0, quality + (rnd() - 0.5) * 0.3));
  const out: Record<string, TAnswer> = {};
  for (const q of content.sections.flatMap((s) => s.questions)) {
    const l = level();
    const comment = q.commentRequired || q.type === 'combo2' ? 'Students followed well; more practice time would help.' : undefined;
    const pickBest = (n: number) => Math.min(n - 1, Math.floor((1 - l) * n));
    switch (q.type) {
      case 'single': out[q.key] = { optionKey: q.options[pickBest(q.options.length)]!.key, comment }; break;
      case 'multiple': out[q.key] = { optionKeys: q.options.slice(0, Math.max(1, Math.round(l * q.options.length))).map((o) => o.key), comment }; break;
      case 'score': out[q.key] = { score: Math.round(q.score * l), comment }; break;
      case 'star': out[q.key] = { stars: Math.max(1, Math.round(q.stars * l)), comment }; break;
      case 'combo1': {
        const o = q.options[pickBest(q.options.length)]!;
        const min = o.scoreMin ?? 0;
        out[q.key] = { optionKey: o.key, score: Math.round(min + (o.score - min) * rnd()), comment };
        break;
      }
      case 'combo2': out[q.key] = { elementScores: Object.fromEntries(q.elements.map((e) => [e.key, Math.round(e.score * level())])), comment }; break;
    }
  }
  return out;
}

/** A small solid-colour PNG with a darker band, made here rather than shipped as a binary. */
function demoPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const band = y > height / 3 && y < (2 * height) / 3 ? 0.6 : 1;
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      raw[at] = Math.round(rgb[0] * band);
      raw[at + 1] = Math.round(rgb[1] * band);
      raw[at + 2] = Math.round(rgb[2] * band);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Session = { id: string; courseId: string; teacherId: string; courseName: string; lessonDate: string; sessionStart: number; sessionEnd: number };
type Made = Session & { evaluationId: string; evaluatorId: string; total: number; at: Date; planId: string };

/**
 * Seeds the demo school's evaluations, appeals and notifications. With `storage`, the pending
 * appeal carries two generated images stored like uploads; without it, no images.
 */
export async function seedDemoEvaluationsAndAppeals(tx: Tx, school: SeededSchool, today: string, opts: { storage?: FileStorage } = {}): Promise<void> {
  const { schoolId, users, evaluation: ev, directory } = school;
  const teacherId = users.teacher!.id;
  const leaderId = users.leader!.id;
  const supervisorId = users.supervisor!.id;
  const adminId = users.admin!.id;
  const [version] = rowsOf<{ content: TTemplateContent; full: number; templateId: string }>(await tx.execute(sql`
    select content, total_score as full, template_id::text as "templateId" from template_versions where school_id = ${schoolId} and id = ${ev.templateVersionId}`));
  const content = version!.content;
  const full = Number(version!.full);
  const names = new Map(rowsOf<{ id: string; name: string }>(await tx.execute(sql`
    select id::text as id, name from accounts where id in (${teacherId}, ${leaderId}, ${supervisorId}, ${adminId})`)).map((r) => [r.id, r.name]));
  const notes: (typeof notifications.$inferInsert)[] = [];
  const note = (recipientId: string, kind: TNotificationKind, params: TNotificationParams, link: string, at: Date, read: boolean) =>
    notes.push({ schoolId, recipientId, kind, params, link, createdAt: at, readAt: read ? new Date(at.getTime() + 3_600_000) : null });
  const weekAgo = new Date(`${addDays(today, -7)}T00:00:00Z`);

  /** Past classes of some courses that nobody has evaluated yet, oldest first. */
  const freeSessions = async (courseIds: string[], from: string) => rowsOf<Session>(await tx.execute(sql`
    select cs.id::text as id, c.id::text as "courseId", c.teacher_id::text as "teacherId", c.name as "courseName", cs.lesson_date::text as "lessonDate",
      cs.session_start as "sessionStart", cs.session_end as "sessionEnd"
    from course_sessions cs join courses c on c.school_id = cs.school_id and c.id = cs.course_id
    where cs.school_id = ${schoolId} and c.id in (${sql.join(courseIds.map((id) => sql`${id}`), sql`, `)})
      and cs.lesson_date >= ${from}::date and cs.lesson_date < ${today}::date
      and not exists (select 1 from evaluations e where e.school_id = cs.school_id and e.course_session_id = cs.id)
    order by cs.lesson_date, cs.session_start`)).map((s) => ({ ...s, sessionStart: Number(s.sessionStart), sessionEnd: Number(s.sessionEnd) }));

  const made: Made[] = [];
  type Submitted = { s: Session; planId: string; evaluatorId: string; at: Date; total: number; teacherCanView: boolean; bySection: ReturnType<typeof scoreForm>['bySection']; row: typeof evaluations.$inferInsert };
  /** One submitted evaluation, drawn (written by submitAll with the others of its plan). */
  function submitted(s: Session, planId: string, evaluatorId: string, n: number, anonymous: boolean, teacherCanView: boolean): Submitted {
    const rnd = random(1000 + n);
    const answers = variedAnswers(content, 7 * n + 3, 0.55 + 0.45 * rnd());
    const scored = scoreForm(content, answers, true);
    if (!scored.complete) throw new Error(`demo evaluation is incomplete: ${JSON.stringify(scored.errors)}`);
    // Submitted the evening of the class, a little apart from one another.
    const at = new Date(Date.parse(`${s.lessonDate}T10:00:00Z`) + (s.sessionStart * 60 + n) * 60_000);
    const row = {
      schoolId, planId, templateVersionId: ev.templateVersionId, courseSessionId: s.id, courseId: s.courseId, teacherId: s.teacherId, evaluatorId,
      kind: 'plan' as const, status: 'submitted' as const, answers, totalScore: scored.total, anonymous, comment: n % 3 === 0 ? COMMENTS[n % COMMENTS.length]! : null,
      createdAt: at, updatedAt: at, submittedAt: at,
    };
    return { s, planId, evaluatorId, at, total: scored.total, teacherCanView, bySection: scored.bySection, row };
  }
  /**
   * Writes a plan's evaluations and their section scores in two statements (one per evaluation made
   * every test server's start slower), then notes them. One evaluation per class: paired by class.
   */
  async function submitAll(list: Submitted[]) {
    if (!list.length) return;
    const rows = await tx.insert(evaluations).values(list.map((e) => e.row)).returning({ id: evaluations.id, courseSessionId: evaluations.courseSessionId });
    const idOf = new Map(rows.map((r) => [String(r.courseSessionId), r.id]));
    await insertSectionScores(tx, list.flatMap((e) => sectionScoreRows(schoolId, idOf.get(e.s.id)!, content, e.bySection)));
    for (const e of list) {
      const id = idOf.get(e.s.id)!;
      if (e.teacherCanView) {
        note(e.s.teacherId, 'evaluation.received', { course: e.s.courseName, date: e.s.lessonDate, sessions: `${e.s.sessionStart}-${e.s.sessionEnd}`, score: e.total, fullScore: full },
          `/TeachingRecordDetail?evaluationId=${id}`, e.at, e.at < weekAgo);
      }
      made.push({ ...e.s, evaluationId: id, evaluatorId: e.evaluatorId, total: e.total, at: e.at, planId: e.planId });
    }
  }

  // The seeded plan: its courses over the weeks it has run, by its two supervisors in turn.
  const [plan] = rowsOf<{ startDate: string }>(await tx.execute(sql`select start_date::text as "startDate" from supervision_plans where id = ${ev.planId}`));
  const planSessions = (await freeSessions(ev.planCourseIds, plan!.startDate)).slice(0, PLAN_EVALUATIONS);
  await submitAll(planSessions.map((s, n) => submitted(s, ev.planId, n % 2 ? supervisorId : leaderId, n, false, true)));

  // An anonymous peer-review plan of the demo teacher's courses, with a few evaluations.
  const mineCourses = directory.courses.filter((c) => c.teacherId === teacherId).slice(0, 3).map((c) => c.id);
  const anonStart = addDays(today, -28);
  const [anon] = await tx.insert(supervisionPlans).values({
    schoolId, name: 'Anonymous peer review', evaluationType: 'ordinary', templateId: version!.templateId, templateVersionId: ev.templateVersionId,
    semesterId: directory.semesterId, startDate: anonStart, endDate: addDays(today, 28), minClasses: 2,
    description: 'Peer review of lessons; teachers see the scores and comments, not who gave them.',
    anonymous: true, teacherCanView: true, published: true, publishedAt: new Date(`${anonStart}T00:00:00Z`), createdBy: adminId,
  }).returning({ id: supervisionPlans.id });
  await tx.insert(planCourses).values(mineCourses.map((courseId) => ({ schoolId, planId: anon!.id, courseId })));
  await tx.insert(planSupervisors).values([leaderId, supervisorId].map((accountId) => ({ schoolId, planId: anon!.id, accountId })));
  const anonSessions = (await freeSessions(mineCourses, anonStart)).filter((_, i) => i % 3 === 0).slice(0, 4);
  await submitAll(anonSessions.map((s, n) => submitted(s, anon!.id, n % 2 ? leaderId : supervisorId, PLAN_EVALUATIONS + n, true, true)));

  // The demo teacher's appeals, one in each state (and one more pending, on an anonymous evaluation).
  const teachers = made.filter((m) => m.teacherId === teacherId);
  const named = teachers.filter((m) => m.planId === ev.planId);
  const anonymous = teachers.filter((m) => m.planId === anon!.id);
  type Plan = { of: Made | undefined; status: 'pending' | 'resolved' | 'unresolved' | 'revoked'; reason: string; images?: number };
  const plans: Plan[] = [
    { of: named[0], status: 'resolved', reason: 'The case study I used was not counted under teaching content.' },
    { of: named[1], status: 'unresolved', reason: 'The demeanour score seems low for a lesson that started on time.' },
    { of: named[2], status: 'revoked', reason: 'I misread the classroom organisation score.' },
    { of: named[3], status: 'pending', reason: 'Group discussion took place but was not ticked; photos of the board attached.', images: 2 },
    { of: anonymous[0], status: 'pending', reason: 'The interaction score does not match the activities of the lesson.' },
  ];
  for (const [i, p] of plans.entries()) {
    const e = p.of;
    if (!e) continue;
    const createdAt = new Date(e.at.getTime() + 20 * 3_600_000);
    const handledAt = new Date(createdAt.getTime() + 26 * 3_600_000);
    // Nobody handles an appeal of their own evaluation (appeal.conflictOfInterest): the leader
    // resolves unless they made the evaluation, the administrator otherwise.
    const handlerId = p.status === 'resolved' ? (e.evaluatorId === leaderId ? adminId : leaderId) : p.status === 'unresolved' ? adminId : null;
    const scoreAfter = p.status === 'resolved' ? Math.min(full, Math.round(e.total + 6)) : null;
    const [row] = await tx.insert(appeals).values({
      schoolId, evaluationId: e.evaluationId, teacherId, status: p.status, reason: p.reason, score: e.total, scoreAfter,
      opinion: p.status === 'resolved' ? 'Reviewed with the evaluator: the case study counts; score raised.'
        : p.status === 'unresolved' ? 'The score reflects what was observed; it stands.' : null,
      handlerId, handledAt: handlerId ? handledAt : null, withdrawnAt: p.status === 'revoked' ? handledAt : null, createdAt,
    }).returning({ id: appeals.id });
    const link = `/Appeal/Detail?appealId=${row!.id}`;
    const base = { course: e.courseName, date: e.lessonDate };
    note(e.evaluatorId, 'appeal.new', { ...base, teacher: names.get(teacherId) ?? '' }, link, createdAt, p.status !== 'pending');
    if (handlerId) {
      const kind = p.status === 'resolved' ? 'appeal.resolved' : 'appeal.unresolved';
      const params = { ...base, score: e.total, handler: names.get(handlerId) ?? '', teacher: names.get(teacherId) ?? '', ...(scoreAfter === null ? {} : { scoreAfter }) };
      note(teacherId, kind, params, link, handledAt, i > 0);
      note(e.evaluatorId, kind, params, link, handledAt, true);
    }
    if (p.status === 'revoked') note(e.evaluatorId, 'appeal.withdrawn', { ...base, teacher: names.get(teacherId) ?? '' }, link, handledAt, false);
    if (p.images && opts.storage) {
      const colours: [number, number, number][] = [[46, 125, 50], [21, 101, 192]];
      for (let k = 0; k < p.images; k++) {
        const png = demoPng(160, 100, colours[k % colours.length]!);
        const storageKey = `schools/${schoolId}/files/${crypto.randomBytes(16).toString('hex')}`;
        await opts.storage.put(storageKey, png);
        const [f] = await tx.insert(files).values({
          schoolId, ownerId: teacherId, name: `board-photo-${k + 1}.png`, contentType: 'image/png', size: png.length, storageKey, context: 'appeal', createdAt, attachedAt: createdAt,
        }).returning({ id: files.id });
        await tx.insert(appealImages).values({ schoolId, appealId: row!.id, position: k, fileId: f!.id });
      }
    }
  }
  if (notes.length) await tx.insert(notifications).values(notes);
}
