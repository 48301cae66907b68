/**
 * Shouting into a classroom (issue 14): the per-room device keys of classroom terminals (the page a
 * room's PC keeps open to play what a supervisor says) and the log of every broadcast. Tenant tables
 * with (school_id, id) keys; row-level security in the migration after the tables'.
 */
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { schools } from './platform.ts';
import { schoolMemberships } from './school.ts';
import { classrooms } from './directory.ts';
import { createdAt, id, idString, schoolId, ts } from './columns.ts';

const school = () => schoolId().references(() => schools.id, { onDelete: 'cascade' });

/**
 * A room's terminal key: one per room, replaced when rotated. Only a hash of its secret is kept
 * (SHA-256 of a 32-byte random secret: a high-entropy secret needs no slow hash); the key itself is
 * shown once to the administrator who issued it.
 */
export const shoutTerminalKeys = pgTable('shout_terminal_keys', {
  schoolId: school(),
  id: id(),
  classroomId: idString('classroom_id').notNull(),
  secretHash: text('secret_hash').notNull(),
  issuedBy: idString('issued_by'),
  /** When the key was issued (column created_at). */
  issuedAt: createdAt(),
  /** When a terminal last signed in with this key. */
  lastUsedAt: ts('last_used_at'),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ name: 'shout_terminal_keys_room_fk', columns: [t.schoolId, t.classroomId], foreignColumns: [classrooms.schoolId, classrooms.id] }).onDelete('cascade'),
  uniqueIndex('shout_terminal_keys_room_uq').on(t.schoolId, t.classroomId),
]);

/** One broadcast: who spoke into which room, from when to when. */
export const shoutBroadcasts = pgTable('shout_broadcasts', {
  schoolId: school(),
  id: id(),
  classroomId: idString('classroom_id').notNull(),
  accountId: idString('account_id').notNull(),
  startedAt: ts('started_at').notNull(),
  endedAt: ts('ended_at'),
  /** Classroom terminals listening when the broadcast began. */
  terminals: integer('terminals').notNull().default(0),
  /** How the audio reached the room: 'terminal' (the classroom terminal page) or a gateway's name. */
  delivery: text('delivery').notNull().default('terminal'),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ name: 'shout_broadcasts_member_fk', columns: [t.schoolId, t.accountId], foreignColumns: [schoolMemberships.schoolId, schoolMemberships.accountId] }).onDelete('cascade'),
  foreignKey({ name: 'shout_broadcasts_room_fk', columns: [t.schoolId, t.classroomId], foreignColumns: [classrooms.schoolId, classrooms.id] }).onDelete('cascade'),
  index('shout_broadcasts_started_idx').on(t.schoolId, t.startedAt),
  index('shout_broadcasts_room_idx').on(t.schoolId, t.classroomId, t.startedAt),
  check('shout_broadcasts_times_ck', sql`${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt}`),
]);
