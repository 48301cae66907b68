import { customType, pgSequence, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** One id sequence for every table: ids are unique across the whole database. */
export const idSequence = pgSequence('hxk_id_seq', { startWith: 100000, cache: 1 });

/** 64-bit ids as decimal strings (ARCHITECTURE section 3): what pg returns and JSON carries. */
export const idString = customType<{ data: string; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  fromDriver: (v) => String(v),
  toDriver: (v) => v,
});

export const id = () => idString('id').notNull().default(sql`nextval('hxk_id_seq')`);
/** Tenant column: every tenant table has it, first in its primary key. */
export const schoolId = () => idString('school_id').notNull();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
