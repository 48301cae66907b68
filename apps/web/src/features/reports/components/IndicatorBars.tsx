import { Empty, Flex, Progress, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TIndicatorScore } from '@hxk/contracts/reports';
import { percentText } from './format.ts';

/**
 * Per primary indicator, my percentage against the school's for the same indicator, as two
 * horizontal bars; each figure says how many evaluations it comes from.
 */
export function IndicatorBars({ indicators }: { indicators: TIndicatorScore[] }) {
  const { t } = useTranslation('reports');
  const { token } = theme.useToken();
  if (indicators.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('indicators.empty')} />;
  const mine = token.colorPrimary;
  const school = token.colorTextQuaternary;
  return (
    <Flex vertical gap={16} data-testid="report-indicators">
      <Flex gap={16} wrap>
        <Legend color={mine} label={t('indicators.mine')} />
        <Legend color={school} label={t('indicators.school')} />
      </Flex>
      {indicators.map((i) => (
        <div key={i.key} className="print-avoid-break" data-testid={`report-indicator-${i.key}`}>
          <Typography.Text strong>{i.name}</Typography.Text>
          <Bar color={mine} percent={i.percent} label={t('indicators.mineValue', { percent: percentText(i.percent), count: i.count })} testId="mine" />
          <Bar
            color={school}
            percent={i.schoolPercent ?? 0}
            label={i.schoolPercent === null ? t('indicators.noSchool') : t('indicators.schoolValue', { percent: percentText(i.schoolPercent), count: i.schoolCount })}
            testId="school"
          />
        </div>
      ))}
    </Flex>
  );
}

function Bar({ color, percent, label, testId }: { color: string; percent: number; label: string; testId: string }) {
  return (
    <Flex align="center" gap={12} data-testid={`report-bar-${testId}`} data-percent={percent}>
      <Progress percent={Math.max(0, Math.min(100, percent))} strokeColor={color} showInfo={false} style={{ flex: 1, margin: 0 }} />
      <Typography.Text type="secondary" style={{ flex: '0 0 200px', fontSize: 13 }}>
        {label}
      </Typography.Text>
    </Flex>
  );
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Flex align="center" gap={6}>
      <span style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 2, background: color, printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' }} />
      <Typography.Text type="secondary">{label}</Typography.Text>
    </Flex>
  );
}
