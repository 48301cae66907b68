import { Button, Empty, Flex, Spin, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TListenClass } from '@hxk/contracts/evaluations';
import { sessionText } from '../../../lib/class-time.ts';
import { CourseStateTag, MyStateTag } from './EvaluationTags.tsx';

export const recordPath = (evaluationId: string) => `/TeachingRecordDetail?id=${evaluationId}`;

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
              ) : (
                <Button size="small" type="primary" onClick={() => onListen(c)} data-testid={`${testPrefix}-listen-${c.courseSessionId}`}>
                  {t('action.listen')}
                </Button>
              )}
            </Flex>
          </div>
        ))}
      </Flex>
    </Spin>
  );
}
