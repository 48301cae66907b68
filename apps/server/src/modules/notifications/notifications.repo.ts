/** The notifications' SQL: a person's list and unread count, marking read, and writing new ones (docs/decisions/0016-repositories.md). */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { NOTIFICATION_KINDS, ZNotificationParams, type TNotificationKind, type TNotificationParams } from '@hxk/contracts';
import { notifications } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { col, idList, queryRow, queryRows } from '../../platform/sql-rows.ts';

const Count = z.object({ n: col.int });

/** The unread count of a person. */
export async function unreadCountOf(tx: Tx, recipientId: string): Promise<number> {
  // index: notifications_unread_idx (school_id, recipient_id) where read_at is null
  const r = await queryRow(tx, Count, sql`select count(*)::int as n from notifications where recipient_id = ${recipientId} and read_at is null`);
  return r?.n ?? 0;
}

const NotificationRow = z.object({
  id: col.text,
  kind: col.oneOf(NOTIFICATION_KINDS),
  params: col.json(ZNotificationParams),
  link: col.textOrNull,
  readAt: col.tsOrNull,
  createdAt: col.ts,
  total: col.int,
});
export type NotificationRow = z.output<typeof NotificationRow>;

export type NotificationFilter = { recipientId: string; unreadOnly: boolean };
const notificationWhere = (f: NotificationFilter) => {
  const parts: SQL[] = [sql`recipient_id = ${f.recipientId}`];
  if (f.unreadOnly) parts.push(sql`read_at is null`);
  return sql.join(parts, sql` and `);
};

/** A page of a person's notifications, newest first, each row with the count of all matching (window). */
export function notificationPage(tx: Tx, f: NotificationFilter, q: { pageNum: number; pageSize: number }): Promise<NotificationRow[]> {
  // index: notifications_recipient_idx (school_id, recipient_id, created_at)
  return queryRows(tx, NotificationRow, sql`
    select id::text as id, kind, params, link, read_at as "readAt", created_at as "createdAt", (count(*) over ())::int as total
    from notifications where ${notificationWhere(f)}
    order by created_at desc, id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`);
}

/** How many notifications match (past the last page, where no row carries the window count). */
export async function notificationCount(tx: Tx, f: NotificationFilter): Promise<number> {
  // index: notifications_recipient_idx (school_id, recipient_id, created_at)
  const r = await queryRow(tx, Count, sql`select count(*)::int as n from notifications where ${notificationWhere(f)}`);
  return r?.n ?? 0;
}

/** Marks a person's unread notifications read: all of them, or those of a (non-empty) id list. */
export async function markRead(tx: Tx, recipientId: string, which: 'all' | readonly string[], now: Date): Promise<void> {
  const only = which === 'all' ? sql`` : sql`and id in (${idList(which)})`;
  await tx.execute(sql`update notifications set read_at = ${now.toISOString()}::timestamptz
    where recipient_id = ${recipientId} and read_at is null ${only}`);
}

export type NewNotification = { recipientId: string; kind: TNotificationKind; params: TNotificationParams; link: string | null };

/** Inserts notifications (in order), returning each one's id, recipient and creation time. */
export function insertNotifications(tx: Tx, schoolId: string, list: NewNotification[], now: Date) {
  return tx.insert(notifications).values(list.map((i) => ({
    schoolId, recipientId: i.recipientId, kind: i.kind, params: i.params, link: i.link, createdAt: now,
  }))).returning({ id: notifications.id, recipientId: notifications.recipientId, createdAt: notifications.createdAt });
}

const UnreadOf = z.object({ id: col.text, n: col.int });

/** The unread counts of some people (those with none are left out). */
export function unreadCountsOf(tx: Tx, recipientIds: readonly string[]) {
  // index: notifications_unread_idx (school_id, recipient_id) where read_at is null
  return queryRows(tx, UnreadOf, sql`
    select recipient_id::text as id, count(*)::int as n from notifications
    where read_at is null and recipient_id in (${idList(recipientIds)}) group by recipient_id`);
}
