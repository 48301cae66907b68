import type { TBoardClass } from '@hxk/contracts/analysis-board';
import { PATHS } from '../../../lib/paths.ts';

/** A rate (0..1) as a percentage with at most one decimal; null has no figure. */
export function percentText(rate: number | null, none = '—'): string {
  return rate === null ? none : `${Math.round(rate * 1000) / 10}%`;
}

/** The class's AI classroom report. */
export const reportLink = (courseSessionId: string) => `${PATHS.classroomReport}?courseSessionId=${encodeURIComponent(courseSessionId)}`;

/** "Building · Room", or whichever of them is known. */
export const roomText = (c: Pick<TBoardClass, 'buildingName' | 'classroomName'>) => [c.buildingName, c.classroomName].filter(Boolean).join(' · ');

const KNOWN_WARNINGS = ['headUpBelow', 'attendanceBelow', 'teacherAbsent', 'sensitiveWord'];

/** The board's text key of a warning kind ('ai.headUpBelow' → warningKind.headUpBelow). */
export function warningKindKey(kind: string): string {
  const k = kind.replace(/^ai\./, '');
  return `warningKind.${KNOWN_WARNINGS.includes(k) ? k : 'other'}`;
}

/** Colours of the analysis statuses (Ant Design tags), the three rates and the teaching modes. */
export const STATUS_COLOR = { done: 'success', running: 'processing', queued: 'default', failed: 'error' } as const;
export const RATE_COLOR = { attendance: '#1677ff', headUp: '#52c41a', frontRow: '#fa8c16' } as const;
export const MODE_COLOR = { practice: '#13c2c2', lecture: '#1677ff', dialogue: '#722ed1', mixed: '#faad14' } as const;
