import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  minClassesAllowed,
  planActionRefusal,
  templateUsable,
  type TPlan,
  type TPlanAction,
  type ZPlanListRequest,
  type ZSavePlanRequest,
} from '@hxk/contracts';
import {
  accounts,
  courses,
  evaluationTemplates,
  evaluations,
  orgUnits,
  planCourses,
  planGroups,
  planSupervisors,
  supervisionGroupMembers,
  supervisionGroups,
  supervisionPlans,
  templateVersions,
} from '../../db/schema/index.ts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';
import { fieldLabel, validationText } from '../../platform/i18n.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { schoolClock } from '../calendar/calendar.service.ts';
import { peopleRefs } from '../supervision/supervision.service.ts';
import { planSummaries, planWhere } from './plan-summary.ts';
import { page, rowsOf } from '../../platform/sql-rows.ts';

type ListQuery = z.output<typeof ZPlanListRequest>;
type SaveInput = z.output<typeof ZSavePlanRequest>;

/** Plans of the school: all, created by me, or those I supervise; filtered in SQL, newest first. */
export async function listPlans(ctx: MemberCtx, q: ListQuery) {
  const today = schoolClock(ctx).date;
  const me = ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    const where = planWhere('p', q, me, today);
    const res = await tx.execute(sql`
      select p.id::text as id, (count(*) over ())::int as total from supervision_plans p where ${where}
      order by p.created_at desc, p.id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`);
    const rows = rowsOf<{ id: string; total: number }>(res);
    let total = Number(rows[0]?.total ?? 0);
    if (!rows.length && q.pageNum > 1) {
      total = Number(rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from supervision_plans p where ${where}`))[0]?.n ?? 0);
    }
    const summaries = await planSummaries(tx, rows.map((r) => r.id), me, today);
    return page(rows.flatMap((r) => summaries.get(r.id) ?? []), total, q);
  });
}

/** A whole plan: summary, courses with teacher and department, supervisors with their group, groups. */
export async function readPlan(tx: Tx, ctx: MemberCtx, planId: string): Promise<TPlan> {
  const today = schoolClock(ctx).date;
  const summary = (await planSummaries(tx, [planId], ctx.auth.accountId, today)).get(planId);
  if (!summary) throw new AppError('common.notFound');
  // One statement after another: a transaction is one connection (pg warns about overlapping queries).
  const courseRows = await tx.select({
    courseId: courses.id, code: courses.code, name: courses.name, teachingClass: courses.teachingClass, orgUnitName: orgUnits.name,
    teacherId: accounts.id, teacherName: accounts.name, teacherAccount: accounts.account,
  }).from(planCourses)
    .innerJoin(courses, and(eq(courses.schoolId, planCourses.schoolId), eq(courses.id, planCourses.courseId)))
    .innerJoin(accounts, eq(accounts.id, courses.teacherId))
    .leftJoin(orgUnits, and(eq(orgUnits.schoolId, courses.schoolId), eq(orgUnits.id, courses.orgUnitId)))
    .where(eq(planCourses.planId, planId))
    .orderBy(asc(courses.code), asc(courses.id));
  const supervisorRows = await tx.select({ userId: accounts.id, name: accounts.name, account: accounts.account, groupId: planSupervisors.groupId, groupName: supervisionGroups.name })
    .from(planSupervisors)
    .innerJoin(accounts, eq(accounts.id, planSupervisors.accountId))
    .leftJoin(supervisionGroups, and(eq(supervisionGroups.schoolId, planSupervisors.schoolId), eq(supervisionGroups.id, planSupervisors.groupId)))
    .where(eq(planSupervisors.planId, planId))
    .orderBy(asc(accounts.name), asc(accounts.id));
  const groupRows = await tx.select({ groupId: supervisionGroups.id, name: supervisionGroups.name }).from(planGroups)
    .innerJoin(supervisionGroups, and(eq(supervisionGroups.schoolId, planGroups.schoolId), eq(supervisionGroups.id, planGroups.groupId)))
    .where(eq(planGroups.planId, planId))
    .orderBy(asc(supervisionGroups.name));
  return {
    ...summary,
    courses: courseRows.map((c) => ({
      courseId: c.courseId, code: c.code, name: c.name, teachingClass: c.teachingClass, orgUnitName: c.orgUnitName,
      teacher: { userId: c.teacherId, name: c.teacherName, account: c.teacherAccount },
    })),
    supervisors: supervisorRows,
    groups: groupRows,
  };
}

export async function planDetail(ctx: MemberCtx, planId: string) {
  return inSchool(ctx, (tx) => readPlan(tx, ctx, planId));
}

/** The published version a new or unpublished plan pins: the template's current one. */
async function usableVersion(tx: Tx, templateId: string) {
  const [template] = await tx.select({ status: evaluationTemplates.status, version: evaluationTemplates.version, deletedAt: evaluationTemplates.deletedAt })
    .from(evaluationTemplates).where(eq(evaluationTemplates.id, templateId));
  if (!template) throw new AppError('common.notFound');
  if (template.deletedAt || !templateUsable(template.status) || template.version < 1) throw new AppError('template.notUsable');
  const [version] = await tx.select({ id: templateVersions.id }).from(templateVersions)
    .where(and(eq(templateVersions.templateId, templateId), eq(templateVersions.version, template.version)));
  if (!version) throw new AppError('template.notUsable');
  return version.id;
}

/** The plan's courses: all of this school (404 otherwise) and of one semester, which is returned. */
async function courseSemester(tx: Tx, courseIds: string[]) {
  const rows = await tx.select({ id: courses.id, semesterId: courses.semesterId }).from(courses).where(inArray(courses.id, courseIds));
  if (rows.length !== courseIds.length) throw new AppError('common.notFound');
  const semesters = new Set(rows.map((r) => r.semesterId));
  if (semesters.size !== 1) throw new AppError('plan.coursesOtherSemester');
  return rows[0]!.semesterId;
}

/**
 * People picked one by one and the members of the picked groups, each once: a person picked
 * directly keeps group null, one reached through groups keeps the first of them (for display).
 */
async function expandSupervisors(ctx: MemberCtx, tx: Tx, personIds: string[], groupIds: string[]) {
  const people = await peopleRefs(tx, personIds);
  if (personIds.some((id) => !people.has(id))) throw new AppError('common.notFound');
  const out = new Map<string, string | null>(personIds.map((id) => [id, null]));
  if (groupIds.length) {
    const groups = await tx.select({ id: supervisionGroups.id }).from(supervisionGroups).where(inArray(supervisionGroups.id, groupIds));
    if (groups.length !== groupIds.length) throw new AppError('common.notFound');
    const members = await tx.select({ groupId: supervisionGroupMembers.groupId, accountId: supervisionGroupMembers.accountId })
      .from(supervisionGroupMembers).where(inArray(supervisionGroupMembers.groupId, groupIds));
    // Only people who can still be picked (approved or disabled members), as for direct picks.
    const pickable = await peopleRefs(tx, members.map((m) => m.accountId));
    for (const groupId of groupIds) {
      for (const m of members) if (m.groupId === groupId && pickable.has(m.accountId) && !out.has(m.accountId)) out.set(m.accountId, groupId);
    }
  }
  if (!out.size) {
    const message = `${fieldLabel('supervisorIds', ctx.lang)}${ctx.lang === 'en' ? ' ' : '：'}${validationText('validation.selectOne', ctx.lang)}`;
    throw new AppError('common.validation', { detail: message }, [{ path: 'supervisorIds', message }]);
  }
  return out;
}

/**
 * Adds a plan, or changes an unpublished one. Saving pins the template's current published version:
 * saving an unpublished plan again re-pins the template's version of that moment (the plan is not in
 * use yet), while a published plan cannot be saved at all, so its version never changes.
 */
export async function savePlan(ctx: MemberCtx, input: SaveInput) {
  const courseIds = [...new Set(input.courseIds)];
  const personIds = [...new Set(input.supervisorIds)];
  const groupIds = [...new Set(input.groupIds)];
  if (!minClassesAllowed(input.minClasses, courseIds.length)) throw new AppError('plan.minClassesTooMany', { max: courseIds.length });
  const { schoolId } = ctx.auth;
  try {
    return await inSchool(ctx, async (tx) => {
      if (input.planId) {
        const [current] = await tx.select({ published: supervisionPlans.published }).from(supervisionPlans)
          .where(eq(supervisionPlans.id, input.planId)).for('update');
        if (!current) throw new AppError('common.notFound');
        if (current.published) throw new AppError('plan.publishedLocked');
      }
      const templateVersionId = await usableVersion(tx, input.templateId);
      const semesterId = await courseSemester(tx, courseIds);
      const supervisors = await expandSupervisors(ctx, tx, personIds, groupIds);
      const [dup] = await tx.select({ id: supervisionPlans.id }).from(supervisionPlans).where(sql`lower(${supervisionPlans.name}) = ${input.name.toLowerCase()}`);
      if (dup && dup.id !== input.planId) throw new AppError('plan.nameTaken');
      const values = {
        name: input.name, evaluationType: input.evaluationType, templateId: input.templateId, templateVersionId, semesterId,
        startDate: input.startDate, endDate: input.endDate, minClasses: input.minClasses, description: input.description || null,
        anonymous: input.anonymous, teacherCanView: input.teacherCanView,
      };
      let planId = input.planId;
      if (planId) {
        await tx.update(supervisionPlans).set({ ...values, updatedAt: ctx.deps.now() }).where(eq(supervisionPlans.id, planId));
        await tx.delete(planCourses).where(eq(planCourses.planId, planId));
        await tx.delete(planGroups).where(eq(planGroups.planId, planId));
        await tx.delete(planSupervisors).where(eq(planSupervisors.planId, planId));
      } else {
        const [row] = await tx.insert(supervisionPlans).values({ schoolId, ...values, createdBy: ctx.auth.accountId }).returning({ id: supervisionPlans.id });
        planId = row!.id;
      }
      const id = planId;
      await tx.insert(planCourses).values(courseIds.map((courseId) => ({ schoolId, planId: id, courseId })));
      if (groupIds.length) await tx.insert(planGroups).values(groupIds.map((groupId) => ({ schoolId, planId: id, groupId })));
      await tx.insert(planSupervisors).values([...supervisors].map(([accountId, groupId]) => ({ schoolId, planId: id, accountId, groupId })));
      return readPlan(tx, ctx, id);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('plan.nameTaken');
    throw e;
  }
}

/** The selected plans, locked; any id that is not a plan of this school is 404 and nothing changes. */
async function lockPlans(tx: Tx, ids: string[]) {
  const rows = await tx.select({ id: supervisionPlans.id, published: supervisionPlans.published, endDate: supervisionPlans.endDate })
    .from(supervisionPlans).where(inArray(supervisionPlans.id, ids)).for('update');
  if (rows.length !== ids.length) throw new AppError('common.notFound');
  return rows;
}

/** Refuses the whole batch when one plan cannot take the action (all or nothing). */
function assertAllowed(rows: { published: boolean; endDate: string }[], action: TPlanAction, today: string) {
  for (const r of rows) {
    const refusal = planActionRefusal(r, action, today);
    if (refusal) throw new AppError(refusal);
  }
}

export async function publishPlans(ctx: MemberCtx, ids: string[], publish: boolean) {
  const unique = [...new Set(ids)];
  const today = schoolClock(ctx).date;
  await inSchool(ctx, async (tx) => {
    assertAllowed(await lockPlans(tx, unique), publish ? 'publish' : 'unpublish', today);
    const now = ctx.deps.now();
    await tx.update(supervisionPlans).set({ published: publish, publishedAt: publish ? now : null, updatedAt: now }).where(inArray(supervisionPlans.id, unique));
  });
}

/** Deletes unpublished plans nobody has evaluated in yet (their courses, groups and supervisors go with them). */
export async function deletePlans(ctx: MemberCtx, ids: string[]) {
  const unique = [...new Set(ids)];
  const today = schoolClock(ctx).date;
  await inSchool(ctx, async (tx) => {
    assertAllowed(await lockPlans(tx, unique), 'delete', today);
    const [used] = await tx.select({ n: count() }).from(evaluations).where(inArray(evaluations.planId, unique));
    const n = Number(used?.n ?? 0);
    if (n) throw new AppError('plan.hasEvaluations', { count: n });
    await tx.delete(supervisionPlans).where(inArray(supervisionPlans.id, unique));
  });
}
