import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TBoardClass } from '@hxk/contracts/analysis-board';
import { formatLessonDay } from '../../../lib/class-time.ts';
import { MODE_COLOR, percentText, reportLink, roomText, STATUS_COLOR } from './board-format.ts';

/** A class on the board: its course opening the AI classroom report, who and where, then its status, mode and rates. */
export function BoardClassLine({ c, showDate = false, figures = true }: { c: TBoardClass; showDate?: boolean; figures?: boolean }) {
  const { t } = useTranslation('board');
  const time = c.startTime && c.endTime ? t('classes.time', { from: c.startTime, to: c.endTime }) : null;
  const where = [c.teacherName, roomText(c), showDate ? formatLessonDay(c.lessonDate) : null, time].filter(Boolean).join(' · ');
  const rates = (['attendance', 'headUp', 'frontRow'] as const).filter((r) => c.rates[r] !== null);
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Link to={reportLink(c.courseSessionId)} data-testid="board-class-link">
        <Typography.Text strong ellipsis style={{ color: 'inherit' }}>{c.courseName}</Typography.Text>
      </Link>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{where}</Typography.Text>
      {figures ? (
        <Flex gap={4} wrap align="center">
          {c.status ? <Tag color={STATUS_COLOR[c.status]} data-testid="board-class-status">{t(`status.${c.status}`)}</Tag> : null}
          {c.mode ? <Tag color={MODE_COLOR[c.mode]}>{t(`mode.${c.mode}`)}</Tag> : null}
          {rates.map((r) => (
            <Typography.Text key={r} style={{ fontSize: 12 }}>
              {t(`rate.${r}`)} {percentText(c.rates[r])}
            </Typography.Text>
          ))}
        </Flex>
      ) : null}
    </Flex>
  );
}
