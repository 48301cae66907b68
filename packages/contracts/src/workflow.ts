/**
 * The state machines of issue 5 (spec section 4): questions of the bank, evaluation templates and
 * supervision plans. Pure tables and functions: the server enforces them, the screens offer only the
 * actions they allow. A batch action applies to every selected item or to none.
 */
import type { TQuestionAction, TQuestionStatus } from './catalog.ts';

// ---------------------------------------------------------------- questions

/**
 * A question is written as a draft, submitted for review, then approved or rejected (with a reason).
 * A rejected question is edited and submitted again. Editing an approved question sends it back for
 * review, so only reviewed content enters new templates (templates keep their own copies).
 */
export const QUESTION_TRANSITIONS: Record<TQuestionStatus, Partial<Record<TQuestionAction, TQuestionStatus | 'deleted'>>> = {
  draft: { edit: 'draft', submit: 'pending', delete: 'deleted' },
  pending: { approve: 'approved', reject: 'rejected', delete: 'deleted' },
  approved: { edit: 'pending', delete: 'deleted' },
  rejected: { edit: 'rejected', submit: 'pending', delete: 'deleted' },
};

export function nextQuestionStatus(from: TQuestionStatus, action: TQuestionAction): TQuestionStatus | 'deleted' | null {
  return QUESTION_TRANSITIONS[from][action] ?? null;
}

// ---------------------------------------------------------------- templates

export const TEMPLATE_STATUSES = ['draft', 'published', 'stopped'] as const;
export type TTemplateStatus = (typeof TEMPLATE_STATUSES)[number];
export const TEMPLATE_ACTIONS = ['edit', 'publish', 'stop', 'delete', 'copy'] as const;
export type TTemplateAction = (typeof TEMPLATE_ACTIONS)[number];

/**
 * draft → published (needs a name and at least one question) → stopped → published again.
 * Editing a published template publishes its next version at once; plans keep the version they were
 * saved with. A published template is stopped before it is deleted. Copying makes a new draft and
 * leaves the original as it is.
 */
export const TEMPLATE_TRANSITIONS: Record<TTemplateStatus, Partial<Record<TTemplateAction, TTemplateStatus | 'deleted'>>> = {
  draft: { edit: 'draft', publish: 'published', delete: 'deleted', copy: 'draft' },
  published: { edit: 'published', stop: 'stopped', copy: 'published' },
  stopped: { edit: 'stopped', publish: 'published', delete: 'deleted', copy: 'stopped' },
};

export function nextTemplateStatus(from: TTemplateStatus, action: TTemplateAction): TTemplateStatus | 'deleted' | null {
  return TEMPLATE_TRANSITIONS[from][action] ?? null;
}

/** Whether new plans may use a template in this state (spec: a stopped template cannot). */
export const templateUsable = (status: TTemplateStatus) => status === 'published';

// ---------------------------------------------------------------- plans

export const PLAN_PHASES = ['notStarted', 'inProgress', 'ended'] as const;
export type TPlanPhase = (typeof PLAN_PHASES)[number];
export const PLAN_ACTIONS = ['edit', 'publish', 'unpublish', 'delete'] as const;
export type TPlanAction = (typeof PLAN_ACTIONS)[number];

/** A plan's phase comes from its dates and the school's today (all 'YYYY-MM-DD', inclusive). */
export function planPhase(startDate: string, endDate: string, today: string): TPlanPhase {
  if (today < startDate) return 'notStarted';
  if (today > endDate) return 'ended';
  return 'inProgress';
}

export type TPlanRefusal = 'plan.publishedLocked' | 'plan.expired' | 'plan.badTransition';

/**
 * Whether an action is allowed on a plan, or why not. An unpublished plan is edited, published or
 * deleted; a published one is only unpublished (supervisors are working from it). A plan whose end
 * date has passed cannot be published: choose the time again.
 */
export function planActionRefusal(plan: { published: boolean; endDate: string }, action: TPlanAction, today: string): TPlanRefusal | null {
  if (plan.published) {
    if (action === 'unpublish') return null;
    return action === 'publish' ? 'plan.badTransition' : 'plan.publishedLocked';
  }
  if (action === 'unpublish') return 'plan.badTransition';
  if (action === 'publish' && plan.endDate < today) return 'plan.expired';
  return null;
}

/** Minimum classes per supervisor cannot exceed the number of selected courses (spec section 5). */
export const minClassesAllowed = (minClasses: number, courseCount: number) => minClasses >= 0 && minClasses <= courseCount;
