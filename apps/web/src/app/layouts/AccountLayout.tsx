import { Button, Layout } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import logo from '../../assets/logo.svg';
import { LanguageMenu } from '../../components/LanguageMenu.tsx';
import { hasToken } from '../../lib/auth-state.ts';
import { logout } from '../../lib/session.ts';

/** Signed-in pages outside the shell: choosing a school, waiting for approval, confirming a QR code. */
export function AccountLayout() {
  const { t } = useTranslation();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <header className="app-header">
        <div className="app-header__brand">
          <img src={logo} alt="" />
          <span className="app-header__title">{t('app.title')}</span>
        </div>
        <LanguageMenu />
        {hasToken() && (
          <Button type="text" icon={<LogoutOutlined />} onClick={() => void logout()} aria-label={t('action.logout')} data-testid="logout">
            <span className="hide-xs">{t('action.logout')}</span>
          </Button>
        )}
      </header>
      <Layout.Content>
        <div className="account-content">
          <Outlet />
        </div>
      </Layout.Content>
    </Layout>
  );
}
