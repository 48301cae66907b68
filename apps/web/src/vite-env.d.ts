/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where a single-sign-on session goes after logging out; without it, /login. */
  readonly VITE_SSO_LOGOUT_URL?: string;
}
