import { useState } from 'react';
import { Button, Card, Empty, Flex, List, Progress, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ZQuestionResult } from '@hxk/contracts/questionnaires';

type Result = z.infer<typeof ZQuestionResult>;
const COMMENTS_SHOWN = 5;
const round1 = (v: number) => Math.round(v * 10) / 10;

/** One question's aggregate: options as bars (count and share), the mean of scored ones, the comments. */
export function QuestionResultCard({ result, index }: { result: Result; index: number }) {
  const { t } = useTranslation(['questionnaires', 'evaluation']);
  const [allComments, setAllComments] = useState(false);
  const tid = `q-result-${index}`;
  const total = result.options.reduce((s, o) => s + o.count, 0);
  // Shares are of the people who answered (a multiple-choice answer counts in several bars).
  const base = result.answered || total;
  const comments = allComments ? result.comments : result.comments.slice(0, COMMENTS_SHOWN);

  return (
    <Card
      size="small"
      title={
        <span style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
          {index}. {result.title}
        </span>
      }
      extra={
        <Flex gap={4} wrap justify="end">
          <Tag bordered={false} style={{ marginInlineEnd: 0 }}>
            {t(`evaluation:questionType.${result.type}`, { defaultValue: result.type })}
          </Tag>
          <Tag bordered={false} color="blue" style={{ marginInlineEnd: 0 }} data-testid={`${tid}-answered`}>
            {t('details.answered', { count: result.answered })}
          </Tag>
        </Flex>
      }
      data-testid={tid}
    >
      {result.mean !== null && result.full !== null && (
        <Flex gap={24} wrap style={{ marginBottom: result.options.length ? 12 : 0 }}>
          <Statistic title={t('details.mean')} value={round1(result.mean)} suffix={`/ ${round1(result.full)}`} data-testid={`${tid}-mean`} />
          {result.full > 0 && <Statistic title={t('details.meanPercent')} value={round1((result.mean / result.full) * 100)} suffix="%" />}
        </Flex>
      )}
      {result.options.length > 0 && (
        <Flex vertical gap={6} data-testid={`${tid}-options`}>
          {result.options.map((o) => {
            const percent = base > 0 ? round1((o.count / base) * 100) : 0;
            return (
              <Flex key={o.key} gap={12} align="center" wrap data-testid={`${tid}-option-${o.key}`} data-count={o.count}>
                <Typography.Text style={{ flex: '1 1 160px', minWidth: 0, overflowWrap: 'anywhere' }}>{result.type === 'star' ? t('details.stars', { stars: o.content }) : o.content}</Typography.Text>
                <Flex align="center" gap={8} style={{ flex: '2 1 220px' }}>
                  <Progress percent={percent} showInfo={false} style={{ flex: 1, margin: 0 }} />
                  <Typography.Text type="secondary" style={{ width: 88, textAlign: 'right', flexShrink: 0 }}>
                    {t('details.countShare', { count: o.count, percent })}
                  </Typography.Text>
                </Flex>
              </Flex>
            );
          })}
        </Flex>
      )}
      {result.comments.length > 0 && (
        <div style={{ marginTop: 12 }}>
          <Typography.Text strong>{t('details.comments', { count: result.comments.length })}</Typography.Text>
          <List size="small" dataSource={comments} renderItem={(c, i) => <List.Item key={i} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{c}</List.Item>} data-testid={`${tid}-comments`} />
          {result.comments.length > COMMENTS_SHOWN && (
            <Button type="link" size="small" onClick={() => setAllComments((v) => !v)} style={{ paddingInline: 0 }}>
              {allComments ? t('details.fewerComments') : t('details.allComments', { count: result.comments.length })}
            </Button>
          )}
        </div>
      )}
      {result.answered === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('details.noAnswers')} style={{ margin: '8px 0' }} />}
    </Card>
  );
}
