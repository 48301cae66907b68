/**
 * The rules of a questionnaire's questions and answers, as pure functions: what saving checks, the
 * score of one response as a percent (stored with it, so lists average it in SQL), and the aggregate
 * of many responses that feedback shows. The aggregate never carries a per-response row: counts,
 * means and the written comments (sorted, so their order says nothing about who wrote them).
 */
import {
  checkQuestion,
  maxScore,
  normalizeQuestion,
  scoreAnswer,
  type TAnswer,
  type TFinding,
  type TQuestionType,
  type TTemplateQuestion,
  type ZQuestionResult,
} from '@hxk/contracts';
import type { z } from 'zod';

/** The types whose answers are scores (a mean over full marks); choices are shown as counts only. */
export const SCORED_TYPES: readonly TQuestionType[] = ['score', 'star', 'combo1', 'combo2'];
const isScored = (q: TTemplateQuestion) => SCORED_TYPES.includes(q.type);
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const same = (s: string) => s.trim().toLowerCase();

export const normalizeQuestions = (list: TTemplateQuestion[]): TTemplateQuestion[] => list.map((q) => normalizeQuestion(q));

/** Every question's own rules, and keys and titles unique in the questionnaire (answers refer to keys). */
export function checkQuestions(list: TTemplateQuestion[]): { errors: TFinding[]; suggestions: TFinding[] } {
  const errors: TFinding[] = [];
  const suggestions: TFinding[] = [];
  const keys = new Set<string>();
  const titles = new Set<string>();
  list.forEach((q, i) => {
    const at = `questions.${i}`;
    const c = checkQuestion(q, at);
    errors.push(...c.errors);
    suggestions.push(...c.suggestions);
    if (keys.has(q.key)) errors.push({ path: `${at}.key`, key: 'template.keyDuplicate', params: { key: q.key } });
    keys.add(q.key);
    const t = same(q.title);
    if (titles.has(t)) errors.push({ path: `${at}.title`, key: 'template.elementDuplicate', params: { name: q.title.trim() } });
    titles.add(t);
  });
  return { errors, suggestions };
}

/** The answers to questions of the questionnaire only (a key it does not have is dropped). */
export function keepKnown(list: TTemplateQuestion[], answers: Record<string, TAnswer>): Record<string, TAnswer> {
  const keys = new Set(list.map((q) => q.key));
  return Object.fromEntries(Object.entries(answers).filter(([k]) => keys.has(k)));
}

/** What a submitted response must satisfy: every question answered within its rules (paths answers.<key>). */
export function answerFindings(list: TTemplateQuestion[], answers: Record<string, TAnswer>): TFinding[] {
  return list.flatMap((q) => scoreAnswer(q, answers[q.key], `answers.${q.key}`, true).error ?? []);
}

/** The scored questions' score as a percent of their full marks (2 decimals); null without scored questions. */
export function responsePercent(list: TTemplateQuestion[], answers: Record<string, TAnswer>): number | null {
  let score = 0;
  let full = 0;
  for (const q of list.filter(isScored)) {
    full += maxScore(normalizeQuestion(q));
    score += scoreAnswer(q, answers[q.key]).score ?? 0;
  }
  return full > 0 ? round(Math.min(100, (score / full) * 100), 2) : null;
}

export type TQuestionResult = z.infer<typeof ZQuestionResult>;

/** One question over many responses: option (or star, or scoring standard) counts, mean and full marks, comments. */
function questionResult(q: TTemplateQuestion, all: Record<string, TAnswer>[]): TQuestionResult {
  const counts = new Map<string, number>();
  const bump = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
  const values: number[] = [];
  const comments: string[] = [];
  let answered = 0;
  for (const answers of all) {
    const a = answers[q.key];
    const scored = scoreAnswer(q, a);
    if (!a || scored.score === null) continue;
    answered++;
    const comment = (a.comment ?? '').trim();
    if (comment) comments.push(comment);
    switch (q.type) {
      case 'single':
      case 'combo1':
        if (a.optionKey) bump(a.optionKey);
        break;
      case 'multiple':
        for (const k of new Set(a.optionKeys ?? [])) bump(k);
        break;
      case 'star':
        bump(String(a.stars));
        break;
      case 'score': {
        const range = q.ranges.find((r) => scored.score! >= r.min && scored.score! <= r.max);
        if (range) bump(range.key);
        break;
      }
      case 'combo2':
        break;
    }
    if (isScored(q)) values.push(q.type === 'star' ? Number(a.stars) : scored.score);
  }
  const options = (() => {
    switch (q.type) {
      case 'single':
      case 'multiple':
      case 'combo1':
        return q.options.map((o) => ({ key: o.key, content: o.content, count: counts.get(o.key) ?? 0 }));
      case 'star':
        return Array.from({ length: q.stars }, (_, i) => String(i + 1)).map((k) => ({ key: k, content: k, count: counts.get(k) ?? 0 }));
      case 'score':
        return q.ranges.map((r) => ({ key: r.key, content: r.standard, count: counts.get(r.key) ?? 0 }));
      default:
        return [];
    }
  })();
  const scored = isScored(q);
  return {
    key: q.key,
    title: q.title,
    type: q.type,
    answered,
    options,
    // A star question reads as stars (4.2 of 5); the others in points of their full marks.
    mean: scored && values.length ? round(values.reduce((s, v) => s + v, 0) / values.length, 2) : null,
    full: scored ? (q.type === 'star' ? q.stars : maxScore(normalizeQuestion(q))) : null,
    comments: comments.sort((x, y) => x.localeCompare(y)),
  };
}

/** The aggregate of responses: per question results and the mean of their stored percents (1 decimal). */
export function aggregate(list: TTemplateQuestion[], responses: { answers: Record<string, TAnswer>; scorePercent: number | null }[]) {
  const percents = responses.flatMap((r) => (r.scorePercent === null ? [] : [Number(r.scorePercent)]));
  return {
    responseCount: responses.length,
    averagePercent: percents.length ? round(percents.reduce((s, v) => s + v, 0) / percents.length, 1) : null,
    questions: list.map((q) => questionResult(q, responses.map((r) => r.answers))),
  };
}
