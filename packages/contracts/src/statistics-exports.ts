/**
 * Exports of the statistics views (issue 17): what a statistics screen shows, with its filters, as an
 * Excel workbook built by a background job — the figures, charts' numbers and tables of the screen,
 * and every row behind them (all of them, not a page). The reader starts the job with the view and
 * the screen's query, polls its progress, and downloads the file when it is done; only the person who
 * started it, in the same school, can read the job or its file. The workbook's words are in the
 * reader's language when the export was started. Anonymous evaluations never name their evaluator.
 */
import { z } from 'zod';
import { ZId } from './common.ts';
import type { TLanguage } from './language.ts';
import { ZEvaluationStatsQuery } from './statistics.ts';
import { ZThreeRateStatsQuery } from './statistics-three-rate.ts';
import { ZSensitiveHitsQuery, ZSensitiveStatsQuery } from './statistics-sensitive.ts';

/** The views that export: evaluation statistics (any level), three-rate statistics, sensitive-topic classrooms, one class's hits. */
export const STATS_EXPORT_VIEWS = ['evaluation', 'threeRate', 'sensitive', 'sensitiveHits'] as const;
export type TStatsExportView = (typeof STATS_EXPORT_VIEWS)[number];

/** The view and the query its screen sends (the same filters, the same grouping). */
export const ZStatsExportRequest = z.discriminatedUnion('view', [
  z.object({ view: z.literal('evaluation'), query: ZEvaluationStatsQuery }),
  z.object({ view: z.literal('threeRate'), query: ZThreeRateStatsQuery }),
  z.object({ view: z.literal('sensitive'), query: ZSensitiveStatsQuery }),
  z.object({ view: z.literal('sensitiveHits'), query: ZSensitiveHitsQuery }),
]);
export type TStatsExportRequest = z.input<typeof ZStatsExportRequest>;

export const ZStatsExportStarted = z.object({ jobId: ZId });
export const ZStatsExportJobQuery = z.object({ jobId: ZId });

