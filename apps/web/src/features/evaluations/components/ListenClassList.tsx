import { Button, Empty, Flex, Spin, Tag, Tooltip, Typography, theme } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TListenClass } from '@hxk/contracts/evaluations';
import { formatLessonDay, sessionText } from '../../../lib/class-time.ts';
import { isEvaluable } from '../../../lib/evaluation-paths.ts';
import { useNow } from '../../../lib/use-now.ts';
import { CourseStateTag, MyStateTag } from './EvaluationTags.tsx';

export const recordPath = (evaluationId: string) => `/TeachingRecordDetail?id=${evaluationId}`;

/** "Starts Mon, Nov 23 10:00": when a class not open for evaluation yet begins (the school's clock). */
export const startsText = (t: TFunction, c: { lessonDate: string; startTime: string | null }) =>
  c.startTime ? t('evaluations:class.startsAt', { day: formatLessonDay(c.lessonDate), time: c.startTime.slice(0, 5) }) : t('evaluations:class.startsOn', { day: formatLessonDay(c.lessonDate) });

/**
 * Classes to listen to, one compact row each (fits a 390 px phone): when, what, who, where, the
 * course's state and mine; "Listen" for a class I have not evaluated, else "Continue" or "View".
 */
export function ListenClassList({
  classes,
  loading,
  empty,
  onListen,
  testPrefix,
}: {
  classes: TListenClass[] | undefined;
  loading: boolean;
  empty: string;
  onListen: (c: TListenClass) => void;
  testPrefix: string;
}) {
  const { t } = useTranslation('evaluations');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const now = useNow();
  if (loading && !classes) return <Spin style={{ display: 'block', margin: '32px auto' }} />;
  if (!classes?.length) return <Empty description={empty} style={{ padding: 24 }} data-testid={`${testPrefix}-empty`} />;
  return (
    <Spin spinning={loading}>
      <Flex vertical gap={8}>
        {classes.map((c) => (
          <div
            key={c.courseSessionId}
            style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, padding: '8px 12px' }}
            data-testid={`${testPrefix}-class-${c.courseSessionId}`}
          >
            <Flex justify="space-between" align="start" gap={8}>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {sessionText(t, c)}
              </Typography.Text>
              <CourseStateTag state={c.state} />
            </Flex>
            <Typography.Text strong style={{ display: 'block', overflowWrap: 'anywhere' }}>
              {c.courseName} <Typography.Text type="secondary">{c.courseCode}</Typography.Text>
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 13, overflowWrap: 'anywhere' }}>
              {[c.teacher.name, c.classroomName, c.teachingClass].filter(Boolean).join(' · ')}
            </Typography.Text>
            <Flex justify="space-between" align="center" gap={8} style={{ marginTop: 6 }}>
              <Flex gap={4} wrap>
                <MyStateTag status={c.myEvaluationStatus} />
                {c.checkedIn && (
                  <Tag color="cyan" style={{ marginInlineEnd: 0 }}>
                    {t('myState.checkedIn')}
                  </Tag>
                )}
              </Flex>
              {c.myEvaluationId ? (
                <Button size="small" onClick={() => void navigate(recordPath(c.myEvaluationId ?? ''))} data-testid={`${testPrefix}-listen-${c.courseSessionId}`}>
                  {c.myEvaluationStatus === 'submitted' ? t('action.view') : t('action.continue')}
                </Button>
              ) : isEvaluable(c, now) ? (
                <Button size="small" type="primary" onClick={() => onListen(c)} data-testid={`${testPrefix}-listen-${c.courseSessionId}`}>
                  {t('action.listen')}
                </Button>
              ) : (
                // Not open for evaluation yet: when it starts, and why the button waits.
                <Flex align="center" gap={8}>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`${testPrefix}-starts-${c.courseSessionId}`}>
                    {startsText(t, c)}
                  </Typography.Text>
                  <Tooltip title={t('class.notOpen')}>
                    <Button size="small" type="primary" disabled data-testid={`${testPrefix}-listen-${c.courseSessionId}`}>
                      {t('action.listen')}
                    </Button>
                  </Tooltip>
                </Flex>
              )}
            </Flex>
          </div>
        ))}
      </Flex>
    </Spin>
  );
}
