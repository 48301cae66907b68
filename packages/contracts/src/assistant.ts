/**
 * The AI assistant (issue 16; spec sections 3, 4 and 7): a person's conversations with the school's
 * assistant. askProblem answers as a stream of server-sent events, each the shape of an
 * OpenAI-compatible chat chunk (choices[0].delta.reasoning_content for thinking, .content for the
 * answer, finish_reason at the end) plus the message id and, at the end, the tools the answer used.
 */
import { z } from 'zod';
import { ZId, ZIdInput } from './common.ts';
import { ZHttpUrl } from './members.ts';

/** 0 the chat model (LLM_MODEL_CHAT), 1 the reasoning model (LLM_MODEL_REASONER). */
export const ZAssistantModel = z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(1)]));
/** isThink: 1 asks for the model's thinking, 2 does not (spec section 7). */
export const ZAssistantThink = z.coerce.number().int().pipe(z.union([z.literal(1), z.literal(2)]));
/** Longest question kept (a longer one is refused, not cut). */
export const ASSISTANT_LIMITS = { problem: 4000, title: 40, history: 200 } as const;

/** How an answer ended: answered to its finish reason, stopped by the asker, or failed. */
export const ASSISTANT_STOP_STATES = { done: 0, stopped: 1, failed: 2 } as const;

export const ZAskProblemQuery = z.object({
  isThink: ZAssistantThink.default(2),
  model: ZAssistantModel.default(0),
  /** Checked by the service (an empty question is refused with assistant.emptyProblem). */
  problem: z.string().max(ASSISTANT_LIMITS.problem, { message: 'validation.tooLong' }),
  sessionId: ZId,
});
export type TAskProblemQuery = z.input<typeof ZAskProblemQuery>;

export const ZNewSessionQuery = z.object({ model: ZAssistantModel.default(0) });
export const ZSessionIdQuery = z.object({ sessionId: ZId });

export const ZAssistantSession = z.object({
  id: ZId,
  /** "New conversation" in the reader's language until the first question gives it a title. */
  title: z.string(),
  createTime: z.string(),
  /** When its last question was asked: the history groups by it. */
  updateTime: z.string(),
  creator: ZId,
  model: z.number().int(),
  status: z.number().int(),
});
export type TAssistantSession = z.infer<typeof ZAssistantSession>;
export const ZSessionHistory = z.array(ZAssistantSession);

/** One read-only tool the answer ran: what it was asked, how many rows it read, the screen with the same data. */
export const ZAssistantToolUse = z.object({
  name: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  rows: z.number().int().nonnegative(),
  /** A path of the web app (without its base), or null when no screen shows it. */
  link: z.string().nullable(),
});
export type TAssistantToolUse = z.infer<typeof ZAssistantToolUse>;

export const ZAssistantMessage = z.object({
  id: ZId,
  sessionId: ZId,
  problem: z.string(),
  thoughtProcess: z.string(),
  summarize: z.string(),
  /** 0 answered, 1 stopped, 2 failed. */
  stopState: z.number().int(),
  finishReason: z.string().nullable(),
  /** The failure, localized, when stopState is 2. */
  error: z.string().nullable(),
  isThink: z.boolean(),
  isExpand: z.boolean(),
  model: z.number().int(),
  /** 'llm' when a configured language model answered, 'rules' for the offline data assistant. */
  source: z.enum(['llm', 'rules']),
  thinkMs: z.number().int().nullable(),
  tools: z.array(ZAssistantToolUse),
  createTime: z.string(),
});
export type TAssistantMessage = z.infer<typeof ZAssistantMessage>;
export const ZProblemList = z.array(ZAssistantMessage);

/** Whether a language model answers, and which ones (the panel says so). */
export const ZAssistantStatus = z.object({
  llm: z.boolean(),
  models: z.array(z.string()),
  /** Whose model answers: the school's own, the deployment's, or none (the offline data assistant). */
  provider: z.enum(['school', 'deployment', 'none']),
});
export type TAssistantStatus = z.infer<typeof ZAssistantStatus>;

/** One event of askProblem's stream (`data: <json>`), then `data: [DONE]`. */
export const ZAssistantChunk = z.object({
  messageId: ZId,
  sessionId: ZId,
  /** The session's title once the first question gave it one. */
  title: z.string().optional(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      delta: z.object({ reasoning_content: z.string().optional(), content: z.string().optional() }),
      finish_reason: z.string().nullable(),
    }),
  ),
  /** On the last event: the tools the answer used, how long it thought, and the error if it failed. */
  tools: z.array(ZAssistantToolUse).optional(),
  thinkMs: z.number().int().nullable().optional(),
  error: z.string().optional(),
  stopState: z.number().int().optional(),
});
export type TAssistantChunk = z.infer<typeof ZAssistantChunk>;

// ---------------------------------------------------------------- the school's own model and fair use

/**
 * The school's language model (docs/decisions/0029): its own when address, model and key are all set,
 * else the deployment's (LLM_*), else none (the offline data assistant). The key is never returned.
 * Fair use: a monthly token budget for the school, questions per person per hour and questions of
 * the whole school per hour (null: none).
 */
