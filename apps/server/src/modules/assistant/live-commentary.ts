/**
 * The live commentary (spec section 7's live-stream socket, type 101; docs/decisions/0023): the
 * assistant's commentary on a class in progress, from the class's live analysis figures, streamed as
 * OpenAI-shaped chunks. Who may ask: those whose patrol reach covers the class's room (the rule for
 * watching it); another school's class is not found. Who comments: the same chain as askProblem —
 * the school's model, else the deployment's, else the offline data assistant, whose commentary is
 * built by fixed rules from the same figures (live-commentary.text.ts) — within the school's budget.
 */
import { ERRORS, formatMessage, LIVE_COMMENTARY_TYPE, type TLanguage, type TLiveAnalysis, type TLiveCommentaryChunk } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { liveAnalysisOfClass } from '../analysis/live.service.ts';
import { assertRoomInReach } from '../live/live.service.ts';
import { watchableClass } from '../recordings/recordings.service.ts';
import { TokenMeter } from './fair-use.ts';
import { admitQuestion, recordUsage } from './provider.ts';
import { pct } from './assistant.text.ts';
import { sayLive } from './live-commentary.text.ts';

/** How many recent samples the trend compares (first against last). */
const TREND_POINTS = 6;
/** A change of head-up under this (0..1) is steady. */
const TREND_STEP = 0.05;

export type LiveFacts = {
  course: string;
  teacher: string;
  room: string;
  minute: number;
  totalMinutes: number | null;
  live: TLiveAnalysis;
};

/** The class and its live figures, when the asker's patrol reach covers its room. */
export async function liveFacts(ctx: MemberCtx, liveId: string): Promise<{ facts: LiveFacts | null; course: string }> {
  const cls = await inSchool(ctx, async (tx) => {
    const c = await watchableClass(tx, ctx.auth.accountId, liveId);
    // Its own teacher reads its figures on their screens; the commentary is the patrol's.
    await assertRoomInReach(tx, ctx.auth.accountId, c.classroomId);
    return c;
  });
  const { live } = await liveAnalysisOfClass(ctx, liveId);
  if (!live?.now) return { facts: null, course: cls.courseName };
  const total = live.startedAt && live.endsAt ? Math.round((Date.parse(live.endsAt) - Date.parse(live.startedAt)) / 60_000) : null;
  return {
    course: cls.courseName,
    facts: {
      course: cls.courseName,
      teacher: cls.teacherName,
      room: [cls.buildingName, cls.classroomName].filter(Boolean).join(' '),
      minute: Math.max(1, Math.ceil(live.now.t / 60)),
      totalMinutes: total,
      live,
    },
  };
}

const rate = (v: number | null | undefined) => pct(v, 100);

/** What the model is given: the figures, rounded, without ids. */
export function factsForModel(f: LiveFacts): Record<string, unknown> {
  const l = f.live;
  const round = (v: number | null | undefined) => (v == null ? null : Math.round(v * 1000) / 1000);
  return {
    course: f.course, teacher: f.teacher, room: f.room, minute: f.minute, totalMinutes: f.totalMinutes, status: l.status,
    now: l.now && { present: l.now.present, expectedStudents: l.expectedStudents, attendanceRate: round(l.now.attendanceRate), headUpRate: round(l.now.headUpRate), frontRowRate: round(l.now.frontRowRate), teacherPresent: l.now.teacherPresent },
    soFar: { attendanceRate: round(l.attendanceRate), headUpRate: round(l.headUpRate), frontRowRate: round(l.frontRowRate) },
    headUpRecent: l.curve.slice(-TREND_POINTS).map((p) => round(p.headUpRate)),
    st: l.st && { rt: round(l.st.rt), ch: round(l.st.ch), mode: l.st.mode },
    talkSeconds: l.talk,
    warnings: l.warnings.map((w) => ({ kind: w.kind, level: w.level, open: w.endedAt === null })),
  };
}

