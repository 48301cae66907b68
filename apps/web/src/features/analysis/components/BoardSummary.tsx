import { Card, Col, Flex, Progress, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TBoardRates, TDataBoard } from '@hxk/contracts/analysis-board';
import { formatLessonDay } from '../../../lib/class-time.ts';
import { BoardClassLine } from './BoardClassLine.tsx';
import { BoardTitle } from './BoardMethod.tsx';
import { percentText, RATE_COLOR, STATUS_COLOR } from './board-format.ts';
import { LEVEL_COLOR } from './levels.ts';

const card = { size: 'small' as const, style: { height: '100%' } };
const RATES: (keyof TBoardRates)[] = ['attendance', 'headUp', 'frontRow'];

function DayCard({ board }: { board: TDataBoard }) {
  const { t } = useTranslation('board');
  const d = board.day;
  const title = board.date === board.today ? t('day.title') : t('day.titleOn', { date: formatLessonDay(board.date) });
  const parts = [
    ['done', d.done, STATUS_COLOR.done],
    ['running', d.running, STATUS_COLOR.running],
    ['queued', d.queued, STATUS_COLOR.queued],
    ['failed', d.failed, STATUS_COLOR.failed],
  ] as const;
  return (
    <Card {...card} title={<BoardTitle title={title} method={d.method} />} data-testid="board-day">
      <Statistic value={d.analysedTotal} suffix={<span style={{ fontSize: 14 }}>{t('day.ofHeld', { held: d.held })}</span>} data-testid="board-day-analysed" />
      <Flex gap={4} wrap style={{ marginBlock: 8 }}>
        {parts.map(([key, n, color]) => (n > 0 || key === 'done' ? <Tag key={key} color={color} data-testid={`board-day-${key}`}>{t(`status.${key}`)} {n}</Tag> : null))}
        {d.notAnalysed > 0 ? <Tag data-testid="board-day-notAnalysed">{t('day.notAnalysed')} {d.notAnalysed}</Tag> : null}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('day.scheduled', { count: d.scheduled })}</Typography.Text>
    </Card>
  );
}

function NowCard({ board }: { board: TDataBoard }) {
  const { t } = useTranslation('board');
  const n = board.now;
  const title = board.date === board.today ? t('now.title') : t('now.titleOn', { date: formatLessonDay(board.date) });
  return (
    <Card {...card} title={<BoardTitle title={title} method={n.method} rates />} data-testid="board-now">
      <Row gutter={8}>
        {RATES.map((r) => (
          <Col span={8} key={r}>
            <Statistic
              title={t(`rate.${r}`)}
              value={percentText(n.rates[r], t('rate.none'))}
              styles={{ content: { color: n.rates[r] === null ? undefined : RATE_COLOR[r], fontSize: 22 } }}
              data-testid={`board-now-${r}`}
            />
          </Col>
        ))}
      </Row>
      <div style={{ marginTop: 8 }}>
        {n.method === 'meanOfClassesInProgress' ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="board-now-basis">{t('now.inProgress', { classes: n.classes, count: n.inProgress })}</Typography.Text>
        ) : n.latest ? (
          <Flex vertical gap={2} data-testid="board-now-basis">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('now.latest')}</Typography.Text>
            <BoardClassLine c={n.latest} showDate figures={false} />
          </Flex>
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="board-now-basis">{t('now.none')}</Typography.Text>
        )}
      </div>
    </Card>
  );
}

function WarningsCard({ warnings }: { warnings: TDataBoard['warnings'] }) {
  const { t } = useTranslation('board');
  return (
    <Card {...card} title={<BoardTitle title={t('warnings.title')} method={warnings.method} />} data-testid="board-warnings-summary">
      <Statistic value={warnings.total} styles={{ content: { color: warnings.byLevel.severe ? '#cf1322' : undefined } }} data-testid="board-warnings-total" />
      <Flex gap={4} wrap style={{ marginBlock: 8 }}>
        {(['severe', 'moderate', 'mild'] as const).map((l) => (
          <Tag key={l} color={LEVEL_COLOR[l]} data-testid={`board-warnings-${l}`}>{t(`level.${l}`)} {warnings.byLevel[l]}</Tag>
        ))}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('warnings.ofWeek')}</Typography.Text>
    </Card>
  );
}

function CoverageCard({ coverage }: { coverage: TDataBoard['coverage'] }) {
  const { t } = useTranslation('board');
  return (
    <Card {...card} title={<BoardTitle title={t('coverage.title')} method={coverage.method} />} data-testid="board-coverage">
      <Statistic value={percentText(coverage.rate)} data-testid="board-coverage-rate" />
      <Progress percent={coverage.rate === null ? 0 : Math.round(coverage.rate * 1000) / 10} showInfo={false} size="small" style={{ marginBlock: 8 }} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {coverage.held ? t('coverage.of', { analysed: coverage.analysed, held: coverage.held }) : t('coverage.none')}
      </Typography.Text>
    </Card>
  );
}

/** The board's first row: the day's analysed classes, the three rates now, active warnings, this week's coverage. */
export function BoardSummary({ board }: { board: TDataBoard }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} sm={12} xl={6}><DayCard board={board} /></Col>
      <Col xs={24} sm={12} xl={8}><NowCard board={board} /></Col>
      <Col xs={24} sm={12} xl={5}><WarningsCard warnings={board.warnings} /></Col>
      <Col xs={24} sm={12} xl={5}><CoverageCard coverage={board.coverage} /></Col>
    </Row>
  );
}
