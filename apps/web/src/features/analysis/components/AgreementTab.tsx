import { useState, type ReactNode } from 'react';
import { Alert, Card, Col, DatePicker, Empty, Flex, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TAgreementQuery } from '@hxk/contracts/analysis';
import { useAgreement } from '../api/get-agreement.ts';
import { pct } from './moments.ts';

/** Landis and Koch's reading of kappa (1977), the one usually quoted. */
function kappaLevel(k: number): { key: string; color: string } {
  if (k < 0) return { key: 'poor', color: 'red' };
  if (k <= 0.2) return { key: 'slight', color: 'red' };
  if (k <= 0.4) return { key: 'fair', color: 'orange' };
  if (k <= 0.6) return { key: 'moderate', color: 'gold' };
  if (k <= 0.8) return { key: 'substantial', color: 'green' };
  return { key: 'almostPerfect', color: 'green' };
}

function MeasureCard({ title, counts, explain, empty, testId, children }: { title: string; counts: string; explain: string; empty: boolean; testId: string; children: ReactNode }) {
  const { t } = useTranslation('analysis');
  return (
    <Card size="small" title={title} style={{ height: '100%' }} data-testid={testId}>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('agreement.none')} />
      ) : (
        <Flex vertical gap={12}>
          <Flex gap={24} wrap>{children}</Flex>
          <Typography.Text data-testid={`${testId}-counts`}>{counts}</Typography.Text>
        </Flex>
      )}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '12px 0 0' }}>{explain}</Typography.Paragraph>
    </Card>
  );
}

/** How far people agree with the AI, per measure, over the school's corrected classes of a period. */
export function AgreementTab() {
  const { t } = useTranslation('analysis');
  const [query, setQuery] = useState<TAgreementQuery>({});
  const agreement = useAgreement(query);
  const d = agreement.data;
  const level = d?.st.kappa != null ? kappaLevel(d.st.kappa) : null;

  return (
    <Flex vertical gap={12} data-testid="agreement-tab">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{t('agreement.intro')}</Typography.Paragraph>
      <DatePicker.RangePicker
        style={{ maxWidth: 300 }}
        onChange={(range) => setQuery({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })}
        aria-label={t('agreement.period')}
        data-testid="agreement-range"
      />
      {agreement.isError ? <Alert type="error" showIcon title={agreement.error.message} /> : null}
      {!d ? (
        <Skeleton active />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <MeasureCard
              title={t('agreement.st.title')}
              testId="agreement-st"
              empty={d.st.corrections === 0}
              counts={t('agreement.st.counts', { classes: d.st.classes, corrections: d.st.corrections, intervals: d.st.intervals })}
              explain={t('agreement.st.explain')}
            >
              <Statistic title={t('agreement.st.rate')} value={pct(d.st.rate, 1)} data-testid="agreement-st-rate" />
              <div data-testid="agreement-st-kappa">
                <Statistic title={t('agreement.st.kappa')} value={d.st.kappa === null ? '—' : d.st.kappa.toFixed(2)} />
                {level ? <Tag color={level.color}>{t(`agreement.kappaLevel.${level.key}`)}</Tag> : <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('agreement.st.kappaUndefined')}</Typography.Text>}
              </div>
              <Statistic title={t('agreement.st.sameMode')} value={pct(d.st.sameMode)} data-testid="agreement-st-mode" />
            </MeasureCard>
          </Col>
          <Col xs={24} lg={12}>
            <MeasureCard
              title={t('agreement.attendance.title')}
              testId="agreement-attendance"
              empty={d.attendance.corrections === 0}
              counts={t('agreement.attendance.counts', { classes: d.attendance.classes, corrections: d.attendance.corrections })}
              explain={t('agreement.attendance.explain')}
            >
              <Statistic title={t('agreement.attendance.meanAbsDiff')} value={d.attendance.meanAbsDiff === null ? '—' : d.attendance.meanAbsDiff.toFixed(1)} suffix={t('agreement.attendance.students')} data-testid="agreement-attendance-diff" />
              <Statistic title={t('agreement.attendance.withinOne')} value={pct(d.attendance.withinOne)} data-testid="agreement-attendance-within" />
            </MeasureCard>
          </Col>
        </Row>
      )}
    </Flex>
  );
}
