import { Flex, Input, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CourseQuery } from '../api/get-courses.ts';
import { useSessionTimes } from '../api/get-session-times.ts';
import { ClassroomSelect } from './ClassroomSelect.tsx';
import { TeacherSelect } from './TeacherSelect.tsx';
import { UnitTreeSelect } from './UnitTreeSelect.tsx';
import { WEEKDAYS, weekdayLabel } from './labels.ts';

export type CourseFilters = Pick<CourseQuery, 'orgUnitId' | 'teacherId' | 'keyword' | 'week' | 'weekday' | 'session' | 'classroomId'>;

const SEARCH_STYLE = { flex: '2 1 220px', maxWidth: 280 };
const FILTER_STYLE = { flex: '1 1 150px', maxWidth: 220 };
const SMALL_STYLE = { flex: '1 1 110px', maxWidth: 140 };

/** Filters of the course list, then `actions` (add, and the import/export buttons). */
export function CoursesToolbar({ filters, weekCount, onChange, actions }: { filters: CourseFilters; weekCount: number; onChange: (patch: CourseFilters) => void; actions?: ReactNode }) {
  const { t } = useTranslation('schedule');
  const sessions = useSessionTimes();
  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }}>
      <Input.Search allowClear placeholder={t('courses.search')} style={SEARCH_STYLE} onSearch={(v) => onChange({ keyword: v.trim() || undefined })} data-testid="courses-search" />
      <UnitTreeSelect placeholder={t('courses.department')} style={FILTER_STYLE} value={filters.orgUnitId} onChange={(orgUnitId) => onChange({ orgUnitId })} aria-label={t('courses.department')} data-testid="courses-filter-unit" />
      <TeacherSelect placeholder={t('courses.teacher')} style={FILTER_STYLE} value={filters.teacherId} onChange={(teacherId) => onChange({ teacherId })} aria-label={t('courses.teacher')} data-testid="courses-filter-teacher" />
      <Select<number>
        allowClear
        placeholder={t('courses.week')}
        style={SMALL_STYLE}
        options={Array.from({ length: weekCount }, (_, i) => ({ value: i + 1, label: t('slot.weeksOne', { n: i + 1 }) }))}
        value={filters.week as number | undefined}
        onChange={(week) => onChange({ week })}
        aria-label={t('courses.week')}
        data-testid="courses-filter-week"
      />
      <Select<number>
        allowClear
        placeholder={t('courses.weekday')}
        style={SMALL_STYLE}
        options={WEEKDAYS.map((d) => ({ value: d, label: weekdayLabel(t, d) }))}
        value={filters.weekday as number | undefined}
        onChange={(weekday) => onChange({ weekday })}
        aria-label={t('courses.weekday')}
        data-testid="courses-filter-weekday"
      />
      <Select<number>
        allowClear
        placeholder={t('courses.session')}
        style={SMALL_STYLE}
        options={sessions.data?.map((s) => ({ value: s.sessionNo, label: t('slot.sessionsOne', { n: s.sessionNo }) }))}
        value={filters.session as number | undefined}
        onChange={(session) => onChange({ session })}
        aria-label={t('courses.session')}
        data-testid="courses-filter-session"
      />
      <ClassroomSelect placeholder={t('courses.classroom')} style={FILTER_STYLE} value={filters.classroomId} onChange={(classroomId) => onChange({ classroomId })} aria-label={t('courses.classroom')} data-testid="courses-filter-classroom" />
      {actions && <Space wrap>{actions}</Space>}
    </Flex>
  );
}
