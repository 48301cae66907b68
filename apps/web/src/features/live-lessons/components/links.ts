/** Where the viewer and shares live, and the full addresses people are given. */
export const VIEWER_PATH = '/back/liveListDetail';
export const SHARE_PATH = '/SCADA/ShareDetail';
export const MANAGE_PATH = '/back/LiveManagement';
export const ADD_PATH = '/back/LiveManagementAdd';

/** An app path as an address to give away (origin and the app's base). */
export function absolute(path: string): string {
  return `${location.origin}${import.meta.env.BASE_URL.replace(/\/$/, '')}${path}`;
}

/** A lesson's own link: opens without sign-in when the lesson is public. */
export const lessonLink = (schoolId: string, lessonId: string) => absolute(`${VIEWER_PATH}?school=${schoolId}&id=${lessonId}`);

/**
 * A share's link: a public share opens in the open viewer (no sign-in); a members-only one at
 * /SCADA/ShareDetail, which asks for sign-in and comes back (the guard remembers that path).
 */
export const shareLink = (s: { schoolId: string; code: string; audience: 'members' | 'public' }) =>
  absolute(`${s.audience === 'public' ? VIEWER_PATH : SHARE_PATH}?school=${s.schoolId}&share=${s.code}`);
