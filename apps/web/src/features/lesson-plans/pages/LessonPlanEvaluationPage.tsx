import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Segmented, Space, Table, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TLessonPlanDue } from '@hxk/contracts/lesson-plans';
import { getStoredUser } from '../../../lib/auth-state.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { storedIsAdmin } from '../../../lib/permissions.ts';
import { useEvaluationList, type EvaluationQuery } from '../api/evaluation.ts';
import { dueColumns } from '../components/due-columns.tsx';
import { EvaluateModal } from '../components/EvaluateModal.tsx';
import { HandleAppealModal } from '../components/HandleAppealModal.tsx';
import { PlanDetail } from '../components/PlanDetail.tsx';

/** /lessonPlanEvaluation: handed-in plans (within my supervised scope) of courses with a class today, this week or all, to grade 1-4; appeals of my grades to decide. */
export function LessonPlanEvaluationPage() {
  const { t } = useTranslation('lessonPlans');
  const [params] = useSearchParams();
  // A notification of an appeal opens all courses (the appealed plan's course may have no class today).
  const [query, setQuery] = useState<EvaluationQuery>({ range: params.get('range') === 'all' ? 'all' : 'today', evaluated: 'all' });
  const list = useEvaluationList(query);
  const [grading, setGrading] = useState<TLessonPlanDue | null>(null);
  const [deciding, setDeciding] = useState<TLessonPlanDue | null>(null);
  const me = getStoredUser()?.userId;
  // The server decides again: the plan's grader or an administrator.
  const mayDecide = (d: TLessonPlanDue) => d.plan?.appeal?.status === 'pending' && (d.plan.evaluator?.userId === me || storedIsAdmin());
  const [now] = useState(() => Date.now());

  const columns = [
    ...dueColumns(t, { teacher: true, now }),
    {
      title: t('field.actions'),
      key: 'actions',
      fixed: 'right' as const,
      render: (_: unknown, d: TLessonPlanDue) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setGrading(d)} data-testid={`plan-evaluate-${d.dueId}`}>
            {d.plan?.level ? t('action.reEvaluate') : t('action.evaluate')}
          </Button>
          {mayDecide(d) && (
            <Button type="link" size="small" onClick={() => setDeciding(d)} data-testid={`plan-appeal-handle-${d.dueId}`}>{t('action.handleAppeal')}</Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={menuTitle(t, 'lessonPlanEvaluation')} styles={{ body: { padding: 12 } }} data-testid="lesson-plan-evaluation-page">
      <Tabs
        activeKey={query.range}
        onChange={(k) => setQuery((q) => ({ ...q, range: k as EvaluationQuery['range'] }))}
        items={(['today', 'week', 'all'] as const).map((k) => ({ key: k, label: t(`range.${k}`) }))}
        tabBarExtraContent={
          <Segmented
            value={query.evaluated}
            onChange={(v) => setQuery((q) => ({ ...q, evaluated: v as EvaluationQuery['evaluated'] }))}
            options={(['all', 'no', 'yes'] as const).map((k) => ({ value: k, label: t(`evaluatedFilter.${k}`) }))}
          />
        }
      />
      <Table<TLessonPlanDue>
        rowKey="dueId"
        size="middle"
        columns={columns}
        dataSource={list.data}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t(`list.emptyRange.${query.range}`) }}
        expandable={{ expandedRowRender: (d) => <PlanDetail due={d} /> }}
        onRow={(d) => ({ 'data-testid': `plan-row-${d.dueId}` }) as HTMLAttributes<HTMLElement>}
      />
      {grading && <EvaluateModal due={grading} onClose={() => setGrading(null)} />}
      {deciding && <HandleAppealModal due={deciding} onClose={() => setDeciding(null)} />}
    </Card>
  );
}
