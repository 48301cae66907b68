import type { TClassificationKind } from '@hxk/contracts/catalog';

/** Where a feature reads its teacher picker from: each endpoint checks its own screen's permission. */
export type TeacherSource = 'plan' | 'questionnaire' | 'course';
/** Where a feature reads published templates from: each endpoint checks its own screen's permission. */
export type TemplateSource = 'plan' | 'evaluation';
/** Where a feature reads supervision groups from: each endpoint checks its own screen's permission. */
export type GroupSource = 'plan' | 'supervision';
/** A teacher search by name or account, or the one teacher with an id. */
export type TeacherQuery = { keyword?: string | undefined; id?: string };

const TEACHER_ROOT = { plan: 'plans', questionnaire: 'questionnaires', course: 'schedule' } as const satisfies Record<TeacherSource, string>;
const GROUP_KEY = { plan: ['plans', 'groups'], supervision: ['supervisionGroups', 'options'] } as const satisfies Record<GroupSource, readonly string[]>;
const TEMPLATE_KEY = { plan: ['plans', 'templateOptions'], evaluation: ['evaluations', 'templates'] } as const satisfies Record<TemplateSource, readonly string[]>;

/**
 * The query keys of the reference lists that several features read (decision 0014). A list read
 * through a feature's endpoint keeps that feature's root ('schedule', 'classrooms', 'org', ...), so
 * the owner's mutations, which invalidate their whole root, still refresh it.
 */
export const referenceKeys = {
  /** Semesters for pickers (the calendar dict). */
  semesters: () => ['calendar', 'dict'] as const,
  /** Every semester with its dates, as the schedule edits them. */
  semesterList: () => ['schedule', 'semesters'] as const,
  semesterWeeks: (semesterId: string) => ['schedule', 'weeks', semesterId] as const,
  weekOfToday: (semesterId: string) => ['schedule', 'weekOfToday', semesterId] as const,
  /** Colleges and their organisation units. */
  colleges: () => ['org', 'collegeDict'] as const,
  classroomTree: (flag: 1 | 2) => ['classrooms', 'tree', flag] as const,
  teachers: (source: TeacherSource, q: TeacherQuery) => [TEACHER_ROOT[source], 'teachers', q] as const,
  publishedTemplates: (source: TemplateSource) => TEMPLATE_KEY[source],
  supervisionGroups: (source: GroupSource) => GROUP_KEY[source],
  /** Classification choices of indicators or questions. */
  classificationDict: (kind: TClassificationKind) => ['catalog', 'classificationDict', kind] as const,
  /** Enabled indicators, first level with their second-level ones. */
  indicatorTree: () => ['catalog', 'indicatorTree'] as const,
};
