import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { ANSWER_RESERVE_TOKENS, checkBudget, checkPersonRate, checkSchoolRate, estimateTokens, monthRange, remaining, reservationFor, TokenMeter } from './fair-use.ts';

const thrown = (f: () => void) => {
  try {
    f();
  } catch (err) {
    return err as AppError;
  }
  return null;
};

describe('the monthly token budget', () => {
  it('lets questions through below the budget and refuses at or past it, saying the budget', () => {
    expect(thrown(() => checkBudget(999, 1000))).toBeNull();
    const at = thrown(() => checkBudget(1000, 1000));
    expect(at).toBeInstanceOf(AppError);
    expect(at).toMatchObject({ key: 'assistant.budgetReached', params: { budget: 1000 } });
    expect(thrown(() => checkBudget(5000, 1000))?.key).toBe('assistant.budgetReached');
  });

  it('lets a lone question take what is left, but questions under way must fit together', () => {
    // Nothing under way: the last token of the budget admits one question, whatever its size.
    expect(thrown(() => checkBudget(999, 1000, 0, 5000))).toBeNull();
    // One under way holds 600 of the 1000 left: another of 300 fits beside it, one of 500 does not.
    expect(thrown(() => checkBudget(0, 1000, 600, 300))).toBeNull();
    expect(thrown(() => checkBudget(0, 1000, 600, 500))?.key).toBe('assistant.budgetReached');
    // What is held counts as used.
    expect(thrown(() => checkBudget(400, 1000, 600, 0))?.key).toBe('assistant.budgetReached');
    expect(reservationFor('')).toBe(ANSWER_RESERVE_TOKENS);
    expect(reservationFor('你好')).toBe(ANSWER_RESERVE_TOKENS + 2);
  });

  it('refuses with the person\'s key against their daily budget, by the same rule', () => {
    expect(thrown(() => checkBudget(99, 100, 0, 0, 'assistant.personBudgetReached'))).toBeNull();
    expect(thrown(() => checkBudget(100, 100, 0, 0, 'assistant.personBudgetReached'))).toMatchObject({ key: 'assistant.personBudgetReached', params: { budget: 100 } });
    expect(thrown(() => checkBudget(0, 4000, 3003, 3003, 'assistant.personBudgetReached'))?.key).toBe('assistant.personBudgetReached');
  });

  it('has no limit without a budget', () => {
    expect(thrown(() => checkBudget(Number.MAX_SAFE_INTEGER, null))).toBeNull();
    expect(remaining(10, null)).toBeNull();
  });

  it('tells what is left, never below nothing', () => {
    expect(remaining(300, 1000)).toBe(700);
    expect(remaining(1300, 1000)).toBe(0);
  });
});

describe('questions per person per hour', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const ago = (min: number) => new Date(now.getTime() - min * 60_000);

  it('counts only the last hour', () => {
    expect(thrown(() => checkPersonRate([ago(61), ago(90), ago(120)], 2, now))).toBeNull();
    expect(thrown(() => checkPersonRate([ago(5), ago(61)], 2, now))).toBeNull();
  });

  it('refuses the question over the limit and says when the oldest one in the hour leaves it', () => {
    const err = thrown(() => checkPersonRate([ago(10), ago(50), ago(20)], 3, now));
    expect(err).toMatchObject({ key: 'assistant.personRate', params: { limit: 3, minutes: 10 } });
    // With more questions in the hour than the limit (a lowered limit), the one that must leave decides.
    expect(thrown(() => checkPersonRate([ago(59), ago(40), ago(30), ago(1)], 2, now))).toMatchObject({ params: { minutes: 30 } });
    expect(thrown(() => checkPersonRate([ago(59.9)], 1, now))).toMatchObject({ params: { minutes: 1 } });
  });

  it('has no limit when the school sets none', () => {
    expect(thrown(() => checkPersonRate(Array.from({ length: 500 }, () => ago(1)), null, now))).toBeNull();
  });
});

describe('questions of the whole school per hour', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const ago = (min: number) => new Date(now.getTime() - min * 60_000);

  it('lets a question through while the school asked fewer than its limit in the hour', () => {
    expect(thrown(() => checkSchoolRate(null, 100, now))).toBeNull();
    // The 100th latest question left the hour a minute ago.
    expect(thrown(() => checkSchoolRate(ago(61), 100, now))).toBeNull();
    expect(thrown(() => checkSchoolRate(ago(60), 100, now))).toBeNull();
  });

  it('refuses at the limit and says when the question that decides leaves the hour', () => {
    expect(thrown(() => checkSchoolRate(ago(45), 100, now))).toMatchObject({ key: 'assistant.schoolRate', params: { limit: 100, minutes: 15 } });
    expect(thrown(() => checkSchoolRate(ago(59.9), 1, now))).toMatchObject({ key: 'assistant.schoolRate', params: { limit: 1, minutes: 1 } });
  });

  it('has no limit when the school sets none', () => {
    expect(thrown(() => checkSchoolRate(ago(1), null, now))).toBeNull();
  });
});

describe('the token estimate when the provider reports none', () => {
  it('counts a token per CJK character and one per four other characters', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('a')).toBe(1);
    expect(estimateTokens('abcdefgh')).toBe(2);
    expect(estimateTokens('有哪些申诉')).toBe(5);
    expect(estimateTokens('ひらがなカタカナ')).toBe(8);
    expect(estimateTokens('评分 score')).toBe(2 + 2);
  });

  it('adds reported rounds as they are and estimated ones apart', () => {
    const m = new TokenMeter();
    m.reported(100, 20);
    m.estimate('abcdefgh', '答案');
    expect(m.tokens).toBe(124);
    expect(m.estimated).toBe(4);
  });
});

describe('a month of school days', () => {
  it('is a half-open range, across a year end too', () => {
    expect(monthRange('2026-11')).toEqual({ from: '2026-11-01', to: '2026-12-01' });
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2027-01-01' });
  });
});
