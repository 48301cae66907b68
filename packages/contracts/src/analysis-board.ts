/**
 * The AI data board (issue 15, /wenxiang/dataAnalysisReport): the school's classroom analysis at a
 * glance, from the same per-class figures the AI classroom reports show. A class's figures are its
 * analysis from the recording, else its live analysis (as in the report); only classes timetabled in
 * a classroom count (an analysis needs the room's cameras). Every figure names how it is computed
 * (`method`, a key the web turns into a sentence).
 */
import { z } from 'zod';
import { ZId } from './common.ts';
import { ZIsoDate } from './calendar.ts';
import { ANALYSIS_STATUSES, WARNING_LEVEL_KEYS } from './analysis.ts';
import { TEACHING_MODES } from './st-analysis.ts';

/** How each figure of the board is computed (the web's `board:method.<key>`). */
export const BOARD_METHODS = {
  /** The day's classes in classrooms by the status of their analysis; held = started by now. */
  day: 'classesOfDayByStatus',
  /** The mean of the rates of the classes in progress now that have figures (live analysis so far). */
  nowInProgress: 'meanOfClassesInProgress',
  /** No class in progress with figures: the latest finished analysis of the last 7 days. */
  nowLatest: 'latestAnalysedClass',
  /** Per day, the mean of the rates of the classes whose analysis finished (each class weighs the same). */
  trend: 'dailyMeanOfClassRates',
  /** AI warnings not ended, of classes held in the last 7 days. */
  warnings: 'activeAiWarningsOfWeek',
  /** Classes of this week (Monday to the day) with a finished analysis, by their S-T teaching mode. */
  modes: 'stModesOfWeek',
  /** Classes of this week with a finished analysis, out of the classes held in classrooms. */
  coverage: 'analysedOverHeldOfWeek',
} as const;
export type TBoardMethod = (typeof BOARD_METHODS)[keyof typeof BOARD_METHODS];

/** How many of the day's analysed classes and of the latest warnings the board lists. */
export const BOARD_LIMITS = { classes: 50, warnings: 10, days: 7 } as const;

export const ZDataBoardQuery = z.object({ date: ZIsoDate.optional() });
export type TDataBoardQuery = z.infer<typeof ZDataBoardQuery>;

/** The three rates (0..1); null when no class had that figure. */
export const ZBoardRates = z.object({ attendance: z.number().nullable(), headUp: z.number().nullable(), frontRow: z.number().nullable() });
export type TBoardRates = z.infer<typeof ZBoardRates>;

/** A class on the board: what it is, and its analysis (the link opens its AI classroom report). */
export const ZBoardClass = z.object({
  courseSessionId: ZId,
  courseName: z.string(),
  teacherName: z.string(),
  classroomName: z.string().nullable(),
  buildingName: z.string().nullable(),
  lessonDate: z.string(),
  /** 'HH:MM' of its first session, when the school has set that session's time. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  status: z.enum(ANALYSIS_STATUSES).nullable(),
  rates: ZBoardRates,
  mode: z.enum(TEACHING_MODES).nullable(),
});
export type TBoardClass = z.infer<typeof ZBoardClass>;

export const ZBoardWarning = z.object({
  id: ZId,
  level: z.enum(WARNING_LEVEL_KEYS),
  /** 'ai.headUpBelow', 'ai.sensitiveWord'... */
  kind: z.string(),
  startedAt: z.string(),
  courseSessionId: ZId,
  courseName: z.string(),
  teacherName: z.string(),
  classroomName: z.string().nullable(),
  buildingName: z.string().nullable(),
  lessonDate: z.string(),
});
export type TBoardWarning = z.infer<typeof ZBoardWarning>;

const count = z.number().int().nonnegative();

export const ZDataBoard = z.object({
  /** The board's day, and the school's today (they differ when a past day is asked for). */
  date: z.string(),
  today: z.string(),
  /** The last 7 days (the trend and the warnings) and this week (Monday to the day: modes, coverage). */
  window: z.object({ from: z.string(), to: z.string() }),
  week: z.object({ from: z.string(), to: z.string() }),
  day: z.object({
    method: z.literal(BOARD_METHODS.day),
    scheduled: count,
    held: count,
    done: count,
    running: count,
    queued: count,
    failed: count,
    /** Held classes with no analysis at all. */
    notAnalysed: count,
    /** The day's classes that have an analysis, in timetable order (at most BOARD_LIMITS.classes). */
    classes: z.array(ZBoardClass),
    /** How many such classes there are in all. */
    analysedTotal: count,
  }),
  now: z.object({
    method: z.enum([BOARD_METHODS.nowInProgress, BOARD_METHODS.nowLatest]).nullable(),
    /** Classes in progress now (with or without figures), and how many of them the rates average. */
    inProgress: count,
    classes: count,
    rates: ZBoardRates,
    /** The class the rates are from, when they are the latest analysed class's. */
    latest: ZBoardClass.nullable(),
  }),
  trend: z.object({
    method: z.literal(BOARD_METHODS.trend),
    days: z.array(z.object({ date: z.string(), classes: count, rates: ZBoardRates })),
  }),
  warnings: z.object({
    method: z.literal(BOARD_METHODS.warnings),
    total: count,
    byLevel: z.object({ mild: count, moderate: count, severe: count }),
    latest: z.array(ZBoardWarning),
  }),
  modes: z.object({
    method: z.literal(BOARD_METHODS.modes),
    total: count,
    counts: z.object({ practice: count, lecture: count, dialogue: count, mixed: count }),
  }),
  coverage: z.object({
    method: z.literal(BOARD_METHODS.coverage),
    analysed: count,
    held: count,
    /** analysed / held (0..1); null when no class was held. */
    rate: z.number().nullable(),
  }),
});
export type TDataBoard = z.infer<typeof ZDataBoard>;
