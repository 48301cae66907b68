import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { AppstoreOutlined, FileSearchOutlined, FullscreenOutlined, LineChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApplicationsDialog } from '../../features/settings/components/ApplicationsDialog.tsx';
import { InvitationsNotice } from '../../features/schools/components/InvitationsNotice.tsx';
import { useMyAccess } from '../../lib/my-access.ts';
import { PATHS } from '../../lib/paths.ts';
import { routeByPath } from '../routes.tsx';

/** The AI data preview page, on this host in a new tab (spec section 1), once the app has that page. */
const DATA_BOARD_HREF = `${import.meta.env.BASE_URL.replace(/\/$/, '')}${PATHS.dataAnalysisReport}`;
const hasDataBoard = () => routeByPath(PATHS.dataAnalysisReport) !== undefined;

/** Header entries: data board (once its page exists), inspection records, school invitations (when any), applications, full screen. */
export function HeaderActions({ onFullScreen }: { onFullScreen: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [appsOpen, setAppsOpen] = useState(false);
  // Patrol's inspection records for those who patrol; otherwise my evaluation records.
  const inspectionTarget = useMyAccess().can('InspectionRecords') ? PATHS.inspectionRecords : PATHS.lessonEvaluationRecord;

  return (
    <div className="app-header__actions">
      {hasDataBoard() && (
        <Button type="text" icon={<LineChartOutlined />} href={DATA_BOARD_HREF} target="_blank" rel="noopener" aria-label={t('shell.dataBoard')} data-testid="header-data-board">
          <span className="hide-md">{t('shell.dataBoard')}</span>
        </Button>
      )}
      <Button
        type="text"
        icon={<FileSearchOutlined />}
        aria-label={t('shell.inspectionRecord')}
        onClick={() => void navigate(inspectionTarget)}
        data-testid="header-inspection-record"
      >
        <span className="hide-md">{t('shell.inspectionRecord')}</span>
      </Button>
      <InvitationsNotice />
      <Tooltip title={t('shell.apps.title')}>
        <Button type="text" icon={<AppstoreOutlined />} aria-label={t('shell.apps.title')} onClick={() => setAppsOpen(true)} data-testid="header-apps" />
      </Tooltip>
      <Tooltip title={t('shell.fullScreen.enter')}>
        <Button type="text" icon={<FullscreenOutlined />} aria-label={t('shell.fullScreen.enter')} onClick={onFullScreen} data-testid="header-full-screen" />
      </Tooltip>
      <ApplicationsDialog open={appsOpen} onClose={() => setAppsOpen(false)} />
    </div>
  );
}
