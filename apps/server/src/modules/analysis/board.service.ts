/**
 * The AI data board (issue 15, /wenxiang/dataAnalysisReport): the school's classroom analysis now and
 * over the last 7 days, from the per-class figures the AI classroom reports show. The board is
 * school-wide (its permission is the data-board screen's); each class it names links to its report,
 * which decides on its own who may read it.
 *
 * Days are the school's (SCHOOL_TIMEZONE): "today" and "now" come from the app clock, a past day can
 * be asked for, and its "now" is then the latest analysed class up to that day.
 */
import { addDays, BOARD_LIMITS, BOARD_METHODS, formatHm, mondayOf, TEACHING_MODES, type TBoardClass, type TBoardRates, type TDataBoard, type TTeachingMode } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { schoolClock } from '../calendar/calendar.service.ts';
import * as repo from './board.repo.ts';

/** Rates as the report stores them (0..1), rounded to 4 places like the analysis rows. */
const rate = (n: number | null) => (n === null ? null : Math.round(n * 10_000) / 10_000);
const ratesOf = (r: { attendance: number | null; headUp: number | null; frontRow: number | null }): TBoardRates => ({
  attendance: rate(r.attendance),
  headUp: rate(r.headUp),
  frontRow: rate(r.frontRow),
});
const asMode = (m: string | null): TTeachingMode | null => (m !== null && (TEACHING_MODES as readonly string[]).includes(m) ? (m as TTeachingMode) : null);

function presentClass(r: repo.BoardClassRow): TBoardClass {
  return {
    courseSessionId: r.courseSessionId,
    courseName: r.courseName,
    teacherName: r.teacherName,
    classroomName: r.classroomName,
    buildingName: r.buildingName,
    lessonDate: r.lessonDate,
    startTime: r.startMinute === null ? null : formatHm(r.startMinute),
    endTime: r.endMinute === null ? null : formatHm(r.endMinute),
    status: r.status,
    rates: ratesOf(r),
    mode: asMode(r.mode),
  };
}

const sum = (rows: repo.DayRow[], pick: (r: repo.DayRow) => number) => rows.reduce((n, r) => n + pick(r), 0);

export async function dataBoard(ctx: MemberCtx, q: { date?: string | undefined }): Promise<TDataBoard> {
  const clock = schoolClock(ctx);
  const now: repo.BoardClock = { today: clock.date, minute: clock.minute };
  const date = q.date ?? clock.date;
  const window = { from: addDays(date, 1 - BOARD_LIMITS.days), to: date };
  const week = { from: mondayOf(date), to: date };

  return inSchool(ctx, async (tx) => {
    // One statement per figure, each over the days it needs (the week lies within the window).
    const days = await repo.dayFigures(tx, window.from, window.to, now);
    const inProgress = date === clock.date ? await repo.nowFigures(tx, now) : null;
    const latest = inProgress?.classes ? undefined : await repo.latestAnalysedClass(tx, window.from, window.to, now);
    const dayClasses = await repo.analysedClassesOfDay(tx, date, now, BOARD_LIMITS.classes);
    const byLevel = await repo.activeWarningsByLevel(tx, window.from, window.to, now);
    const latestWarnings = await repo.latestActiveWarnings(tx, window.from, window.to, now, BOARD_LIMITS.warnings);

    const byDate = new Map(days.map((d) => [d.date, d]));
    const today = byDate.get(date);
    const thisWeek = days.filter((d) => d.date >= week.from);
    const levels = { mild: 0, moderate: 0, severe: 0 };
    for (const l of byLevel) levels[l.level] = l.n;
    const modes = { practice: sum(thisWeek, (d) => d.practice), lecture: sum(thisWeek, (d) => d.lecture), dialogue: sum(thisWeek, (d) => d.dialogue), mixed: sum(thisWeek, (d) => d.mixed) };
    const analysed = sum(thisWeek, (d) => d.analysedHeld);
    const held = sum(thisWeek, (d) => d.held);

    return {
      date,
      today: clock.date,
      window,
      week,
      day: {
        method: BOARD_METHODS.day,
        scheduled: today?.scheduled ?? 0,
        held: today?.held ?? 0,
        done: today?.done ?? 0,
        running: today?.running ?? 0,
        queued: today?.queued ?? 0,
        failed: today?.failed ?? 0,
        notAnalysed: today?.notAnalysed ?? 0,
        classes: dayClasses.map(presentClass),
        analysedTotal: today ? today.done + today.running + today.queued + today.failed : 0,
      },
      now: inProgress?.classes
        ? { method: BOARD_METHODS.nowInProgress, inProgress: inProgress.inProgress, classes: inProgress.classes, rates: ratesOf(inProgress), latest: null }
        : {
            method: latest ? BOARD_METHODS.nowLatest : null,
            inProgress: inProgress?.inProgress ?? 0,
            classes: latest ? 1 : 0,
            rates: latest ? ratesOf(latest) : { attendance: null, headUp: null, frontRow: null },
            latest: latest ? presentClass(latest) : null,
          },
      trend: {
        method: BOARD_METHODS.trend,
        days: Array.from({ length: BOARD_LIMITS.days }, (_, i) => {
          const d = addDays(window.from, i);
          const row = byDate.get(d);
          return { date: d, classes: row?.done ?? 0, rates: row ? ratesOf(row) : { attendance: null, headUp: null, frontRow: null } };
        }),
      },
      warnings: {
        method: BOARD_METHODS.warnings,
        total: levels.mild + levels.moderate + levels.severe,
        byLevel: levels,
        latest: latestWarnings,
      },
      modes: { method: BOARD_METHODS.modes, total: modes.practice + modes.lecture + modes.dialogue + modes.mixed, counts: modes },
      coverage: { method: BOARD_METHODS.coverage, analysed, held, rate: held > 0 ? rate(analysed / held) : null },
    };
  });
}
