import { Card, Empty, Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TDataBoard } from '@hxk/contracts/analysis-board';
import { formatDateTime } from '../../../lib/format.ts';
import { formatLessonDay } from '../../../lib/class-time.ts';
import { BoardClassLine } from './BoardClassLine.tsx';
import { BoardTitle } from './BoardMethod.tsx';
import { reportLink, roomText, warningKindKey } from './board-format.ts';
import { LEVEL_COLOR } from './levels.ts';

/** The latest active AI warnings, each with its class (opening the class's report, where its moments are). */
export function BoardWarningsList({ warnings }: { warnings: TDataBoard['warnings'] }) {
  const { t } = useTranslation('board');
  return (
    <Card size="small" title={<BoardTitle title={t('warnings.latest')} method={warnings.method} />} data-testid="board-warnings" style={{ height: '100%' }}>
      {warnings.latest.length ? (
        <List
          size="small"
          dataSource={warnings.latest}
          renderItem={(w) => (
            <List.Item key={w.id} data-testid="board-warning" style={{ paddingInline: 0 }}>
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Flex gap={6} wrap align="center">
                  <Tag color={LEVEL_COLOR[w.level]} style={{ marginInlineEnd: 0 }}>{t(`level.${w.level}`)}</Tag>
                  <Typography.Text strong>{t(warningKindKey(w.kind))}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>{formatDateTime(w.startedAt)}</Typography.Text>
                </Flex>
                <Link to={reportLink(w.courseSessionId)} data-testid="board-class-link">{w.courseName}</Link>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[w.teacherName, roomText(w), formatLessonDay(w.lessonDate)].filter(Boolean).join(' · ')}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('warnings.none')} data-testid="board-warnings-empty" />
      )}
    </Card>
  );
}

/** The day's analysed classes in timetable order, each opening its AI classroom report. */
export function BoardClassesList({ board }: { board: TDataBoard }) {
  const { t } = useTranslation('board');
  const day = board.day;
  const title = board.date === board.today ? t('classes.title') : t('classes.titleOn', { date: formatLessonDay(board.date) });
  return (
    <Card size="small" title={<BoardTitle title={title} method={day.method} />} data-testid="board-classes" style={{ height: '100%' }}>
      {day.classes.length ? (
        <>
          <List
            size="small"
            dataSource={day.classes}
            renderItem={(c) => (
              <List.Item key={c.courseSessionId} data-testid="board-class" style={{ paddingInline: 0 }}>
                <BoardClassLine c={c} />
              </List.Item>
            )}
          />
          {day.analysedTotal > day.classes.length ? (
            <Typography.Text type="secondary">{t('classes.shown', { shown: day.classes.length, total: day.analysedTotal })}</Typography.Text>
          ) : null}
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('classes.empty')} data-testid="board-classes-empty" />
      )}
    </Card>
  );
}
