import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLicenceState } from '@hxk/contracts/licence';

const COLORS: Record<TLicenceState, string> = { demo: 'blue', active: 'green', expiring: 'orange', expired: 'red' };

export function LicenceStateTag({ state }: { state: TLicenceState }) {
  const { t } = useTranslation('licence');
  return (
    <Tag color={COLORS[state]} data-testid="licence-state">
      {t(`state.${state}`)}
    </Tag>
  );
}
