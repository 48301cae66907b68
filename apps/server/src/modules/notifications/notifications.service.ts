/**
 * My in-app notifications (issue 6): listed newest first, counted unread and marked read. Only the
 * rows of which I am the recipient, in the school of my session.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TNotification, TNotificationKind, TNotificationParams, ZNotificationListRequest } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { idList, iso, isoOrNull, page, rowsOf } from '../../platform/sql-rows.ts';

/** My unread count (the partial index notifications_unread_idx). */
export async function unreadOf(tx: Tx, me: string): Promise<number> {
  const [r] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from notifications where recipient_id = ${me} and read_at is null`));
  return Number(r?.n ?? 0);
}

type Row = { id: string; kind: TNotificationKind; params: TNotificationParams; link: string | null; readAt: string | Date | null; createdAt: string | Date; total: number };

export async function listNotifications(ctx: MemberCtx, q: z.output<typeof ZNotificationListRequest>) {
  const me = ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    const f: SQL[] = [sql`recipient_id = ${me}`];
    if (q.unreadOnly) f.push(sql`read_at is null`);
    const where = sql.join(f, sql` and `);
    const rows = rowsOf<Row>(await tx.execute(sql`
      select id::text as id, kind, params, link, read_at as "readAt", created_at as "createdAt", (count(*) over ())::int as total
      from notifications where ${where}
      order by created_at desc, id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`));
    let total = Number(rows[0]?.total ?? 0);
    if (!rows.length && q.pageNum > 1) total = Number(rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from notifications where ${where}`))[0]?.n ?? 0);
    const list: TNotification[] = rows.map((r) => ({
      notificationId: r.id, kind: r.kind, params: r.params, link: r.link, readAt: isoOrNull(r.readAt), createdAt: iso(r.createdAt),
    }));
    return { ...page(list, total, q), unread: await unreadOf(tx, me) };
  });
}

export async function unreadCount(ctx: MemberCtx) {
  return inSchool(ctx, async (tx) => ({ unread: await unreadOf(tx, ctx.auth.accountId) }));
}

/** Marks some of mine (ids: others' ids are simply not mine to change) or all of mine read; returns what is left unread. */
export async function markRead(ctx: MemberCtx, input: { ids?: string[] | undefined; all?: boolean | undefined }) {
  const me = ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    const which = input.all ? sql`` : input.ids?.length ? sql`and id in (${idList(input.ids)})` : null;
    if (which) {
      await tx.execute(sql`update notifications set read_at = ${ctx.deps.now().toISOString()}::timestamptz
        where recipient_id = ${me} and read_at is null ${which}`);
    }
    return { unread: await unreadOf(tx, me) };
  });
}
