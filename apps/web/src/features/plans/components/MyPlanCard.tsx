import { Button, Card, Flex, Progress, Space, Tag, Typography } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TMyPlan } from '@hxk/contracts/plans';
import { ClassList } from './ClassList.tsx';
import { PhaseTag } from './PlanTags.tsx';
import { formatRange, percentOf } from './plan-utils.ts';

/** One of my plans on a phone or a desk: what it is, my progress, my next classes. */
export function MyPlanCard({ plan, onClasses }: { plan: TMyPlan; onClasses: () => void }) {
  const { t } = useTranslation('plans');
  const met = plan.myAttended >= plan.myRequired;
  return (
    <Card
      size="small"
      title={
        <Typography.Text strong ellipsis style={{ maxWidth: '100%' }}>
          {plan.name}
        </Typography.Text>
      }
      extra={<PhaseTag phase={plan.phase} />}
      data-testid={`my-plan-${plan.name}`}
    >
      <Flex vertical gap={10}>
        <Space size={[4, 4]} wrap>
          <Tag color="blue">{t(`evaluation:evaluationType.${plan.evaluationType}`)}</Tag>
          {plan.anonymous && <Tag color="purple">{t('field.anonymous')}</Tag>}
          <Typography.Text type="secondary">{formatRange(plan.startDate, plan.endDate)}</Typography.Text>
        </Space>
        <Typography.Text type="secondary">
          {t('field.template')}: {t('field.templateVersion', { name: plan.template.name, version: plan.template.version })}
        </Typography.Text>
        <div>
          <Typography.Text>{t('my.progress', { done: plan.myAttended, required: plan.myRequired })}</Typography.Text>
          <Progress percent={percentOf(plan.myAttended, plan.myRequired)} status={met ? 'success' : 'active'} size="small" data-testid="my-plan-progress" />
        </div>
        {plan.description && (
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, expandable: true, symbol: t('my.more') }} style={{ marginBottom: 0 }}>
            {plan.description}
          </Typography.Paragraph>
        )}
        <Flex justify="space-between" align="center">
          <Typography.Text strong>{t('my.nextClasses')}</Typography.Text>
          <Button size="small" icon={<CalendarOutlined />} onClick={onClasses} data-testid={`my-plan-classes-${plan.name}`}>
            {t('my.classes')}
          </Button>
        </Flex>
        <ClassList classes={plan.nextClasses} />
      </Flex>
    </Card>
  );
}
