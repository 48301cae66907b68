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
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';
import { fieldLabel, validationText } from '../../platform/i18n.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { schoolClock } from '../calendar/calendar.service.ts';
import { peopleRefs } from '../supervision/supervision.service.ts';
import { planSummaries } from './plan-summary.ts';
import * as repo from './plans.repo.ts';
import { page } from '../../platform/sql-rows.ts';

type ListQuery = z.output<typeof ZPlanListRequest>;
type SaveInput = z.output<typeof ZSavePlanRequest>;

/** Plans of the school: all, created by me, or those I supervise; filtered in SQL, newest first. */
export async function listPlans(ctx: MemberCtx, q: ListQuery) {
  const today = schoolClock(ctx).date;
  const me = ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    const { ids, total } = await repo.newestPlans(tx, q, me, today);
    const summaries = await planSummaries(tx, ids, me, today);
    return page(ids.flatMap((id) => summaries.get(id) ?? []), total, q);
  });
}

/** A whole plan: summary, courses with teacher and department, supervisors with their group, groups. */
export async function readPlan(tx: Tx, ctx: MemberCtx, planId: string): Promise<TPlan> {
  const today = schoolClock(ctx).date;
  const summary = (await planSummaries(tx, [planId], ctx.auth.accountId, today)).get(planId);
  if (!summary) throw new AppError('common.notFound');
  // One statement after another: a transaction is one connection (pg warns about overlapping queries).
  const courseRows = await repo.planCourseRows(tx, planId);
  const supervisorRows = await repo.planSupervisorRows(tx, planId);
  const groupRows = await repo.planGroupRows(tx, planId);
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
export async function usableVersion(tx: Tx, templateId: string) {
  const template = await repo.templateState(tx, templateId);
  if (!template) throw new AppError('common.notFound');
  if (template.deletedAt || !templateUsable(template.status) || template.version < 1) throw new AppError('template.notUsable');
  const versionId = await repo.templateVersionIdOf(tx, templateId, template.version);
  if (!versionId) throw new AppError('template.notUsable');
  return versionId;
}

/** The plan's courses: all of this school (404 otherwise) and of one semester, which is returned. */
async function courseSemester(tx: Tx, courseIds: string[]) {
  const rows = await repo.courseSemesters(tx, courseIds);
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
    const groups = await repo.groupsFound(tx, groupIds);
    if (groups.length !== groupIds.length) throw new AppError('common.notFound');
    const members = await repo.groupMembers(tx, groupIds);
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
        const current = await repo.lockPlanForSave(tx, input.planId);
        if (!current) throw new AppError('common.notFound');
        if (current.published) throw new AppError('plan.publishedLocked');
      }
      const templateVersionId = await usableVersion(tx, input.templateId);
      const semesterId = await courseSemester(tx, courseIds);
      const supervisors = await expandSupervisors(ctx, tx, personIds, groupIds);
      const dup = await repo.planIdByName(tx, input.name);
      if (dup && dup !== input.planId) throw new AppError('plan.nameTaken');
      const values: repo.PlanFields = {
        name: input.name, evaluationType: input.evaluationType, templateId: input.templateId, templateVersionId, semesterId,
        startDate: input.startDate, endDate: input.endDate, minClasses: input.minClasses, description: input.description || null,
        anonymous: input.anonymous, teacherCanView: input.teacherCanView,
      };
      let planId = input.planId;
      if (planId) await repo.updatePlanClearingMembers(tx, planId, values, ctx.deps.now());
      else planId = await repo.insertPlan(tx, schoolId, values, ctx.auth.accountId);
      await repo.insertPlanMembers(tx, schoolId, planId, courseIds, groupIds, supervisors);
      return readPlan(tx, ctx, planId);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('plan.nameTaken');
    throw e;
  }
}

/** The selected plans, locked; any id that is not a plan of this school is 404 and nothing changes. */
async function lockPlans(tx: Tx, ids: string[]) {
  const rows = await repo.lockPlans(tx, ids);
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
    await repo.setPublished(tx, unique, publish, now);
  });
}

/** Deletes unpublished plans nobody has evaluated in yet (their courses, groups and supervisors go with them). */
export async function deletePlans(ctx: MemberCtx, ids: string[]) {
  const unique = [...new Set(ids)];
  const today = schoolClock(ctx).date;
  await inSchool(ctx, async (tx) => {
    assertAllowed(await lockPlans(tx, unique), 'delete', today);
    const n = await repo.evaluationCount(tx, unique);
    if (n) throw new AppError('plan.hasEvaluations', { count: n });
    await repo.deletePlans(tx, unique);
  });
}
