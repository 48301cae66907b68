import type { ViewTarget } from '../api/live-lessons.ts';

const ID = /^[1-9]\d{0,18}$/;

/**
 * What a viewer address opens: `?share=&school=` a share; `?id=` a lesson, of my school when I am
 * signed in to it, else through the open link (`&school=`), which admits a public lesson without
 * sign-in and asks for sign-in for a members-only one.
 */
export function viewTarget(params: URLSearchParams, me: { signedIn: boolean; schoolId: string | null }): ViewTarget | null {
  const school = params.get('school');
  const share = params.get('share');
  const id = params.get('id');
  if (share && school && ID.test(school)) return { kind: 'share', schoolId: school, code: share };
  if (!id || !ID.test(id)) return null;
  if (me.signedIn && me.schoolId && (!school || school === me.schoolId)) return { kind: 'member', lessonId: id };
  if (school && ID.test(school)) return { kind: 'open', schoolId: school, lessonId: id };
  return null;
}