export const ZStatsExportJob = z.object({
  jobId: ZId,
  view: z.enum(STATS_EXPORT_VIEWS),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** Rows written of `total` (the figures' sheets count as one row each). */
  progress: z.number().int(),
  total: z.number().int(),
  /** Data rows in the workbook, once done. */
  rows: z.number().int().nullable(),
  /** The file's name when it is ready to download; null before, after a failure and once it expired. */
  fileName: z.string().nullable(),
  /** When the file is removed (done jobs). */
  expiresAt: z.string().nullable(),
  /** The failure, localized (null unless failed). */
  message: z.string().nullable(),
  errorKey: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TStatsExportJob = z.infer<typeof ZStatsExportJob>;

/** Hours an export's file is kept for its downloader. */
export const STATS_EXPORT_KEEP_HOURS = 24;

type Label = Record<TLanguage, string>;

/** The words of the export workbooks: sheet names, headers and values, in each language. */
export const STATS_EXPORT_TEXT = {
  // sheets
  sheetSummary: { zh: '概况', en: 'Summary', ja: '概要' },
  sheetGroups: { zh: '分组', en: 'Groups', ja: 'グループ' },
  sheetDistribution: { zh: '分数分布', en: 'Score bands', ja: '得点分布' },
  sheetIndicators: { zh: '指标', en: 'Indicators', ja: '指標' },
  sheetTrend: { zh: '周趋势', en: 'By week', ja: '週ごと' },
  sheetRanks: { zh: '排名', en: 'Top and bottom', ja: '上位・下位' },
  sheetSupervisors: { zh: '督导完成情况', en: 'Supervisors', ja: '督導員' },
  sheetEvaluations: { zh: '评价记录', en: 'Evaluations', ja: '評価' },
  sheetClasses: { zh: '课堂', en: 'Classes', ja: '授業' },
  sheetCategories: { zh: '类别', en: 'Categories', ja: 'カテゴリ' },
  sheetSeverities: { zh: '级别', en: 'Severities', ja: 'レベル' },
  sheetHits: { zh: '敏感词', en: 'Words heard', ja: '検出語' },
  // the summary's head
  viewEvaluation: { zh: '评价统计', en: 'Evaluation statistics', ja: '評価統計' },
  viewThreeRate: { zh: '三率统计', en: 'Three-rate statistics', ja: '三率統計' },
  viewSensitive: { zh: '敏感话题课堂', en: 'Sensitive-topic classrooms', ja: 'センシティブな話題の授業' },
  viewSensitiveHits: { zh: '敏感话题课堂详情', en: 'Sensitive-topic class', ja: 'センシティブな話題の授業の詳細' },
  item: { zh: '项目', en: 'Item', ja: '項目' },
  value: { zh: '值', en: 'Value', ja: '値' },
  scope: { zh: '范围', en: 'Scope', ja: '範囲' },
  school: { zh: '全校', en: 'School', ja: '全校' },
  view: { zh: '视图', en: 'View', ja: 'ビュー' },
  semester: { zh: '学期', en: 'Semester', ja: '学期' },
  from: { zh: '开始日期', en: 'From', ja: '開始日' },
  to: { zh: '结束日期', en: 'To', ja: '終了日' },
  unit: { zh: '部门', en: 'Department', ja: '部門' },
  parentUnit: { zh: '学院', en: 'College', ja: '学部' },
  teacher: { zh: '教师', en: 'Teacher', ja: '教員' },
  account: { zh: '账号', en: 'Account', ja: 'アカウント' },
  course: { zh: '课程', en: 'Course', ja: '授業' },
  courseCode: { zh: '课程编号', en: 'Course code', ja: '科目コード' },
  building: { zh: '教学楼', en: 'Building', ja: '建物' },
  classroom: { zh: '教室', en: 'Room', ja: '教室' },
  session: { zh: '节次', en: 'Session', ja: '時限' },
  week: { zh: '周次', en: 'Week', ja: '週' },
  template: { zh: '评价表', en: 'Form', ja: '評価表' },
  plan: { zh: '督导计划', en: 'Plan', ja: '督導計画' },
  evaluationType: { zh: '评价类型', en: 'Evaluation type', ja: '評価種別' },
  kind: { zh: '听课方式', en: 'Kind', ja: '種類' },
  category: { zh: '类别', en: 'Category', ja: 'カテゴリ' },
  severity: { zh: '级别', en: 'Severity', ja: 'レベル' },
  groupBy: { zh: '分组方式', en: 'Grouped by', ja: 'グループ化' },
  asOf: { zh: '数据时间', en: 'Data as of', ja: 'データ時点' },
  rows: { zh: '明细行数', en: 'Rows', ja: '明細行数' },
  ownOnly: { zh: '仅本人数据', en: 'Own figures only', ja: '本人の数値のみ' },
  // figures
  evaluations: { zh: '评价数', en: 'Evaluations', ja: '評価数' },
  teachersEvaluated: { zh: '被评教师', en: 'Teachers evaluated', ja: '評価された教員' },
  teachersTeaching: { zh: '授课教师', en: 'Teachers teaching', ja: '授業担当教員' },
  coverage: { zh: '覆盖率(%)', en: 'Coverage (%)', ja: 'カバー率(%)' },
  meanPercent: { zh: '平均得分率(%)', en: 'Mean (% of full score)', ja: '平均得点率(%)' },
  schoolMeanPercent: { zh: '全校平均得分率(%)', en: 'School mean (%)', ja: '全校平均得点率(%)' },
  schoolEvaluations: { zh: '全校评价数', en: 'School evaluations', ja: '全校評価数' },
  classes: { zh: '已分析课堂', en: 'Analysed classes', ja: '分析済みの授業' },
  attendance: { zh: '到课率(%)', en: 'Attendance (%)', ja: '出席率(%)' },
  headUp: { zh: '抬头率(%)', en: 'Head-up (%)', ja: '顔上げ率(%)' },
  frontRow: { zh: '前排就座率(%)', en: 'Front row (%)', ja: '前列着席率(%)' },
  attendanceClasses: { zh: '到课率课堂数', en: 'Classes with attendance', ja: '出席率のある授業' },
  headUpClasses: { zh: '抬头率课堂数', en: 'Classes with head-up', ja: '顔上げ率のある授業' },
  frontRowClasses: { zh: '前排率课堂数', en: 'Classes with front row', ja: '前列率のある授業' },
  schoolAttendance: { zh: '全校到课率(%)', en: 'School attendance (%)', ja: '全校出席率(%)' },
  schoolHeadUp: { zh: '全校抬头率(%)', en: 'School head-up (%)', ja: '全校顔上げ率(%)' },
  schoolFrontRow: { zh: '全校前排就座率(%)', en: 'School front row (%)', ja: '全校前列着席率(%)' },
  schoolClasses: { zh: '全校已分析课堂', en: 'School analysed classes', ja: '全校の分析済み授業' },
  heldClasses: { zh: '已上课堂', en: 'Classes held', ja: '実施済みの授業' },
  analysedClasses: { zh: '已分析课堂', en: 'Analysed classes', ja: '分析済みの授業' },
  classesWithHits: { zh: '含敏感词课堂', en: 'Classes with sensitive words', ja: 'センシティブ語のある授業' },
  hits: { zh: '敏感词次数', en: 'Words heard', ja: '検出回数' },
  share: { zh: '占比(%)', en: 'Share (%)', ja: '割合(%)' },
  // columns
  name: { zh: '名称', en: 'Name', ja: '名称' },
  detail: { zh: '说明', en: 'Detail', ja: '詳細' },
  band: { zh: '分数段', en: 'Score band', ja: '得点帯' },
  count: { zh: '数量', en: 'Count', ja: '件数' },
  schoolCount: { zh: '全校数量', en: 'School count', ja: '全校件数' },
  indicator: { zh: '指标', en: 'Indicator', ja: '指標' },
  percent: { zh: '得分率(%)', en: 'Percent', ja: '得点率(%)' },
  schoolPercent: { zh: '全校得分率(%)', en: 'School percent', ja: '全校得点率(%)' },
  list: { zh: '榜单', en: 'List', ja: 'リスト' },
  top: { zh: '前五', en: 'Top five', ja: '上位 5 名' },
  bottom: { zh: '后五', en: 'Bottom five', ja: '下位 5 名' },
  supervisor: { zh: '督导', en: 'Supervisor', ja: '督導員' },
  plans: { zh: '计划数', en: 'Plans', ja: '計画数' },
  attended: { zh: '已听课', en: 'Attended', ja: '聴講済み' },
  required: { zh: '应听课', en: 'Required', ja: '必要数' },
  lessonDate: { zh: '上课日期', en: 'Lesson day', ja: '授業日' },
  evaluator: { zh: '评价人', en: 'Evaluator', ja: '評価者' },
  evaluatorAccount: { zh: '评价人账号', en: 'Evaluator account', ja: '評価者アカウント' },
  anonymous: { zh: '匿名', en: 'Anonymous', ja: '匿名' },
  score: { zh: '得分', en: 'Score', ja: '得点' },
  fullScore: { zh: '满分', en: 'Full score', ja: '満点' },
  submittedAt: { zh: '提交时间', en: 'Submitted', ja: '提出日時' },
  source: { zh: '分析来源', en: 'Analysis of', ja: '分析元' },
  expectedStudents: { zh: '应到人数', en: 'Expected students', ja: '出席予定者数' },
  presentAvg: { zh: '平均实到人数', en: 'Present (mean)', ja: '平均出席者数' },
  frontRowExpected: { zh: '前排座位数', en: 'Front-row seats', ja: '前列の座席数' },
  frontRowActual: { zh: '前排就座人数', en: 'Front-row students', ja: '前列の着席者数' },
  categories: { zh: '类别', en: 'Categories', ja: 'カテゴリ' },
  words: { zh: '敏感词', en: 'Words', ja: '語' },
  word: { zh: '敏感词', en: 'Word', ja: '語' },
  moment: { zh: '录像时刻(秒)', en: 'Moment (s)', ja: '録画位置(秒)' },
  at: { zh: '时间', en: 'At', ja: '時刻' },
  context: { zh: '上下文', en: 'Context', ja: '前後の文' },
  mild: { zh: '轻度', en: 'Mild', ja: '軽度' },
  moderate: { zh: '中度', en: 'Moderate', ja: '中程度' },
  severe: { zh: '严重', en: 'Severe', ja: '重大' },
  yes: { zh: '是', en: 'Yes', ja: 'はい' },
  no: { zh: '否', en: 'No', ja: 'いいえ' },
  recording: { zh: '录像', en: 'Recording', ja: '録画' },
  live: { zh: '直播', en: 'Live', ja: 'ライブ' },
  // evaluation kinds and types, score bands, groupings
  kindPlan: { zh: '计划听课', en: 'Plan', ja: '計画参観' },
  kindFree: { zh: '自由听课', en: 'Free listening', ja: '自由参観' },
  kindInvited: { zh: '邀请听课', en: 'Invited', ja: '招待参観' },
  kindTemporary: { zh: '临时评价', en: 'Temporary', ja: '臨時評価' },
  typeOrdinary: { zh: '普通评价', en: 'Ordinary', ja: '通常評価' },
  typeExpert: { zh: '专家评价', en: 'Expert', ja: '専門家評価' },
  typeTeacherPeer: { zh: '同行评价', en: 'Teacher peer', ja: '教員相互評価' },
  typeStudent: { zh: '学生评价', en: 'Student', ja: '学生評価' },
  bandLt60: { zh: '60% 以下', en: 'Below 60%', ja: '60% 未満' },
  band60to70: { zh: '60–70%', en: '60–70%', ja: '60–70%' },
  band70to80: { zh: '70–80%', en: '70–80%', ja: '70–80%' },
  band80to90: { zh: '80–90%', en: '80–90%', ja: '80–90%' },
  bandGe90: { zh: '90–100%', en: '90–100%', ja: '90–100%' },
} as const satisfies Record<string, Label>;
export type TStatsExportText = keyof typeof STATS_EXPORT_TEXT;
