import { describe, expect, it } from 'vitest';
import { ZQuestionBody, type TQuestionBody, type TQuestionBodyInput } from './catalog.ts';
import { checkQuestion, checkTemplateContent, maxScore, normalizeQuestion, overlappingPair, pruneQuestionInput, publishProblems, scoreAnswer, scoreForm, templateTotal } from './question-rules.ts';

const q = (input: TQuestionBodyInput): TQuestionBody => ZQuestionBody.parse(input);
const keys = (c: { errors: { key: string }[] }) => c.errors.map((e) => e.key);

const single = q({ type: 'single', title: 'Objectives are clear', options: [{ key: 'a', content: 'Yes', score: 10 }, { key: 'b', content: 'Partly', score: 5 }, { key: 'c', content: 'No', score: 0 }] });
const multiple = q({ type: 'multiple', title: 'Methods used', options: [{ key: 'a', content: 'Questions', score: 5 }, { key: 'b', content: 'Group work', score: 5 }, { key: 'c', content: 'Media', score: 10 }] });
const scoring = q({ type: 'score', title: 'Content is accurate', score: 20, ranges: [{ key: 'r1', min: 16, max: 20, standard: 'Accurate' }, { key: 'r2', min: 0, max: 15, standard: 'Errors' }] });
const star = q({ type: 'star', title: 'Teacher demeanour', score: 10, stars: 5 });
const combo1 = q({ type: 'combo1', title: 'Classroom organisation', options: [{ key: 'e', content: 'Excellent', score: 20, scoreMin: 18 }, { key: 'g', content: 'Good', score: 17, scoreMin: 12 }, { key: 'p', content: 'Poor', score: 11, scoreMin: 0 }] });
const combo2 = q({ type: 'combo2', title: 'Teaching effect', elements: [{ key: 'x', name: 'Participation', score: 10 }, { key: 'y', name: 'Goals reached', score: 15 }] });

describe('full marks', () => {
  it('come from the best option, all options, the highest grade, the elements, or the typed score', () => {
    expect(maxScore(single)).toBe(10);
    expect(maxScore(multiple)).toBe(20);
    expect(maxScore(scoring)).toBe(20);
    expect(maxScore(star)).toBe(10);
    expect(maxScore(combo1)).toBe(20);
    expect(maxScore(combo2)).toBe(25);
  });

  it('an editor switched to another type leaves the old type\'s blank parts out of the check', () => {
    const switched = { type: 'score' as const, title: 'T', score: 10, options: [{ key: 'a', content: '', score: 0 }], elements: [{ key: 'e', name: '', score: 0 }] };
    expect(ZQuestionBody.safeParse(switched).success).toBe(false);
    expect(ZQuestionBody.safeParse(pruneQuestionInput(switched)).success).toBe(true);
    expect(pruneQuestionInput({ type: 'single' as const, options: [1, 2] })).toEqual({ type: 'single', options: [1, 2], ranges: [], elements: [] });
  });

  it('normalizing keeps only what the type uses and makes combo2 ask for a comment', () => {
    const mixed = q({ type: 'star', title: 'T', score: 10, options: [{ key: 'a', content: 'x', score: 1 }], ranges: [{ key: 'r', min: 0, max: 1, standard: 's' }] });
    expect(normalizeQuestion(mixed)).toMatchObject({ options: [], ranges: [], elements: [], score: 10 });
    expect(normalizeQuestion(combo2).commentRequired).toBe(true);
    expect(normalizeQuestion(single).options.every((o) => o.scoreMin === null)).toBe(true);
    expect(normalizeQuestion({ ...combo1, options: [{ key: 'a', content: 'A', score: 5, scoreMin: null }] }).options[0]!.scoreMin).toBe(0);
  });
});

