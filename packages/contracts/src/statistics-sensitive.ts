/**
 * Sensitive-topic classrooms (issue 17; /back/sensitiveTopic and its details): the semester's
 * classes whose transcript held words of the school's sensitive-word lexicon, counted by category
 * and severity for a scope against the whole school, the classes listed, and one class's hits with
 * the words in context and their moment in the recording. Hits come from the analysis the class's AI
 * report shows (the recording's, else the live one), once it has finished. The reader's permissions
 * bound the scope as in evaluation statistics.
 */
import { z } from 'zod';
import { ZId, ZPageRequest, zPage } from './common.ts';
import { rangeInOrder, rangeRule, STATS_PERIOD, STATS_SCOPE } from './statistics-filters.ts';
import { ZPersonRef } from './supervision.ts';
import { WARNING_LEVEL_KEYS } from './analysis.ts';

export const ZSensitiveSeverity = z.enum(WARNING_LEVEL_KEYS);

const filterShape = {
  ...STATS_PERIOD,
  ...STATS_SCOPE,
  /** A lexicon category (as stored with each hit). */
  category: z.string().min(1).max(32).optional(),
  severity: ZSensitiveSeverity.optional(),
};

export const ZSensitiveFilters = z.object(filterShape).refine(rangeInOrder, rangeRule);
export const ZSensitiveStatsQuery = ZSensitiveFilters;
export type TSensitiveFilters = z.input<typeof ZSensitiveFilters>;

/** Classes with at least one hit (of the category and severity asked, when asked), and the hits. */
export const ZSensitiveFigures = z.object({
  /** Classes with a finished analysis (the denominator of the share). */
  analysedClasses: z.number().int(),
  classesWithHits: z.number().int(),
  hits: z.number().int(),
  /** classesWithHits / analysedClasses in percent (one decimal), null without analysed classes. */
  share: z.number().nullable(),
});
export type TSensitiveFigures = z.infer<typeof ZSensitiveFigures>;

export const ZSensitiveStats = z.object({
  semester: z.object({ id: ZId, name: z.string(), weekCount: z.number().int() }),
  subject: z.object({
    orgUnit: z.object({ id: ZId, name: z.string() }).nullable(),
    teacher: ZPersonRef.nullable(),
    course: z.object({ id: ZId, name: z.string(), code: z.string() }).nullable(),
  }),
  ownOnly: z.boolean(),
  scope: ZSensitiveFigures,
  school: ZSensitiveFigures,
  /** The scope's hits per category, split by severity, with the classes they were heard in. */
  categories: z.array(z.object({
    category: z.string(),
    classes: z.number().int(),
    hits: z.number().int(),
    mild: z.number().int(),
    moderate: z.number().int(),
    severe: z.number().int(),
  })),
  /** The scope's hits per severity. */
  severities: z.array(z.object({ severity: ZSensitiveSeverity, classes: z.number().int(), hits: z.number().int() })),
  asOf: z.string(),
});
export type TSensitiveStats = z.infer<typeof ZSensitiveStats>;

// ---------------------------------------------------------------- the classes, and one class's hits

export const ZSensitiveClassesQuery = z.object({ ...filterShape, ...ZPageRequest.shape }).refine(rangeInOrder, rangeRule);
export type TSensitiveClassesQuery = z.input<typeof ZSensitiveClassesQuery>;

export const ZSensitiveClassRow = z.object({
  courseSessionId: ZId,
  lessonDate: z.string(),
  week: z.number().int(),
  session: z.number().int(),
  course: z.object({ id: ZId, name: z.string(), code: z.string() }),
  teacher: ZPersonRef,
  orgUnitName: z.string().nullable(),
  buildingName: z.string().nullable(),
  classroomName: z.string().nullable(),
  hits: z.number().int(),
  /** The most severe of the class's hits. */
  severity: ZSensitiveSeverity,
  categories: z.array(z.string()),
  /** Distinct words heard (at most ten). */
  words: z.array(z.string()),
});
export type TSensitiveClassRow = z.infer<typeof ZSensitiveClassRow>;
export const ZSensitiveClassPage = zPage(ZSensitiveClassRow);

export const ZSensitiveHitsQuery = z.object({ courseSessionId: ZId });
export type TSensitiveHitsQuery = z.input<typeof ZSensitiveHitsQuery>;

export const ZSensitiveClassHits = z.object({
  courseSessionId: ZId,
  lessonDate: z.string(),
  week: z.number().int(),
  session: z.number().int(),
  course: z.object({ id: ZId, name: z.string(), code: z.string() }),
  teacher: ZPersonRef,
  orgUnitName: z.string().nullable(),
  buildingName: z.string().nullable(),
  classroomName: z.string().nullable(),
  source: z.enum(['recording', 'live']),
  hits: z.array(z.object({
    id: ZId,
    word: z.string(),
    category: z.string(),
    severity: ZSensitiveSeverity,
    /** Seconds from the start of the analysed media. */
    start: z.number(),
    end: z.number(),
    context: z.string(),
    /** The wall-clock moment (ISO), to open the recording at; null when the analysis has no start time. */
    at: z.string().nullable(),
  })),
});
export type TSensitiveClassHits = z.infer<typeof ZSensitiveClassHits>;
