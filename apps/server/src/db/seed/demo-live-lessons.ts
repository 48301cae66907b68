/**
 * Live lessons for the demo (issue 14, part 6): a public lesson on air from the start of the demo
 * (watchable without sign-in at the open viewer), a members-only lesson tomorrow, one that ended
 * yesterday and one cancelled, each on a camera of the first rooms, plus a 7-day share of the
 * lesson on air.
 */
import crypto from 'node:crypto';
import { liveLessons, liveLessonShares } from '../schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import type { SeededSchool } from './seed.ts';

const HOUR = 3_600_000;

export async function seedDemoLiveLessons(tx: Tx, school: SeededSchool, now: Date = new Date()): Promise<void> {
  const [a, b] = school.directory.classrooms;
  if (!a?.cameraIds[0] || !b?.cameraIds[0]) return;
  const t = now.getTime();
  const admin = school.users.admin?.id ?? null;
  const at = (h: number) => new Date(t + h * HOUR);
  const base = { schoolId: school.schoolId, createdBy: admin };
  const rows = await tx.insert(liveLessons).values([
    { ...base, title: '公开课：函数的图像与性质', description: '欢迎家长和同行在线观摩。', classroomId: a.id, cameraId: a.cameraIds[0], startsAt: at(-0.5), endsAt: at(10), audience: 'public' as const },
    { ...base, title: '校内教研课：古诗词鉴赏', description: null, classroomId: b.id, cameraId: b.cameraIds[0], startsAt: at(24), endsAt: at(25), audience: 'members' as const },
    { ...base, title: '英语听说示范课', description: null, classroomId: b.id, cameraId: b.cameraIds[0], startsAt: at(-26), endsAt: at(-25), audience: 'public' as const },
    { ...base, title: '物理实验直播（已取消）', description: null, classroomId: a.id, cameraId: a.cameraIds[0], startsAt: at(30), endsAt: at(31), audience: 'members' as const, cancelledAt: now },
  ]).returning({ id: liveLessons.id });
  await tx.insert(liveLessonShares).values({
    schoolId: school.schoolId, lessonId: rows[0]!.id, code: crypto.randomBytes(16).toString('base64url'), audience: 'public', expiresAt: new Date(t + 7 * 24 * HOUR), createdBy: admin,
  });
}
