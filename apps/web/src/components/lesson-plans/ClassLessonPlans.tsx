import { Alert, Card, Empty, Flex, Grid, Skeleton, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ZClassLessonPlans } from '@hxk/contracts/lesson-plans';
import { api, ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { LevelTag } from './LevelTag.tsx';
import { PlanFiles } from './PlanFiles.tsx';
import type { PlanCitation } from './plan-file-url.ts';

export const classPlansQueryKey = (courseSessionId: string) => ['lessonPlans', 'class', courseSessionId] as const;

/**
 * The lesson plans the teacher handed in for the course of the class being patrolled or evaluated,
 * with preview and download. Opening one cites it in this class (counted once per person, plan and
 * class by the server). Readers of plans only, within their supervised scope (the server decides).
 */
export function ClassLessonPlans({ cite }: { cite: PlanCitation }) {
  const { t } = useTranslation('lessonPlans');
  const screens = Grid.useBreakpoint();
  const plans = useQuery({
    queryKey: classPlansQueryKey(cite.courseSessionId),
    queryFn: () => api.get('/app/ddxk/lessonPlan/v1/class', { courseSessionId: cite.courseSessionId }, { schema: ZClassLessonPlans, silent: true }),
    retry: false,
  });
  if (plans.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (plans.isError) {
    const e = plans.error;
    return <Alert type="info" showIcon title={e instanceof ApiError && e.status < 500 ? t('classTab.unavailable') : t('classTab.loadFailed')} description={e instanceof ApiError ? e.message : undefined} data-testid="class-plans-unavailable" />;
  }
  const list = plans.data ?? [];
  if (!list.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('classTab.empty')} data-testid="class-plans-empty" />;
  // On a phone the assistant's floating button (48 px, 96 px above the bottom right) sits over the
  // right edge of the page: the level leads each card's details instead of its header's right end,
  // and room below the last card lets it scroll clear of the button.
  return (
    <Flex vertical gap={8} style={screens.md ? undefined : { paddingBottom: 152 }} data-testid="class-plans">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('classTab.hint')}</Typography.Text>
      {list.map((d) => {
        const plan = d.plan!;
        return (
          <Card
            key={d.dueId}
            size="small"
            title={<Typography.Text strong ellipsis style={{ maxWidth: '100%' }}>{d.collection.name}</Typography.Text>}
            styles={{ body: { padding: '4px 12px 8px' } }}
            data-testid={`class-plan-${plan.planId}`}
          >
            <Space size={[8, 4]} wrap style={{ fontSize: 12, marginBottom: 4 }}>
              <LevelTag level={plan.level} />
              {plan.score !== null && d.collection.template && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`class-plan-score-${plan.planId}`}>
                  {t('score.ofFull', { score: plan.score, full: d.collection.template.totalScore })}
                </Typography.Text>
              )}
              <Tag>{t(`type.${d.collection.type}`)}</Tag>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{d.teacher.name}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('classTab.version', { version: plan.version, at: formatDateTime(plan.updatedAt) })}</Typography.Text>
              {plan.late && <Tag color="orange">{t('status.late')}</Tag>}
              <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`class-plan-cited-${plan.planId}`}>{t('classTab.cited', { count: plan.timesCited })}</Typography.Text>
            </Space>
            <PlanFiles plan={plan} cite={cite} />
          </Card>
        );
      })}
    </Flex>
  );
}
