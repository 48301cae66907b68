/** Demo data and test factories: the same code seeds both (STYLE 7). */
import { eq } from 'drizzle-orm';
import { IDENTITY, type TIdentity } from '@hxk/contracts';
import { applications, orgUnits, schoolDomains, schoolMemberships, schools } from '../schema/index.ts';
import { SAME_HOST_APPLICATION_PARENT_ID } from '@hxk/contracts';
import type { Database } from '../../platform/db.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { ensureBuiltinRoles } from '../../modules/roles/builtin-roles.ts';

import { DEMO_PASSWORD, createAccount } from './account.ts';
import { DEMO_SCALE, SECOND_SCALE, TEST_SCALE, seedDirectory, type DirectoryScale, type SeededDirectory } from './directory.ts';
import { seedEvaluation, type SeededEvaluation } from './evaluation.ts';
import { seedDemoEvaluationsAndAppeals } from './demo-appeals.ts';
import { seedDemoInvitations } from './demo-invitations.ts';
import { seedDemoQuestionnaires } from './demo-questionnaires.ts';
import { seedDemoRecordings } from './demo-recordings.ts';
import { seedDemoLiveMoment, seedDemoLiveTimetable } from './demo-live.ts';
import { seedDemoLiveLessons } from './demo-live-lessons.ts';
import { seedDemoStatistics } from './demo-statistics.ts';
import { seedDemoLessonPlans } from './demo-lesson-plans.ts';
import type { FileStorage } from '../../platform/storage.ts';

export { DEMO_PASSWORD, createAccount };

export const DEMO_ROLES: { account: DemoRole; identity: TIdentity }[] = [
  { account: 'admin', identity: IDENTITY.admin },
  { account: 'leader', identity: IDENTITY.leader },
  { account: 'supervisor', identity: IDENTITY.supervisor },
  { account: 'teacher', identity: IDENTITY.teacher },
  { account: 'student', identity: IDENTITY.student },
];
export type DemoRole = 'admin' | 'leader' | 'supervisor' | 'teacher' | 'student';

export type SeededSchool = {
  schoolId: string;
  name: string;
  code: string;
  users: Record<string, { id: string; account: string; phone: string; identity: TIdentity }>;
  directory: SeededDirectory;
  evaluation: SeededEvaluation;
};

/** A school with its domains, a small organisation and one account per built-in role. */
export async function seedSchool(
  db: Database,
  input: { name: string; code: string; domains: string[]; suffix: string; phonePrefix: string; people: Readonly<Record<DemoRole, string>>; scale?: DirectoryScale; today?: string },
): Promise<SeededSchool> {
  return platformTx(db, 'seed', async (tx) => {
    const [school] = await tx.insert(schools).values({ name: input.name, code: input.code, title: input.name }).returning();
    const schoolId = school!.id;
    for (const domain of input.domains) await tx.insert(schoolDomains).values({ domain, schoolId });
    const [root] = await tx.insert(orgUnits).values({ schoolId, name: input.name, kind: 'school' }).returning();
    const units = ['Academic Affairs Office', 'College of Science', 'College of Humanities'];
    const unitIds: string[] = [];
    for (const [i, name] of units.entries()) {
      const [unit] = await tx.insert(orgUnits).values({ schoolId, parentId: root!.id, name, kind: i === 0 ? 'office' : 'college', sort: i }).returning({ id: orgUnits.id });
      unitIds.push(unit!.id);
    }
    // Everyone has a unit (issue 20): the office runs supervision, the student studies in a college
    // (the teacher's department is set with the directory; the demo activity moves the student to it).
    const unitOf = (identity: TIdentity) => (identity === IDENTITY.student ? unitIds[1] : identity === IDENTITY.teacher ? null : unitIds[0]) ?? null;
    const users: SeededSchool['users'] = {};
    for (const [i, role] of DEMO_ROLES.entries()) {
      const account = `${role.account}${input.suffix}`;
      const phone = `${input.phonePrefix}${String(i + 1).padStart(4, '0')}`;
      const row = await createAccount(tx, { account, name: input.people[role.account], phone });
      await tx.insert(schoolMemberships).values({ schoolId, accountId: row.id, identity: role.identity, status: 'approved', orgUnitId: unitOf(role.identity) });
      users[role.account] = { id: row.id, account, phone, identity: role.identity };
    }
    const directory = await seedDirectory(tx, {
      schoolId,
      scale: input.scale ?? TEST_SCALE,
      accountPrefix: input.suffix ? `s${input.suffix}t` : 't',
      demoTeacherId: users.teacher!.id,
      leaderId: users.leader!.id,
      supervisorId: users.supervisor!.id,
      today: input.today ?? new Date().toISOString().slice(0, 10),
    });
    const evaluation = await seedEvaluation(tx, {
      schoolId,
      adminId: users.admin!.id,
      leaderId: users.leader!.id,
      supervisorId: users.supervisor!.id,
      directory,
      today: input.today ?? new Date().toISOString().slice(0, 10),
    });
    await ensureBuiltinRoles(tx, schoolId);
    await tx.insert(applications).values([
      { schoolId, category: 'Teaching', name: 'Classroom supervision', icon: 'AuditOutlined', webPath: '/hxk/', parentId: SAME_HOST_APPLICATION_PARENT_ID, sort: 0 },
      { schoolId, category: 'Teaching', name: 'Data board', icon: 'DashboardOutlined', webPath: '/hxk/wenxiang/dataAnalysisReport', parentId: SAME_HOST_APPLICATION_PARENT_ID, sort: 1 },
      { schoolId, category: 'Campus', name: 'School website', icon: 'GlobalOutlined', webPath: 'https://www.example.edu/', parentId: null, sort: 0 },
    ]);
    return { schoolId, name: input.name, code: input.code, users, directory, evaluation };
  });
}

