import { zonedClock } from '@hxk/contracts';

/**
 * A server clock that runs from today 10:05 at school (the third session), so the demo's rooms are
 * in class whatever time the tests run: for the live-video and patrol tests.
 */
export function schoolMorning(): () => Date {
  const tz = process.env.SCHOOL_TIMEZONE ?? 'Asia/Shanghai';
  const today = zonedClock(new Date(), tz).date;
  let t = Date.parse(`${today}T10:05:00Z`);
  for (let i = 0; i < 3; i++) {
    const z = zonedClock(new Date(t), tz);
    t -= ((Date.parse(`${z.date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 60_000 + z.minute - 605) * 60_000;
  }
  const offset = t - Date.now();
  return () => new Date(Date.now() + offset);
}
