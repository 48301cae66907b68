import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readAll } from '../../platform/storage.ts';
import { parseRange, sliceStream } from './byte-range.ts';
import { zonedInstant } from './recordings.service.ts';

describe('HTTP Range', () => {
  it('reads single ranges, open ends and suffixes', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=950-5000', 1000)).toEqual({ start: 950, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });
  it('serves the whole file for no header, a malformed one or several ranges', () => {
    for (const h of [undefined, '', 'bytes=', 'items=0-1', 'bytes=0-1,5-9', 'bytes=a-b']) expect(parseRange(h, 1000)).toBeNull();
  });
  it('refuses ranges outside the file', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });
  it('slices a stream across chunk boundaries', async () => {
    const data = Buffer.from(Array.from({ length: 100 }, (_, i) => i));
    const chunks = [data.subarray(0, 7), data.subarray(7, 40), data.subarray(40, 41), data.subarray(41)];
    const out = await readAll(sliceStream(Readable.from(chunks), { start: 5, end: 45 }));
    expect(out.equals(data.subarray(5, 46))).toBe(true);
  });
});

describe('class times in the school\'s time zone', () => {
  it('turns a local date and minute into the instant', () => {
    expect(zonedInstant('2026-11-20', 8 * 60, 'Asia/Shanghai').toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(zonedInstant('2026-11-20', 8 * 60, 'UTC').toISOString()).toBe('2026-11-20T08:00:00.000Z');
    expect(zonedInstant('2026-07-01', 9 * 60 + 30, 'Europe/Berlin').toISOString()).toBe('2026-07-01T07:30:00.000Z');
  });
});
