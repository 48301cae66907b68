import type { TAnswer } from '@hxk/contracts/templates';

/** A draft as this browser last held it (so a reload or a dropped connection loses nothing). */
export type LocalDraft = { answers: Record<string, TAnswer>; comment: string; changedAt: string };

const PREFIX = 'hxk.evaluationDraft.';

export const localDraftKey = (evaluationId: string) => `${PREFIX}${evaluationId}`;

export function readLocalDraft(evaluationId: string, storage: Pick<Storage, 'getItem'> = localStorage): LocalDraft | null {
  try {
    const v = JSON.parse(storage.getItem(localDraftKey(evaluationId)) ?? 'null') as Partial<LocalDraft> | null;
    if (!v || typeof v !== 'object' || typeof v.changedAt !== 'string' || typeof v.answers !== 'object' || v.answers === null) return null;
    return { answers: v.answers, comment: typeof v.comment === 'string' ? v.comment : '', changedAt: v.changedAt };
  } catch {
    return null;
  }
}

export function writeLocalDraft(evaluationId: string, draft: LocalDraft, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(localDraftKey(evaluationId), JSON.stringify(draft));
  } catch {
    // A full or blocked storage only loses the offline copy; the server copy is still saved.
  }
}

export function removeLocalDraft(evaluationId: string, storage: Pick<Storage, 'removeItem'> = localStorage): void {
  try {
    storage.removeItem(localDraftKey(evaluationId));
  } catch {
    // Nothing to clean up then.
  }
}

/** Hands the copy kept under one id to another (a blank form's, once its first save created the evaluation), unless that one has its own. */
export function moveLocalDraft(from: string, to: string, storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = localStorage): void {
  const draft = readLocalDraft(from, storage);
  if (!draft) return;
  if (!readLocalDraft(to, storage)) writeLocalDraft(to, draft, storage);
  removeLocalDraft(from, storage);
}

type ServerDraft = { answers: Record<string, TAnswer>; comment: string | null; updatedAt: string };

/**
 * What the form starts from: the local copy when it is newer than the server's (changes made offline
 * or lost by a reload before the save arrived; it is then saved), else the server's.
 */
export function startingDraft(server: ServerDraft, local: LocalDraft | null): { answers: Record<string, TAnswer>; comment: string; restored: boolean } {
  const localTime = local ? Date.parse(local.changedAt) : NaN;
  const serverTime = Date.parse(server.updatedAt);
  if (local && Number.isFinite(localTime) && (!Number.isFinite(serverTime) || localTime > serverTime) && !sameDraft(local, server)) {
    return { answers: local.answers, comment: local.comment, restored: true };
  }
  return { answers: server.answers, comment: server.comment ?? '', restored: false };
}

function sameDraft(local: LocalDraft, server: ServerDraft): boolean {
  return local.comment === (server.comment ?? '') && stable(local.answers) === stable(server.answers);
}

/** JSON with sorted keys, so two equal drafts compare equal whatever their key order. */
function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, x]) => `${JSON.stringify(k)}:${stable(x)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}
