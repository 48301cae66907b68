import { describe, expect, it } from 'vitest';
import { ThinkSplitter } from '../../platform/adapters/llm.ts';
import { matchRule } from './assistant.rules.ts';

describe('the offline rules', () => {
  it.each([
    ['有哪些待处理的申诉？', 'appeals_waiting'],
    ['Which appeals are waiting?', 'appeals_waiting'],
    ['処理待ちの申し立ては？', 'appeals_waiting'],
    ['“101教室”的三率怎么样', 'classroom_analysis'],
    ['What is the head-up rate today?', 'classroom_analysis'],
    ['前列着席率は？', 'classroom_analysis'],
    ['现在有哪些课正在上？', 'classes_now'],
    ['Which classes are in progress now?', 'classes_now'],
    ['今の授業は？', 'classes_now'],
    ['督导计划的进度', 'plan_progress'],
    ['How are the plans progressing? progress of plans', 'plan_progress'],
    ['監督計画の進捗', 'plan_progress'],
    ['各部门的平均分', 'evaluation_stats'],
    ['Mean evaluation scores by teacher', 'evaluation_stats'],
    ['教員ごとの評価', 'evaluation_stats'],
    ['本周还有哪些教案没有评价？', 'lesson_plans'],
    ['Which lesson plans are not yet evaluated?', 'lesson_plans'],
    ['未評価の指導案は？', 'lesson_plans'],
  ])('%s → %s', (q, tool) => {
    expect(matchRule(q)?.tool).toBe(tool);
  });

  it('groups by teacher when asked, and takes a quoted name as the keyword', () => {
    expect(matchRule('Mean scores by teacher')?.params).toEqual({ groupBy: 'teacher' });
    expect(matchRule('各部门的评价')?.params).toEqual({ groupBy: 'unit' });
    expect(matchRule('「数学」の出席率')?.params).toEqual({ keyword: '数学' });
  });

  it('reads the lesson plans\' range and state from the question: this week and not yet evaluated unless it says otherwise', () => {
    expect(matchRule('Which lesson plans are not yet evaluated?')?.params).toEqual({ range: 'week', evaluated: 'no' });
    expect(matchRule('今天已评价的教案')?.params).toEqual({ range: 'today', evaluated: 'yes' });
    expect(matchRule('Evaluated lesson plans of all courses')?.params).toEqual({ range: 'all', evaluated: 'yes' });
    expect(matchRule('“高等数学”的教案')?.params).toEqual({ range: 'week', evaluated: 'no', keyword: '高等数学' });
  });

  it('matches nothing it cannot answer', () => {
    expect(matchRule('Write me a poem')).toBeNull();
    expect(matchRule('你好')).toBeNull();
  });
});

describe('thinking inlined in <think> tags', () => {
  const run = (parts: string[]) => {
    const s = new ThinkSplitter();
    let reasoning = '';
    let content = '';
    for (const p of [...parts.map((x) => s.push(x)), s.flush()]) {
      reasoning += p.reasoning;
      content += p.content;
    }
    return { reasoning, content };
  };
  it('splits across chunk boundaries, tags included', () => {
    expect(run(['<thi', 'nk>a', 'b</thi', 'nk>c', 'd'])).toEqual({ reasoning: 'ab', content: 'cd' });
    expect(run(['<think>x</think>'])).toEqual({ reasoning: 'x', content: '' });
  });
  it('leaves content without tags alone, a lone < included', () => {
    expect(run(['a < b', ' and <', 'br>'])).toEqual({ reasoning: '', content: 'a < b and <br>' });
  });
});
