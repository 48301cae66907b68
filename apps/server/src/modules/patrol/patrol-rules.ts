/**
 * The rules of patrol records (issue 14), free of I/O so they are unit-tested: when a visit counts as
 * ended, how long it lasted, which moments a comment may name, and whose records a person sees.
 */
import { IDENTITY, VISIT_STALE_MS, type TIdentity } from '@hxk/contracts';

export type VisitTimes = { startedAt: Date; lastSeenAt: Date; endedAt: Date | null };

/** A visit is over once ended, or once it has not been kept alive for VISIT_STALE_MS (the tab closed, the network went). */
export function visitOver(v: VisitTimes, now: Date): boolean {
  return v.endedAt !== null || now.getTime() - v.lastSeenAt.getTime() > VISIT_STALE_MS;
}

/** When the visit ended: its end, else its last heartbeat once it went quiet; null while it goes on. */
export function visitEnd(v: VisitTimes, now: Date): Date | null {
  if (v.endedAt) return v.endedAt;
  return visitOver(v, now) ? v.lastSeenAt : null;
}

/** Whole seconds watched: up to the end, or up to now while the visit goes on. */
export function visitSeconds(v: VisitTimes, now: Date): number {
  const end = visitEnd(v, now) ?? now;
  return Math.max(0, Math.floor((end.getTime() - v.startedAt.getTime()) / 1000));
}

/** Allowed slack between the browser's and the server's clocks for the moment a comment names. */
export const COMMENT_CLOCK_SLACK_MS = 60_000;

/** A comment names a moment of the live picture watched in this visit (what the recording can show there). */
export function commentMomentFits(v: VisitTimes, videoAt: Date, now: Date): boolean {
  const t = videoAt.getTime();
  return t >= v.startedAt.getTime() - COMMENT_CLOCK_SLACK_MS && t <= now.getTime() + COMMENT_CLOCK_SLACK_MS;
}

/**
 * Whose inspection records (and attendance marks) a person reads: a school administrator everyone's;
 * the leader of supervision groups their own and their teams' members'; anyone else their own.
 */
export type RecordAudience = { kind: 'all' } | { kind: 'team'; leaderId: string } | { kind: 'own'; accountId: string };

export function recordAudience(me: { accountId: string; identity: TIdentity; leadsGroups: boolean }): RecordAudience {
  if (me.identity === IDENTITY.admin) return { kind: 'all' };
  if (me.leadsGroups) return { kind: 'team', leaderId: me.accountId };
  return { kind: 'own', accountId: me.accountId };
}
