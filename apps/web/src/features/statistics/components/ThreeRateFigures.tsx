import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { THREE_RATES, type TThreeRateStats } from '@hxk/contracts/statistics-three-rate';
import { formatDateTime } from '../../../lib/format.ts';
import { percentText } from './format.ts';

/** The scope's three rates and analysed classes, each with the school's under it, and how each is counted. */
export function ThreeRateFigures({ data, wholeSchool }: { data: TThreeRateStats; wholeSchool: boolean }) {
  const { t } = useTranslation('statistics');
  const { scope, school } = data;
  const classesCount = t('threeRate.classesOf', { analysed: scope.classes, held: data.scopeHeld });
  return (
    <Card size="small" data-testid="three-rate-figures" className="print-avoid-break">
      <Row gutter={[16, 12]}>
        {THREE_RATES.map((r) => (
          <Col xs={12} md={6} key={r}>
            <Statistic title={t(`threeRate.rate.${r}`)} value={percentText(scope[r])} valueRender={() => <span data-testid={`three-rate-${r}`}>{percentText(scope[r])}</span>} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('threeRate.over', { count: scope[`${r}Classes`] })}</Typography.Text>
            {wholeSchool ? null : (
              <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }} data-testid={`three-rate-${r}-school`}>
                {t('figure.school', { value: percentText(school[r]) })}
              </Typography.Text>
            )}
          </Col>
        ))}
        <Col xs={12} md={6}>
          <Statistic title={t('threeRate.classes')} value={scope.classes} valueRender={() => <span data-testid="three-rate-classes">{scope.classes}</span>} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{classesCount}</Typography.Text>
          {wholeSchool ? null : <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>{t('figure.school', { value: String(school.classes) })}</Typography.Text>}
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, marginBottom: 0 }} data-testid="three-rate-figures-how">
        <Typography.Text type="secondary" strong style={{ fontSize: 12 }}>{t('how.title')}</Typography.Text> {t('threeRate.how.figures')} {t('how.asOf', { at: formatDateTime(data.asOf) })}
      </Typography.Paragraph>
    </Card>
  );
}
