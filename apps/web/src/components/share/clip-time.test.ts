import { describe, expect, it } from 'vitest';
import { formatClipTime, parseClipTime } from './clip-time.ts';

describe('clip times', () => {
  it('shows seconds as m:ss, and h:mm:ss past an hour', () => {
    expect(formatClipTime(0)).toBe('0:00');
    expect(formatClipTime(65.9)).toBe('1:05');
    expect(formatClipTime(3600 + 61)).toBe('1:01:01');
    expect(formatClipTime(-3)).toBe('0:00');
  });
  it('reads what it shows, and plain seconds; refuses anything else', () => {
    for (const s of [0, 5, 65, 599, 3661, 86_399]) expect(parseClipTime(formatClipTime(s))).toBe(s);
    expect(parseClipTime(' 42 ')).toBe(42);
    expect(parseClipTime('01:30')).toBe(90);
    for (const bad of ['', '1:5', '1:60', '1:60:00', 'a:bc', '-1', '1.5']) expect(parseClipTime(bad), bad).toBeNull();
  });
});
