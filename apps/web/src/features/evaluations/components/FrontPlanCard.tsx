import { Button, Card, Flex, Progress, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TMyPlan, TPlanClass } from '@hxk/contracts/plans';
import { useStartPlanEvaluation } from '../api/start-plan-evaluation.ts';
import { formatLessonDay, sessionText } from '../../../lib/class-time.ts';
import { recordPath } from './ListenClassList.tsx';

const SHOWN_CLASSES = 3;

/** One of my plans in progress on the front page: my progress and the next classes to evaluate. */
export function FrontPlanCard({ plan }: { plan: TMyPlan }) {
  const { t } = useTranslation(['evaluations', 'evaluation']);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const start = useStartPlanEvaluation();
  const percent = plan.myRequired > 0 ? Math.min(100, Math.round((plan.myAttended / plan.myRequired) * 100)) : 100;
  const evaluate = (c: TPlanClass) =>
    start.mutate({ planId: plan.planId, courseSessionId: c.courseSessionId }, { onSuccess: (r) => void navigate(recordPath(r.evaluationId)) });
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
      <Progress percent={percent} status={plan.myAttended >= plan.myRequired ? 'success' : 'active'} size="small" />
      <Flex vertical gap={6} style={{ marginTop: 8 }}>
        {classes.length === 0 && <Typography.Text type="secondary">{t('front.noNextClasses')}</Typography.Text>}
        {classes.map((c) => {
          const busy = start.isPending && start.variables?.courseSessionId === c.courseSessionId;
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
              </div>
              <Button
                size="small"
                type={c.evaluation === 'none' ? 'primary' : 'default'}
                loading={busy}
                disabled={start.isPending && !busy}
                onClick={() => evaluate(c)}
                style={{ flexShrink: 0 }}
                data-testid={`front-evaluate-${c.courseSessionId}`}
              >
                {c.evaluation === 'none' ? t('action.evaluate') : c.evaluation === 'draft' ? t('action.continue') : t('action.view')}
              </Button>
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
