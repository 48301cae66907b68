import type { ReactNode } from 'react';
import { Card, Col, Empty, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';

/**
 * A chart with the numbers behind it in a table beside it, and how they are computed under both:
 * formula, denominator, what is left out, and when the data was read.
 */
export function ChartCard({ title, how, asOf, chart, table, empty, testId, emptyText, stacked = false }: {
  title: ReactNode;
  how: string;
  asOf: string;
  chart: ReactNode;
  table: ReactNode;
  empty: boolean;
  testId: string;
  /** What an empty chart says (default: no evaluations match). */
  emptyText?: string;
  /** The table under the chart rather than beside it (wide tables). */
  stacked?: boolean;
}) {
  const { t } = useTranslation('statistics');
  return (
    <Card size="small" title={title} data-testid={testId} className="print-avoid-break">
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('empty')} />
      ) : (
        <Row gutter={[16, 12]}>
          <Col xs={24} xl={stacked ? 24 : 14} className="stats-chart">{chart}</Col>
          <Col xs={24} xl={stacked ? 24 : 10}>{table}</Col>
        </Row>
      )}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, marginBottom: 0 }} data-testid={`${testId}-how`}>
        <Typography.Text type="secondary" strong style={{ fontSize: 12 }}>{t('how.title')}</Typography.Text> {how} {t('how.asOf', { at: formatDateTime(asOf) })}
      </Typography.Paragraph>
    </Card>
  );
}
