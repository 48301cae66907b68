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

// ---------------------------------------------------------------- invitations (issue 6)

export const INVITATION_STATUSES = ['pending', 'agreed', 'rejected', 'withdrawn'] as const;
export type TInvitationStatus = (typeof INVITATION_STATUSES)[number];
export const INVITATION_ACTIONS = ['agree', 'reject', 'withdraw'] as const;
export type TInvitationAction = (typeof INVITATION_ACTIONS)[number];

/**
 * A teacher invites a supervisor to a class: pending until the supervisor agrees or rejects it (with
 * a reason of at least 5 characters). The teacher may withdraw a pending or agreed invitation until
 * the supervisor has submitted an evaluation from it. Rejected and withdrawn are final.
 */
export const INVITATION_TRANSITIONS: Record<TInvitationStatus, Partial<Record<TInvitationAction, TInvitationStatus>>> = {
  pending: { agree: 'agreed', reject: 'rejected', withdraw: 'withdrawn' },
  agreed: { withdraw: 'withdrawn' },
  rejected: {},
  withdrawn: {},
};

export type TInvitationRefusal = 'invitation.badTransition' | 'invitation.expired' | 'invitation.evaluated';

/**
 * Whether an action is allowed on an invitation, or why not. Answering needs a class that has not
 * ended yet; withdrawing is refused once the invited evaluation has been submitted.
 */
export function invitationActionRefusal(
  inv: { status: TInvitationStatus; classEnded: boolean; evaluationSubmitted: boolean },
  action: TInvitationAction,
): TInvitationRefusal | null {
  if (!INVITATION_TRANSITIONS[inv.status][action]) return 'invitation.badTransition';
  if ((action === 'agree' || action === 'reject') && inv.classEnded) return 'invitation.expired';
  if (action === 'withdraw' && inv.evaluationSubmitted) return 'invitation.evaluated';
  return null;
}

export function nextInvitationStatus(from: TInvitationStatus, action: TInvitationAction): TInvitationStatus | null {
  return INVITATION_TRANSITIONS[from][action] ?? null;
}

// ---------------------------------------------------------------- appeals (issue 6)

export const APPEAL_STATUSES = ['pending', 'resolved', 'unresolved', 'revoked'] as const;
export type TAppealStatus = (typeof APPEAL_STATUSES)[number];
/** withdraw: the teacher; resolve / unresolve: a handler with appeal:handle; delete: the teacher removes it from their list. */
export const APPEAL_ACTIONS = ['withdraw', 'resolve', 'unresolve', 'delete'] as const;
export type TAppealAction = (typeof APPEAL_ACTIONS)[number];

/**
 * A teacher's appeal of a score is pending processing until a handler resolves it (with the score
 * after appeal) or marks it not to be resolved, both with an opinion of at least 5 characters; the
 * teacher may withdraw it (revoked) while it is pending. Handled and revoked appeals can be deleted
 * (or all cleared) from the teacher's list; the record stays for the handlers.
 */
export const APPEAL_TRANSITIONS: Record<TAppealStatus, Partial<Record<TAppealAction, TAppealStatus | 'deleted'>>> = {
  pending: { withdraw: 'revoked', resolve: 'resolved', unresolve: 'unresolved' },
  resolved: { delete: 'deleted' },
  unresolved: { delete: 'deleted' },
  revoked: { delete: 'deleted' },
};

export function nextAppealStatus(from: TAppealStatus, action: TAppealAction): TAppealStatus | 'deleted' | null {
  return APPEAL_TRANSITIONS[from][action] ?? null;
}

/** Handled or revoked: what "clear" removes from the teacher's list. */
export const appealClosed = (status: TAppealStatus) => status !== 'pending';
