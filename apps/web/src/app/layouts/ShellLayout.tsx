import { useEffect, useState } from 'react';
import { Button, Grid, Layout, Result, Tooltip } from 'antd';
import { FullscreenExitOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { missingFeatureOf } from '@hxk/contracts';
import logo from '../../assets/logo.svg';
import { AvatarImage } from '../../components/AvatarImage.tsx';
import { LanguageMenu } from '../../components/LanguageMenu.tsx';
import { NoPermission } from '../../components/NoPermission.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { HOME_ROUTE, PATHS } from '../../lib/paths.ts';
import { menuTitle } from '../../lib/menu-title.ts';
import { useUserInfo } from '../../features/profile/api/get-user-info.ts';
import { useMyMenus, type TMenuTreeItem } from '../../features/roles/api/get-my-menus.ts';
import { useMyButtons } from '../../features/roles/api/get-my-buttons.ts';
import { useIsAdmin } from '../../features/roles/api/get-is-admin.ts';
import { useRecordingSession } from '../../features/classrooms/api/use-recording-session.ts';
import { useTitle } from '../../features/settings/api/get-title.ts';
import { ProductTitle } from '../../features/settings/components/ProductTitle.tsx';
import { NotificationBell } from '../../features/notifications/components/NotificationBell.tsx';
import { LiveWarningToasts } from '../../features/patrol-detail/components/WarningToasts.tsx';
import { AssistantLauncher } from '../../features/assistant/components/AssistantLauncher.tsx';
import { LicenceNotice } from '../../features/licence/components/LicenceNotice.tsx';
import { useLicence } from '../../features/licence/api/get-licence.ts';
import { canOpen, MENU_HIDDEN_PATHS, routeByPath } from '../routes.tsx';
import { HeaderActions, useHeaderEntries } from './HeaderActions.tsx';
import { KeepAliveOutlet } from './KeepAliveOutlet.tsx';
import { useFullScreen } from './full-screen.ts';
import { SideMenu } from './SideMenu.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useHighlight } from './highlight.ts';
import { firstScreen } from './menu-model.ts';

/** The main layout of signed-in members: header, permitted left menu, content. */
export function ShellLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  // Below lg the menu is a panel over the content, opened from the header for the screen it was
  // opened on: choosing another screen closes it.
  const [narrow, setNarrow] = useState(false);
  const [openOn, setOpenOn] = useState<string | null>(null);
  const user = useUserInfo();
  const menus = useMyMenus();
  // Fetched with the others so the header never flashes a stand-in title; its failure does not block.
  const title = useTitle();
  // Stored for the Permission component and UserIsAdmin; nothing here waits for them.
  useMyButtons();
  const admin = useIsAdmin();
  // The assistant has no menu node: its launcher shows while the licence has the feature (decision 0027).
  const licence = useLicence();
  const assistantLicensed = licence.data?.features.includes('assistant') === true;
  // TourRecordingSettings and enableExternal in session storage.
  useRecordingSession();
  const current = routeByPath(pathname);
  const selected = useHighlight(current);
  const fullScreen = useFullScreen();
  // Below md the header keeps the logo, the bell and one labelled menu (UserMenu) for everything else.
  const phone = Grid.useBreakpoint().md === false;
  const header = useHeaderEntries({ phone, onFullScreen: fullScreen.enter });
  const menuCollapsed = narrow ? openOn !== pathname : collapsed;
  // Every navigation shows the top of the new screen (the browser keeps the old scroll position).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  const setMenuCollapsed = (c: boolean) => (narrow ? setOpenOn(c ? null : pathname) : setCollapsed(c));

  if (user.isPending || menus.isPending || title.isPending) return <PageLoading fullscreen />;
  if (user.isError || menus.isError) {
    return (
      <Result
        status="error"
        title={t('error.loadTitle')}
        extra={
          <Button onClick={() => void Promise.all([user.refetch(), menus.refetch()])}>{t('action.retry')}</Button>
        }
      />
    );
  }

  const info = user.data;
  const tree = menus.data as TMenuTreeItem[];
  const allowed = !current || canOpen(current, info.permissions);
  // A screen the licence leaves off (a link from before, a bookmark) says so rather than "no permission".
  const unlicensed = !allowed && current && licence.data ? missingFeatureOf(current.access, licence.data.features) : null;
  // The usual landing is not every role's: land on the first screen of one's own menu instead.
  const landing = !allowed && pathname === HOME_ROUTE ? firstScreen(tree) : null;
  if (landing) return <Navigate to={landing} replace />;
  const showMenu = !MENU_HIDDEN_PATHS.includes(pathname);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {fullScreen.full ? (
        <Tooltip title={t('shell.fullScreen.exit')} placement="left">
          <Button
            className="app-full-screen-exit"
            shape="circle"
            icon={<FullscreenExitOutlined />}
            aria-label={t('shell.fullScreen.exit')}
            onClick={fullScreen.exit}
            data-testid="full-screen-exit"
          />
        </Tooltip>
      ) : (
        <header className="app-header" data-testid="app-header">
          {narrow && showMenu && (
            <Button
              type="text"
              icon={menuCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={t('shell.menu')}
              aria-expanded={!menuCollapsed}
              onClick={() => setMenuCollapsed(!menuCollapsed)}
              data-testid="menu-toggle"
            />
          )}
          <div className="app-header__brand">
            <img src={logo} alt="" />
            <ProductTitle />
          </div>
          {info.schoolId ? <LiveWarningToasts /> : null}
          {phone ? (
            <>
              {info.schoolId ? <NotificationBell /> : null}
              <UserMenu name={info.name} avatar={info.avatar} sso={info.sso} phone={{ entries: header.entries }} />
            </>
          ) : (
            <>
              <HeaderActions entries={header.entries} />
              {info.schoolId ? <NotificationBell /> : null}
              <LanguageMenu />
              <Button
                type="text"
                shape="circle"
                aria-label={menuTitle(t, 'MeInfo')}
                onClick={() => void navigate(PATHS.meInfo)}
                icon={<AvatarImage src={info.avatar} size={32} alt={info.name} />}
                data-testid="header-avatar"
              />
              <UserMenu name={info.name} sso={info.sso} />
            </>
          )}
          {header.dialogs}
        </header>
      )}
      <Layout hasSider={showMenu}>
        {showMenu && (
          <Layout.Sider
            theme="light"
            width={248}
            breakpoint="lg"
            collapsedWidth={0}
            collapsed={menuCollapsed}
            onCollapse={setMenuCollapsed}
            onBreakpoint={(b) => {
              setNarrow(b);
              if (!b) setCollapsed(false);
            }}
            trigger={narrow ? null : undefined}
            className={narrow ? 'app-sider app-sider--overlay' : 'app-sider'}
            style={{ borderRight: '1px solid #f0f0f0' }}
          >
            <SideMenu tree={tree} selected={selected} collapsed={menuCollapsed} />
          </Layout.Sider>
        )}
        <Layout.Content className="app-content">
          {/* The global licence notice (spec section 1), above every screen. */}
          <LicenceNotice admin={admin.data === true} />
          <KeepAliveOutlet scope={`${info.userId}:${info.schoolId ?? ''}`} replacement={tree.length === 0 || !allowed ? <NoPermission feature={unlicensed} /> : undefined} />
        </Layout.Content>
      </Layout>
      {info.schoolId && assistantLicensed ? <AssistantLauncher /> : null}
    </Layout>
  );
}