export const ZAssistantSettings = z.object({
  baseUrl: z.string().nullable(),
  model: z.string().nullable(),
  apiKeySet: z.boolean(),
  inUse: z.enum(['school', 'deployment', 'none']),
  deploymentConfigured: z.boolean(),
  monthlyTokens: z.number().int().nullable(),
  personHourly: z.number().int().nullable(),
  schoolHourly: z.number().int().nullable(),
  personDailyTokens: z.number().int().nullable(),
});
export type TAssistantSettings = z.infer<typeof ZAssistantSettings>;

export const ASSISTANT_FAIR_USE_LIMITS = { monthlyTokens: 1_000_000_000, personHourly: 10_000, schoolHourly: 100_000, personDailyTokens: 100_000_000 } as const;

/** apiKey: a new key, null to remove the stored one, absent to keep it (only with an unchanged address). */
export const ZSaveAssistantSettings = z.object({
  baseUrl: ZHttpUrl.nullable(),
  model: z.string().trim().min(1).max(100).nullable(),
  apiKey: z.string().trim().min(1).max(500).nullable().optional(),
  monthlyTokens: z.number().int().min(1).max(ASSISTANT_FAIR_USE_LIMITS.monthlyTokens).nullable(),
  personHourly: z.number().int().min(1).max(ASSISTANT_FAIR_USE_LIMITS.personHourly).nullable(),
  /** Absent: unchanged (clients written before the school's hourly limit existed). */
  schoolHourly: z.number().int().min(1).max(ASSISTANT_FAIR_USE_LIMITS.schoolHourly).nullable().optional(),
  /** Absent: unchanged (as schoolHourly). */
  personDailyTokens: z.number().int().min(1).max(ASSISTANT_FAIR_USE_LIMITS.personDailyTokens).nullable().optional(),
});
export type TSaveAssistantSettings = z.infer<typeof ZSaveAssistantSettings>;

/** A test of the model in use: it answered a one-word prompt, in how long, with which model. */
export const ZAssistantTestResult = z.object({ service: z.enum(['school', 'deployment']), model: z.string(), ms: z.number().int() });
export type TAssistantTestResult = z.infer<typeof ZAssistantTestResult>;

/** A month as YYYY-MM (school time); absent: the current month. */
export const ZAssistantUsageQuery = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'validation.invalid' }).optional() });

/** Questions and tokens of a day and a model ('rules': the offline data assistant). */
export const ZAssistantUsageRow = z.object({ day: z.string(), model: z.string(), questions: z.number().int(), tokens: z.number().int(), estimatedTokens: z.number().int() });

/** A month's usage of the school (per day and model, never per person) or of the asker alone. */
export const ZAssistantUsage = z.object({
  month: z.string(),
  questions: z.number().int(),
  tokens: z.number().int(),
  /** The school's monthly budget and what is left of it (null: no budget). */
  monthlyTokens: z.number().int().nullable(),
  remainingTokens: z.number().int().nullable(),
  days: z.array(ZAssistantUsageRow),
});
export type TAssistantUsage = z.infer<typeof ZAssistantUsage>;

// ---------------------------------------------------------------- the live commentary socket (type 101)

/**
 * The live-stream socket of spec section 7 (docs/decisions/0023): a WebSocket (session cookie) to
 * which the client sends `{ liveId, type: 101 }` — liveId the class in progress (its course session
 * id) — and receives the assistant's commentary on the class's live figures as OpenAI-shaped chunks
 * (choices[0].delta.reasoning_content / .content, finish_reason 'stop' on the last). Another init
 * replaces the commentary under way. A refusal is `{ type: 'error', key, message }`, localized.
 */
export const LIVE_COMMENTARY_PATH = '/ai/deekseek/v1/liveSocket';
export const LIVE_COMMENTARY_TYPE = 101;
/** Seconds a socket waits between two commentaries (each may spend tokens). */
export const LIVE_COMMENTARY_MIN_SECONDS = 5;

export const ZLiveCommentaryInit = z.object({ liveId: ZIdInput, type: z.literal(LIVE_COMMENTARY_TYPE) });
export type TLiveCommentaryInit = z.input<typeof ZLiveCommentaryInit>;

export const ZLiveCommentaryChunk = z.object({
  type: z.literal(LIVE_COMMENTARY_TYPE),
  liveId: ZId,
  choices: z.array(
    z.object({
      index: z.number().int(),
      delta: z.object({ reasoning_content: z.string().optional(), content: z.string().optional() }),
      finish_reason: z.string().nullable(),
    }),
  ),
  /** On the first chunk: who comments ('llm' a language model, 'rules' the offline data assistant) and the class. */
  source: z.enum(['llm', 'rules']).optional(),
  course: z.string().optional(),
  /** On the last chunk when the commentary failed: the reason, localized. */
  error: z.string().optional(),
});
export type TLiveCommentaryChunk = z.infer<typeof ZLiveCommentaryChunk>;

export const ZLiveCommentaryError = z.object({ type: z.literal('error'), key: z.string(), message: z.string(), liveId: ZId.optional() });
export type TLiveCommentaryError = z.infer<typeof ZLiveCommentaryError>;
export type TLiveCommentaryMessage = TLiveCommentaryChunk | TLiveCommentaryError;
