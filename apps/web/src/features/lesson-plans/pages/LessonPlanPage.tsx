import { useState, type HTMLAttributes } from 'react';
import { Alert, Button, Card, Space, Table, Tabs } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TLessonPlanDue, TMyLessonPlanDues } from '@hxk/contracts/lesson-plans';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useMyPlans } from '../api/my-plans.ts';
import { dueColumns } from '../components/due-columns.tsx';
import { AppealModal } from '../components/AppealModal.tsx';
import { HandInModal } from '../components/HandInModal.tsx';
import { PlanDetail } from '../components/PlanDetail.tsx';

type Windows = TMyLessonPlanDues['windows'];
const windowText = (t: TFunction, kind: 'upload' | 'modify', w: Windows['upload']) =>
  w.start && w.end ? t(`window.${kind}`, { start: w.start, end: w.end }) : t(`window.${kind}Any`);

/** /lessonPlan: what is asked of me (all, or graded), handing plans in and changing them, with the daily windows. */
export function LessonPlanPage() {
  const { t } = useTranslation('lessonPlans');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'evaluated' ? 'evaluated' : 'all';
  const mine = useMyPlans(tab);
  const [editing, setEditing] = useState<TLessonPlanDue | null>(null);
  const [appealing, setAppealing] = useState<TLessonPlanDue | null>(null);
  const [now] = useState(() => Date.now());
  const windows = mine.data?.windows;

  const columns = [
    ...dueColumns(t, { teacher: false, now }),
    {
      title: t('field.actions'),
      key: 'actions',
      fixed: 'right' as const,
      render: (_: unknown, d: TLessonPlanDue) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(d)} data-testid={`plan-handin-${d.dueId}`}>
            {d.plan ? t('action.change') : t('action.handIn')}
          </Button>
          {d.plan?.level && !d.plan.appeal && (
            <Button type="link" size="small" onClick={() => setAppealing(d)} data-testid={`plan-appeal-${d.dueId}`}>{t('action.appeal')}</Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={menuTitle(t, 'lessonPlan')} styles={{ body: { padding: 12 } }} data-testid="lesson-plan-page">
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'all' ? {} : { tab: k }, { replace: true })}
        items={[{ key: 'all', label: t('tab.all') }, { key: 'evaluated', label: t('tab.evaluated') }]}
      />
      {windows && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={`${windowText(t, 'upload', windows.upload)} ${windowText(t, 'modify', windows.modify)}${mine.data?.retention === '1y' ? ` ${t('window.retention')}` : ''}`}
        />
      )}
      <Table<TLessonPlanDue>
        rowKey="dueId"
        size="middle"
        columns={columns}
        dataSource={mine.data?.list}
        loading={mine.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: tab === 'all' ? t('list.emptyMine') : t('list.emptyEvaluated') }}
        expandable={{ expandedRowRender: (d) => <PlanDetail due={d} />, rowExpandable: () => true }}
        onRow={(d) => ({ 'data-testid': `plan-row-${d.dueId}` }) as HTMLAttributes<HTMLElement>}
      />
      {appealing && <AppealModal due={appealing} onClose={() => setAppealing(null)} />}
      {editing && windows && (
        <HandInModal
          due={editing}
          windowOpen={editing.plan ? windows.modify.open : windows.upload.open}
          windowText={editing.plan ? windowText(t, 'modify', windows.modify) : windowText(t, 'upload', windows.upload)}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
