import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { peekRedirect } from '../../../lib/auth-state.ts';
import { PATHS } from '../../../lib/paths.ts';
import { LoginTabs } from '../components/LoginTabs.tsx';
import { PasswordLoginForm } from '../components/PasswordLoginForm.tsx';
import { SmsLoginForm } from '../components/SmsLoginForm.tsx';

// The reset dialog loads on first use: the login page itself stays small.
const ForgotPasswordModal = lazy(() =>
  import('../components/ForgotPasswordModal.tsx').then((m) => ({ default: m.ForgotPasswordModal })),
);

/** /login: account and password, or phone and SMS code; forgot password; link to registration. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotUsed, setForgotUsed] = useState(false);
  const tab = params.get('tab') === 'sms' ? 'sms' : 'password';
  // A questionnaire's QR code brought a student here: say why they sign in before asking (issue 20).
  const [forQuestionnaire] = useState(() => peekRedirect()?.startsWith('/EvaluationQuestionnaire?') ?? false);
  const openForgot = () => {
    setForgotUsed(true);
    setForgotOpen(true);
  };
  return (
    <div data-testid="login-page">
      {forQuestionnaire && (
        <p className="auth-note" role="note" data-testid="login-questionnaire-note">
          {t('login.questionnaireNote')}
        </p>
      )}
      <LoginTabs active={tab} />
      {tab === 'sms' ? <SmsLoginForm /> : <PasswordLoginForm onForgot={openForgot} />}
      <p className="auth-switch">
        {t('login.noAccount')} <Link to={PATHS.register}>{t('login.register')}</Link>
      </p>
      {forgotUsed && (
        <Suspense fallback={null}>
          <ForgotPasswordModal open={forgotOpen} onClose={() => setForgotOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