/**
 * The demo schools and their people: each demo account has a realistic name of its own (issue 20), unlike
 * any generated teacher's (directory.ts `personName` never uses these given names).
 */
export const DEMO_SCHOOLS = [
  {
    name: 'Demo School', code: 'DEMO', domains: ['localhost', '127.0.0.1', 'demo.localhost'], suffix: '', phonePrefix: '1380000',
    people: { admin: '王建国', leader: '李文清', supervisor: '张志远', teacher: '陈思雨', student: '刘子轩' },
  },
  {
    name: 'Second School', code: 'SECOND', domains: ['second.localhost'], suffix: '2', phonePrefix: '1390000',
    people: { admin: '赵启航', leader: '孙雅琴', supervisor: '周立新', teacher: '吴梓萱', student: '郑宇辰' },
  },
] as const;

/** A demo account's name, by its account ('teacher', 'admin2' …). */
export function demoName(account: string): string {
  const school = DEMO_SCHOOLS.find((s) => s.suffix !== '' && account.endsWith(s.suffix)) ?? DEMO_SCHOOLS[0];
  const role = account.slice(0, account.length - school.suffix.length) as DemoRole;
  const name = school.people[role];
  if (!name) throw new Error(`no demo account ${account}`);
  return name;
}

/**
 * Seeds the two demo schools once; later starts find them and do nothing. The Demo School also gets a
 * semester of evaluations, appeals in every state (with images when storage is given), invitations
 * and questionnaires with answers, so every screen of issue 6 has something real to show.
 */
export async function seedDemo(db: Database, opts: { storage?: FileStorage; today?: string } = {}): Promise<{ seeded: boolean }> {
  const existing = await platformTx(db, 'seed', (tx) => tx.select({ id: schools.id }).from(schools).where(eq(schools.code, 'DEMO')));
  if (existing.length) return { seeded: false };
  await seedDemoActivity(db, await seedDemoSchools(db, opts), opts);
  return { seeded: true };
}

/**
 * The first part of seedDemo, and most of its time: the two demo schools with their directories and
 * timetables around `today`. Browser tests keep its result as a database image and reuse it.
 */
export async function seedDemoSchools(db: Database, opts: { today?: string } = {}): Promise<[SeededSchool, SeededSchool]> {
  const seeded: SeededSchool[] = [];
  for (const s of DEMO_SCHOOLS) {
    seeded.push(await seedSchool(db, { ...s, domains: [...s.domains], scale: s.code === 'DEMO' ? DEMO_SCALE : SECOND_SCALE, ...(opts.today ? { today: opts.today } : {}) }));
  }
  // One person in two schools, to show identity switching: Demo School's supervisor also teaches at
  // Second School.
  const [demo, second] = seeded as [SeededSchool, SeededSchool];
  await platformTx(db, 'seed', async (tx) => {
    await tx.insert(schoolMemberships).values({ schoolId: second.schoolId, accountId: demo.users.supervisor!.id, identity: IDENTITY.teacher, status: 'approved' });
    await ensureBuiltinRoles(tx, second.schoolId);
  });
  return [demo, second];
}

/** The second part of seedDemo: the Demo School's evaluations, appeals, invitations, questionnaires, recordings and live data. */
export async function seedDemoActivity(db: Database, schools: [SeededSchool, SeededSchool], opts: { storage?: FileStorage; today?: string } = {}): Promise<void> {
  await seedDemoDay(db, schools, opts);
  await seedDemoMoment(db, schools, opts);
}

/**
 * The part of seedDemoActivity that depends on `today` and not on the moment, and most of its time:
 * everything but the live state. Browser tests keep it in their database image, with the files it
 * put in `storage`.
 */
export async function seedDemoDay(db: Database, [demo]: [SeededSchool, SeededSchool], opts: { storage?: FileStorage; today?: string } = {}): Promise<void> {
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  const files = opts.storage ? { storage: opts.storage } : {};
  await platformTx(db, 'seed', async (tx) => {
    await seedDemoEvaluationsAndAppeals(tx, demo, today, files);
    await seedDemoInvitations(tx, demo, today);
    await seedDemoQuestionnaires(tx, demo, today);
    await seedDemoRecordings(tx, demo, today);
    await seedDemoLiveTimetable(tx, demo);
    await seedDemoStatistics(tx, demo, today);
    await seedDemoLessonPlans(tx, demo, today, files);
  });
}

/**
 * The rest of seedDemoActivity, around the present moment (after seedDemoDay): the devices that
 * reported in a minute ago, the active warning, and the live lessons on air, upcoming and past.
 */
export async function seedDemoMoment(db: Database, [demo]: [SeededSchool, SeededSchool], opts: { today?: string } = {}): Promise<void> {
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  await platformTx(db, 'seed', async (tx) => {
    await seedDemoLiveMoment(tx, demo, today);
    await seedDemoLiveLessons(tx, demo);
  });
}
