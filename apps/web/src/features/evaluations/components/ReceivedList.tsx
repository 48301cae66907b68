import { useState } from 'react';
import { Card, Empty, Flex, Pagination, Spin, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { useReceived, type ReceivedQuery } from '../api/get-received.ts';
import { classTime } from '../../../lib/class-time.ts';
import { KindTag, PatrolTag } from './EvaluationTags.tsx';
import { recordPath } from './ListenClassList.tsx';

/** A teacher's front page: the evaluations of my classes, newest first (the evaluator hidden when anonymous). */
export function ReceivedList({ canOpen }: { canOpen: boolean }) {
  const { t } = useTranslation('evaluations');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [query, setQuery] = useState<ReceivedQuery>({ pageNum: 1, pageSize: 10 });
  const received = useReceived(query);
  const list = received.data?.list ?? [];

  return (
    <Card size="small" title={t('front.received')} data-testid="front-received">
      {received.isLoading ? (
        <Spin style={{ display: 'block', margin: '16px auto' }} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('front.noReceived')} />
      ) : (
        <Flex vertical gap={8}>
          {list.map((r) => (
            <div
              key={r.evaluationId}
              role={canOpen ? 'button' : undefined}
              tabIndex={canOpen ? 0 : undefined}
              onClick={canOpen ? () => void navigate(recordPath(r.evaluationId)) : undefined}
              onKeyDown={canOpen ? (e) => e.key === 'Enter' && void navigate(recordPath(r.evaluationId)) : undefined}
              style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, padding: '8px 12px', cursor: canOpen ? 'pointer' : undefined }}
              data-testid={`front-received-${r.evaluationId}`}
            >
              <Flex justify="space-between" align="start" gap={8}>
                <Typography.Text strong style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {r.class.courseName}
                </Typography.Text>
                <Typography.Text strong style={{ color: token.colorPrimary, flexShrink: 0 }}>
                  {t('field.scoreValue', { score: r.totalScore, full: r.fullScore })}
                </Typography.Text>
              </Flex>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
                {classTime(t, r.class)}
                {r.class.classroomName ? ` · ${r.class.classroomName}` : ''}
              </Typography.Text>
              <Flex gap={4} wrap align="center" style={{ marginTop: 4 }}>
                {r.planName ? <Tag style={{ marginInlineEnd: 0 }}>{r.planName}</Tag> : <KindTag kind={r.kind} />}
                {r.byPatrol && <PatrolTag />}
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {r.evaluator ? t('front.by', { name: r.evaluator.name }) : t('field.anonymousEvaluator')} · {formatDateTime(r.submittedAt)}
                </Typography.Text>
              </Flex>
            </div>
          ))}
        </Flex>
      )}
      {(received.data?.total ?? 0) > query.pageSize && (
        <Pagination
          style={{ marginTop: 12, justifyContent: 'center' }}
          simple
          current={query.pageNum}
          pageSize={query.pageSize}
          total={received.data?.total ?? 0}
          onChange={(pageNum) => setQuery((q) => ({ ...q, pageNum }))}
        />
      )}
    </Card>
  );
}
