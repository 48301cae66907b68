/** Every key the web app keeps in cookies or browser storage, in one place. */
export const COOKIE_KEYS = {
  /** Non-HttpOnly marker of a signed-in browser (the session cookie itself is HttpOnly). */
  signedIn: 'hxk_signed_in',
  schoolId: 'schoolId',
  userInfo: 'userInfo',
} as const;

export const LOCAL_KEYS = {
  language: 'language',
  identity: 'Identity',
  userInfo: 'userInfo',
  avatar: 'avatar',
  buttonPermissions: 'ButtonPermissionsXK',
  logId: 'logId',
  mustChangePassword: 'mustChangePassword',
  /** The left-menu key a detail screen highlights after its list (spec section 3's breadcrumb), kept over a reload. */
  breadcrumb: 'breadcrumb',
  /** School served at this host name (a sign-in hint, never a grant). */
  domainSchoolId: 'domainSchoolId',
} as const;

export const SESSION_KEYS = {
  /** Full target path remembered before sending a visitor to /login. */
  redirectAfterLogin: 'redirectAfterLogin',
  userIsAdmin: 'UserIsAdmin',
  /** Recording-view options [{ label, value }] built from the recorder settings (spec section 4). */
  tourRecordingSettings: 'TourRecordingSettings',
  /** The media server's external address (getExternalInfo's externalIp). */
  enableExternal: 'enableExternal',
  /** The account to whom the open school invitations were shown after sign-in (once per session). */
  invitationsShown: 'hxkInvitationsShown',
  /** The licence notice someone closed this session (its state and end, so a new one shows again). */
  licenceNoticeClosed: 'hxkLicenceNoticeClosed',
} as const;
