import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TEvaluationStats } from '@hxk/contracts/statistics';
import { formatDateTime } from '../../../lib/format.ts';
import { percentText } from './format.ts';

/** The scope's headline figures, each with the school's under it, and how each is counted. */
export function FigureCards({ data }: { data: TEvaluationStats }) {
  const { t } = useTranslation('statistics');
  const { scope, school } = data;
  const cards = [
    { key: 'evaluations', value: String(scope.evaluations), school: String(school.evaluations) },
    { key: 'coverage', value: percentText(scope.coverage), school: percentText(school.coverage), extra: t('figure.coverageOf', { evaluated: scope.teachersEvaluated, teaching: scope.teachersTeaching }) },
    { key: 'mean', value: percentText(scope.meanPercent), school: percentText(school.meanPercent) },
  ];
  return (
    <Card size="small" data-testid="stats-figures" className="print-avoid-break">
      <Row gutter={[16, 12]}>
        {cards.map((c) => (
          <Col xs={24} sm={8} key={c.key}>
            <Statistic title={t(`figure.${c.key}`)} value={c.value} valueRender={() => <span data-testid={`figure-${c.key}`}>{c.value}</span>} />
            {c.extra ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{c.extra}<br /></Typography.Text> : null}
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`figure-${c.key}-school`}>{t('figure.school', { value: c.school })}</Typography.Text>
          </Col>
        ))}
      </Row>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, marginBottom: 0 }} data-testid="stats-figures-how">
        <Typography.Text type="secondary" strong style={{ fontSize: 12 }}>{t('how.title')}</Typography.Text> {t('how.figures')} {t('how.asOf', { at: formatDateTime(data.asOf) })}
      </Typography.Paragraph>
    </Card>
  );
}
