/**
 * The patrol wall's rotation (issue 14): in what order the rooms go round, and which of them a page
 * of tiles shows. Rooms with an active warning come first, the most severe first, then the rest by
 * building, floor and room name; pages of N tiles run through that order and wrap to the start.
 */
import type { TPatrolWarningLevel } from '@hxk/contracts';

export type RotationRoom = {
  warningLevel: TPatrolWarningLevel | null;
  buildingSort: number;
  buildingName: string;
  floor: number;
  name: string;
};

const SEVERITY: Record<TPatrolWarningLevel, number> = { severe: 0, moderate: 1, mild: 2 };
const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Orders two rooms for rotation. */
export function compareRotation(a: RotationRoom, b: RotationRoom): number {
  const wa = a.warningLevel ? SEVERITY[a.warningLevel] : 3;
  const wb = b.warningLevel ? SEVERITY[b.warningLevel] : 3;
  return wa - wb
    || a.buildingSort - b.buildingSort
    || byName.compare(a.buildingName, b.buildingName)
    || a.floor - b.floor
    || byName.compare(a.name, b.name);
}

/** The rooms in rotation order (a new array). */
export function rotationOrder<T extends RotationRoom>(rooms: readonly T[]): T[] {
  return [...rooms].sort(compareRotation);
}

/** How many pages of `pageSize` tiles the rooms fill (at least one, even when empty). */
export function pageCount(total: number, pageSize: number): number {
  if (pageSize < 1) throw new RangeError('pageSize must be at least 1');
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A 1-based page number brought into 1..pages: past the end wraps to the start. */
export function wrapPage(pageNum: number, pages: number): number {
  if (pages < 1) return 1;
  return ((((Math.trunc(pageNum) - 1) % pages) + pages) % pages) + 1;
}

/** One page of the ordered rooms, wrapping past the end. */
export function pageOf<T>(ordered: readonly T[], pageNum: number, pageSize: number): { list: T[]; pageNum: number; pageCount: number } {
  const pages = pageCount(ordered.length, pageSize);
  const page = wrapPage(pageNum, pages);
  return { list: ordered.slice((page - 1) * pageSize, page * pageSize), pageNum: page, pageCount: pages };
}

/** The page showing `elapsedSeconds` after rotation started on `startPage`, changing every `intervalSeconds`. */
export function pageAt(startPage: number, elapsedSeconds: number, intervalSeconds: number, pages: number): number {
  if (intervalSeconds <= 0) throw new RangeError('intervalSeconds must be positive');
  return wrapPage(startPage + Math.floor(Math.max(0, elapsedSeconds) / intervalSeconds), pages);
}
