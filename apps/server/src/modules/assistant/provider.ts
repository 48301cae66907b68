/**
 * Whose language model answers a school's assistant, and how much it may use
 * (docs/decisions/0029-assistant-provider-and-fair-use.md). A school that sets address, model and key
 * together is answered by its own model; otherwise by the deployment's (LLM_*); otherwise by the
 * offline data assistant. The key is sealed at rest and never returned, only ever sent to the
 * address it was saved with, through the guarded outbound client (the address is checked on every
 * call) — the rules of every school-set service (platform/school-service.ts).
 */
import type { TAssistantSettings, TAssistantTestResult, TAssistantUsage, TSaveAssistantSettings } from '@hxk/contracts';
import type { Deps, MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { chooseService, nextService, serviceView, type ServiceInUse, type StoredService } from '../../platform/school-service.ts';
import { openAiCompatible, type LlmProvider } from '../../platform/adapters/llm.ts';
import { schoolClock } from '../calendar/calendar.service.ts';
import { checkBudget, checkPersonRate, checkSchoolRate, monthRange, remaining, reservationFor, RESERVATION_TTL_MS, TokenMeter } from './fair-use.ts';
import * as repo from './provider.repo.ts';

type LlmSettings = NonNullable<Deps['config']['llm']>;

const stored = (row: repo.SettingsRow | undefined): StoredService => ({ baseUrl: row?.baseUrl ?? null, model: row?.model ?? null, sealedKey: row?.apiKey ?? null });

function chosen(deps: Pick<Deps, 'config' | 'secrets'>, row: repo.SettingsRow | undefined) {
  const deployment = deps.config.llm;
  // The school's one model answers both the chat (0) and the reasoner (1) choice.
  const own = (o: { baseUrl: string; model: string; apiKey: string }): LlmSettings => ({ baseUrl: o.baseUrl, apiKey: o.apiKey, models: [o.model, o.model], timeoutMs: deployment?.timeoutMs ?? 300_000 });
  return chooseService<LlmSettings>(deps.secrets, stored(row), own, deployment);
}

/** The model that answers the school now (null: the offline data assistant), with whose it is. */
export function providerFor(deps: Pick<Deps, 'config' | 'secrets'>, row: repo.SettingsRow | undefined): { service: ServiceInUse; llm: LlmProvider | null } {
  const { service, settings } = chosen(deps, row);
  return { service, llm: settings ? openAiCompatible({ ...settings, allowHosts: deps.config.outboundAllowHosts }) : null };
}

export type Answering = { service: ServiceInUse; llm: LlmProvider | null; day: string; reservationId: string | null };

/**
 * Who answers the asker's next question (or live commentary), refused (429) when they or the whole
 * school asked their hourly number of questions (kept questions only: `hourly` false for a
 * commentary, which keeps none), or when a model would answer and the school's month or the asker's
 * day has used its token budget. The school's limit and the budgets are checked atomically: the
 * school's settings row is locked for the rest of the transaction, the answers under way count with
 * their reservations, and this one reserves the estimate of `reserveText` (settled by recordUsage).
 */
export async function admitQuestion(ctx: MemberCtx, tx: Tx, o: { reserveText: string; hourly?: boolean }): Promise<Answering> {
  let row = await repo.settingsRow(tx);
  const now = ctx.deps.now();
  const hourAgo = new Date(now.getTime() - 3_600_000);
  if (o.hourly !== false && row?.personHourly) checkPersonRate(await repo.askedSince(tx, ctx.auth.accountId, hourAgo), row.personHourly, now);
  if (o.hourly !== false && row?.schoolHourly) {
    // The school's questions are admitted one at a time from here to the commit (which keeps this
    // one), so questions asked together never pass the limit together.
    row = await repo.lockSettings(tx);
    if (row?.schoolHourly) checkSchoolRate(await repo.nthAskedInSchoolSince(tx, hourAgo, row.schoolHourly), row.schoolHourly, now);
  }
  const { service, llm } = providerFor(ctx.deps, row);
  const { date: day } = schoolClock(ctx);
  let reservationId: string | null = null;
  if (llm && (row?.monthlyTokens || row?.personDailyTokens)) {
    // Questions of the school are admitted one at a time from here to the commit.
    row = await repo.lockSettings(tx);
    if (row?.monthlyTokens || row?.personDailyTokens) {
      const tokens = reservationFor(o.reserveText);
      const fresh = new Date(now.getTime() - RESERVATION_TTL_MS);
      if (row.monthlyTokens) {
        const { from, to } = monthRange(day.slice(0, 7));
        checkBudget(await repo.tokensBetween(tx, from, to), row.monthlyTokens, await repo.reservedSince(tx, fresh), tokens);
      }
      if (row.personDailyTokens) {
        const me = ctx.auth.accountId;
        checkBudget(await repo.personTokensOn(tx, me, day), row.personDailyTokens, await repo.reservedSince(tx, fresh, me), tokens, 'assistant.personBudgetReached');
      }
      reservationId = await repo.reserve(tx, { schoolId: ctx.auth.schoolId, accountId: ctx.auth.accountId, tokens, at: now });
    }
  }
  return { service, llm, day, reservationId };
}

/**
 * Counts an answer (however it ended; questions 1) or a connection test (questions 0) in the day's
 * usage of its model and asker, and ends its reservation in the same transaction.
 */
export async function recordUsage(ctx: MemberCtx, a: { day: string; model: string; meter: TokenMeter; reservationId?: string | null; questions?: 0 | 1 }): Promise<void> {
  await inSchool(ctx, async (tx) => {
    await repo.addUsage(tx, { schoolId: ctx.auth.schoolId, day: a.day, model: a.model, accountId: ctx.auth.accountId, tokens: a.meter.tokens, estimatedTokens: a.meter.estimated, questions: a.questions ?? 1 });
    if (a.reservationId) await repo.release(tx, a.reservationId, new Date(ctx.deps.now().getTime() - RESERVATION_TTL_MS));
  });
}

export async function assistantSettings(ctx: MemberCtx): Promise<TAssistantSettings> {
  const row = await inSchool(ctx, repo.settingsRow);
  return {
    ...serviceView(stored(row)),
    inUse: chosen(ctx.deps, row).service,
    deploymentConfigured: ctx.deps.config.llm !== null,
    monthlyTokens: row?.monthlyTokens ?? null,
    personHourly: row?.personHourly ?? null,
    schoolHourly: row?.schoolHourly ?? null,
    personDailyTokens: row?.personDailyTokens ?? null,
  };
}

export async function saveAssistantSettings(ctx: MemberCtx, input: TSaveAssistantSettings): Promise<TAssistantSettings> {
  await inSchool(ctx, async (tx) => {
    const next = nextService(ctx.deps.secrets, stored(await repo.settingsRow(tx)), input, 'assistant.incomplete');
    await repo.saveSettings(tx, ctx.auth.schoolId, { baseUrl: next.baseUrl, model: next.model, apiKey: next.sealedKey, monthlyTokens: input.monthlyTokens, personHourly: input.personHourly, ...(input.schoolHourly !== undefined ? { schoolHourly: input.schoolHourly } : {}), ...(input.personDailyTokens !== undefined ? { personDailyTokens: input.personDailyTokens } : {}), updatedAt: ctx.deps.now() });
  });
  return assistantSettings(ctx);
}

/**
 * Asks the model in use for a one-word answer and ends the request at its first word (a handful of
 * tokens, counted in the day's usage like any answer's, though not as a question).
 */
export async function testProvider(ctx: MemberCtx): Promise<TAssistantTestResult> {
  const row = await inSchool(ctx, repo.settingsRow);
  const { service, llm } = providerFor(ctx.deps, row);
  if (!llm || service === 'none') throw new AppError('assistant.notConfigured');
  const started = Date.now();
  const stop = new AbortController();
  const messages = [{ role: 'user' as const, content: 'Reply with the single word: ok' }];
  const meter = new TokenMeter();
  let received = '';
  let reported = false;
  let answered = false;
  try {
    for await (const ev of llm.stream({ model: 0, messages, think: false, signal: stop.signal })) {
      if (ev.kind === 'usage') {
        meter.reported(ev.promptTokens, ev.completionTokens);
        reported = true;
        continue;
      }
      if (ev.kind === 'reasoning' || ev.kind === 'content') received += ev.text;
      answered = true;
      break;
    }
  } finally {
    stop.abort();
    // Ended at the first word, so the provider reports no usage: estimated from what went and came back.
    if (!reported && received) meter.estimate(JSON.stringify(messages), received);
    if (meter.tokens > 0) await recordUsage(ctx, { day: schoolClock(ctx).date, model: llm.models[0], meter, questions: 0 });
  }
  if (!answered) throw new AppError('assistant.providerUnreachable');
  return { service, model: llm.models[0], ms: Date.now() - started };
}

async function usageOf(ctx: MemberCtx, month: string | undefined, accountId: string | null): Promise<TAssistantUsage> {
  const m = month ?? schoolClock(ctx).date.slice(0, 7);
  const { from, to } = monthRange(m);
  const { days, budget } = await inSchool(ctx, async (tx) => ({ days: await repo.usageByDay(tx, from, to, accountId), budget: (await repo.settingsRow(tx))?.monthlyTokens ?? null }));
  const tokens = days.reduce((n, d) => n + d.tokens, 0);
  // The budget is the school's: what is left of it is told against the school's use, also to a person.
  const schoolTokens = accountId === null ? tokens : await inSchool(ctx, (tx) => repo.tokensBetween(tx, from, to));
  return { month: m, questions: days.reduce((n, d) => n + d.questions, 0), tokens, monthlyTokens: budget, remainingTokens: remaining(schoolTokens, budget), days };
}

/** The school's usage of a month per day and model (never per person): the administrator's view. */
export const schoolUsage = (ctx: MemberCtx, month: string | undefined) => usageOf(ctx, month, null);

/** The asker's own usage of a month. */
export const myUsage = (ctx: MemberCtx, month: string | undefined) => usageOf(ctx, month, ctx.auth.accountId);
