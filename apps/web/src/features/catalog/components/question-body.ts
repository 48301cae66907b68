import type { TQuestion, TQuestionBody, TQuestionBodyInput } from '@hxk/contracts/catalog';

const n = (v: unknown, d = 0): number => {
  const x = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(x) ? x : d;
};

/**
 * The editor's value as a complete body, without refusing anything: what the live rules and the
 * preview need while the author is still typing (the server parses the real request).
 */
export function toBody(q: TQuestionBodyInput): TQuestionBody {
  return {
    type: q.type,
    title: q.title ?? '',
    standard: q.standard ?? '',
    score: n(q.score),
    knowledgeLevel: q.knowledgeLevel ?? null,
    options: (q.options ?? []).map((o) => ({ key: o.key, content: o.content ?? '', score: n(o.score), scoreMin: o.scoreMin === null || o.scoreMin === undefined ? null : n(o.scoreMin) })),
    ranges: (q.ranges ?? []).map((r) => ({ key: r.key, min: n(r.min), max: n(r.max), standard: r.standard ?? '' })),
    elements: (q.elements ?? []).map((e) => ({ key: e.key, name: e.name ?? '', score: n(e.score) })),
    stars: n(q.stars, 5),
    commentRequired: q.commentRequired ?? false,
  };
}

/** The body part of a stored question. */
export function bodyOf(q: TQuestion): TQuestionBody {
  return { type: q.type, title: q.title, standard: q.standard, score: q.score, knowledgeLevel: q.knowledgeLevel, options: q.options, ranges: q.ranges, elements: q.elements, stars: q.stars, commentRequired: q.commentRequired };
}
