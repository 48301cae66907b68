/**
 * The assistant's fair use (docs/decisions/0029): the rules, apart from where their figures come
 * from. A school may set a monthly token budget, a daily token budget per person, a number of
 * questions per person per hour and one for the whole school per hour; the server refuses a question
 * (429, localized) once any is reached. Tokens are the provider's
 * reported usage, or — when it reports none (a stop, a server without stream usage) — an estimate
 * from the text sent and received.
 */
import { AppError } from '../../platform/errors.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Refuses a question that would use a model when a budget is used: the school's month's (the
 * default) or the asker's day's (`assistant.personBudgetReached`); null: no budget. `reservedTokens`
 * are held by answers under way (the school's, or the asker's), `reservation` is what this one would
 * hold: alone, a question may take what is left (it may overshoot by its own size, as before);
 * beside answers under way it must fit with theirs, so questions asked together never pass the
 * budget together (docs/decisions/0029).
 */
export function checkBudget(usedTokens: number, budget: number | null, reservedTokens = 0, reservation = 0, key: 'assistant.budgetReached' | 'assistant.personBudgetReached' = 'assistant.budgetReached'): void {
  if (budget === null) return;
  const held = usedTokens + reservedTokens;
  if (held >= budget || (reservedTokens > 0 && held + reservation > budget)) throw new AppError(key, { budget });
}

/** What an answer reserves beyond its question's text: the system prompt, the tools offered and an answer. */
export const ANSWER_RESERVE_TOKENS = 3000;
/** A reservation older than this (a server that died mid-answer) no longer holds the budget. */
export const RESERVATION_TTL_MS = 30 * 60 * 1000;

/** The tokens an answer to this text is expected to use, held while it runs. */
export const reservationFor = (text: string): number => estimateTokens(text) + ANSWER_RESERVE_TOKENS;

/** What is left of the month's budget (never below 0), or null without a budget. */
export const remaining = (usedTokens: number, monthlyTokens: number | null): number | null => (monthlyTokens === null ? null : Math.max(0, monthlyTokens - usedTokens));

/**
 * Refuses a question when the person asked `limit` questions in the hour before `now` (null: no
 * limit); says in how many minutes the oldest of them leaves the hour.
 */
export function checkPersonRate(askedAt: readonly Date[], limit: number | null, now: Date): void {
  if (limit === null) return;
  const since = now.getTime() - HOUR_MS;
  const inHour = askedAt.map((d) => d.getTime()).filter((t) => t > since).sort((a, b) => a - b);
  checkHourly('assistant.personRate', inHour.length >= limit ? new Date(inHour[inHour.length - limit]!) : null, limit, now);
}

/**
 * Refuses a question when the whole school asked `limit` questions in the hour before `now` (null:
 * no limit). `nthLatest` is when the school's `limit`-th most recent question was asked (null: it
 * has asked fewer).
 */
export function checkSchoolRate(nthLatest: Date | null, limit: number | null, now: Date): void {
  if (limit === null) return;
  checkHourly('assistant.schoolRate', nthLatest, limit, now);
}

/**
 * The hourly rule: `nthLatest` is the limit-th most recent question; while it is within the hour
 * another would pass the limit, and the refusal says in how many minutes it leaves the hour.
 */
function checkHourly(key: 'assistant.personRate' | 'assistant.schoolRate', nthLatest: Date | null, limit: number, now: Date): void {
  if (!nthLatest || nthLatest.getTime() <= now.getTime() - HOUR_MS) return;
  const frees = nthLatest.getTime() + HOUR_MS;
  throw new AppError(key, { limit, minutes: Math.max(1, Math.ceil((frees - now.getTime()) / 60_000)) });
}

// Han, kana and Hangul: about a token each in the tokenizers of the models schools use.
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/gu;

/**
 * A fair estimate of the tokens of a text when the provider reports none: a token per CJK
 * character, a token per four other characters (the usual ratio for English and code), at least
 * one for a non-empty text.
 */
export function estimateTokens(text: string): number {
  if (!text) return 0;
  const cjk = text.match(CJK)?.length ?? 0;
  const other = text.length - cjk;
  return Math.max(1, cjk + Math.ceil(other / 4));
}

/** The first day of a YYYY-MM month and of the month after it (a half-open range of days). */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

/** Counts one answer's tokens: each round's reported usage, else its estimate. */
export class TokenMeter {
  tokens = 0;
  estimated = 0;

  reported(promptTokens: number, completionTokens: number): void {
    this.tokens += promptTokens + completionTokens;
  }

  estimate(sent: string, received: string): void {
    const n = estimateTokens(sent) + estimateTokens(received);
    this.tokens += n;
    this.estimated += n;
  }
}
