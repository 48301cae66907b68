import { useState } from 'react';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { menuTitle } from '../../../lib/menu-title.ts';
import { ReportCourses } from '../components/ReportCourses.tsx';
import { ReportReceived } from '../components/ReportReceived.tsx';
import { useShown } from '../components/use-shown.ts';

/** /Report (kept alive): my courses' reports, and the evaluations I received, each with its report. */
export function ReportPage() {
  const { t } = useTranslation('reports');
  const shown = useShown('/Report');
  const [tab, setTab] = useState<'courses' | 'received'>('courses');
  return (
    <Card title={menuTitle(t, 'Report')} styles={{ body: { padding: 12, paddingTop: 0 } }} data-testid="report-page">
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as typeof tab)}
        items={[
          { key: 'courses', label: <span data-testid="report-tab-courses">{t('tabs.courses')}</span>, children: <ReportCourses enabled={shown && tab === 'courses'} /> },
          { key: 'received', label: <span data-testid="report-tab-received">{t('tabs.received')}</span>, children: <ReportReceived enabled={shown && tab === 'received'} /> },
        ]}
      />
    </Card>
  );
}
