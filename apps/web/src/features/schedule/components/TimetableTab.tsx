import { useState } from 'react';
import { Alert, Button, Flex, Radio, Select, Space, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useScheduleOptions } from '../api/get-schedule-options.ts';
import { useSemesterWeeks } from '../../../lib/reference/get-semester-weeks.ts';
import { useTimetable } from '../api/get-timetable.ts';
import { useWeekOfToday } from '../../../lib/reference/get-week-of-today.ts';
import { ClassroomSelect } from './ClassroomSelect.tsx';
import { TeacherSelect } from './TeacherSelect.tsx';
import { TimetableGrid } from './TimetableGrid.tsx';
import { UnitTreeSelect } from './UnitTreeSelect.tsx';

type By = 'classroom' | 'teacher' | 'department';

/** The week view: pick a week (this week first) and whose timetable: a room, a teacher or a department. */
export function TimetableTab({ semesterId }: { semesterId: string | undefined }) {
  const { t } = useTranslation('schedule');
  const weeks = useSemesterWeeks(semesterId);
  const today = useWeekOfToday(semesterId);
  const options = useScheduleOptions();
  const [chosenWeek, setWeek] = useState<number | undefined>();
  const [by, setBy] = useState<By>('classroom');
  // null: cleared on purpose (the whole school); undefined: not chosen yet.
  const [chosenTarget, setTarget] = useState<string | null | undefined>();

  // This teaching week when today is in the semester, else week 1 (the parent remounts this tab per semester).
  const week = chosenWeek ?? (today.data ? (today.data.week ?? 1) : undefined);
  // A room's week is the readable default; the whole school would crowd every cell.
  const target = chosenTarget === undefined ? (by === 'classroom' ? options.data?.classrooms[0]?.id : undefined) : (chosenTarget ?? undefined);
  const pick = (v: string | undefined) => setTarget(v ?? null);

  const query = { semesterId, week, ...(target ? { [by === 'classroom' ? 'classroomId' : by === 'teacher' ? 'teacherId' : 'orgUnitId']: target } : {}) };
  const timetable = useTimetable(query);
  const count = weeks.data?.weekCount ?? 0;
  const changeBy = (v: By) => {
    setBy(v);
    setTarget(v === 'classroom' ? undefined : null);
  };

  if (!semesterId) return <Alert type="info" showIcon title={t('semesters.none')} />;
  return (
    <div data-testid="timetable-tab">
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <Space.Compact>
          <Button icon={<LeftOutlined />} disabled={!week || week <= 1} onClick={() => setWeek((week ?? 2) - 1)} aria-label={t('timetable.previous')} data-testid="timetable-prev" />
          <Select<number>
            style={{ width: 240 }}
            value={week}
            loading={weeks.isLoading}
            options={weeks.data?.weeks.map((w) => ({ value: w.week, label: t('timetable.weekOption', { n: w.week, from: w.startDate.slice(5), to: w.endDate.slice(5) }) }))}
            onChange={setWeek}
            data-testid="timetable-week"
          />
          <Button icon={<RightOutlined />} disabled={!week || week >= count} onClick={() => setWeek((week ?? 0) + 1)} aria-label={t('timetable.next')} data-testid="timetable-next" />
        </Space.Compact>
        {today.data?.week && week !== today.data.week && (
          <Button onClick={() => setWeek(today.data.week ?? 1)} data-testid="timetable-this-week">{t('timetable.thisWeek')}</Button>
        )}
        <Radio.Group
          optionType="button"
          value={by}
          onChange={(e) => changeBy(e.target.value as By)}
          options={(['classroom', 'teacher', 'department'] as const).map((v) => ({ value: v, label: t(`timetable.by.${v}`) }))}
          data-testid="timetable-by"
        />
        {by === 'classroom' && <ClassroomSelect value={target} onChange={pick} placeholder={t('timetable.allRooms')} style={{ width: 220 }} data-testid="timetable-classroom" />}
        {by === 'teacher' && <TeacherSelect value={target} onChange={pick} placeholder={t('courses.teacher')} style={{ width: 220 }} data-testid="timetable-teacher" />}
        {by === 'department' && <UnitTreeSelect value={target} onChange={pick} placeholder={t('courses.department')} style={{ width: 220 }} data-testid="timetable-unit" />}
        {today.data && today.data.week === null && <Typography.Text type="secondary">{t('timetable.outsideSemester')}</Typography.Text>}
      </Flex>
      <TimetableGrid data={timetable.data} loading={timetable.isFetching || weeks.isLoading} />
    </div>
  );
}
