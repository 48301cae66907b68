import { ASSIGNMENT_TRANSITIONS as TRANSITIONS, type TAssignmentAction, type TAssignmentStatus } from '@hxk/contracts';

// The life of an assignment (spec section 3: assigning, withdrawn, removed): a withdrawn assignment
// can be given back; removal is final (assigning the same target again makes a new assignment).

/** The state an action leads to, or null when the action is not allowed from that state. */
export function nextStatus(from: TAssignmentStatus, action: TAssignmentAction): TAssignmentStatus | null {
  return TRANSITIONS[from][action] ?? null;
}

/** The actions offered for an assignment in a given state (the screens show only these). */
export function allowedActions(from: TAssignmentStatus): TAssignmentAction[] {
  return Object.keys(TRANSITIONS[from]) as TAssignmentAction[];
}

/**
 * Plans a batch action: every selected assignment must allow it, else nothing changes. Returns the
 * new status, which is the same for the whole batch.
 */
export function planBatch(statuses: TAssignmentStatus[], action: TAssignmentAction): TAssignmentStatus | null {
  if (!statuses.length) return null;
  const next = statuses.map((s) => nextStatus(s, action));
  return next.every((n) => n !== null) ? next[0]! : null;
}