describe('question rules', () => {
  it('accepts a well-formed question of every type', () => {
    for (const x of [single, multiple, scoring, star, combo1, combo2]) expect(checkQuestion(x).errors, x.type).toEqual([]);
  });

  it('refuses option contents that repeat (ignoring case and spaces)', () => {
    const c = checkQuestion(q({ type: 'single', title: 'T', options: [{ key: 'a', content: 'Yes', score: 5 }, { key: 'b', content: ' yes ', score: 0 }] }));
    expect(c.errors).toEqual([{ path: 'options.1.content', key: 'question.optionDuplicate', params: { content: 'yes' } }]);
  });

  it('leaves blank options and elements to the form (a blank is not a duplicate)', () => {
    const blanks = { type: 'single' as const, title: 'T', score: 0, knowledgeLevel: null, standard: '', ranges: [], elements: [], stars: 5, commentRequired: false, options: [{ key: 'a', content: '', score: 5, scoreMin: null }, { key: 'b', content: '', score: 0, scoreMin: null }] };
    expect(keys(checkQuestion(blanks))).toEqual([]);
  });

  it('needs at least two options for choice types', () => {
    expect(keys(checkQuestion(q({ type: 'multiple', title: 'T', options: [{ key: 'a', content: 'Only', score: 5 }] })))).toContain('question.optionsTooFew');
  });

  it('refuses overlapping score ranges, inverted ranges and ranges beyond full marks', () => {
    const overlap = checkQuestion(q({ ...scoring, ranges: [{ key: 'a', min: 0, max: 10, standard: 'Low' }, { key: 'b', min: 10, max: 20, standard: 'High' }] }));
    expect(overlap.errors).toEqual([{ path: 'ranges.1', key: 'question.rangeOverlap', params: { a: 'Low (0-10)', b: 'High (10-20)' } }]);
    expect(keys(checkQuestion(q({ ...scoring, ranges: [{ key: 'a', min: 12, max: 3, standard: 'Odd' }] })))).toEqual(['question.rangeInverted']);
    expect(keys(checkQuestion(q({ ...scoring, ranges: [{ key: 'a', min: 0, max: 25, standard: 'Too far' }] })))).toEqual(['question.rangeOutside']);
    expect(checkQuestion(q({ ...scoring, ranges: [{ key: 'a', min: 0, max: 9.5, standard: 'Low' }, { key: 'b', min: 10, max: 20, standard: 'High' }] })).errors).toEqual([]);
  });

  it('refuses combo1 grades whose ranges overlap', () => {
    const c = checkQuestion(q({ ...combo1, options: [{ key: 'e', content: 'Excellent', score: 20, scoreMin: 15 }, { key: 'g', content: 'Good', score: 16, scoreMin: 10 }] }));
    expect(keys(c)).toEqual(['question.rangeOverlap']);
  });

  it('finds an overlap between ranges that are not neighbours once sorted', () => {
    expect(overlappingPair([{ min: 0, max: 100 }, { min: 10, max: 20 }, { min: 30, max: 40 }])).toEqual([0, 1]);
    expect(overlappingPair([{ min: 30, max: 40 }, { min: 0, max: 9 }, { min: 10, max: 29 }])).toBeNull();
  });

  it('refuses repeated evaluation element names and elements without points', () => {
    const c = checkQuestion(q({ type: 'combo2', title: 'T', elements: [{ key: 'a', name: 'Participation', score: 10 }, { key: 'b', name: 'participation', score: 0 }] }));
    expect(keys(c)).toEqual(['question.elementDuplicate', 'question.noScore']);
    expect(keys(checkQuestion(q({ type: 'combo2', title: 'T' })))).toEqual(['question.elementsEmpty', 'question.noScore']);
  });

  it('refuses a question worth nothing', () => {
    expect(keys(checkQuestion(q({ type: 'score', title: 'T', score: 0 })))).toEqual(['question.noScore']);
    expect(keys(checkQuestion(q({ type: 'single', title: 'T', options: [{ key: 'a', content: 'A', score: 0 }, { key: 'b', content: 'B', score: 0 }] })))).toEqual(['question.noScore']);
  });

  it('suggests, never requires, scores that are multiples of 5', () => {
    const c = checkQuestion(q({ type: 'score', title: 'T', score: 12 }));
    expect(c.errors).toEqual([]);
    expect(c.suggestions).toEqual([{ path: 'score', key: 'question.scoreNotMultipleOf5', params: { score: 12 } }]);
    expect(checkQuestion(q({ type: 'single', title: 'T', options: [{ key: 'a', content: 'A', score: 3 }, { key: 'b', content: 'B', score: 0 }] })).suggestions.map((s) => s.path)).toEqual(['options.0.score']);
    expect(checkQuestion(scoring).suggestions).toEqual([]);
  });

  it('prefixes paths inside a template', () => {
    expect(checkQuestion(q({ type: 'score', title: 'T', score: 0 }), 'sections.0.questions.2').errors[0]!.path).toBe('sections.0.questions.2.score');
  });
});

const content = (questions: TQuestionBody[][]) => ({
  sections: questions.map((qs, si) => ({ key: `s${si}`, name: `Section ${si}`, questions: qs.map((x, qi) => ({ ...x, key: `s${si}q${qi}` })) })),
});

