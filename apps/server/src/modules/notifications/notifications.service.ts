/**
 * My in-app notifications (issue 6): listed newest first, counted unread and marked read. Only the
 * rows of which I am the recipient, in the school of my session.
 */
import type { z } from 'zod';
import type { TNotification, ZNotificationListRequest } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { page } from '../../platform/sql-rows.ts';
import * as repo from './notifications.repo.ts';

/** My unread count (the partial index notifications_unread_idx). */
export const unreadOf = repo.unreadCountOf;

export async function listNotifications(ctx: MemberCtx, q: z.output<typeof ZNotificationListRequest>) {
  const me = ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    const f = { recipientId: me, unreadOnly: q.unreadOnly };
    const rows = await repo.notificationPage(tx, f, q);
    let total = rows[0]?.total ?? 0;
    if (!rows.length && q.pageNum > 1) total = await repo.notificationCount(tx, f);
    const list: TNotification[] = rows.map((r) => ({
      notificationId: r.id, kind: r.kind, params: r.params, link: r.link, readAt: r.readAt, createdAt: r.createdAt,
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
    const which = input.all ? 'all' : input.ids?.length ? input.ids : null;
    if (which) await repo.markRead(tx, me, which, ctx.deps.now());
    return { unread: await unreadOf(tx, me) };
  });
}
