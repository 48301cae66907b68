/**
 * The rules of questions, templates and answers (spec sections 3, 5 and 9), as pure functions shared
 * by the server (which enforces them) and the web (which shows them live while a form is edited).
 *
 * The six question types and how each is scored:
 * - single: one option is picked; the answer scores that option's score. Full marks: the best option.
 * - multiple: any options are picked; the answer scores their sum. Full marks: all options.
 * - score: a number from 0 to full marks is given, guided by scoring standards (score ranges, which
 *   must not overlap).
 * - star: 1 to N stars are given; the answer scores stars / N of full marks.
 * - combo1 ("grade + score"): a grade is picked (e.g. Excellent 90-100, Good 75-89), then a score
 *   within that grade's range is given. Grade ranges must not overlap. Full marks: the highest grade.
 * - combo2 ("elements + comment"): each evaluation element is scored from 0 to its own full marks and a
 *   written comment is required. Full marks: the sum of the elements.
 *
 * Findings carry an error key of errors.ts (localized there) and the path of the offending field.
 * Scores that are not multiples of 5 are suggestions, never refusals.
 */
import { SCORE_STEP_SUGGESTED } from './constants.ts';
import type { ErrorKey } from './errors.ts';
import type { TQuestionBody, TQuestionType } from './catalog.ts';

export type TFinding = { path: string; key: ErrorKey; params: Record<string, string | number> };
export type TCheck = { errors: TFinding[]; suggestions: TFinding[] };

/** Types whose full marks come from their options or elements rather than being typed in. */
export const COMPUTED_SCORE_TYPES: readonly TQuestionType[] = ['single', 'multiple', 'combo1', 'combo2'];
export const OPTION_TYPES: readonly TQuestionType[] = ['single', 'multiple', 'combo1'];

const round2 = (n: number) => Math.round(n * 100) / 100;
const same = (s: string) => s.trim().toLowerCase();

/** Full marks of a question. */
export function maxScore(q: Pick<TQuestionBody, 'type' | 'score' | 'options' | 'elements'>): number {
  switch (q.type) {
    case 'single':
    case 'combo1':
      return q.options.reduce((m, o) => Math.max(m, o.score), 0);
    case 'multiple':
      return round2(q.options.reduce((s, o) => s + o.score, 0));
    case 'combo2':
      return round2(q.elements.reduce((s, e) => s + e.score, 0));
    default:
      return q.score;
  }
}

/** Keeps only what the question's type uses, with full marks computed where they are computed. */
export function normalizeQuestion<T extends TQuestionBody>(q: T): T {
  const usesOptions = OPTION_TYPES.includes(q.type);
  const out = {
    ...q,
    options: usesOptions ? q.options.map((o) => ({ ...o, scoreMin: q.type === 'combo1' ? (o.scoreMin ?? 0) : null })) : [],
    ranges: q.type === 'score' ? q.ranges : [],
    elements: q.type === 'combo2' ? q.elements : [],
    stars: q.type === 'star' ? q.stars : 5,
    commentRequired: q.type === 'combo2' ? true : q.commentRequired,
  };
  return { ...out, score: maxScore(out) };
}

/**
 * Drops what an editor still holds for another type (switching from single choice to scoring keeps
 * the options on screen state): only the parts of the chosen type are checked and saved.
 */
export function pruneQuestionInput<T extends { type: TQuestionType; options?: unknown[] | undefined; ranges?: unknown[] | undefined; elements?: unknown[] | undefined }>(q: T): T {
  return {
    ...q,
    options: OPTION_TYPES.includes(q.type) ? (q.options ?? []) : [],
    ranges: q.type === 'score' ? (q.ranges ?? []) : [],
    elements: q.type === 'combo2' ? (q.elements ?? []) : [],
  };
}

type Interval = { min: number; max: number; label: string; path: string };

