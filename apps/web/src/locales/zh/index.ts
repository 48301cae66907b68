/**
 * The sign-in texts travel with the login page: `auth`, and the groups of `common` that the sign-in
 * screens and the API client use (named imports, so the build leaves the rest of common.json out).
 * Everything else, the menu titles of every screen included, loads in one chunk once a person reaches
 * a screen that needs it (app.ts, lib/i18n.ts loadAppTexts), so the login page does not grow as
 * features are added (decision 0030). A group a sign-in screen starts to use is added here.
 */
import { action, app as appTitle, error, identity, language, sms, validation } from './common.json';
import auth from './auth.json';

export const login = { common: { app: appTitle, action, error, identity, language, sms, validation }, auth };
export const app = () => import('./app.ts');
