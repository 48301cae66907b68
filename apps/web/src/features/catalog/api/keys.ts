import type { TClassificationKind } from '@hxk/contracts/catalog';

/** Query keys of the catalog; mutations invalidate by these prefixes (its dict and tree are reference keys, lib/reference). */
export const catalogKeys = {
  all: ['catalog'] as const,
  classifications: (kind: TClassificationKind) => ['catalog', 'classifications', kind] as const,
  indicators: ['catalog', 'indicators'] as const,
  questions: ['catalog', 'questions'] as const,
  readQuestions: ['catalog', 'readQuestions'] as const,
};

/** The path prefix of a kind of classification. */
export const classificationBase = (kind: TClassificationKind) => (kind === 'indicator' ? '/app/ddxk/index/classification/v1' : '/app/ddxk/question/classification/v1');
