/** The open viewer (no sign-in) and the members' share page (spec section 2), and the addresses people are given. */
export const OPEN_VIEWER_PATH = '/back/liveListDetail';
export const SHARE_DETAIL_PATH = '/SCADA/ShareDetail';

/** An app path as an address to give away (origin and the app's base). */
export function absolute(path: string): string {
  return `${location.origin}${import.meta.env.BASE_URL.replace(/\/$/, '')}${path}`;
}

/**
 * A share's link, whatever it opens (a live lesson or a recording clip): a public share opens in the
 * open viewer (no sign-in); a members-only one at /SCADA/ShareDetail, which asks for sign-in and comes
 * back (the guard remembers that path).
 */
export const shareLink = (s: { schoolId: string; code: string; audience: 'members' | 'public' }) =>
  absolute(`${s.audience === 'public' ? OPEN_VIEWER_PATH : SHARE_DETAIL_PATH}?school=${s.schoolId}&share=${s.code}`);
