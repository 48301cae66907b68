import { Alert, Button, Card, Flex } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import logo from '../../assets/logo.svg';
import { LanguageMenu } from '../../components/LanguageMenu.tsx';
import { logout } from '../../lib/session.ts';
import { ChangePasswordForm } from '../../features/profile/components/ChangePasswordForm.tsx';

/** A password reset by an administrator must be changed before anything else. */
export function ForcedPasswordChange({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <div className="auth-page__top">
        <LanguageMenu />
        <Button type="text" icon={<LogoutOutlined />} onClick={() => void logout()}>
          {t('action.logout')}
        </Button>
      </div>
      <main className="auth-page__main">
        <Card className="auth-card" data-testid="forced-password-change">
          <div className="auth-brand">
            <img src={logo} alt="" />
            <h1>{t('forcedPassword.title')}</h1>
          </div>
          <Flex vertical gap={16}>
            <Alert type="warning" showIcon title={t('forcedPassword.description')} />
            <ChangePasswordForm onDone={onDone} />
          </Flex>
        </Card>
      </main>
    </div>
  );
}
