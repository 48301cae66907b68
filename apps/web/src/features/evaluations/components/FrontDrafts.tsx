import { Button, Card, Empty, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useRecords } from '../api/get-records.ts';
import { classTime } from '../../../lib/class-time.ts';
import { KindTag } from './EvaluationTags.tsx';
import { recordPath } from './ListenClassList.tsx';

const SHOWN = 5;

/** My drafts still open, newest first, each with "Continue". */
export function FrontDrafts() {
  const { t } = useTranslation('evaluations');
  const navigate = useNavigate();
  const drafts = useRecords({ pageNum: 1, pageSize: SHOWN, status: 'draft' });
  const list = drafts.data?.list ?? [];
  const total = drafts.data?.total ?? 0;
  return (
    <Card
      size="small"
      title={t('front.drafts')}
      extra={total > SHOWN ? <Link to="/LessonEvaluationRecord">{t('front.allDrafts', { count: total })}</Link> : null}
      data-testid="front-drafts"
    >
      {drafts.isLoading ? (
        <Spin style={{ display: 'block', margin: '16px auto' }} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('front.noDrafts')} />
      ) : (
        <Flex vertical gap={8}>
          {list.map((r) => (
            <Flex key={r.evaluationId} justify="space-between" align="center" gap={8} data-testid={`front-draft-${r.evaluationId}`}>
              <div style={{ minWidth: 0 }}>
                <Typography.Text strong style={{ display: 'block' }} ellipsis>
                  {r.class.courseName}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {classTime(t, r.class)} · {r.planName ?? <KindTag kind={r.kind} />}
                </Typography.Text>
              </div>
              <Button size="small" onClick={() => void navigate(recordPath(r.evaluationId))} style={{ flexShrink: 0 }} data-testid={`front-continue-${r.evaluationId}`}>
                {t('action.continue')}
              </Button>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}
