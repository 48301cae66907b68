import { useState } from 'react';
import { Button, Empty, Flex, Input, List, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { COMMENT_MAX } from '@hxk/contracts/patrol';
import { formatDateTime } from '../../../lib/format.ts';
import { timeOfDay } from '../../../lib/class-time.ts';
import { useAddComment, useVisitComments } from '../api/patrol.ts';

/** Where a recording opens at a moment (the recordings screen). */
export const recordingAt = (courseSessionId: string, at: string) => `/SCADA/Recording?courseSessionId=${courseSessionId}&at=${encodeURIComponent(at)}`;

/**
 * Comments on the live picture: each is stamped with the moment of the video it refers to (the
 * wall-clock time of the live picture, taken when writing starts), and opens the recording there.
 */
export function CommentTab({ visitId, serverNow }: { visitId: string | null; serverNow: () => Date }) {
  const { t } = useTranslation('patrolDetail');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [moment, setMoment] = useState<string | null>(null);
  const comments = useVisitComments(visitId);
  const add = useAddComment(visitId);
  const stamp = () => moment ?? serverNow().toISOString();
  const submit = () => {
    const content = text.trim();
    if (!content || !visitId) return;
    add.mutate({ videoAt: stamp(), content }, { onSuccess: () => { setText(''); setMoment(null); } });
  };

  return (
    <Flex vertical gap={8}>
      <Input.TextArea
        value={text}
        onChange={(e) => {
          if (!moment && e.target.value) setMoment(serverNow().toISOString());
          if (!e.target.value) setMoment(null);
          setText(e.target.value);
        }}
        maxLength={COMMENT_MAX}
        showCount
        autoSize={{ minRows: 2, maxRows: 5 }}
        placeholder={t('comment.placeholder')}
        disabled={!visitId}
        data-testid="detail-comment-input"
      />
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <ClockCircleOutlined /> {moment ? t('comment.moment', { time: timeOfDay(moment) }) : t('comment.momentHint')}
        </Typography.Text>
        <Button type="primary" onClick={submit} loading={add.isPending} disabled={!text.trim() || !visitId} data-testid="detail-comment-add">
          {t('comment.add')}
        </Button>
      </Flex>
      <List
        size="small"
        loading={comments.isLoading}
        dataSource={comments.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('comment.empty')} /> }}
        renderItem={(c) => (
          <List.Item
            data-testid={`detail-comment-${c.id}`}
            actions={c.courseSessionId ? [
              <Button key="open" type="link" size="small" onClick={() => void navigate(recordingAt(c.courseSessionId!, c.videoAt))} data-testid={`detail-comment-open-${c.id}`}>
                {t('comment.openRecording')}
              </Button>,
            ] : []}
          >
            <List.Item.Meta
              title={<Typography.Text style={{ overflowWrap: 'anywhere' }}>{c.content}</Typography.Text>}
              description={t('comment.at', { time: formatDateTime(c.videoAt) })}
            />
          </List.Item>
        )}
      />
    </Flex>
  );
}
