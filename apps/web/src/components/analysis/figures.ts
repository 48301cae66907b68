import type { TFigureMethod } from '@hxk/contracts/analysis';

/**
 * The report's figures and the keys the pipeline may store their method under (`methods[key]`): the
 * figure's own name first, then the column it fills.
 */
export const FIGURE_KEYS = {
  attendance: ['attendance', 'attendanceRate', 'presentAvg'],
  headUp: ['headUp', 'headUpRate'],
  frontRow: ['frontRow', 'frontRowRate', 'frontRowActual'],
  expressions: ['expressions', 'expression'],
  st: ['st', 'rt', 'stSequence'],
  mode: ['mode', 'st'],
  talk: ['talk', 'teacherTalk', 'teacherTalkSeconds'],
  teacherAttendance: ['teacherAttendance', 'teacher', 'teacherPresence'],
  transcript: ['transcript'],
  speechRate: ['speechRate'],
  sensitiveWords: ['sensitiveWords', 'hits', 'sensitive'],
  pitchBaseline: ['pitchBaseline'],
} as const;
export type FigureKey = keyof typeof FIGURE_KEYS;

export function methodOf(methods: Record<string, TFigureMethod>, figure: FigureKey): TFigureMethod | null {
  for (const k of FIGURE_KEYS[figure]) if (methods[k]) return methods[k];
  return null;
}

type Described = { key: string; params: Record<string, string | number> };

/**
 * The pipeline's short method keys (apps/server/src/modules/analysis/vision/frame-metrics.ts) as a
 * sentence key of the `analysis` namespace (`method.<key>`) with its figures; null for a key the
 * report does not know (it then shows the key as it is).
 */
const PATTERNS: [RegExp, string, (m: RegExpMatchArray) => Record<string, string | number>][] = [
  [/^faces≥([\d.]+)\/expected$/, 'facesOverExpected', (m) => ({ score: m[1]! })],
  [/^\|pitch-baseline\|≤([\d.]+)\/posed$/, 'pitchWithin', (m) => ({ degrees: m[1]! })],
  [/^centreY>([\d.]+)\/seats$/, 'frontLine', (m) => ({ share: Math.round((1 - Number(m[1])) * 100) })],
  [/^dominant-expression\/faces$/, 'dominantExpression', () => ({})],
  [/^median-pitch$/, 'medianPitch', () => ({})],
  [/^admin$/, 'adminSet', () => ({})],
  [/^face≥([\d.]+)\|person≥([\d.]+)$/, 'faceOrPerson', (m) => ({ score: m[1]!, person: m[2]! })],
  [/^face≥([\d.]+)$/, 'face', (m) => ({ score: m[1]! })],
  [/vad|voice|silero/i, 'voiceActivity', () => ({})],
  [/subtitle/i, 'subtitles', () => ({})],
  [/transcri|whisper|asr/i, 'transcription', () => ({})],
  [/lexicon|sensitive|dictionary/i, 'lexicon', () => ({})],
];

export function describeMethod(method: string): Described | null {
  for (const [re, key, params] of PATTERNS) {
    const m = method.match(re);
    if (m) return { key, params: params(m) };
  }
  return null;
}
