/** Shouting's SQL (docs/decisions/0016-repositories.md): rooms, terminal keys and the broadcast log. */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db.ts';
import { col, queryRow, queryRows } from '../../platform/sql-rows.ts';

const RoomRow = z.object({ classroomId: col.text, classroomName: col.text, buildingName: col.text });
export type RoomRow = z.output<typeof RoomRow>;

/** A classroom of the school with its building's name. */
export function room(tx: Tx, classroomId: string): Promise<RoomRow | undefined> {
  // index: classrooms_school_id_id_pk (school_id, id)
  return queryRow(tx, RoomRow, sql`
    select r.id::text as "classroomId", r.name as "classroomName", b.name as "buildingName"
    from classrooms r join buildings b on b.school_id = r.school_id and b.id = r.building_id
    where r.id = ${classroomId}`);
}

const TalkBackRow = z.object({ cameraId: col.text, streamUrl: col.text, username: col.textOrNull, password: col.textOrNull });
export type TalkBackRow = z.output<typeof TalkBackRow>;

/** The room's camera whose loudspeaker takes talk-back (the first by the cameras' order), if any. */
export function talkBackCamera(tx: Tx, classroomId: string): Promise<TalkBackRow | undefined> {
  // index: cameras_classroom_idx (school_id, classroom_id, sort)
  return queryRow(tx, TalkBackRow, sql`
    select c.id::text as "cameraId", c.stream_url as "streamUrl", c.username, c.password
    from cameras c where c.classroom_id = ${classroomId} and c.talk_back and c.stream_url is not null
    order by c.sort, c.id limit 1`);
}

const KeyRow = z.object({ keyId: col.text, classroomId: col.text, secretHash: col.text });

/** A terminal key by its id. */
export function terminalKey(tx: Tx, keyId: string) {
  // index: shout_terminal_keys_school_id_id_pk (school_id, id)
  return queryRow(tx, KeyRow, sql`
    select k.id::text as "keyId", k.classroom_id::text as "classroomId", k.secret_hash as "secretHash"
    from shout_terminal_keys k where k.id = ${keyId}`);
}

export async function touchTerminalKey(tx: Tx, keyId: string, now: Date): Promise<void> {
  await tx.execute(sql`update shout_terminal_keys set last_used_at = ${now} where id = ${keyId}`);
}

const KeyStatusRow = z.object({ issuedAt: col.ts, issuedByName: col.textOrNull, lastUsedAt: col.tsOrNull });

/** The room's key as the administrator sees it. */
export function terminalKeyOfRoom(tx: Tx, classroomId: string) {
  // index: shout_terminal_keys_room_uq (school_id, classroom_id)
  return queryRow(tx, KeyStatusRow, sql`
    select k.created_at as "issuedAt", a.name as "issuedByName", k.last_used_at as "lastUsedAt"
    from shout_terminal_keys k left join accounts a on a.id = k.issued_by
    where k.classroom_id = ${classroomId}`);
}

/** Replaces the room's key (a new id: terminals signed in with the old one are refused). */
export async function replaceTerminalKey(tx: Tx, k: { schoolId: string; classroomId: string; secretHash: string; issuedBy: string; now: Date }) {
  await tx.execute(sql`delete from shout_terminal_keys where classroom_id = ${k.classroomId}`);
  const row = await queryRow(tx, z.object({ keyId: col.text, issuedAt: col.ts }), sql`
    insert into shout_terminal_keys (school_id, classroom_id, secret_hash, issued_by, created_at)
    values (${k.schoolId}, ${k.classroomId}, ${k.secretHash}, ${k.issuedBy}, ${k.now})
    returning id::text as "keyId", created_at as "issuedAt"`);
  return row!;
}

/** Removes the room's key; whether there was one. */
export async function deleteTerminalKey(tx: Tx, classroomId: string): Promise<boolean> {
  const rows = await queryRows(tx, z.object({ id: col.text }), sql`delete from shout_terminal_keys where classroom_id = ${classroomId} returning id::text as id`);
  return rows.length > 0;
}

export async function insertBroadcast(tx: Tx, b: { schoolId: string; classroomId: string; accountId: string; startedAt: Date; terminals: number; delivery: string }): Promise<string> {
  const row = await queryRow(tx, z.object({ id: col.text }), sql`
    insert into shout_broadcasts (school_id, classroom_id, account_id, started_at, terminals, delivery)
    values (${b.schoolId}, ${b.classroomId}, ${b.accountId}, ${b.startedAt}, ${b.terminals}, ${b.delivery})
    returning id::text as id`);
  return row!.id;
}

export async function endBroadcast(tx: Tx, id: string, endedAt: Date): Promise<void> {
  await tx.execute(sql`update shout_broadcasts set ended_at = greatest(${endedAt}::timestamptz, started_at) where id = ${id} and ended_at is null`);
}

const BroadcastRow = z.object({
  id: col.text,
  classroomId: col.text,
  classroomName: col.text,
  buildingName: col.text,
  speakerId: col.text,
  speakerName: col.text,
  startedAt: col.ts,
  endedAt: col.tsOrNull,
  durationSeconds: col.intOrNull,
  terminals: col.int,
  delivery: col.text,
  total: col.int,
});

/** The broadcast log, newest first, optionally of one room. */
export async function broadcasts(tx: Tx, q: { classroomId?: string | undefined; pageNum: number; pageSize: number }) {
  const where: SQL = q.classroomId ? sql`where s.classroom_id = ${q.classroomId}` : sql``;
  // index: shout_broadcasts_room_idx (school_id, classroom_id, started_at)
  // index: shout_broadcasts_started_idx (school_id, started_at)
  const rows = await queryRows(tx, BroadcastRow, sql`
    select s.id::text as id, s.classroom_id::text as "classroomId", r.name as "classroomName", b.name as "buildingName",
      s.account_id::text as "speakerId", a.name as "speakerName", s.started_at as "startedAt", s.ended_at as "endedAt",
      case when s.ended_at is null then null else round(extract(epoch from (s.ended_at - s.started_at)))::int end as "durationSeconds",
      s.terminals, s.delivery, count(*) over ()::int as total
    from shout_broadcasts s
    join classrooms r on r.school_id = s.school_id and r.id = s.classroom_id
    join buildings b on b.school_id = r.school_id and b.id = r.building_id
    join accounts a on a.id = s.account_id
    ${where}
    order by s.started_at desc, s.id desc
    limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`);
  return { rows: rows.map(({ total: _t, ...r }) => r), total: rows[0]?.total ?? 0 };
}
