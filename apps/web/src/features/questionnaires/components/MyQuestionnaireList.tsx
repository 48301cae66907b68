import { useState } from 'react';
import { Button, Card, Empty, Flex, Pagination, Spin, Tag, Typography, theme } from 'antd';
import { CheckCircleFilled, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMyQuestionnaires, type MyQuestionnaireQuery } from '../api/get-my-questionnaires.ts';
import { fillPath } from './fill-path.ts';

type Props = {
  /** Only answered (true) or unanswered (false) ones; all when left out. */
  answered?: boolean;
  enabled?: boolean;
  testId?: string;
};

/** Questionnaires addressed to me as phone-friendly cards, each with its Fill (or View) button. */
export function MyQuestionnaireList({ answered, enabled = true, testId = 'my-questionnaires' }: Props) {
  const { t } = useTranslation('questionnaires');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [query, setQuery] = useState<MyQuestionnaireQuery>({ pageNum: 1, pageSize: 10 });
  const mine = useMyQuestionnaires({ ...query, answered }, enabled);
  const list = mine.data?.list ?? [];

  if (mine.isLoading) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  if (!list.length) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={answered ? t('mine.noneAnswered') : t('mine.none')} data-testid={`${testId}-empty`} />;
  }
  return (
    <Flex vertical gap={8} data-testid={testId}>
      {list.map((r) => {
        const key = `${r.questionnaireId}-${r.course?.courseId ?? 'x'}`;
        const canFill = r.open && !r.answered;
        return (
          <Card key={key} size="small" styles={{ body: { padding: '12px 14px' } }} data-testid={`${testId}-row-${key}`}>
            <Flex justify="space-between" align="center" gap={12}>
              <div style={{ minWidth: 0, flex: 1 }}>
                <Typography.Text strong style={{ display: 'block', overflowWrap: 'anywhere' }}>
                  {r.title}
                </Typography.Text>
                {r.course && (
                  <Typography.Text style={{ display: 'block', fontSize: 13, overflowWrap: 'anywhere' }}>
                    {t('fill.course', { course: r.course.name, teacher: r.course.teacherName })}
                  </Typography.Text>
                )}
                <Flex gap={6} wrap align="center" style={{ marginTop: 4 }}>
                  {r.answered ? (
                    <Tag color="success" icon={<CheckCircleFilled />} style={{ marginInlineEnd: 0 }}>
                      {t('mine.answered')}
                    </Tag>
                  ) : r.open ? (
                    <Tag color="processing" style={{ marginInlineEnd: 0 }}>
                      {t('mine.toFill')}
                    </Tag>
                  ) : (
                    <Tag style={{ marginInlineEnd: 0 }}>{t('mine.closed')}</Tag>
                  )}
                  <Typography.Text type="secondary" style={{ fontSize: 13, color: token.colorTextSecondary }}>
                    {t('mine.meta', { count: r.questionCount, date: r.endDate })}
                  </Typography.Text>
                </Flex>
              </div>
              <Button
                type={canFill ? 'primary' : 'default'}
                icon={canFill ? <EditOutlined /> : undefined}
                disabled={!r.open && !r.answered}
                onClick={() => void navigate(fillPath(r.questionnaireId, { courseId: r.course?.courseId }))}
                style={{ flexShrink: 0, minHeight: 40 }}
                data-testid={`${testId}-fill-${key}`}
              >
                {canFill ? t('mine.fill') : t('mine.view')}
              </Button>
            </Flex>
          </Card>
        );
      })}
      {(mine.data?.total ?? 0) > query.pageSize && (
        <Pagination
          simple
          align="center"
          current={query.pageNum}
          pageSize={query.pageSize}
          total={mine.data?.total ?? 0}
          onChange={(pageNum) => setQuery((q) => ({ ...q, pageNum }))}
          style={{ marginTop: 8 }}
        />
      )}
    </Flex>
  );
}
