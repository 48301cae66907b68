import type { ReactNode } from 'react';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';

type Kind = 'submitted' | 'answered' | 'refused';

/**
 * The end of the fill page: thanks after submitting, "already answered" on a second visit, or the
 * server's refusal (not open, not addressed to me, no course) in its own words.
 */
export function FillResult({ kind, title, message, extra }: { kind: Kind; title?: string; message?: string; extra?: ReactNode }) {
  const { t } = useTranslation('questionnaires');
  const navigate = useNavigate();
  const status = kind === 'refused' ? 'warning' : 'success';
  return (
    <Card styles={{ body: { padding: '8px 4px' } }} data-testid={`q-result-${kind}`}>
      <Result
        status={status}
        title={kind === 'submitted' ? t('fill.thanks') : kind === 'answered' ? t('fill.alreadyAnswered') : t('fill.refusedTitle')}
        subTitle={
          <>
            {title && <div style={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{title}</div>}
            <div>{message ?? (kind === 'submitted' ? t('fill.thanksHint') : kind === 'answered' ? t('fill.alreadyAnsweredHint') : '')}</div>
          </>
        }
        extra={
          extra ?? (
            <Button type="primary" size="large" onClick={() => void navigate(PATHS.feeQuestionnaire)} data-testid="q-result-mine">
              {t('fill.toMine')}
            </Button>
          )
        }
        style={{ padding: '24px 8px' }}
      />
    </Card>
  );
}