/** The offline commentary: its thinking (the rules) and its paragraphs. */
export function rulesCommentary(lang: TLanguage, f: LiveFacts): { thinking: string; paragraphs: string[] } {
  const l = f.live;
  const now = l.now!;
  const out: string[] = [];
  out.push(f.totalMinutes ? sayLive(lang, 'head', { course: f.course, teacher: f.teacher, room: f.room, minute: f.minute, total: f.totalMinutes }) : sayLive(lang, 'headOpen', { course: f.course, teacher: f.teacher, room: f.room, minute: f.minute }));
  out.push(sayLive(lang, 'now', { present: now.present, attendance: rate(now.attendanceRate), headUp: rate(now.headUpRate), frontRow: rate(now.frontRowRate) }));
  const recent = l.curve.slice(-TREND_POINTS).filter((p) => p.headUpRate !== null);
  if (recent.length >= 2) {
    const from = recent[0]!.headUpRate!;
    const to = recent.at(-1)!.headUpRate!;
    const minutes = Math.max(1, Math.round(((recent.length - 1) * l.sampleSeconds) / 60));
    const key = to - from >= TREND_STEP ? 'trend.rising' : from - to >= TREND_STEP ? 'trend.falling' : 'trend.steady';
    out.push(sayLive(lang, key, { minutes, from: rate(from), to: rate(to) }));
  }
  out.push(sayLive(lang, 'soFar', { attendance: rate(l.attendanceRate), headUp: rate(l.headUpRate), frontRow: rate(l.frontRowRate) }));
  if (l.st) out.push(sayLive(lang, 'st', { rt: l.st.rt.toFixed(2), ch: l.st.ch.toFixed(2), mode: sayLive(lang, `mode.${l.st.mode}`) }));
  if (l.talk) {
    const sum = l.talk.teacher + l.talk.student + l.talk.silence;
    if (sum > 0) out.push(sayLive(lang, 'talk', { teacher: rate(l.talk.teacher / sum), student: rate(l.talk.student / sum), silence: rate(l.talk.silence / sum) }));
  }
  if (now.teacherPresent === false) out.push(sayLive(lang, 'teacherAway'));
  const by = (level: string) => l.warnings.filter((w) => w.level === level).length;
  out.push(l.warnings.length
    ? sayLive(lang, 'warnings', { n: l.warnings.length, mild: by('mild'), moderate: by('moderate'), severe: by('severe'), open: l.warnings.filter((w) => w.endedAt === null).length })
    : sayLive(lang, 'noWarnings'));
  const tips: string[] = [];
  if (now.attendanceRate !== null && now.attendanceRate < 0.8) tips.push(sayLive(lang, 'tip.attendance'));
  if (now.headUpRate !== null && now.headUpRate < 0.5) tips.push(sayLive(lang, 'tip.headUp'));
  if (now.frontRowRate !== null && now.frontRowRate < 0.5) tips.push(sayLive(lang, 'tip.frontRow'));
  if (l.st && l.st.rt >= 0.7 && l.st.ch < 0.4) tips.push(sayLive(lang, 'tip.lecture'));
  if (tips.length) out.push(`${sayLive(lang, 'tipsTitle')}\n\n${tips.map((t) => `- ${t}`).join('\n')}`);
  const samples = l.curve.length;
  return { thinking: sayLive(lang, 'thinking', { minute: f.minute, sample: l.sampleSeconds, samples }), paragraphs: out };
}

/**
 * One commentary on the class `liveId`, as chunks: the first says who comments, the last carries
 * finish_reason ('stop' when complete, 'error' with the reason when it failed). Refusals (scope,
 * another school, budget) are thrown before anything streams. Stopping (the signal) ends the upstream
 * request at once; the tokens spent are counted either way.
 */
export async function* liveCommentary(ctx: MemberCtx, liveId: string, signal: AbortSignal): AsyncGenerator<TLiveCommentaryChunk> {
  const { facts, course } = await liveFacts(ctx, liveId);
  const chunk = (delta: { reasoning_content?: string; content?: string }, finish: string | null = null): TLiveCommentaryChunk => ({ type: LIVE_COMMENTARY_TYPE, liveId, choices: [{ index: 0, delta, finish_reason: finish }] });
  if (!facts) {
    yield { ...chunk({}), source: 'rules', course };
    yield chunk({ content: sayLive(ctx.lang, 'noFigures') });
    yield chunk({}, 'stop');
    return;
  }
  const forModel = JSON.stringify(factsForModel(facts));
  const system = sayLive(ctx.lang, 'system');
  const admitted = await inSchool(ctx, (tx) => admitQuestion(ctx, tx, { reserveText: `${system}\n${forModel}`, hourly: false }));
  const { llm } = admitted;
  const meter = new TokenMeter();
  // Counted before the last chunk goes out, so that whoever reads the usage on 'stop' sees it; once.
  let counted = false;
  const count = async () => {
    if (counted) return;
    counted = true;
    await recordUsage(ctx, { day: admitted.day, model: llm ? llm.models[0] : 'rules', meter, reservationId: admitted.reservationId });
  };
  try {
    yield { ...chunk({}), source: llm ? 'llm' : 'rules', course };
    if (!llm) {
      const { thinking, paragraphs } = rulesCommentary(ctx.lang, facts);
      yield chunk({ reasoning_content: thinking });
      for (const [i, p] of paragraphs.entries()) yield chunk({ content: i ? `\n\n${p}` : p });
      await count();
      yield chunk({}, 'stop');
      return;
    }
    const messages = [{ role: 'system' as const, content: system }, { role: 'user' as const, content: forModel }];
    let received = '';
    let reported = false;
    let finish: string | null = null;
    try {
      for await (const ev of llm.stream({ model: 0, messages, think: true, signal })) {
        if (ev.kind === 'usage') {
          meter.reported(ev.promptTokens, ev.completionTokens);
          reported = true;
        } else if (ev.kind === 'reasoning') {
          received += ev.text;
          yield chunk({ reasoning_content: ev.text });
        } else if (ev.kind === 'content') {
          received += ev.text;
          yield chunk({ content: ev.text });
        } else finish = ev.reason;
      }
    } finally {
      if (!reported && received) meter.estimate(JSON.stringify(messages), received);
    }
    await count();
    if (!signal.aborted) yield chunk({}, finish ?? 'stop');
  } catch (err) {
    if (signal.aborted) return;
    if (!(err instanceof AppError)) ctx.deps.log.error({ err }, 'live commentary failed');
    const failure = err instanceof AppError ? err : new AppError('assistant.providerUnreachable');
    await count();
    yield { ...chunk({}, 'error'), error: formatMessage(ERRORS[failure.key][ctx.lang], failure.params) };
  } finally {
    await count();
  }
}
