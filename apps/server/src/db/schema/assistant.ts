/**
 * The AI assistant (issue 16, docs/decisions/0023-ai-assistant.md): a person's chat sessions and the
 * questions asked in them, each kept with its thinking and its answer. Tenant tables with (school_id,
 * id) keys and row-level security (the custom migration after the generated one); a session belongs
 * to the member who made it, and the service reads only the asker's own.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { schools } from './platform.ts';
import { schoolMemberships } from './school.ts';
import { createdAt, id, idString, schoolId, ts } from './columns.ts';

const school = () => schoolId().references(() => schools.id, { onDelete: 'cascade' });

/** A conversation: untitled (shown as "new conversation" in the reader's language) until its first question. */
export const assistantSessions = pgTable('assistant_sessions', {
  schoolId: school(),
  id: id(),
  creatorId: idString('creator_id').notNull(),
  title: text('title'),
  /** 0 the chat model, 1 the reasoning model (spec section 7). */
  model: smallint('model').notNull().default(0),
  /** 0 open (deleted sessions are removed, not flagged). */
  status: smallint('status').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ name: 'assistant_sessions_creator_fk', columns: [t.schoolId, t.creatorId], foreignColumns: [schoolMemberships.schoolId, schoolMemberships.accountId] }).onDelete('cascade'),
  index('assistant_sessions_creator_idx').on(t.schoolId, t.creatorId, t.updatedAt),
  check('assistant_sessions_ck', sql`${t.model} in (0, 1) and (${t.title} is null or char_length(${t.title}) <= 100)`),
]);

/** One question and its answer: problem, thoughtProcess, summarize, stopState (spec section 3). */
export const assistantMessages = pgTable('assistant_messages', {
  schoolId: school(),
  id: id(),
  sessionId: idString('session_id').notNull(),
  problem: text('problem').notNull(),
  thoughtProcess: text('thought_process').notNull().default(''),
  summarize: text('summarize').notNull().default(''),
  /** 0 answered to the end, 1 stopped by the asker, 2 failed (the provider's error, localized at reading). */
  stopState: smallint('stop_state').notNull().default(0),
  /** The provider's finish reason ('stop', 'length'...), or null while streaming / when stopped. */
  finishReason: text('finish_reason'),
  errorKey: text('error_key'),
  isThink: boolean('is_think').notNull().default(false),
  isExpand: boolean('is_expand').notNull().default(true),
  model: smallint('model').notNull().default(0),
  /** Who answered: 'llm' (a configured model) or 'rules' (the offline data assistant). */
  source: text('source').notNull(),
  thinkMs: integer('think_ms'),
  /** The tools the answer used: name, parameters, row counts, link. */
  tools: jsonb('tools').notNull().default(sql`'[]'::jsonb`),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.sessionId], foreignColumns: [assistantSessions.schoolId, assistantSessions.id] }).onDelete('cascade'),
  index('assistant_messages_session_idx').on(t.schoolId, t.sessionId, t.createdAt),
  // The school's questions of the last hour (its hourly limit).
  index('assistant_messages_created_idx').on(t.schoolId, t.createdAt),
  check('assistant_messages_ck', sql`${t.stopState} in (0, 1, 2) and ${t.source} in ('llm', 'rules') and char_length(${t.problem}) between 1 and 4000`),
]);

/**
 * The school's own language model and its fair-use limits (docs/decisions/0029-assistant-provider-and-fair-use.md):
 * address, model and API key together (the key sealed by the secret box, never returned), or none
 * to use the deployment's; a monthly token budget for the school, a daily token budget per person,
 * and questions per person and of the whole school per hour (null: no limit of the school's own).
 */
export const assistantSettings = pgTable('assistant_settings', {
  schoolId: school().primaryKey(),
  baseUrl: text('base_url'),
  model: text('model'),
  /** Sealed (platform/secret-box.ts): `sealed:v1:…`. */
  apiKey: text('api_key'),
  monthlyTokens: bigint('monthly_tokens', { mode: 'number' }),
  personHourly: integer('person_hourly'),
  schoolHourly: integer('school_hourly'),
  personDailyTokens: bigint('person_daily_tokens', { mode: 'number' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  check('assistant_settings_ck', sql`(${t.monthlyTokens} is null or ${t.monthlyTokens} > 0) and (${t.personHourly} is null or ${t.personHourly} > 0) and (${t.schoolHourly} is null or ${t.schoolHourly} > 0) and (${t.personDailyTokens} is null or ${t.personDailyTokens} > 0)`),
]);

/**
 * What the assistant used, per school day, model and asker: questions and tokens (the provider's
 * reported usage, or an estimate from the text when it reports none). The asker is kept so a person
 * can read their own; the administrator reads it per school and per model only.
 */
export const assistantUsage = pgTable('assistant_usage', {
  schoolId: school(),
  day: date('day', { mode: 'string' }).notNull(),
  /** The model that answered, or 'rules' for the offline data assistant. */
  model: text('model').notNull(),
  accountId: idString('account_id').notNull(),
  questions: integer('questions').notNull().default(0),
  tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
  /** Of those tokens, how many were estimated (the provider reported none). */
  estimatedTokens: bigint('estimated_tokens', { mode: 'number' }).notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.day, t.model, t.accountId] }),
  index('assistant_usage_account_idx').on(t.schoolId, t.accountId, t.day),
]);

/**
 * Tokens held for answers under way against the school's monthly budget and the asker's daily one
 * (docs/decisions/0029): a question (or a live commentary) reserves an estimate when it is admitted,
 * under a lock of the school's settings row, and the reservation is replaced by the actual usage when
 * the answer ends. One older than the longest answer (a crashed server) no longer holds the budget.
 */
export const assistantReservations = pgTable('assistant_reservations', {
  schoolId: school(),
  id: id(),
  tokens: bigint('tokens', { mode: 'number' }).notNull(),
  /** Whose answer it holds (null: reserved before the daily budget per person existed). */
  accountId: idString('account_id'),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  index('assistant_reservations_created_idx').on(t.schoolId, t.createdAt),
  check('assistant_reservations_ck', sql`${t.tokens} >= 0`),
]);
