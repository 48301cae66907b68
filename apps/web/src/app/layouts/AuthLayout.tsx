import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import logo from '../../assets/logo.svg';
import { LanguageMenu } from '../../components/LanguageMenu.tsx';

/** /loginWrapt and /register: product brand over a centered card, language menu top right. */
export function AuthLayout({ wide = false }: { wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <div className="auth-page__top">
        <LanguageMenu />
      </div>
      <main className="auth-page__main">
        <section className={wide ? 'auth-card auth-card--wide' : 'auth-card'}>
          <div className="auth-brand">
            <img src={logo} alt="" />
            <h1>{t('app.title')}</h1>
            <div style={{ color: 'rgba(0,0,0,0.6)' }}>{t('app.subtitle')}</div>
          </div>
          <Outlet />
        </section>
      </main>
      <footer className="auth-page__footer">{t('app.footer')}</footer>
    </div>
  );
}

export function RegisterLayout() {
  return <AuthLayout wide />;
}
