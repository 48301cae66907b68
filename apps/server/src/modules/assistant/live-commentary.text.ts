/**
 * What the live commentary says without a language model, in zh, en and ja: sentences filled with the
 * class's live figures, chosen by the fixed rules of live-commentary.ts (docs/decisions/0023).
 */
import { formatMessage, type TLanguage } from '@hxk/contracts';

const TEXT = {
  head: { zh: '**{course}**（{teacher}，{room}）：第 {minute} 分钟，共 {total} 分钟。', en: '**{course}** ({teacher}, {room}): minute {minute} of {total}.', ja: '**{course}**（{teacher}、{room}）：{total} 分中 {minute} 分目。' },
  headOpen: { zh: '**{course}**（{teacher}，{room}）：第 {minute} 分钟。', en: '**{course}** ({teacher}, {room}): minute {minute}.', ja: '**{course}**（{teacher}、{room}）：{minute} 分目。' },
  now: { zh: '现在画面中有 {present} 名学生（出勤率 {attendance}），抬头率 {headUp}，前排就座率 {frontRow}。', en: 'Now {present} students are in the picture (attendance {attendance}); head-up {headUp}, front row {frontRow}.', ja: '現在 {present} 名の学生が映っています（出席率 {attendance}）。顔上げ率 {headUp}、前列着席率 {frontRow}。' },
  soFar: { zh: '开课以来平均：出勤率 {attendance}，抬头率 {headUp}，前排就座率 {frontRow}。', en: 'Since the start: attendance {attendance}, head-up {headUp}, front row {frontRow} on average.', ja: '開始からの平均：出席率 {attendance}、顔上げ率 {headUp}、前列着席率 {frontRow}。' },
  'trend.rising': { zh: '最近 {minutes} 分钟抬头率由 {from} 升到 {to}，学生的注意力在回升。', en: 'Over the last {minutes} minutes head-up rose from {from} to {to}: attention is picking up.', ja: '直近 {minutes} 分で顔上げ率が {from} から {to} に上がり、集中が戻ってきています。' },
  'trend.falling': { zh: '最近 {minutes} 分钟抬头率由 {from} 降到 {to}，学生的注意力在下降。', en: 'Over the last {minutes} minutes head-up fell from {from} to {to}: attention is slipping.', ja: '直近 {minutes} 分で顔上げ率が {from} から {to} に下がり、集中が落ちています。' },
  'trend.steady': { zh: '最近 {minutes} 分钟抬头率保持在 {to} 左右。', en: 'Over the last {minutes} minutes head-up stayed around {to}.', ja: '直近 {minutes} 分、顔上げ率は {to} 前後で安定しています。' },
  st: { zh: 'S-T 分析：Rt {rt}，Ch {ch}，目前为{mode}。', en: 'S-T so far: Rt {rt}, Ch {ch}, a {mode} lesson.', ja: 'S-T 分析：Rt {rt}、Ch {ch}、現在は{mode}です。' },
  'mode.practice': { zh: '练习型', en: 'practice', ja: '演習型' },
  'mode.lecture': { zh: '讲授型', en: 'lecture', ja: '講義型' },
  'mode.dialogue': { zh: '对话型', en: 'dialogue', ja: '対話型' },
  'mode.mixed': { zh: '混合型', en: 'mixed', ja: '混合型' },
  talk: { zh: '教师讲话 {teacher}，学生讲话 {student}，安静 {silence}。', en: 'Teacher talk {teacher}, student talk {student}, silence {silence}.', ja: '教員の発話 {teacher}、学生の発話 {student}、無音 {silence}。' },
  teacherAway: { zh: '教师摄像头最近一次没有看到教师。', en: 'The teacher camera did not see the teacher at its latest sample.', ja: '教員カメラの直近の映像に教員が映っていません。' },
  warnings: { zh: '本节课已产生 {n} 条 AI 预警（轻度 {mild}，中度 {moderate}，严重 {severe}），其中 {open} 条仍在持续。', en: '{n} AI warnings raised in this class (mild {mild}, moderate {moderate}, severe {severe}); {open} still open.', ja: 'この授業で AI 警告が {n} 件（軽度 {mild}、中度 {moderate}、重度 {severe}）、うち {open} 件が継続中です。' },
  noWarnings: { zh: '本节课没有 AI 预警。', en: 'No AI warning in this class.', ja: 'この授業に AI 警告はありません。' },
  tipsTitle: { zh: '建议关注：', en: 'Worth a look:', ja: '注目点：' },
  'tip.attendance': { zh: '出勤率低于 80%，可以核对缺席学生。', en: 'attendance is under 80%: check who is missing.', ja: '出席率が 80% 未満です。欠席者を確認してください。' },
  'tip.headUp': { zh: '抬头率低于 50%，多数学生没有看讲台。', en: 'head-up is under 50%: most students are not looking up.', ja: '顔上げ率が 50% 未満で、多くの学生が前を見ていません。' },
  'tip.lecture': { zh: '以讲授为主且师生对话少（Ch < 0.4），可以留意互动。', en: 'mostly lecture with little exchange (Ch < 0.4): watch for interaction.', ja: '講義中心で対話が少ない（Ch < 0.4）ため、やり取りに注目してください。' },
  'tip.frontRow': { zh: '前排就座率低于 50%。', en: 'the front row is less than half full.', ja: '前列の着席率が 50% 未満です。' },
  thinking: { zh: '没有语言模型：按固定规则解读本节课截至第 {minute} 分钟的实时数据（每 {sample} 秒采样一次，共 {samples} 个采样点）。规则：出勤率 < 80%、抬头率 < 50%、前排 < 50%、Rt ≥ 0.7 且 Ch < 0.4 时提示关注；比较最近几个采样点的抬头率判断趋势。', en: 'No language model: reading the class\'s live figures up to minute {minute} ({samples} samples, one every {sample} s) by fixed rules. Rules: attendance < 80%, head-up < 50%, front row < 50%, Rt ≥ 0.7 with Ch < 0.4 are worth a look; the trend compares head-up at the first and last of the recent samples.', ja: '言語モデルなし：{minute} 分目までのライブデータ（{sample} 秒ごと、{samples} 点）を固定ルールで読み取ります。ルール：出席率 < 80%、顔上げ率 < 50%、前列 < 50%、Rt ≥ 0.7 かつ Ch < 0.4 を注目点とし、直近の顔上げ率の最初と最後を比べて傾向を判断します。' },
  noFigures: { zh: '这节课还没有实时分析数据（未开启实时分析，或刚开始、尚未采样）。有数据后再请求解说。', en: 'This class has no live figures yet (it is not analysed live, or no sample has been taken). Ask again once it has.', ja: 'この授業にはまだライブ分析のデータがありません（ライブ分析の対象外か、まだサンプルがありません）。データが出てからもう一度お試しください。' },
  system: {
    zh: '你是课堂督导平台的实时解说员。根据下面 JSON 中一节正在进行的课的实时数据（比率为 0 到 1），用中文写一段简短的解说（不超过 150 字）：现在的状况、趋势、值得督导关注的地方。只使用给出的数据，不要编造数字；数据缺失就说缺失。使用 Markdown。',
    en: 'You are the live commentator of a classroom-supervision platform. From the live figures of a class in progress in the JSON below (rates from 0 to 1), write a short commentary in English (at most 120 words): how the class is now, the trend, and what a supervisor should look at. Use only the figures given, never invent numbers; say when a figure is missing. Use Markdown.',
    ja: 'あなたは授業監督プラットフォームのライブ解説者です。以下の JSON にある進行中の授業のライブデータ（率は 0〜1）から、日本語で短い解説（200 字以内）を書いてください：現在の様子、傾向、監督者が注目すべき点。与えられた数字だけを使い、数字を作らないでください。データがない場合はそう書いてください。Markdown を使ってください。',
  },
} as const satisfies Record<string, Record<TLanguage, string>>;

export function sayLive(lang: TLanguage, key: keyof typeof TEXT, params: Record<string, string | number> = {}): string {
  return formatMessage(TEXT[key][lang], params);
}
