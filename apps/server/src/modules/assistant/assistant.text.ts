/**
 * What the offline data assistant says, in zh, en and ja: its answers are built from these
 * sentences and the tools' figures, nothing else (docs/decisions/0023-ai-assistant.md).
 */
import { formatMessage, type TLanguage } from '@hxk/contracts';

const TEXT = {
  newConversation: { zh: '新对话', en: 'New conversation', ja: '新しい会話' },
  noAccess: { zh: '您没有“{screen}”页面的权限，所以我不能回答这个问题。', en: 'You have no access to the {screen} screen, so I cannot answer this.', ja: '「{screen}」画面の権限がないため、この質問には答えられません。' },
  'screen.evaluateStatistics': { zh: '评价统计', en: 'evaluation statistics', ja: '評価統計' },
  'screen.supervisionScheme': { zh: '督导计划', en: 'supervision plans', ja: '監督計画' },
  'screen.appeals': { zh: '申诉', en: 'appeals', ja: '申し立て' },
  'screen.dataBoard': { zh: 'AI 数据看板', en: 'AI data board', ja: 'AI データボード' },
  'screen.lessonPlanEvaluation': { zh: '教案评价', en: 'lesson plan evaluation', ja: '教案評価' },
  'screen.schedule': { zh: '排课管理', en: 'schedule', ja: '時間割管理' },
  noSemester: { zh: '学校还没有设置学期。', en: 'The school has no semester set up yet.', ja: '学校にはまだ学期が設定されていません。' },
  'stats.scope': { zh: '{semester}：共 {n} 次评价，平均得分率 {mean}，已被评价教师 {teachers} 人（授课教师 {teaching} 人）。', en: '{semester}: {n} evaluations, mean score {mean}, {teachers} of {teaching} teaching teachers evaluated.', ja: '{semester}：評価 {n} 件、平均得点率 {mean}、授業担当 {teaching} 名のうち {teachers} 名が評価済み。' },
  'stats.own': { zh: '{semester}：您收到 {n} 次评价，平均得分率 {mean}。', en: '{semester}: you received {n} evaluations, mean score {mean}.', ja: '{semester}：あなたが受けた評価は {n} 件、平均得点率 {mean}。' },
  more: { zh: '另有 {n} 行，请在页面中查看。', en: '{n} more rows on the screen.', ja: 'ほか {n} 行は画面でご覧ください。' },
  nothingMatches: { zh: '没有与“{keyword}”匹配的结果。', en: 'Nothing matches "{keyword}".', ja: '「{keyword}」に一致するものはありません。' },
  'plans.count': { zh: '共 {n} 个督导计划：', en: '{n} supervision plans:', ja: '監督計画は {n} 件です：' },
  'plans.none': { zh: '没有督导计划。', en: 'There are no supervision plans.', ja: '監督計画はありません。' },
  'appeals.school': { zh: '有 {n} 条申诉待处理：', en: '{n} appeals are waiting to be handled:', ja: '処理待ちの申し立てが {n} 件あります：' },
  'appeals.mine': { zh: '您有 {n} 条申诉待处理：', en: '{n} of your appeals are waiting:', ja: 'あなたの申し立てのうち {n} 件が処理待ちです：' },
  'appeals.none': { zh: '没有待处理的申诉。', en: 'No appeals are waiting.', ja: '処理待ちの申し立てはありません。' },
  'rates.now': { zh: '正在上课的 {n} 节课平均：出勤率 {attendance}，抬头率 {headUp}，前排就座率 {frontRow}。', en: 'Mean of the {n} classes in progress: attendance {attendance}, head-up {headUp}, front row {frontRow}.', ja: '授業中の {n} コマの平均：出席率 {attendance}、顔上げ率 {headUp}、前列着席率 {frontRow}。' },
  'rates.latest': { zh: '现在没有正在分析的课；最近分析完成的一节课：出勤率 {attendance}，抬头率 {headUp}，前排就座率 {frontRow}。', en: 'No class in progress has figures; the latest analysed class: attendance {attendance}, head-up {headUp}, front row {frontRow}.', ja: '分析中の授業はありません。直近に分析した授業：出席率 {attendance}、顔上げ率 {headUp}、前列着席率 {frontRow}。' },
  'rates.none': { zh: '最近 7 天没有课堂分析数据。', en: 'No classroom analysis in the last 7 days.', ja: '直近 7 日間の授業分析はありません。' },
  'warnings.count': { zh: '最近 7 天未结束的 AI 预警 {n} 条（轻度 {mild}，中度 {moderate}，严重 {severe}）。', en: 'AI warnings still open from the last 7 days: {n} (mild {mild}, moderate {moderate}, severe {severe}).', ja: '直近 7 日間の未終了の AI 警告：{n} 件（軽度 {mild}、中度 {moderate}、重度 {severe}）。' },
  'classes.now': { zh: '现在有 {n} 节课正在上：', en: '{n} classes are in progress now:', ja: '現在 {n} コマの授業が行われています：' },
  'lessonPlans.count': { zh: '{range}有 {n} 份已提交的教案{state}：', en: '{n} handed-in lesson plans{state}, {range}:', ja: '{range}、提出済みの教案{state}は {n} 件です：' },
  'lessonPlans.none': { zh: '{range}没有已提交的教案{state}。', en: 'No handed-in lesson plans{state}, {range}.', ja: '{range}、提出済みの教案{state}はありません。' },
  'lessonPlans.range.today': { zh: '今天有课的课程', en: 'for courses with a class today', ja: '今日授業のある授業' },
  'lessonPlans.range.week': { zh: '本周有课的课程', en: 'for courses with a class this week', ja: '今週授業のある授業' },
  'lessonPlans.range.all': { zh: '全部课程', en: 'for all courses', ja: 'すべての授業' },
  'lessonPlans.state.no': { zh: '（未评价）', en: ' not yet evaluated', ja: '（未評価）' },
  'lessonPlans.state.yes': { zh: '（已评价）', en: ' evaluated', ja: '（評価済み）' },
  'lessonPlans.state.all': { zh: '', en: '', ja: '' },
  'col.collection': { zh: '收集', en: 'Collection', ja: '収集' },
  'col.handedIn': { zh: '提交时间', en: 'Handed in', ja: '提出日' },
  'col.level': { zh: '等级', en: 'Level', ja: '等級' },
  'classes.none': { zh: '现在没有正在上的课。', en: 'No class is in progress now.', ja: '現在行われている授業はありません。' },
  'col.teacher': { zh: '教师', en: 'Teacher', ja: '教員' },
  'col.unit': { zh: '部门', en: 'Department', ja: '部門' },
  'col.evaluations': { zh: '评价次数', en: 'Evaluations', ja: '評価数' },
  'col.mean': { zh: '平均得分率', en: 'Mean score', ja: '平均得点率' },
  'col.plan': { zh: '计划', en: 'Plan', ja: '計画' },
  'col.period': { zh: '时间', en: 'Period', ja: '期間' },
  'col.attended': { zh: '已听课 / 应听课', en: 'Attended / required', ja: '参観済み / 必要数' },
  'col.behind': { zh: '未达标督导', en: 'Supervisors behind', ja: '未達の監督者' },
  'col.course': { zh: '课程', en: 'Course', ja: '授業' },
  'col.score': { zh: '得分', en: 'Score', ja: '得点' },
  'col.date': { zh: '申诉时间', en: 'Appealed', ja: '申し立て日' },
  'col.room': { zh: '教室', en: 'Room', ja: '教室' },
  'col.time': { zh: '时间', en: 'Time', ja: '時間' },
  'col.attendance': { zh: '出勤率', en: 'Attendance', ja: '出席率' },
  'col.headUp': { zh: '抬头率', en: 'Head-up', ja: '顔上げ率' },
  'col.frontRow': { zh: '前排就座率', en: 'Front row', ja: '前列着席率' },
  offline: {
    zh: '本系统没有配置语言模型，所以我只能回答能用学校数据查到的问题，例如：\n\n- 本学期各部门（或各教师）的评价次数和平均分\n- 督导计划的进度\n- 待处理的申诉\n- 待评价的教案\n- 课堂的三率和 AI 预警\n- 现在正在上的课\n\n管理员可以在“AI预警设置 → AI 助手”中设置本校自己的模型，或在服务器环境中设置 `LLM_API_KEY`（以及可选的 `LLM_BASE_URL`、`LLM_MODEL_CHAT`、`LLM_MODEL_REASONER`）来接入 DeepSeek 或其他兼容 OpenAI 的模型，详见 docs/configuration.md。',
    en: 'No language model is configured, so I can only answer questions the school\'s data answers, such as:\n\n- evaluations and mean scores by department (or by teacher) this semester\n- the progress of supervision plans\n- appeals waiting to be handled\n- lesson plans not yet evaluated\n- the three rates and AI warnings of classes\n- the classes in progress now\n\nA school\'s administrator sets the school\'s own model in AI warning settings → AI assistant; an operator connects DeepSeek or another OpenAI-compatible model for every school by setting `LLM_API_KEY` (and optionally `LLM_BASE_URL`, `LLM_MODEL_CHAT`, `LLM_MODEL_REASONER`) in the server\'s environment; see docs/configuration.md.',
    ja: '言語モデルが設定されていないため、学校のデータで答えられる質問にだけ答えます。例：\n\n- 今学期の部門別（または教員別）の評価数と平均点\n- 監督計画の進捗\n- 処理待ちの申し立て\n- 未評価の教案\n- 授業の 3 つの率と AI 警告\n- 現在行われている授業\n\n学校の管理者は「AI警告設定 → AI アシスタント」で学校独自のモデルを設定できます。また、運用担当者がサーバーの環境変数 `LLM_API_KEY`（必要に応じて `LLM_BASE_URL`、`LLM_MODEL_CHAT`、`LLM_MODEL_REASONER`）を設定すると、DeepSeek などの OpenAI 互換モデルを使えます。詳しくは docs/configuration.md をご覧ください。',
  },
  ruleMatched: { zh: '没有语言模型：按规则“{rule}”识别了这个问题（关键词：{words}），调用工具 {tool}。', en: 'No language model: the rule "{rule}" recognised this question (words: {words}), so I call the tool {tool}.', ja: '言語モデルなし：ルール「{rule}」がこの質問を認識しました（語：{words}）。ツール {tool} を呼び出します。' },
  noRule: { zh: '没有语言模型，也没有规则识别这个问题。', en: 'No language model, and no rule recognises this question.', ja: '言語モデルがなく、この質問を認識するルールもありません。' },
  system: {
    zh: '你是课堂督导平台的助手。今天是 {date}。回答学校数据（评价、督导计划、申诉、教案、课堂分析、课表）时必须调用工具，只根据工具返回的数据作答，不要编造数字；工具说没有权限时如实转告。用中文回答，使用 Markdown。',
    en: 'You are the assistant of a classroom-supervision platform. Today is {date}. For the school\'s data (evaluations, supervision plans, appeals, lesson plans, classroom analysis, timetable) call the tools and answer only from what they return; never invent figures; when a tool says the asker has no access, say so. Answer in English, in Markdown.',
    ja: 'あなたは授業監督プラットフォームのアシスタントです。今日は {date} です。学校のデータ（評価、監督計画、申し立て、教案、授業分析、時間割）についてはツールを呼び出し、その結果だけに基づいて答え、数字を作らないでください。ツールが権限なしと返したらそのまま伝えてください。日本語で、Markdown で答えてください。',
  },
} as const satisfies Record<string, Record<TLanguage, string>>;

export type TextKey = keyof typeof TEXT;

export function say(lang: TLanguage, key: string, params: Record<string, string | number> = {}): string {
  const entry = (TEXT as Record<string, Record<TLanguage, string>>)[key];
  return entry ? formatMessage(entry[lang], params) : key;
}

/** A value as a percent with one decimal ('—' when absent); `scale` 100 for a 0..1 rate. */
export function pct(v: number | null | undefined, scale = 1): string {
  return v == null ? '—' : `${(Math.round(v * scale * 10) / 10).toFixed(1)}%`;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');

/** A markdown table with localized column titles. */
export function table(lang: TLanguage, columns: TextKey[], rows: string[][]): string {
  return [`| ${columns.map((c) => say(lang, c)).join(' | ')} |`, `| ${columns.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');
}
