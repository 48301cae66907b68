import { Button, Card, Empty, Flex, Progress, Space, Spin, Tag, Tooltip, Typography, theme } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TMyPlan, TPlanClass } from '@hxk/contracts/plans';
import { formatLessonDay } from '../../../lib/class-time.ts';
import { evaluationOpenPath, isEvaluable } from '../../../lib/evaluation-paths.ts';
import { useNow } from '../../../lib/use-now.ts';
import { PhaseTag } from './PlanTags.tsx';
import { formatDay, formatRange, percentOf } from './plan-utils.ts';

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
        <PlanClassList planId={plan.planId} classes={plan.nextClasses} canEvaluate={plan.phase === 'inProgress'} />
      </Flex>
    </Card>
  );
}

const STATE_COLORS = { none: 'default', draft: 'orange', submitted: 'green' } as const;

/** "Starts Mon, Nov 23 10:00": when a class not open for evaluation yet begins (the school's clock). */
const startsText = (t: TFunction<'plans'>, c: TPlanClass) =>
  c.startTime ? t('my.startsAt', { day: formatLessonDay(c.lessonDate), time: c.startTime }) : t('my.startsOn', { day: formatLessonDay(c.lessonDate) });

/**
 * Classes of one of my plans, one compact row each (fits a 375 px phone): when, what, who, where, my
 * evaluation, and "Evaluate" / "Continue" / "View", which opens the class's form or record (nothing is
 * stored until its first save). A class not open for evaluation yet says when it starts instead.
 */
export function PlanClassList({
  planId,
  classes,
  loading,
  showDate = true,
  canEvaluate = true,
  testId,
}: {
  planId: string;
  classes: TPlanClass[] | undefined;
  loading?: boolean;
  showDate?: boolean;
  /** Only while the plan runs (the server refuses an ended plan's classes). */
  canEvaluate?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('plans');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const now = useNow();

  if (loading && !classes) return <Spin style={{ display: 'block', margin: '16px auto' }} />;
  if (!classes?.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('my.noClasses')} />;
  return (
    <Flex vertical gap={8} data-testid={testId}>
      {classes.map((c) => {
        const sessions = c.sessionStart === c.sessionEnd ? t('my.session', { n: c.sessionStart }) : t('my.sessions', { from: c.sessionStart, to: c.sessionEnd });
        const times = c.startTime && c.endTime ? ` ${c.startTime}–${c.endTime}` : '';
        const waiting = c.evaluation === 'none' && !isEvaluable(c, now);
        const button = (
          <Button
            size="small"
            type={c.evaluation === 'none' ? 'primary' : 'default'}
            disabled={waiting}
            onClick={() => void navigate(evaluationOpenPath({ kind: 'plan', planId, courseSessionId: c.courseSessionId }))}
            style={{ flexShrink: 0 }}
            data-testid={`plan-class-evaluate-${c.courseSessionId}`}
          >
            {t(`my.action.${c.evaluation}`)}
          </Button>
        );
        return (
          <div
            key={c.courseSessionId}
            style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: 8, padding: '8px 12px' }}
            data-testid={`class-${c.courseSessionId}`}
          >
            <Flex justify="space-between" align="start" gap={8}>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {showDate && <Typography.Text strong>{formatDay(c.lessonDate, true)} </Typography.Text>}
                {sessions}
                {times}
              </Typography.Text>
              <Tag color={STATE_COLORS[c.evaluation]} style={{ marginInlineEnd: 0 }}>
                {t(`my.evaluation.${c.evaluation}`)}
              </Tag>
            </Flex>
            <Flex justify="space-between" align="end" gap={8}>
              <div style={{ minWidth: 0 }}>
                <Typography.Text strong style={{ display: 'block' }} ellipsis>
                  {c.courseName} <Typography.Text type="secondary">{c.courseCode}</Typography.Text>
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {c.teacherName}
                  {c.classroomName ? ` · ${c.classroomName}` : ''}
                </Typography.Text>
              </div>
              {canEvaluate &&
                (waiting ? (
                  <Flex vertical align="end" gap={2} style={{ flexShrink: 0 }}>
                    <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }} data-testid={`plan-class-starts-${c.courseSessionId}`}>
                      {startsText(t, c)}
                    </Typography.Text>
                    <Tooltip title={t('my.notOpen')}>{button}</Tooltip>
                  </Flex>
                ) : (
                  button
                ))}
            </Flex>
          </div>
        );
      })}
      {loading && <Spin size="small" />}
    </Flex>
  );
}
