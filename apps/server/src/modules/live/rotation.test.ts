import { describe, expect, it } from 'vitest';
import { compareRotation, pageAt, pageCount, pageOf, rotationOrder, wrapPage, type RotationRoom } from './rotation.ts';

const room = (name: string, over: Partial<RotationRoom> = {}): RotationRoom => ({
  warningLevel: null, buildingSort: 0, buildingName: 'Teaching Building A', floor: Number(name[1]), name, ...over,
});

describe('rotation order', () => {
  it('puts rooms with an active warning first, the most severe first', () => {
    const rooms = [
      room('A101'),
      room('A102', { warningLevel: 'mild' }),
      room('A201', { warningLevel: 'severe' }),
      room('A103', { warningLevel: 'moderate' }),
      room('A104'),
    ];
    expect(rotationOrder(rooms).map((r) => r.name)).toEqual(['A201', 'A103', 'A102', 'A101', 'A104']);
  });

  it('orders the rest by building (its sort, then name), floor and room name, numbers as numbers', () => {
    const rooms = [
      room('B101', { buildingSort: 1, buildingName: 'Teaching Building B' }),
      room('A210'),
      room('A29', { floor: 2 }),
      room('A101'),
      room('C101', { buildingSort: 0, buildingName: 'Annex' }),
    ];
    expect(rotationOrder(rooms).map((r) => r.name)).toEqual(['C101', 'A101', 'A29', 'A210', 'B101']);
  });

  it('keeps equal warnings in building order and does not change its input', () => {
    const rooms = [room('A201', { warningLevel: 'mild' }), room('A101', { warningLevel: 'mild' })];
    expect(rotationOrder(rooms).map((r) => r.name)).toEqual(['A101', 'A201']);
    expect(rooms.map((r) => r.name)).toEqual(['A201', 'A101']);
    expect(compareRotation(rooms[0]!, rooms[0]!)).toBe(0);
  });
});

describe('rotation pages', () => {
  const ids = Array.from({ length: 10 }, (_, i) => i + 1);

  it('counts pages of N tiles, at least one', () => {
    expect(pageCount(10, 4)).toBe(3);
    expect(pageCount(8, 4)).toBe(2);
    expect(pageCount(0, 4)).toBe(1);
    expect(() => pageCount(3, 0)).toThrow(RangeError);
  });

  it('cuts the ordered rooms into pages, the last one short', () => {
    expect(pageOf(ids, 1, 4)).toEqual({ list: [1, 2, 3, 4], pageNum: 1, pageCount: 3 });
    expect(pageOf(ids, 3, 4)).toEqual({ list: [9, 10], pageNum: 3, pageCount: 3 });
    expect(pageOf([], 1, 4)).toEqual({ list: [], pageNum: 1, pageCount: 1 });
  });

  it('wraps past the end to the start', () => {
    expect(wrapPage(4, 3)).toBe(1);
    expect(wrapPage(7, 3)).toBe(1);
    expect(wrapPage(0, 3)).toBe(3);
    expect(pageOf(ids, 4, 4).list).toEqual([1, 2, 3, 4]);
    expect(pageOf(ids, 5, 4)).toEqual({ list: [5, 6, 7, 8], pageNum: 2, pageCount: 3 });
  });

  it('moves one page every interval and comes round again', () => {
    expect(pageAt(1, 0, 10, 3)).toBe(1);
    expect(pageAt(1, 9.9, 10, 3)).toBe(1);
    expect(pageAt(1, 10, 10, 3)).toBe(2);
    expect(pageAt(1, 25, 10, 3)).toBe(3);
    expect(pageAt(1, 30, 10, 3)).toBe(1);
    expect(pageAt(3, 10, 10, 3)).toBe(1);
    expect(pageAt(2, 1000, 5, 1)).toBe(1);
    expect(() => pageAt(1, 5, 0, 3)).toThrow(RangeError);
  });
});
