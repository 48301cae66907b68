import { describe, expect, it } from 'vitest';
import { normalizeQuestion, zonedClock, ZTemplateQuestion, type TTemplateQuestionInput } from '@hxk/contracts';
import { aggregate, answerFindings, checkQuestions, keepKnown, responsePercent } from './questionnaire-scoring.ts';
import { endOfSchoolDay } from './feedback.service.ts';

const q = (input: TTemplateQuestionInput) => normalizeQuestion(ZTemplateQuestion.parse(input));
const LIST = [
  q({ key: 'a', type: 'multiple', title: 'What helped', options: [{ key: 'x', content: 'Slides', score: 5 }, { key: 'y', content: 'Examples', score: 5 }] }),
  q({ key: 'b', type: 'star', title: 'Overall', score: 10, stars: 5 }),
  q({ key: 'c', type: 'combo1', title: 'Grade', options: [{ key: 'g', content: 'Good', score: 10, scoreMin: 8 }, { key: 'f', content: 'Fair', score: 7, scoreMin: 0 }] }),
];

describe('questionnaire scoring', () => {
  it('checks each question and refuses a key or a title used twice', () => {
    expect(checkQuestions(LIST).errors).toEqual([]);
    const keys = checkQuestions([LIST[0]!, { ...LIST[1]!, key: 'a' }]).errors.map((e) => [e.path, e.key]);
    expect(keys).toEqual([['questions.1.key', 'template.keyDuplicate']]);
    const titles = checkQuestions([LIST[1]!, { ...LIST[2]!, title: ' overall ' }]).errors.map((e) => e.key);
    expect(titles).toEqual(['template.elementDuplicate']);
  });

  it('drops unknown answers, names missing ones by key, and scores only scored types', () => {
    expect(keepKnown(LIST, { a: { optionKeys: ['x'] }, zz: { score: 1 } })).toEqual({ a: { optionKeys: ['x'] } });
    expect(answerFindings(LIST, { a: { optionKeys: ['x'] } }).map((f) => [f.path, f.key])).toEqual([['answers.b', 'answer.missing'], ['answers.c', 'answer.missing']]);
    // Stars 3 of 5 of 10 points = 6, grade score 9 of 10: 15 of 20; the multiple choice does not count.
    expect(responsePercent(LIST, { a: { optionKeys: ['x'] }, b: { stars: 3 }, c: { optionKey: 'g', score: 9 } })).toBe(75);
    expect(responsePercent([LIST[0]!], { a: { optionKeys: ['x', 'y'] } })).toBeNull();
  });

  it('aggregates counts, means and percents without any per-response row', () => {
    const r = aggregate(LIST, [
      { answers: { a: { optionKeys: ['x', 'y'] }, b: { stars: 3 }, c: { optionKey: 'g', score: 9, comment: 'b' } }, scorePercent: 75 },
      { answers: { a: { optionKeys: ['y'] }, b: { stars: 5 }, c: { optionKey: 'f', score: 5, comment: 'a' } }, scorePercent: 75 },
      { answers: { b: { stars: 4 } }, scorePercent: null },
    ]);
    expect(r.responseCount).toBe(3);
    expect(r.averagePercent).toBe(75);
    expect(r.questions[0]).toMatchObject({ answered: 2, mean: null, options: [{ key: 'x', count: 1 }, { key: 'y', count: 2 }] });
    expect(r.questions[1]).toMatchObject({ answered: 3, mean: 4, full: 5 });
    expect(r.questions[2]).toMatchObject({ answered: 2, mean: 7, full: 10, comments: ['a', 'b'], options: [{ key: 'g', count: 1 }, { key: 'f', count: 1 }] });
  });

  it('ends a day at the school clock\'s midnight, whatever the zone', () => {
    for (const tz of ['Asia/Shanghai', 'UTC', 'America/New_York', 'Europe/Berlin']) {
      for (const date of ['2026-03-08', '2026-03-29', '2026-11-01', '2026-12-31']) {
        const end = endOfSchoolDay(date, tz);
        expect(zonedClock(new Date(end), tz), `${tz} ${date}`).toEqual({ date, minute: 1439 });
        expect(zonedClock(new Date(Date.parse(end) + 1), tz).date).not.toBe(date);
      }
    }
    expect(endOfSchoolDay('2026-12-01', 'Asia/Shanghai')).toBe('2026-12-01T15:59:59.999Z');
  });
});
