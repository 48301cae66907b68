import { Button, Card, Flex, Progress, Tag, Tooltip, Typography, theme } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TMyPlan } from '@hxk/contracts/plans';
import { formatLessonDay, sessionText } from '../../../lib/class-time.ts';
import { evaluationOpenPath, isEvaluable } from '../../../lib/evaluation-paths.ts';
import { useNow } from '../../../lib/use-now.ts';
import { startsText } from './ListenClassList.tsx';

const SHOWN_CLASSES = 3;

/** One of my plans in progress on the front page: my progress and the next classes to evaluate. */
export function FrontPlanCard({ plan }: { plan: TMyPlan }) {
  const { t } = useTranslation(['evaluations', 'evaluation']);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const now = useNow();
  const percent = plan.myRequired > 0 ? Math.min(100, Math.round((plan.myAttended / plan.myRequired) * 100)) : 100;
  const classes = plan.nextClasses.slice(0, SHOWN_CLASSES);

  return (
    <Card
      size="small"
      title={
        <Typography.Text strong ellipsis style={{ maxWidth: '100%' }}>
          {plan.name}
        </Typography.Text>
      }
      extra={
        <Flex gap={4}>
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>
            {t(`evaluation:evaluationType.${plan.evaluationType}`)}
          </Tag>
          {plan.anonymous && (
            <Tag color="purple" style={{ marginInlineEnd: 0 }}>
              {t('field.anonymous')}
            </Tag>
          )}
        </Flex>
      }
      data-testid={`front-plan-${plan.name}`}
    >
      <Typography.Text>{t('front.progress', { done: plan.myAttended, required: plan.myRequired })}</Typography.Text>
      <Progress percent={percent} status={plan.myAttended >= plan.myRequired ? 'success' : 'active'} size="small" aria-label={t('front.progress', { done: plan.myAttended, required: plan.myRequired })} />
      <Flex vertical gap={6} style={{ marginTop: 8 }}>
        {classes.length === 0 && <Typography.Text type="secondary">{t('front.noNextClasses')}</Typography.Text>}
        {classes.map((c) => {
          // A class not open for evaluation yet says when it starts; one I evaluate already reopens whenever.
          const waiting = c.evaluation === 'none' && !isEvaluable(c, now);
          const button = (
            <Button
              size="small"
              type={c.evaluation === 'none' ? 'primary' : 'default'}
              disabled={waiting}
              onClick={() => void navigate(evaluationOpenPath({ kind: 'plan', planId: plan.planId, courseSessionId: c.courseSessionId }))}
              style={{ flexShrink: 0 }}
              data-testid={`front-evaluate-${c.courseSessionId}`}
            >
              {c.evaluation === 'none' ? t('action.evaluate') : c.evaluation === 'draft' ? t('action.continue') : t('action.view')}
            </Button>
          );
          return (
            <Flex
              key={c.courseSessionId}
              justify="space-between"
              align="center"
              gap={8}
              style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, paddingTop: 6 }}
              data-testid={`front-class-${c.courseSessionId}`}
            >
              <div style={{ minWidth: 0 }}>
                <Typography.Text strong style={{ display: 'block' }} ellipsis>
                  {c.courseName}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {formatLessonDay(c.lessonDate)} · {sessionText(t, c)} · {c.teacherName}
                  {c.classroomName ? ` · ${c.classroomName}` : ''}
                </Typography.Text>
                {waiting && (
                  <Typography.Text style={{ display: 'block', fontSize: 13 }} data-testid={`front-starts-${c.courseSessionId}`}>
                    <ClockCircleOutlined /> {startsText(t, c)}
                  </Typography.Text>
                )}
              </div>
              {waiting ? <Tooltip title={t('class.notOpen')}>{button}</Tooltip> : button}
            </Flex>
          );
        })}
      </Flex>
      <Link to="/LessonEvaluationPlan" style={{ display: 'inline-block', marginTop: 8 }} data-testid={`front-plan-all-${plan.name}`}>
        {t('front.allClasses')}
      </Link>
    </Card>
  );
}
