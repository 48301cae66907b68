import { Empty, Flex, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TPlanClass } from '@hxk/contracts/plans';
import { formatDay } from './plan-utils.ts';

const STATE_COLORS = { none: 'default', draft: 'orange', submitted: 'green' } as const;

/** Classes of a plan, one compact row each (fits a 375 px phone): when, what, who, where, my evaluation. */
export function ClassList({ classes, loading, showDate = true, testId }: { classes: TPlanClass[] | undefined; loading?: boolean; showDate?: boolean; testId?: string }) {
  const { t } = useTranslation('plans');
  if (loading && !classes) return <Spin style={{ display: 'block', margin: '16px auto' }} />;
  if (!classes?.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('my.noClasses')} />;
  return (
    <Flex vertical gap={8} data-testid={testId}>
      {classes.map((c) => {
        const sessions = c.sessionStart === c.sessionEnd ? t('my.session', { n: c.sessionStart }) : t('my.sessions', { from: c.sessionStart, to: c.sessionEnd });
        const times = c.startTime && c.endTime ? ` ${c.startTime}–${c.endTime}` : '';
        return (
          <div
            key={c.courseSessionId}
            style={{ border: '1px solid rgba(5, 5, 5, 0.06)', borderRadius: 8, padding: '8px 12px' }}
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
            <Typography.Text strong style={{ display: 'block' }} ellipsis>
              {c.courseName} <Typography.Text type="secondary">{c.courseCode}</Typography.Text>
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {c.teacherName}
              {c.classroomName ? ` · ${c.classroomName}` : ''}
            </Typography.Text>
          </div>
        );
      })}
      {loading && <Spin size="small" />}
    </Flex>
  );
}
