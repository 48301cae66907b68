import { useState } from 'react';
import { Button, Layout, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import logo from '../../assets/logo.svg';
import { AvatarImage } from '../../components/AvatarImage.tsx';
import { LanguageMenu } from '../../components/LanguageMenu.tsx';
import { NoPermission } from '../../components/NoPermission.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { PATHS } from '../../lib/paths.ts';
import { menuTitle } from '../../lib/menu-title.ts';
import { useUserInfo } from '../../features/profile/api/get-user-info.ts';
import { useMyMenus, type TMenuTreeItem } from '../../features/roles/api/get-my-menus.ts';
import { useMyButtons } from '../../features/roles/api/get-my-buttons.ts';
import { useIsAdmin } from '../../features/roles/api/get-is-admin.ts';
import { canOpen, MENU_HIDDEN_PATHS, routeByPath } from '../routes.tsx';
import { SideMenu } from './SideMenu.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useHighlight } from './highlight.ts';

/** The main layout of signed-in members: header, permitted left menu, content. */
export function ShellLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const user = useUserInfo();
  const menus = useMyMenus();
  // Stored for the Permission component and UserIsAdmin; nothing here waits for them.
  useMyButtons();
  useIsAdmin();
  const current = routeByPath(pathname);
  const selected = useHighlight(current);

  if (user.isPending || menus.isPending) return <PageLoading fullscreen />;
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
  const showMenu = !MENU_HIDDEN_PATHS.includes(pathname);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <header className="app-header">
        <div className="app-header__brand">
          <img src={logo} alt="" />
          <span className="app-header__title" data-testid="product-title">
            {info.schoolName ? `${t('app.title')} · ${info.schoolName}` : t('app.title')}
          </span>
        </div>
        <LanguageMenu />
        <Button
          type="text"
          shape="circle"
          aria-label={menuTitle(t, 'MeInfo')}
          onClick={() => void navigate(PATHS.meInfo)}
          icon={<AvatarImage src={info.avatar} size={32} alt={info.name} />}
          data-testid="header-avatar"
        />
        <UserMenu name={info.name} />
      </header>
      <Layout hasSider={showMenu}>
        {showMenu && (
          <Layout.Sider
            theme="light"
            width={220}
            breakpoint="lg"
            collapsedWidth={0}
            collapsed={collapsed}
            onCollapse={setCollapsed}
            style={{ borderRight: '1px solid #f0f0f0' }}
          >
            <SideMenu tree={tree} selected={selected} />
          </Layout.Sider>
        )}
        <Layout.Content className="app-content">{tree.length === 0 || !allowed ? <NoPermission /> : <Outlet />}</Layout.Content>
      </Layout>
    </Layout>
  );
}
