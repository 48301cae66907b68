import dayjs, { type Dayjs } from 'dayjs';
import { ERRORS, formatMessage, VALIDATION_MESSAGES, type ValidationMessageKey } from '@hxk/contracts/errors';
import { ZSavePlanRequest, type TEvaluationType, type TPlan, type TSavePlanRequest } from '@hxk/contracts/plans';
import { validationMessage } from '../../../lib/form-rules.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import type { PlanCourse } from './course-ref.ts';

export type PlanFormValues = {
  name: string;
  evaluationType: TEvaluationType;
  templateId?: string;
  dates: [Dayjs, Dayjs] | null;
  courses: PlanCourse[];
  supervisorIds: string[];
  groupIds: string[];
  minClasses: number;
  description: string;
  anonymous: boolean;
  teacherCanView: boolean;
};

export const EMPTY_PLAN: PlanFormValues = {
  name: '',
  evaluationType: 'ordinary',
  dates: null,
  courses: [],
  supervisorIds: [],
  groupIds: [],
  minClasses: 1,
  description: '',
  anonymous: false,
  teacherCanView: true,
};

/** A saved plan as form values: supervisors added one by one are those that came through no group. */
export const planToValues = (p: TPlan): PlanFormValues => ({
  name: p.name,
  evaluationType: p.evaluationType,
  templateId: p.template.templateId,
  dates: [dayjs(p.startDate), dayjs(p.endDate)],
  courses: p.courses,
  supervisorIds: p.supervisors.filter((s) => !s.groupId).map((s) => s.userId),
  groupIds: p.groups.map((g) => g.groupId),
  minClasses: p.minClasses,
  description: p.description ?? '',
  anonymous: p.anonymous,
  teacherCanView: p.teacherCanView,
});

export const valuesToRequest = (v: PlanFormValues, planId: string | null): TSavePlanRequest => ({
  ...(planId ? { planId } : {}),
  name: v.name.trim(),
  evaluationType: v.evaluationType,
  templateId: v.templateId ?? '',
  courseIds: v.courses.map((c) => c.courseId),
  supervisorIds: v.supervisorIds,
  groupIds: v.groupIds,
  minClasses: v.minClasses,
  description: v.description.trim(),
  anonymous: v.anonymous,
  teacherCanView: v.teacherCanView,
  startDate: v.dates?.[0].format('YYYY-MM-DD') ?? '',
  endDate: v.dates?.[1].format('YYYY-MM-DD') ?? '',
});

/** A contract validation key in the interface language (the contract's own texts first). */
export function ruleMessage(key: string | undefined): string {
  if (key && key in VALIDATION_MESSAGES) return VALIDATION_MESSAGES[key as ValidationMessageKey][currentLanguage()];
  return validationMessage(key);
}

/** The contract rule's message when the minimum is above the selected course count. */
export const minClassesMessage = (courseCount: number) => formatMessage(ERRORS['plan.minClassesTooMany'][currentLanguage()], { max: courseCount });

const FIELD_OF: Record<string, keyof PlanFormValues> = { startDate: 'dates', endDate: 'dates', courseIds: 'courses', supervisorIds: 'supervisorIds' };

/** Every problem the contract finds in a request, as form field errors (the form's own rules catch most first). */
export function requestProblems(req: TSavePlanRequest, courseCount: number): { name: keyof PlanFormValues; errors: string[] }[] {
  const parsed = ZSavePlanRequest.safeParse(req);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => {
    const field = String(i.path[0] ?? 'name');
    const name = FIELD_OF[field] ?? (field as keyof PlanFormValues);
    return { name, errors: [i.message === 'validation.minClasses' ? minClassesMessage(courseCount) : ruleMessage(i.message)] };
  });
}
