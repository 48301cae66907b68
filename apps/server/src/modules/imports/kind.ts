/** What each import kind (people, courses, classrooms) provides to the import jobs and the export. */
import type { TLanguage } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import type { LicenceCounted } from '../licence/licence-rules.ts';
import { orgUnitsOfSchool } from './imports.repo.ts';
import type { RowErrors } from './rules.ts';
import type { SheetRow } from './xlsx.ts';

export type PrepareInput = {
  schoolId: string;
  rows: SheetRow[];
  /** The importer may make administrators (button user:addAdmin). */
  canAddAdmin: boolean;
  actorId: string | null;
  now: Date;
};

export type Counts = { created: number; updated: number; sessions?: number; invited?: number };

export type KindImpl<Plan> = {
  /**
   * 'school': the job's transaction is a school transaction (row-level security). 'platform': the
   * kind also writes global rows (accounts); its transaction starts on the 'jobs' platform path and
   * every school query names the school explicitly until apply() switches to the school.
   */
  mode: 'school' | 'platform';
  /** What the kind creates that counts against the licence (a 'school' kind): checked, under the licence's counting lock, with the plan's `created`. */
  counted?: LicenceCounted;
  /** Reads what the rows refer to and checks every row; reads only. */
  prepare(tx: Tx, input: PrepareInput): Promise<{ errors: RowErrors; plan: Plan; counts: Counts }>;
  /** Writes the plan of a clean prepare in the same transaction; progress(done) counts rows. */
  apply(tx: Tx, input: PrepareInput & { defaultPasswordHash: () => Promise<string> }, plan: Plan, progress: (done: number) => Promise<void>): Promise<void>;
  /** The export rows (same columns as the template) under the school's row-level security. */
  exportRows(tx: Tx, schoolId: string, filters: Record<string, unknown>, lang: TLanguage): Promise<(string | number | null)[][]>;
};

/** Splits a list into chunks for multi-row inserts. */
export function chunks<T>(list: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const normPath = (p: string) => p.split(/[/／>＞\\]/).map((s) => s.trim()).filter(Boolean).join('/').toLowerCase();

/**
 * The school's organisation units by path ("College/Department", below the school itself; the
 * school's name in front is accepted too), and each unit's path for the export. Read under the school's
 * row-level security: call it in a school transaction.
 */
export async function unitPaths(tx: Tx) {
  const units = await orgUnitsOfSchool(tx);
  const byId = new Map(units.map((u) => [u.id, u]));
  const pathOf = new Map<string, string>();
  const byPath = new Map<string, string>();
  const resolve = (id: string, seen = 0): string[] => {
    const u = byId.get(id);
    if (!u || seen > 50) return [];
    if (u.kind === 'school' && !u.parentId) return [];
    return [...(u.parentId ? resolve(u.parentId, seen + 1) : []), u.name];
  };
  const root = units.find((u) => u.kind === 'school' && !u.parentId);
  for (const u of units) {
    const parts = resolve(u.id);
    if (!parts.length) continue;
    const p = parts.join('/');
    pathOf.set(u.id, p);
    byPath.set(normPath(p), u.id);
    if (root) byPath.set(normPath(`${root.name}/${p}`), u.id);
  }
  return { pathOf, find: (text: string) => byPath.get(normPath(text)) ?? null };
}
