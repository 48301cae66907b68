/**
 * What the template builder and the questionnaire editor both do with questions: keys, copies of
 * bank questions, a blank question, parsing the editor's value, and ordering.
 */
import { ZQuestionBody, type TQuestion, type TQuestionBody, type TQuestionBodyInput } from '@hxk/contracts/catalog';
import { pruneQuestionInput } from '@hxk/contracts/question-rules';
import type { TTemplateQuestion } from '@hxk/contracts/templates';

/** A short random key for a new section ('s'), question ('q') or option ('o'); answers refer to question keys. */
export function newKey(prefix: 's' | 'q' | 'o'): string {
  return `${prefix}${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 8)}`;
}

/** The body fields of a question (what a template or questionnaire copies from the bank). */
export function bodyOf(q: TQuestionBody): TQuestionBody {
  const { type, title, standard, score, knowledgeLevel, options, ranges, elements, stars, commentRequired } = q;
  return { type, title, standard, score, knowledgeLevel, options, ranges, elements, stars, commentRequired };
}

/** A copy of an approved bank question: a new key, and where it came from. */
export const fromBank = (q: TQuestion): TTemplateQuestion => ({ ...bodyOf(q), key: newKey('q'), sourceQuestionId: q.questionId });

/** What a new question starts with: a single choice with two empty options. */
export const blankQuestion = (): TQuestionBodyInput => ({
  type: 'single',
  title: '',
  standard: '',
  score: 0,
  knowledgeLevel: null,
  options: [
    { key: newKey('o'), content: '', score: 0, scoreMin: null },
    { key: newKey('o'), content: '', score: 0, scoreMin: null },
  ],
  ranges: [],
  elements: [],
  stars: 5,
  commentRequired: false,
});

/** The editor's value parsed as a question body, or the problems of its shape. */
export const parseBody = (v: TQuestionBodyInput) => ZQuestionBody.safeParse(pruneQuestionInput(v));

/** Names and titles compare without case or surrounding spaces. */
export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The list with one item moved to another place (unchanged when the place is outside it). */
export function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}
