/**
 * Writing notifications from any module: `inSchoolNotifying` runs a school transaction whose work may
 * call `notify(...)`; the rows are inserted in that same transaction (all or nothing with the change
 * they announce) and pushed over the WebSocket only after it commits, so nobody is told about a change
 * that was rolled back. Params must never name an anonymous evaluator.
 */
import { sql } from 'drizzle-orm';
import type { TNotification, TNotificationKind, TNotificationParams } from '@hxk/contracts';
import { notifications } from '../../db/schema/index.ts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { idList, rowsOf } from '../../platform/sql-rows.ts';

export type TNotifyItem = { recipientId: string; kind: TNotificationKind; params: TNotificationParams; link: string | null };
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
      const rows = await tx.insert(notifications).values(list.map((i) => ({
        schoolId: ctx.auth.schoolId, recipientId: i.recipientId, kind: i.kind, params: i.params, link: i.link, createdAt: now,
      }))).returning({ id: notifications.id, recipientId: notifications.recipientId, createdAt: notifications.createdAt });
      rows.forEach((r, k) => sent.push({
        recipientId: r.recipientId,
        notification: { notificationId: r.id, kind: list[k]!.kind, params: list[k]!.params, link: list[k]!.link, readAt: null, createdAt: r.createdAt.toISOString() },
      }));
    };
    const out = await fn(tx, notify);
    const people = [...new Set(sent.map((s) => s.recipientId))];
    if (people.length) {
      const counts = rowsOf<{ id: string; n: number }>(await tx.execute(sql`
        select recipient_id::text as id, count(*)::int as n from notifications
        where read_at is null and recipient_id in (${idList(people)}) group by recipient_id`));
      for (const c of counts) unread.set(c.id, Number(c.n));
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
