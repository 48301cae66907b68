/**
 * Writing notifications from any module: `inSchoolNotifying` runs a school transaction whose work may
 * call `notify(...)`; the rows are inserted in that same transaction (all or nothing with the change
 * they announce) and pushed over the WebSocket only after it commits, so nobody is told about a change
 * that was rolled back. Params must never name an anonymous evaluator.
 */
import type { TNotification } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { inSchool } from '../../platform/tenancy.ts';
import * as repo from './notifications.repo.ts';

export type TNotifyItem = repo.NewNotification;
export type Notify = (items: TNotifyItem[]) => Promise<void>;

type Stored = { recipientId: string; notification: TNotification };

export async function inSchoolNotifying<T>(ctx: MemberCtx, fn: (tx: Tx, notify: Notify) => Promise<T>): Promise<T> {
  const sent: Stored[] = [];
  const unread = new Map<string, number>();
  const result = await inSchool(ctx, async (tx) => {
    const notify: Notify = async (items) => {
      const list = items.filter((i) => i.recipientId);
      if (!list.length) return;
      const now = ctx.deps.now();
      const rows = await repo.insertNotifications(tx, ctx.auth.schoolId, list, now);
      rows.forEach((r, k) => sent.push({
        recipientId: r.recipientId,
        notification: { notificationId: r.id, kind: list[k]!.kind, params: list[k]!.params, link: list[k]!.link, readAt: null, createdAt: r.createdAt.toISOString() },
      }));
    };
    const out = await fn(tx, notify);
    const people = [...new Set(sent.map((s) => s.recipientId))];
    if (people.length) {
      for (const c of await repo.unreadCountsOf(tx, people)) unread.set(c.id, c.n);
    }
    return out;
  });
  for (const s of sent) {
    try {
      await ctx.deps.realtime.publish(ctx.auth.schoolId, s.recipientId, { type: 'notification', notification: s.notification, unread: unread.get(s.recipientId) ?? 1 });
    } catch (err) {
      // The row is stored: the person sees it on the next list or reconnect.
      ctx.deps.log.warn({ err }, 'realtime publish failed');
    }
  }
  return result;
}