/** Closed intervals [min, max] that share a point overlap: [0, 60] and [60, 100] do, [0, 59] and [60, 100] do not. */
export function overlappingPair(ranges: readonly { min: number; max: number }[]): [number, number] | null {
  const order = ranges.map((r, i) => ({ ...r, i })).sort((a, b) => a.min - b.min || a.max - b.max);
  for (let k = 1; k < order.length; k++) {
    const prev = order.slice(0, k).reduce((best, r) => (r.max > best.max ? r : best));
    if (order[k]!.min <= prev.max) return [Math.min(prev.i, order[k]!.i), Math.max(prev.i, order[k]!.i)];
  }
  return null;
}

function checkIntervals(list: Interval[], errors: TFinding[], fullMarks: number | null) {
  for (const r of list) {
    if (r.min > r.max) errors.push({ path: r.path, key: 'question.rangeInverted', params: { min: r.min, max: r.max } });
    else if (fullMarks !== null && r.max > fullMarks) errors.push({ path: r.path, key: 'question.rangeOutside', params: { min: r.min, max: r.max, score: fullMarks } });
  }
  const valid = list.filter((r) => r.min <= r.max);
  const pair = overlappingPair(valid);
  if (pair) {
    const [a, b] = [valid[pair[0]]!, valid[pair[1]]!];
    errors.push({ path: b.path, key: 'question.rangeOverlap', params: { a: `${a.label} (${a.min}-${a.max})`, b: `${b.label} (${b.min}-${b.max})` } });
  }
}

function suggestStep(score: number, path: string, suggestions: TFinding[]) {
  if (score > 0 && Math.abs(score / SCORE_STEP_SUGGESTED - Math.round(score / SCORE_STEP_SUGGESTED)) > 1e-9) {
    suggestions.push({ path, key: 'question.scoreNotMultipleOf5', params: { score } });
  }
}

/** Every rule of one question. `at` prefixes the paths (a question inside a template). */
export function checkQuestion(input: TQuestionBody, at = ''): TCheck {
  const q = normalizeQuestion(input);
  const p = (s: string) => (at ? `${at}.${s}` : s);
  const errors: TFinding[] = [];
  const suggestions: TFinding[] = [];
  if (OPTION_TYPES.includes(q.type)) {
    if (q.options.length < 2) errors.push({ path: p('options'), key: 'question.optionsTooFew', params: { min: 2 } });
    const seen = new Map<string, number>();
    q.options.forEach((o, i) => {
      const k = same(o.content);
      // A blank option is the form's "needs a text", not a duplicate of another blank one.
      if (k && seen.has(k)) errors.push({ path: p(`options.${i}.content`), key: 'question.optionDuplicate', params: { content: o.content.trim() } });
      else seen.set(k, i);
      suggestStep(o.score, p(`options.${i}.score`), suggestions);
    });
    if (q.type === 'combo1') {
      checkIntervals(q.options.map((o, i) => ({ min: o.scoreMin ?? 0, max: o.score, label: o.content.trim(), path: p(`options.${i}`) })), errors, null);
    }
  }
  if (q.type === 'score') {
    checkIntervals(q.ranges.map((r, i) => ({ min: r.min, max: r.max, label: r.standard.trim(), path: p(`ranges.${i}`) })), errors, q.score);
  }
  if (q.type === 'combo2') {
    if (!q.elements.length) errors.push({ path: p('elements'), key: 'question.elementsEmpty', params: {} });
    const seen = new Set<string>();
    q.elements.forEach((e, i) => {
      const k = same(e.name);
      if (k && seen.has(k)) errors.push({ path: p(`elements.${i}.name`), key: 'question.elementDuplicate', params: { name: e.name.trim() } });
      seen.add(k);
      if (e.score <= 0) errors.push({ path: p(`elements.${i}.score`), key: 'question.noScore', params: {} });
      suggestStep(e.score, p(`elements.${i}.score`), suggestions);
    });
  }
  if (q.score <= 0 && !errors.some((e) => e.key === 'question.noScore')) errors.push({ path: p('score'), key: 'question.noScore', params: {} });
  if (q.type === 'score' || q.type === 'star' || q.type === 'multiple' || q.type === 'combo2') suggestStep(q.score, p('score'), suggestions);
  return { errors, suggestions: dedupe(suggestions) };
}