describe('template rules', () => {
  it('totals the full marks of every question', () => {
    expect(templateTotal(content([[single, multiple], [scoring, star, combo1, combo2]]))).toBe(105);
  });

  it('refuses the same evaluation element twice in a template and repeated primary indicator names', () => {
    const c = content([[single], [single]]);
    expect(keys(checkTemplateContent(c))).toEqual(['template.elementDuplicate']);
    const named = { sections: [{ key: 'a', name: 'Method', questions: [] }, { key: 'b', name: 'method', questions: [] }] };
    expect(keys(checkTemplateContent(named))).toEqual(['template.sectionDuplicate']);
  });

  it('refuses keys used twice (answers refer to them)', () => {
    const c = { sections: [{ key: 'k', name: 'A', questions: [{ ...single, key: 'k' }] }] };
    expect(keys(checkTemplateContent(c))).toEqual(['template.keyDuplicate']);
  });

  it('needs a name and at least one question to publish', () => {
    expect(publishProblems('', { sections: [] }).map((p) => p.key)).toEqual(['template.nameRequired', 'template.noQuestions']);
    expect(publishProblems('Empty sections', { sections: [{ key: 'a', name: 'A', questions: [] }] }).map((p) => p.key)).toEqual(['template.noQuestions']);
    expect(publishProblems('Good', content([[single]]))).toEqual([]);
  });

  it('reports question rule errors with their place in the template', () => {
    const bad = q({ type: 'score', title: 'Bad', score: 10, ranges: [{ key: 'a', min: 0, max: 6, standard: 'A' }, { key: 'b', min: 5, max: 10, standard: 'B' }] });
    expect(publishProblems('T', content([[single], [bad]]))).toEqual([expect.objectContaining({ path: 'sections.1.questions.0.ranges.1', key: 'question.rangeOverlap' })]);
  });
});

describe('answers', () => {
  it('scores each type', () => {
    expect(scoreAnswer(single, { optionKey: 'b' }).score).toBe(5);
    expect(scoreAnswer(multiple, { optionKeys: ['a', 'c', 'a'] }).score).toBe(15);
    expect(scoreAnswer(scoring, { score: 17.5 }).score).toBe(17.5);
    expect(scoreAnswer(star, { stars: 4 }).score).toBe(8);
    expect(scoreAnswer(combo1, { optionKey: 'g', score: 15 }).score).toBe(15);
    expect(scoreAnswer(combo2, { elementScores: { x: 8, y: 12 }, comment: 'Lively class' }, '', true).score).toBe(20);
  });

  it('leaves unanswered questions unscored in a draft and refuses them when complete', () => {
    expect(scoreAnswer(single, undefined)).toEqual({ score: null, error: null });
    expect(scoreAnswer(combo1, { optionKey: 'g' })).toEqual({ score: null, error: null });
    expect(scoreAnswer(single, undefined, 'p', true).error).toMatchObject({ path: 'p', key: 'answer.missing' });
  });

  it('refuses unknown options and input out of range', () => {
    expect(scoreAnswer(single, { optionKey: 'zz' }).error?.key).toBe('answer.optionUnknown');
    expect(scoreAnswer(multiple, { optionKeys: ['a', 'zz'] }).error?.key).toBe('answer.optionUnknown');
    expect(scoreAnswer(scoring, { score: 21 }).error).toMatchObject({ key: 'answer.outOfRange', params: { min: 0, max: 20 } });
    expect(scoreAnswer(scoring, { score: -1 }).error?.key).toBe('answer.outOfRange');
    expect(scoreAnswer(star, { stars: 6 }).error?.key).toBe('answer.outOfRange');
    expect(scoreAnswer(star, { stars: 2.5 }).error?.key).toBe('answer.outOfRange');
    expect(scoreAnswer(combo1, { optionKey: 'g', score: 18 }).error).toMatchObject({ key: 'answer.outOfRange', params: { min: 12, max: 17 } });
    expect(scoreAnswer(combo2, { elementScores: { x: 11, y: 1 } }).error?.key).toBe('answer.outOfRange');
    expect(scoreAnswer(combo2, { elementScores: { q: 1 } }).error?.key).toBe('answer.optionUnknown');
  });

  it('needs the comment where one is required, only when complete', () => {
    expect(scoreAnswer(combo2, { elementScores: { x: 1, y: 1 } }).score).toBe(2);
    expect(scoreAnswer(combo2, { elementScores: { x: 1, y: 1 }, comment: '  ' }, '', true).error?.key).toBe('answer.commentRequired');
  });

  it('scores a whole form with section totals and completeness', () => {
    const c = content([[single, star], [combo1]]);
    const partial = scoreForm(c, { s0q0: { optionKey: 'a' } });
    expect(partial).toMatchObject({ total: 10, full: 40, answered: 1, count: 3, complete: false, errors: [] });
    const full = scoreForm(c, { s0q0: { optionKey: 'a' }, s0q1: { stars: 5 }, s1q0: { optionKey: 'e', score: 19 } }, true);
    expect(full).toMatchObject({ total: 39, answered: 3, complete: true, bySection: [{ key: 's0', score: 20, full: 20 }, { key: 's1', score: 19, full: 20 }] });
    expect(scoreForm(c, {}, true).errors).toHaveLength(3);
  });
});
