import { useState } from 'react';
import { Card, Select, Space, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImportExportButtons } from '../../../components/import/ImportExportButtons.tsx';
import { useSemesterList } from '../../../lib/reference/get-semester-list.ts';
import { CoursesTab } from '../components/CoursesTab.tsx';
import { SemestersTab } from '../components/SemestersTab.tsx';
import { SessionTimesTab } from '../components/SessionTimesTab.tsx';
import { TimetableTab } from '../components/TimetableTab.tsx';

/** Schedule management: courses, the week view, semesters and the daily session times. */
export function ScheduleManagePage() {
  const { t } = useTranslation('schedule');
  const semesters = useSemesterList();
  const [chosen, setSemesterId] = useState<string | undefined>();
  const [tab, setTab] = useState('courses');

  // The semester containing today first, else the newest; a deleted choice falls back the same way.
  const list = semesters.data ?? [];
  const semester = list.find((s) => s.id === chosen) ?? list.find((s) => s.current) ?? list[0];
  const semesterId = semester?.id;

  const picker = tab === 'courses' || tab === 'timetable' ? (
    <Select<string>
      style={{ minWidth: 220 }}
      value={semesterId}
      loading={semesters.isLoading}
      placeholder={t('semesters.pick')}
      options={semesters.data?.map((s) => ({ value: s.id, label: <span>{s.name}{s.current && <Tag color="green" style={{ marginInlineStart: 6 }}>{t('semesters.current')}</Tag>}</span> }))}
      onChange={setSemesterId}
      aria-label={t('semesters.pick')}
      data-testid="schedule-semester"
    />
  ) : null;

  return (
    <Card
      title={t('title')}
      extra={
        <Space wrap>
          {picker}
          {tab === 'courses' ? <ImportExportButtons kind="course" filters={semesterId ? { semesterId } : {}} /> : null}
        </Space>
      }
      data-testid="schedule-manage"
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden={false}
        items={[
          { key: 'courses', label: t('tabs.courses'), children: <CoursesTab semesterId={semesterId} weekCount={semester?.weekCount ?? 0} /> },
          { key: 'timetable', label: t('tabs.timetable'), children: <TimetableTab key={semesterId} semesterId={semesterId} /> },
          { key: 'semesters', label: t('tabs.semesters'), children: <SemestersTab /> },
          { key: 'sessionTimes', label: t('tabs.sessionTimes'), children: <SessionTimesTab /> },
        ]}
      />
    </Card>
  );
}