const dedupe = (list: TFinding[]) => list.filter((f, i) => list.findIndex((g) => g.path === f.path && g.key === f.key) === i);

// ---------------------------------------------------------------- templates

export type TTemplateQuestionLike = TQuestionBody & { key: string };
export type TTemplateContentLike = { sections: { key: string; name: string; questions: TTemplateQuestionLike[] }[] };

/** The total score of a template: the sum of its questions' full marks. */
export function templateTotal(content: TTemplateContentLike): number {
  return round2(content.sections.reduce((s, sec) => s + sec.questions.reduce((t, q) => t + maxScore(normalizeQuestion(q)), 0), 0));
}

export function questionCount(content: TTemplateContentLike): number {
  return content.sections.reduce((n, s) => n + s.questions.length, 0);
}

/**
 * The rules of a template's content, saved as draft or not: each question's own rules, primary
 * indicator names unique, evaluation element names (question titles) unique in the whole template,
 * and keys unique (answers refer to them).
 */
export function checkTemplateContent(content: TTemplateContentLike): TCheck {
  const errors: TFinding[] = [];
  const suggestions: TFinding[] = [];
  const sectionNames = new Set<string>();
  const titles = new Set<string>();
  const keys = new Set<string>();
  content.sections.forEach((s, si) => {
    const sn = same(s.name);
    if (sectionNames.has(sn)) errors.push({ path: `sections.${si}.name`, key: 'template.sectionDuplicate', params: { name: s.name.trim() } });
    sectionNames.add(sn);
    if (keys.has(s.key)) errors.push({ path: `sections.${si}.key`, key: 'template.keyDuplicate', params: { key: s.key } });
    keys.add(s.key);
    s.questions.forEach((q, qi) => {
      const at = `sections.${si}.questions.${qi}`;
      const c = checkQuestion(q, at);
      errors.push(...c.errors);
      suggestions.push(...c.suggestions);
      const t = same(q.title);
      if (titles.has(t)) errors.push({ path: `${at}.title`, key: 'template.elementDuplicate', params: { name: q.title.trim() } });
      titles.add(t);
      if (keys.has(q.key)) errors.push({ path: `${at}.key`, key: 'template.keyDuplicate', params: { key: q.key } });
      keys.add(q.key);
    });
  });
  return { errors, suggestions };
}

/** What stops a template from being published: a name and at least one question (spec section 5). */
export function publishProblems(name: string, content: TTemplateContentLike): TFinding[] {
  const out: TFinding[] = [];
  if (!name.trim()) out.push({ path: 'name', key: 'template.nameRequired', params: {} });
  if (questionCount(content) === 0) out.push({ path: 'content', key: 'template.noQuestions', params: {} });
  return [...out, ...checkTemplateContent(content).errors];
}

// ---------------------------------------------------------------- answers

/** An evaluator's answer to one question; which fields count depends on the question's type. */
export type TAnswerLike = {
  optionKey?: string | null | undefined;
  optionKeys?: string[] | undefined;
  score?: number | null | undefined;
  stars?: number | null | undefined;
  elementScores?: Record<string, number | null | undefined> | undefined;
  comment?: string | undefined;
};

export type TScored = { score: number | null; error: TFinding | null };

const inRange = (n: number | null | undefined, min: number, max: number): n is number => typeof n === 'number' && Number.isFinite(n) && n >= min && n <= max;

/**
 * The score an answer earns, or null while it is incomplete (a draft). An answer that can never be
 * right (an unknown option, a score out of range) is an error; so is a required comment left empty
 * when `complete` is asked for.
 */
