import { useState } from 'react';
import { Button, Dropdown, Layout, Menu, Result, Typography } from 'antd';
import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import logo from '../../assets/logo.svg';
import { AvatarImage } from '../../components/AvatarImage.tsx';
import { LanguageMenu } from '../../components/LanguageMenu.tsx';
import { NoPermission } from '../../components/NoPermission.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { logout } from '../../lib/session.ts';
import { PATHS } from '../../lib/paths.ts';
import { useUserInfo } from '../../features/profile/api/get-user-info.ts';
import { canOpen, routeByPath, routesOf } from '../routes.tsx';

/** The main layout of signed-in members: header, permitted left menu, content. */
export function ShellLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const user = useUserInfo();

  if (user.isPending) return <PageLoading fullscreen />;
  if (user.isError) {
    return (
      <Result
        status="error"
        title={t('error.loadTitle')}
        extra={<Button onClick={() => void user.refetch()}>{t('action.retry')}</Button>}
      />
    );
  }

  const info = user.data;
  const menuRoutes = routesOf('shell').filter((r) => r.menu && canOpen(r, info.permissions));
  const current = routeByPath(pathname);
  const selected = current?.highlight ?? current?.key;
  const allowed = !current || canOpen(current, info.permissions);

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
          aria-label={t('menu.MeInfo')}
          onClick={() => void navigate(PATHS.meInfo)}
          icon={<AvatarImage src={info.avatar} size={32} alt={info.name} />}
          data-testid="header-avatar"
        />
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'me', icon: <UserOutlined />, label: t('menu.MeInfo') },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, label: t('action.logout'), danger: true },
            ],
            onClick: ({ key }) => (key === 'logout' ? void logout() : void navigate(PATHS.meInfo)),
          }}
        >
          <Button type="text" data-testid="user-menu">
            <span className="hide-xs">
              <Typography.Text ellipsis style={{ maxWidth: 120 }}>
                {info.name}
              </Typography.Text>
            </span>
            <DownOutlined />
          </Button>
        </Dropdown>
      </header>
      <Layout hasSider>
        <Layout.Sider
          theme="light"
          width={220}
          breakpoint="lg"
          collapsedWidth={0}
          collapsed={collapsed}
          onCollapse={setCollapsed}
          style={{ borderRight: '1px solid #f0f0f0' }}
        >
          <Menu
            mode="inline"
            selectedKeys={selected ? [selected] : []}
            style={{ borderInlineEnd: 'none', paddingTop: 8 }}
            items={menuRoutes.map((r) => ({ key: r.key, icon: r.menu?.icon, label: t(`menu.${r.key}`) }))}
            onClick={({ key }) => {
              const target = menuRoutes.find((r) => r.key === key);
              if (target) void navigate(target.path);
            }}
            data-testid="side-menu"
          />
        </Layout.Sider>
        <Layout.Content className="app-content">{menuRoutes.length === 0 || !allowed ? <NoPermission /> : <Outlet />}</Layout.Content>
      </Layout>
    </Layout>
  );
}
