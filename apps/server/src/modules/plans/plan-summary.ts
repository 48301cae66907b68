/**
 * What every plan screen shows of a plan: its summary with progress, computed for a whole page in
 * one statement (plans.repo.ts planSummaryRows).
 */
import { planPhase, type TPlanSummary } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import { planSummaryRows } from './plans.repo.ts';

export type PlanSummaryRow = TPlanSummary & { description: string | null };

/** Summaries of some plans of the school, by id (ids not found are simply missing from the map). */
export async function planSummaries(tx: Tx, ids: readonly string[], me: string, today: string): Promise<Map<string, PlanSummaryRow>> {
  if (!ids.length) return new Map();
  const out = new Map<string, PlanSummaryRow>();
  for (const r of await planSummaryRows(tx, ids, me)) {
    out.set(r.planId, {
      planId: r.planId,
      name: r.name,
      evaluationType: r.evaluationType,
      template: { templateId: r.templateId, templateVersionId: r.templateVersionId, name: r.templateName, version: r.templateVersion, totalScore: r.totalScore },
      startDate: r.startDate,
      endDate: r.endDate,
      published: r.published,
      phase: planPhase(r.startDate, r.endDate, today),
      anonymous: r.anonymous,
      teacherCanView: r.teacherCanView,
      minClasses: r.minClasses,
      courseCount: r.courseCount,
      supervisorCount: r.supervisorCount,
      creator: r.creatorId ? { userId: r.creatorId, name: r.creatorName ?? '', account: r.creatorAccount ?? '' } : null,
      createdAt: r.createdAt,
      attended: r.attended,
      required: r.supervisorCount * r.minClasses,
      behind: r.behind,
      createdByMe: r.creatorId === me,
      joinedByMe: r.joined,
      description: r.description,
    });
  }
  return out;
}
