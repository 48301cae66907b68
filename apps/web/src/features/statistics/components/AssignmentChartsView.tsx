import { useCallback } from 'react';
import { Alert, Button, Card, Flex, Select, Space, Tag, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useAssignmentStats } from '../api/get-assignment-stats.ts';
import { AssignmentClasses } from './AssignmentClasses.tsx';
import { AssignmentFigures, SupervisorProgress, TaskProgress } from './AssignmentProgressCards.tsx';
import { ThreeRateFilterBar } from './ThreeRateFilterBar.tsx';
import { assignmentFiltersOf, useAssignmentsUrl, type AssignmentsUrl } from './assignments-url.ts';
import '../../../components/print/print-view.css';

/**
 * /back/assignmentsEchartsTeport: assignment progress of a semester per task and per supervisor,
 * attended against required. Opening a task narrows the page to it; opening a supervisor narrows it
 * to them and lists their classes. Filters and what is open live in the URL.
 */
export function AssignmentChartsView() {
  const { t } = useTranslation('statistics');
  const [url, setUrl] = useAssignmentsUrl();
  // Another semester has other tasks: what was open goes with the old one.
  const patch = useCallback(
    (p: AssignmentsUrl) => setUrl(p.semesterId && p.semesterId !== url.semesterId ? { ...p, taskId: undefined, supervisorId: undefined } : p),
    [setUrl, url.semesterId],
  );
  const filters = assignmentFiltersOf(url);
  const stats = useAssignmentStats(filters);
  const data = stats.data;
  // While other figures load the previous ones stay: the address decides whether a supervisor is open.
  const supervisor = url.supervisorId || data?.ownOnly ? (data?.subject.supervisor ?? null) : null;

  return (
    <Card
      className="print-root"
      title={menuTitle(t, 'assignmentsEchartsTeport')}
      extra={<Button icon={<PrinterOutlined />} onClick={() => window.print()} className="print-hidden" data-testid="assignment-print">{t('print')}</Button>}
      styles={{ body: { padding: 12 } }}
      data-testid="assignment-charts-page"
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <div className="print-hidden">
          <ThreeRateFilterBar url={url} patch={patch} unitFilter={false} resetAlso={{ taskId: undefined, supervisorId: undefined }}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ flex: '0 1 240px', minWidth: 160 }}
              placeholder={t('assignmentCharts.filter.task')}
              value={url.taskId ?? null}
              options={(data?.taskOptions ?? []).map((o) => ({ value: o.taskId, label: o.name }))}
              onChange={(taskId?: string) => patch({ taskId })}
              aria-label={t('assignmentCharts.filter.task')}
              data-testid="assignment-task"
            />
          </ThreeRateFilterBar>
        </div>
        {data ? (
          <Flex gap={8} wrap align="center">
            <Typography.Text type="secondary" data-testid="assignment-scope-line">
              {url.from || url.to ? t('scopeLine.range', { semester: data.semester.name, from: url.from ?? '…', to: url.to ?? '…' }) : t('scopeLine.semester', { semester: data.semester.name })}
              {data.ownOnly ? ` ${t('assignmentCharts.ownOnly')}` : ''}
            </Typography.Text>
            {data.subject.task ? (
              <Tag closable onClose={() => patch({ taskId: undefined })} data-testid="assignment-open-task">{t('assignmentCharts.taskTag', { name: data.subject.task.name })}</Tag>
            ) : null}
            {supervisor && !data.ownOnly ? (
              <Tag closable onClose={() => patch({ supervisorId: undefined })} data-testid="assignment-open-supervisor">{t('assignmentCharts.supervisorTag', { name: supervisor.name })}</Tag>
            ) : null}
          </Flex>
        ) : null}
        {stats.isError ? <Alert type="error" showIcon message={stats.error.message} data-testid="assignment-error" /> : null}
        {!data && stats.isLoading ? <PageLoading /> : null}
        {data && filters ? (
          <>
            <AssignmentFigures data={data} />
            <TaskProgress data={data} onOpen={(taskId) => patch({ taskId })} />
            <SupervisorProgress data={data} onOpen={(supervisorId) => patch({ supervisorId })} />
            {supervisor ? (
              <AssignmentClasses key={`${supervisor.userId}:${url.taskId ?? ''}`} filters={filters} supervisorId={supervisor.userId} title={t('assignmentCharts.classesOf', { name: supervisor.name })} />
            ) : (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('assignmentCharts.openHint')}</Typography.Text>
            )}
          </>
        ) : null}
      </Space>
    </Card>
  );
}
