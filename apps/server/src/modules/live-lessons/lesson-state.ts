/** The state of a live lesson at a moment: the one rule the list, the viewer and play all follow. */
import type { TLiveLessonState } from '@hxk/contracts';

export type Timed = { startsAt: string | Date; endsAt: string | Date; cancelledAt: string | Date | null };

/** cancelled wins; before the start upcoming; from the start until (not including) the end live; then ended. */
export function lessonState(lesson: Timed, now: Date): TLiveLessonState {
  if (lesson.cancelledAt) return 'cancelled';
  const t = now.getTime();
  if (t < new Date(lesson.startsAt).getTime()) return 'upcoming';
  if (t < new Date(lesson.endsAt).getTime()) return 'live';
  return 'ended';
}

/** Whether two half-open periods [a, b) and [c, d) share a moment. */
export function overlaps(a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }): boolean {
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}
