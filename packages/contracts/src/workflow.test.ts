import { describe, expect, it } from 'vitest';
import { QUESTION_ACTIONS, QUESTION_STATUSES } from './catalog.ts';
import {
  APPEAL_ACTIONS,
  APPEAL_STATUSES,
  appealClosed,
  INVITATION_ACTIONS,
  INVITATION_STATUSES,
  invitationActionRefusal,
  minClassesAllowed,
  nextAppealStatus,
  nextInvitationStatus,
  nextQuestionStatus,
  nextTemplateStatus,
  planActionRefusal,
  planPhase,
  PLAN_ACTIONS,
  TEMPLATE_ACTIONS,
  TEMPLATE_STATUSES,
  templateUsable,
} from './workflow.ts';

describe('question states', () => {
  // Every (state, action) pair: the allowed ones and what they lead to; every other pair is refused.
  const allowed: Record<string, string> = {
    'draft:edit': 'draft', 'draft:submit': 'pending', 'draft:delete': 'deleted',
    'pending:approve': 'approved', 'pending:reject': 'rejected', 'pending:delete': 'deleted',
    'approved:edit': 'pending', 'approved:delete': 'deleted',
    'rejected:edit': 'rejected', 'rejected:submit': 'pending', 'rejected:delete': 'deleted',
  };
  for (const from of QUESTION_STATUSES) {
    for (const action of QUESTION_ACTIONS) {
      const want = allowed[`${from}:${action}`] ?? null;
      it(`${from} + ${action} → ${want ?? 'refused'}`, () => expect(nextQuestionStatus(from, action)).toBe(want));
    }
  }
});

describe('template states', () => {
  const allowed: Record<string, string> = {
    'draft:edit': 'draft', 'draft:publish': 'published', 'draft:delete': 'deleted', 'draft:copy': 'draft',
    'published:edit': 'published', 'published:stop': 'stopped', 'published:copy': 'published',
    'stopped:edit': 'stopped', 'stopped:publish': 'published', 'stopped:delete': 'deleted', 'stopped:copy': 'stopped',
  };
  for (const from of TEMPLATE_STATUSES) {
    for (const action of TEMPLATE_ACTIONS) {
      const want = allowed[`${from}:${action}`] ?? null;
      it(`${from} + ${action} → ${want ?? 'refused'}`, () => expect(nextTemplateStatus(from, action)).toBe(want));
    }
  }

  it('only a published template can be used for new plans', () => {
    expect(TEMPLATE_STATUSES.filter(templateUsable)).toEqual(['published']);
  });
});

describe('plan phases', () => {
  it('come from the dates, both ends inclusive', () => {
    expect(planPhase('2026-11-24', '2026-12-31', '2026-11-23')).toBe('notStarted');
    expect(planPhase('2026-11-23', '2026-12-31', '2026-11-23')).toBe('inProgress');
    expect(planPhase('2026-11-01', '2026-11-23', '2026-11-23')).toBe('inProgress');
    expect(planPhase('2026-11-01', '2026-11-22', '2026-11-23')).toBe('ended');
  });
});

describe('plan actions', () => {
  const today = '2026-11-23';
  const open = { published: false, endDate: '2026-12-31' };
  const expired = { published: false, endDate: '2026-11-22' };
  const live = { published: true, endDate: '2026-12-31' };
  const expect_ = (plan: typeof open, results: Record<string, string | null>) => {
    for (const action of PLAN_ACTIONS) expect(planActionRefusal(plan, action, today), action).toBe(results[action]);
  };

  it('an unpublished plan is edited, published or deleted, not unpublished', () => {
    expect_(open, { edit: null, publish: null, delete: null, unpublish: 'plan.badTransition' });
  });

  it('a plan whose end date has passed cannot be published (choose the time again)', () => {
    expect_(expired, { edit: null, publish: 'plan.expired', delete: null, unpublish: 'plan.badTransition' });
    expect(planActionRefusal({ published: false, endDate: today }, 'publish', today)).toBeNull();
  });

  it('a published plan is only unpublished', () => {
    expect_(live, { edit: 'plan.publishedLocked', publish: 'plan.badTransition', delete: 'plan.publishedLocked', unpublish: null });
  });
});

describe('minimum classes', () => {
  it('cannot exceed the number of selected courses', () => {
    expect(minClassesAllowed(0, 0)).toBe(true);
    expect(minClassesAllowed(3, 3)).toBe(true);
    expect(minClassesAllowed(4, 3)).toBe(false);
    expect(minClassesAllowed(-1, 3)).toBe(false);
  });
});

describe('invitation states', () => {
  const allowed: Record<string, string> = {
    'pending:agree': 'agreed', 'pending:reject': 'rejected', 'pending:withdraw': 'withdrawn',
    'agreed:withdraw': 'withdrawn',
  };
  for (const from of INVITATION_STATUSES) {
    for (const action of INVITATION_ACTIONS) {
      const want = allowed[`${from}:${action}`] ?? null;
      it(`${from} + ${action} → ${want ?? 'refused'}`, () => {
        expect(nextInvitationStatus(from, action)).toBe(want);
        expect(invitationActionRefusal({ status: from, classEnded: false, evaluationSubmitted: false }, action)).toBe(want ? null : 'invitation.badTransition');
      });
    }
  }

  it('a class that has ended can no longer be answered, but can still be withdrawn', () => {
    const ended = { status: 'pending' as const, classEnded: true, evaluationSubmitted: false };
    expect(invitationActionRefusal(ended, 'agree')).toBe('invitation.expired');
    expect(invitationActionRefusal(ended, 'reject')).toBe('invitation.expired');
    expect(invitationActionRefusal(ended, 'withdraw')).toBeNull();
  });

  it('an agreed invitation whose evaluation was submitted cannot be withdrawn', () => {
    expect(invitationActionRefusal({ status: 'agreed', classEnded: true, evaluationSubmitted: true }, 'withdraw')).toBe('invitation.evaluated');
    expect(invitationActionRefusal({ status: 'agreed', classEnded: false, evaluationSubmitted: false }, 'withdraw')).toBeNull();
  });
});

describe('appeal states', () => {
  const allowed: Record<string, string> = {
    'pending:withdraw': 'revoked', 'pending:resolve': 'resolved', 'pending:unresolve': 'unresolved',
    'resolved:delete': 'deleted', 'unresolved:delete': 'deleted', 'revoked:delete': 'deleted',
  };
  for (const from of APPEAL_STATUSES) {
    for (const action of APPEAL_ACTIONS) {
      const want = allowed[`${from}:${action}`] ?? null;
      it(`${from} + ${action} → ${want ?? 'refused'}`, () => expect(nextAppealStatus(from, action)).toBe(want));
    }
  }

  it('clearing removes every appeal but the pending ones', () => {
    expect(APPEAL_STATUSES.filter(appealClosed)).toEqual(['resolved', 'unresolved', 'revoked']);
  });
});
