/**
 * The offline data assistant's rules (docs/decisions/0023-ai-assistant.md): with no language model,
 * a question is matched against these patterns in zh, en and ja, in this order, and the first rule
 * that matches names the tool to run. Transparent on purpose: the answer's thinking names the rule
 * and the words that matched, and anything no rule matches gets the plain "no language model" reply.
 */
import type { ToolName } from './assistant.tools.ts';

export type RuleMatch = { rule: string; tool: ToolName; params: Record<string, string>; words: string[] };

type Rule = { rule: string; tool: ToolName; patterns: RegExp[]; params?: (q: string) => Record<string, string> };

/** A name in quotes (“…”, "…", 「…」, 『…』) narrows what a tool lists. */
function quoted(q: string): Record<string, string> {
  const m = /[“"「『‘']([^”"」』’']{1,64})[”"」』’']/.exec(q);
  return m ? { keyword: m[1]!.trim() } : {};
}

const RULES: Rule[] = [
  {
    rule: 'appeals',
    tool: 'appeals_waiting',
    patterns: [/申诉|申訴/, /\bappeals?\b/i, /申し立て|異議/],
  },
  {
    // Before the plans and scores rules: "lesson plans not yet evaluated" is about lesson plans.
    rule: 'lessonPlans',
    tool: 'lesson_plans',
    patterns: [/教案/, /lesson[- ]plans?/i, /指導案|授業計画/],
    params: (q) => ({
      range: /今天|今日|\btoday\b/i.test(q) ? 'today' : /全部|所有|すべて|全て|\ball\b/i.test(q) ? 'all' : 'week',
      // "Not yet evaluated" unless the question asks for evaluated ones and says no "not".
      evaluated: /已评|評価済み|\b(evaluated|graded)\b/i.test(q) && !/未|没|not|まだ/i.test(q) ? 'yes' : 'no',
      ...quoted(q),
    }),
  },
  {
    rule: 'classroomRates',
    tool: 'classroom_analysis',
    patterns: [/三率|出勤率|到课率|抬头率|前排|预警|課堂分析|课堂分析/, /three rates|attendance|head[- ]?up|front[- ]row|warnings?\b|classroom analysis/i, /出席率|顔上げ率|前列|警告|アラート|授業分析/],
    params: quoted,
  },
  {
    rule: 'classesNow',
    tool: 'classes_now',
    patterns: [/(现在|当前|正在).{0,6}(上课|课)|正在上/, /\b(classes|lessons?|class)\b.{0,20}\b(now|in progress|right now|currently)\b|\bnow\b.{0,20}\b(class|classes|lessons?)\b/i, /授業中|(今|現在).{0,6}授業/],
    params: quoted,
  },
  {
    rule: 'planProgress',
    tool: 'plan_progress',
    patterns: [/(督导|听课)?计划.{0,8}(进度|完成)|进度|督导计划/, /\bplans?\b.{0,20}\bprogress\b|\bprogress\b.{0,20}\bplans?\b|supervision plans?/i, /計画.{0,8}進捗|進捗|監督計画/],
    params: quoted,
  },
  {
    rule: 'evaluationScores',
    tool: 'evaluation_stats',
    patterns: [/评价|评分|得分|平均分|均分|分数/, /evaluations?|scores?|\bmean\b|average/i, /評価|点数|得点|平均/],
    params: (q) => ({ groupBy: /教师|老师|哪位|teachers?|教員|先生/i.test(q) ? 'teacher' : 'unit', ...quoted(q) }),
  },
];

export function matchRule(question: string): RuleMatch | null {
  for (const r of RULES) {
    const words = r.patterns.flatMap((p) => {
      const m = p.exec(question);
      return m ? [m[0]] : [];
    });
    if (words.length) return { rule: r.rule, tool: r.tool, params: r.params?.(question) ?? {}, words };
  }
  return null;
}
