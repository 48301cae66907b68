import { describe, expect, it } from 'vitest';
import { IDENTITY, VISIT_STALE_MS } from '@hxk/contracts';
import { COMMENT_CLOCK_SLACK_MS, commentMomentFits, recordAudience, visitEnd, visitOver, visitSeconds } from './patrol-rules.ts';

const t0 = new Date('2026-11-25T08:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

describe('patrol visit times', () => {
  const open = { startedAt: t0, lastSeenAt: at(60_000), endedAt: null };

  it('go on while heartbeats keep coming, and end at the last one once they stop', () => {
    expect(visitOver(open, at(60_000 + VISIT_STALE_MS))).toBe(false);
    expect(visitEnd(open, at(60_000 + VISIT_STALE_MS))).toBeNull();
    expect(visitOver(open, at(60_001 + VISIT_STALE_MS))).toBe(true);
    expect(visitEnd(open, at(60_001 + VISIT_STALE_MS))).toEqual(at(60_000));
  });

  it('end when ended, whatever the heartbeats', () => {
    const ended = { ...open, endedAt: at(30_000) };
    expect(visitOver(ended, at(31_000))).toBe(true);
    expect(visitEnd(ended, at(31_000))).toEqual(at(30_000));
    expect(visitSeconds(ended, at(999_000))).toBe(30);
  });

  it('count whole seconds up to now while going on', () => {
    expect(visitSeconds(open, at(90_500))).toBe(90);
    expect(visitSeconds({ ...open, lastSeenAt: t0 }, t0)).toBe(0);
  });

  it('take comments on moments watched in the visit, allowing for clock skew', () => {
    const now = at(120_000);
    expect(commentMomentFits(open, at(100_000), now)).toBe(true);
    expect(commentMomentFits(open, at(-COMMENT_CLOCK_SLACK_MS), now)).toBe(true);
    expect(commentMomentFits(open, at(-COMMENT_CLOCK_SLACK_MS - 1), now)).toBe(false);
    expect(commentMomentFits(open, at(120_000 + COMMENT_CLOCK_SLACK_MS + 1), now)).toBe(false);
  });
});

describe('who sees which patrol records', () => {
  it('an administrator sees everyone\'s, even when leading a group', () => {
    expect(recordAudience({ accountId: 'a', identity: IDENTITY.admin, leadsGroups: true })).toEqual({ kind: 'all' });
  });
  it('a supervision-group leader sees the team\'s', () => {
    expect(recordAudience({ accountId: 'l', identity: IDENTITY.leader, leadsGroups: true })).toEqual({ kind: 'team', leaderId: 'l' });
    expect(recordAudience({ accountId: 's', identity: IDENTITY.supervisor, leadsGroups: true })).toEqual({ kind: 'team', leaderId: 's' });
  });
  it('anyone else sees their own', () => {
    expect(recordAudience({ accountId: 'l', identity: IDENTITY.leader, leadsGroups: false })).toEqual({ kind: 'own', accountId: 'l' });
    expect(recordAudience({ accountId: 's', identity: IDENTITY.supervisor, leadsGroups: false })).toEqual({ kind: 'own', accountId: 's' });
  });
});
