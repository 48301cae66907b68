import { Fragment, useState, type ReactNode } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { AppstoreOutlined, FileSearchOutlined, FullscreenOutlined, LineChartOutlined, MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApplicationsDialog } from '../../features/settings/components/ApplicationsDialog.tsx';
import { useInvitationsNotice } from '../../features/schools/components/InvitationsNotice.tsx';
import { useMyAccess } from '../../lib/my-access.ts';
import { PATHS } from '../../lib/paths.ts';
import { routeByPath } from '../routes.tsx';

/** The AI data preview page, on this host in a new tab (spec section 1), for those who may open it. */
const DATA_BOARD_HREF = `${import.meta.env.BASE_URL.replace(/\/$/, '')}${PATHS.dataAnalysisReport}`;
const dataBoardAccess = () => routeByPath(PATHS.dataAnalysisReport)?.access;

/** One header entry: a button on a desktop, a line of the header menu on a phone (data-testid `header-<key>`). */
export type HeaderEntry = {
  key: string;
  icon: ReactNode;
  label: string;
  /** Shown with its label on a desktop (the others are icons with a tooltip). */
  labelled?: boolean;
  badge?: number;
  href?: string;
  onClick?: () => void;
};

/**
 * The header entries this person can use, and the dialogs they open: the data board and inspection
 * records (each with its screen's permission), school invitations (while there are any),
 * applications, and full screen (not on a phone, where the browser's own is the way).
 */
export function useHeaderEntries({ phone, onFullScreen }: { phone: boolean; onFullScreen: () => void }): { entries: HeaderEntry[]; dialogs: ReactNode } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useMyAccess();
  const invitations = useInvitationsNotice();
  const [appsOpen, setAppsOpen] = useState(false);

  const entries: HeaderEntry[] = [];
  const board = dataBoardAccess();
  if (board && access.can(board)) entries.push({ key: 'data-board', icon: <LineChartOutlined />, label: t('shell.dataBoard'), labelled: true, href: DATA_BOARD_HREF });
  if (access.can('InspectionRecords')) {
    entries.push({ key: 'inspection-record', icon: <FileSearchOutlined />, label: t('shell.inspectionRecord'), labelled: true, onClick: () => void navigate(PATHS.inspectionRecords) });
  }
  if (invitations.count) entries.push({ key: 'invitations', icon: <MailOutlined />, label: t('invitation.title', { ns: 'schools' }), badge: invitations.count, onClick: invitations.show });
  entries.push({ key: 'apps', icon: <AppstoreOutlined />, label: t('shell.apps.title'), onClick: () => setAppsOpen(true) });
  if (!phone) entries.push({ key: 'full-screen', icon: <FullscreenOutlined />, label: t('shell.fullScreen.enter'), onClick: onFullScreen });

  const dialogs = (
    <>
      {invitations.dialog}
      <ApplicationsDialog open={appsOpen} onClose={() => setAppsOpen(false)} />
    </>
  );
  return { entries, dialogs };
}

/** The header entries as buttons (desktop): labelled ones with their text from md up, the others as icons with a tooltip. */
export function HeaderActions({ entries }: { entries: HeaderEntry[] }) {
  return (
    <div className="app-header__actions">
      {entries.map((e) => {
        const common = { type: 'text' as const, icon: e.icon, 'aria-label': e.label, 'data-testid': `header-${e.key}` };
        const button = e.href ? (
          <Button {...common} href={e.href} target="_blank" rel="noopener">
            {e.labelled && <span className="hide-md">{e.label}</span>}
          </Button>
        ) : (
          <Button {...common} onClick={e.onClick}>
            {e.labelled && <span className="hide-md">{e.label}</span>}
          </Button>
        );
        const badged = e.badge ? (
          <Badge count={e.badge} size="small" offset={[-6, 6]}>
            {button}
          </Badge>
        ) : (
          button
        );
        return e.labelled ? <Fragment key={e.key}>{badged}</Fragment> : <Tooltip key={e.key} title={e.label}>{badged}</Tooltip>;
      })}
    </div>
  );
}
