import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TPlanSummary } from '@hxk/contracts/plans';

const PHASE_COLORS = { notStarted: 'default', inProgress: 'processing', ended: 'default' } as const;

/** The plan's phase from its dates: not started, in progress, ended. */
export function PhaseTag({ phase }: { phase: TPlanSummary['phase'] }) {
  const { t } = useTranslation('evaluation');
  return <Tag color={PHASE_COLORS[phase]}>{t(`planPhase.${phase}`)}</Tag>;
}

export function PublishedTag({ published }: { published: boolean }) {
  const { t } = useTranslation('plans');
  return published ? <Tag color="green">{t('status.published')}</Tag> : <Tag>{t('status.unpublished')}</Tag>;
}

/** Supervisors still below the minimum: red when any. */
export function BehindTag({ count }: { count: number }) {
  const { t } = useTranslation('plans');
  return count > 0 ? <Tag color="red">{t('progress.behindCount', { count })}</Tag> : <Tag color="green">{t('progress.noneBehind')}</Tag>;
}
