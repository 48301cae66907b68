/**
 * The sign-in texts (common, auth) travel with the login page; the rest of the app's texts load in one
 * chunk once a person reaches a screen that needs them (lib/i18n.ts, loadAppTexts), so the login page
 * does not grow as features are added.
 */
import common from './common.json';
import auth from './auth.json';

export const login = { common, auth };
export const app = () => import('./app.ts');
