import { Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { percentOf } from './plan-utils.ts';

/** "attended / required" with a bar. */
export function ProgressCell({ done, required, width = 180 }: { done: number; required: number; width?: number }) {
  const { t } = useTranslation('plans');
  const met = done >= required;
  return (
    <div style={{ minWidth: Math.min(width, 140), maxWidth: width }}>
      <Typography.Text>{t('progress.ofRequired', { done, required })}</Typography.Text>
      <Progress size="small" percent={percentOf(done, required)} status={met ? 'success' : 'active'} aria-label={t('progress.ofRequired', { done, required })} />
    </div>
  );
}
