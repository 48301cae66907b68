import { Typography } from 'antd';
import { CheckCircleOutlined, CloudOutlined, ExclamationCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SaveState } from './draft-saver.ts';
import { timeOfDay } from '../../../lib/class-time.ts';

/** The small autosave line: "Saved 10:42", "Saving…", "Not saved — offline, will retry". */
export function SaveStatus({ state, lastSavedAt }: { state: SaveState; lastSavedAt: string | null }) {
  const { t } = useTranslation('evaluations');
  const common = { style: { fontSize: 13 }, 'data-testid': 'record-save-status', 'data-state': state.kind } as const;
  switch (state.kind) {
    case 'saving':
      return (
        <Typography.Text type="secondary" {...common}>
          <LoadingOutlined /> {t('save.saving')}
        </Typography.Text>
      );
    case 'pending':
      return (
        <Typography.Text type="secondary" {...common}>
          <CloudOutlined /> {t('save.pending')}
        </Typography.Text>
      );
    case 'offline':
      return (
        <Typography.Text type="warning" {...common}>
          <ExclamationCircleOutlined /> {t('save.offline')}
        </Typography.Text>
      );
    case 'failed':
      return (
        <Typography.Text type="danger" {...common}>
          <ExclamationCircleOutlined /> {t('save.failed', { message: state.message })}
        </Typography.Text>
      );
    case 'saved':
    case 'idle': {
      const at = state.kind === 'saved' ? state.at : lastSavedAt;
      return at ? (
        <Typography.Text type="secondary" {...common}>
          <CheckCircleOutlined /> {t('save.saved', { time: timeOfDay(at) })}
        </Typography.Text>
      ) : null;
    }
  }
}
