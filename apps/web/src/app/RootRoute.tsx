import { lazy, Suspense, useEffect, useReducer } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { loadAppTexts } from '../lib/i18n.ts';
import { hasToken, mustChangePassword } from '../lib/auth-state.ts';
import { setNavigator } from '../lib/navigation.ts';
import { OPEN_PATHS, TOKEN_OPTIONAL_PATHS } from './guard-rules.ts';
import { BootLoading } from './pages/BootLoading.tsx';

const ForcedPasswordChange = lazy(async () => {
  const [m] = await Promise.all([import('./pages/ForcedPasswordChange.tsx'), loadAppTexts()]);
  return { default: m.ForcedPasswordChange };
});

/** Hands the router to non-React code, and puts a required password change before anything else. */
export function RootRoute() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [, rerender] = useReducer((n: number) => n + 1, 0);

  useEffect(() => {
    setNavigator((to, opts) => void navigate(to, opts));
  }, [navigate]);

  const free = OPEN_PATHS.includes(pathname) || TOKEN_OPTIONAL_PATHS.includes(pathname);
  if (!free && hasToken() && mustChangePassword()) return (
      <Suspense fallback={<BootLoading />}>
        <ForcedPasswordChange onDone={rerender} />
      </Suspense>
    );
  return <Outlet />;
}
