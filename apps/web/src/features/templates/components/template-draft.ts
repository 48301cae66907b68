import { ZQuestionBody, type TQuestion, type TQuestionBody, type TQuestionBodyInput } from '@hxk/contracts/catalog';
import { pruneQuestionInput } from '@hxk/contracts/question-rules';
import type { TTemplateContent, TTemplateQuestion, TTemplateSection } from '@hxk/contracts/templates';

/** A short random key for a new section ('s') or question ('q'); answers refer to question keys. */
export function newKey(prefix: 's' | 'q' | 'o'): string {
  return `${prefix}${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 8)}`;
}

/** What the builder edits before it is saved. */
export type TemplateDraft = { name: string; description: string; content: TTemplateContent };

const move = <T>(list: T[], from: number, to: number): T[] => {
  if (to < 0 || to >= list.length) return list;
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
};

const mapSection = (c: TTemplateContent, key: string, fn: (s: TTemplateSection) => TTemplateSection): TTemplateContent => ({
  sections: c.sections.map((s) => (s.key === key ? fn(s) : s)),
});

export const contentOps = {
  addSection: (c: TTemplateContent, name: string, indicatorId: string | null = null): TTemplateContent => ({
    sections: [...c.sections, { key: newKey('s'), name: name.trim(), indicatorId, questions: [] }],
  }),
  renameSection: (c: TTemplateContent, key: string, name: string) => mapSection(c, key, (s) => ({ ...s, name })),
  removeSection: (c: TTemplateContent, key: string): TTemplateContent => ({ sections: c.sections.filter((s) => s.key !== key) }),
  moveSection: (c: TTemplateContent, key: string, by: -1 | 1): TTemplateContent => {
    const i = c.sections.findIndex((s) => s.key === key);
    return { sections: move(c.sections, i, i + by) };
  },
  addQuestions: (c: TTemplateContent, key: string, qs: TTemplateQuestion[]) => mapSection(c, key, (s) => ({ ...s, questions: [...s.questions, ...qs] })),
  updateQuestion: (c: TTemplateContent, key: string, q: TTemplateQuestion) =>
    mapSection(c, key, (s) => ({ ...s, questions: s.questions.map((x) => (x.key === q.key ? q : x)) })),
  removeQuestion: (c: TTemplateContent, key: string, qKey: string) => mapSection(c, key, (s) => ({ ...s, questions: s.questions.filter((x) => x.key !== qKey) })),
  moveQuestion: (c: TTemplateContent, key: string, qKey: string, by: -1 | 1) =>
    mapSection(c, key, (s) => {
      const i = s.questions.findIndex((x) => x.key === qKey);
      return { ...s, questions: move(s.questions, i, i + by) };
    }),
};

/** The body fields of a question (what a template copies from the bank). */
export function bodyOf(q: TQuestionBody): TQuestionBody {
  const { type, title, standard, score, knowledgeLevel, options, ranges, elements, stars, commentRequired } = q;
  return { type, title, standard, score, knowledgeLevel, options, ranges, elements, stars, commentRequired };
}

/** A copy of an approved bank question for a template: a new key, and where it came from. */
export const fromBank = (q: TQuestion): TTemplateQuestion => ({ ...bodyOf(q), key: newKey('q'), sourceQuestionId: q.questionId });

/** What a new question starts with in the editor. */
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

/** The editor's value parsed as a question body, or the first problems of its shape. */
export function parseBody(v: TQuestionBodyInput) {
  return ZQuestionBody.safeParse(pruneQuestionInput(v));
}

export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
