import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { HEAT_STEPS } from './heat.ts';

const LABELS = ['legend.free', 'legend.upTo25', 'legend.upTo50', 'legend.upTo75', 'legend.upTo100'] as const;

/** What the heatmap's colours mean. */
export function HeatLegend({ label }: { label: string }) {
  const { t } = useTranslation('usage');
  return (
    <Flex gap={12} wrap align="center" data-testid="usage-legend">
      <Typography.Text type="secondary">{label}</Typography.Text>
      {HEAT_STEPS.map((s, i) => (
        <Flex key={s.max} gap={4} align="center">
          <span style={{ display: 'inline-block', width: 16, height: 12, borderRadius: 2, background: s.bg, border: '1px solid rgba(0, 0, 0, 0.06)' }} />
          <Typography.Text style={{ fontSize: 12 }}>{t(LABELS[i]!)}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}
