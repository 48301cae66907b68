import type { TLicenceInfo } from '@hxk/contracts/licence';

/**
 * Whether the licence notice shows (decision 0027): never on an exempt host or under an active
 * licence; on the demo terms only to administrators, who can activate (a demo's teachers and students
 * need not be told); an ending or ended licence concerns everyone.
 */
export function showsLicenceNotice(info: Pick<TLicenceInfo, 'state' | 'noticeExempt'>, admin: boolean): boolean {
  if (info.noticeExempt || info.state === 'active') return false;
  return info.state !== 'demo' || admin;
}
