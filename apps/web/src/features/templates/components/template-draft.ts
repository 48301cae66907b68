import type { TTemplateContent, TTemplateQuestion, TTemplateSection } from '@hxk/contracts/templates';
import { move, newKey } from '../../../components/evaluation/question-ops.ts';

/** What the builder edits before it is saved. */
export type TemplateDraft = { name: string; description: string; content: TTemplateContent };

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