export function scoreAnswer(input: TQuestionBody, a: TAnswerLike | undefined, path = '', complete = false): TScored {
  const q = normalizeQuestion(input);
  const err = (key: ErrorKey, params: Record<string, string | number> = {}): TScored => ({ score: null, error: { path, key, params } });
  const missing = (): TScored => (complete ? err('answer.missing', { title: q.title }) : { score: null, error: null });
  if (!a) return missing();
  const comment = (a.comment ?? '').trim();
  const finish = (score: number): TScored => (complete && q.commentRequired && !comment ? err('answer.commentRequired', { title: q.title }) : { score: round2(score), error: null });
  switch (q.type) {
    case 'single': {
      if (!a.optionKey) return missing();
      const o = q.options.find((x) => x.key === a.optionKey);
      return o ? finish(o.score) : err('answer.optionUnknown', { title: q.title });
    }
    case 'multiple': {
      const keys = [...new Set(a.optionKeys ?? [])];
      if (!keys.length) return missing();
      const picked = keys.map((k) => q.options.find((x) => x.key === k));
      if (picked.some((o) => !o)) return err('answer.optionUnknown', { title: q.title });
      return finish(picked.reduce((s, o) => s + o!.score, 0));
    }
    case 'score':
      if (a.score === null || a.score === undefined) return missing();
      return inRange(a.score, 0, q.score) ? finish(a.score) : err('answer.outOfRange', { title: q.title, min: 0, max: q.score });
    case 'star':
      if (a.stars === null || a.stars === undefined) return missing();
      if (!Number.isInteger(a.stars) || !inRange(a.stars, 1, q.stars)) return err('answer.outOfRange', { title: q.title, min: 1, max: q.stars });
      return finish((a.stars / q.stars) * q.score);
    case 'combo1': {
      if (!a.optionKey) return missing();
      const o = q.options.find((x) => x.key === a.optionKey);
      if (!o) return err('answer.optionUnknown', { title: q.title });
      if (a.score === null || a.score === undefined) return missing();
      const min = o.scoreMin ?? 0;
      return inRange(a.score, min, o.score) ? finish(a.score) : err('answer.outOfRange', { title: q.title, min, max: o.score });
    }
    case 'combo2': {
      const given = a.elementScores ?? {};
      if (Object.keys(given).some((k) => !q.elements.some((e) => e.key === k))) return err('answer.optionUnknown', { title: q.title });
      let sum = 0;
      for (const e of q.elements) {
        const v = given[e.key];
        if (v === null || v === undefined) return missing();
        if (!inRange(v, 0, e.score)) return err('answer.outOfRange', { title: `${q.title} / ${e.name}`, min: 0, max: e.score });
        sum += v;
      }
      return finish(sum);
    }
  }
}

/**
 * Scores a whole form: the total of the questions answered so far, every error, and whether every
 * question is answered (what submitting needs).
 */
export function scoreForm(content: TTemplateContentLike, answers: Record<string, TAnswerLike | undefined>, complete = false) {
  const errors: TFinding[] = [];
  const bySection: { key: string; score: number; full: number }[] = [];
  let total = 0;
  let answered = 0;
  let count = 0;
  content.sections.forEach((s, si) => {
    let sectionScore = 0;
    let full = 0;
    s.questions.forEach((q, qi) => {
      count++;
      full += maxScore(normalizeQuestion(q));
      const r = scoreAnswer(q, answers[q.key], `sections.${si}.questions.${qi}`, complete);
      if (r.error) errors.push(r.error);
      if (r.score !== null) {
        answered++;
        sectionScore += r.score;
      }
    });
    total += sectionScore;
    bySection.push({ key: s.key, score: round2(sectionScore), full: round2(full) });
  });
  return { total: round2(total), full: templateTotal(content), answered, count, complete: answered === count && !errors.length, errors, bySection };
}
