/** Semesters, teaching weeks and the school's daily session times (schedule management). */
import { z } from 'zod';
import { ZId, ZIdInput } from './common.ts';

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const ZIsoDate = z.string().regex(ISO_DATE, { message: 'validation.date' })
  // zod runs this even when the pattern failed: an invalid date must not throw (it answered 500).
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, { message: 'validation.date' });

export const ZSemester = z.object({
  id: ZId,
  name: z.string(),
  /** Week 1 is the Monday-to-Sunday week containing this date. */
  startDate: z.string(),
  /** The Sunday ending the last teaching week. */
  endDate: z.string(),
  weekCount: z.number().int(),
  /** Today (in the school's time zone) falls in this semester. */
  current: z.boolean(),
  courseCount: z.number().int(),
});
export type TSemester = z.infer<typeof ZSemester>;

export const ZSaveSemesterRequest = z.object({
  id: ZId.optional(),
  name: z.string().trim().min(1, { message: 'validation.required' }).max(50, { message: 'validation.tooLong' }),
  startDate: ZIsoDate,
  weekCount: z.coerce.number().int({ message: 'validation.weekCount' }).min(1, { message: 'validation.weekCount' }).max(60, { message: 'validation.weekCount' }),
});
export type TSaveSemesterRequest = z.infer<typeof ZSaveSemesterRequest>;

export const ZSemesterIdQuery = z.object({ id: ZIdInput });
export const ZDeleteSemesterRequest = z.object({ id: ZId });

export const ZTeachingWeek = z.object({
  week: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  /** Monday first. */
  dates: z.array(z.string()),
});
export type TTeachingWeek = z.infer<typeof ZTeachingWeek>;

/** The teaching week containing today, or week null (with today's Monday-to-Sunday dates) outside the semester. */
export const ZWeekInSemester = z.object({
  semesterId: ZId,
  today: z.string(),
  week: z.number().int().nullable(),
  weekCount: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  dates: z.array(z.string()),
});
export const ZSemesterWeeks = z.object({ semesterId: ZId, weekCount: z.number().int(), weeks: z.array(ZTeachingWeek) });

export const ZCalendarDictItem = z.object({ value: ZId, label: z.string(), current: z.boolean(), startDate: z.string(), weekCount: z.number().int() });
export const ZCalendarDict = z.array(ZCalendarDictItem);
export type TCalendarDictItem = z.infer<typeof ZCalendarDictItem>;

const HM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const ZHm = z.string().regex(HM, { message: 'validation.time' });

export const ZSessionTime = z.object({ sessionNo: z.number().int(), start: z.string(), end: z.string() });
export type TSessionTime = z.infer<typeof ZSessionTime>;
export const ZSessionTimes = z.array(ZSessionTime);

export const ZSaveSessionTimesRequest = z.object({
  list: z.array(z.object({
    sessionNo: z.coerce.number().int().min(1, { message: 'validation.sessionNo' }).max(20, { message: 'validation.sessionNo' }),
    start: ZHm,
    end: ZHm,
  })).max(20, { message: 'validation.tooMany' }),
});
export type TSaveSessionTimesRequest = z.infer<typeof ZSaveSessionTimesRequest>;
