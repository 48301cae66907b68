import { describe, expect, it } from 'vitest';
import { localDraftKey, moveLocalDraft, readLocalDraft, removeLocalDraft, startingDraft, writeLocalDraft } from './local-draft.ts';

const server = { answers: { q1: { optionKey: 'a' } }, comment: 'ok', updatedAt: '2026-03-02T10:00:00.000Z' };

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
}

describe('local evaluation drafts', () => {
  it('restores a local copy newer than the server and different from it', () => {
    const local = { answers: { q1: { optionKey: 'b' } }, comment: 'more', changedAt: '2026-03-02T10:00:05.000Z' };
    expect(startingDraft(server, local)).toEqual({ answers: local.answers, comment: 'more', restored: true });
  });
  it('keeps the server copy when it is newer (edited elsewhere since)', () => {
    const local = { answers: { q1: { optionKey: 'b' } }, comment: '', changedAt: '2026-03-02T09:59:00.000Z' };
    expect(startingDraft(server, local)).toEqual({ answers: server.answers, comment: 'ok', restored: false });
  });
  it('does not count an identical copy as restored (no needless save)', () => {
    const local = { answers: { q1: { optionKey: 'a', comment: undefined } }, comment: 'ok', changedAt: '2026-03-02T11:00:00.000Z' };
    expect(startingDraft(server, local).restored).toBe(false);
  });
  it('starts from the server without a local copy; a null comment is empty', () => {
    expect(startingDraft({ ...server, comment: null }, null)).toEqual({ answers: server.answers, comment: '', restored: false });
  });
  it('stores, reads and removes a copy under a key with the evaluation id, ignoring junk', () => {
    const s = memory();
    writeLocalDraft('42', { answers: {}, comment: 'x', changedAt: '2026-03-02T10:00:00.000Z' }, s);
    expect([...s.m.keys()]).toEqual([localDraftKey('42')]);
    expect(localDraftKey('42')).toContain('42');
    expect(readLocalDraft('42', s)?.comment).toBe('x');
    removeLocalDraft('42', s);
    expect(readLocalDraft('42', s)).toBeNull();
    s.setItem(localDraftKey('7'), '{not json');
    expect(readLocalDraft('7', s)).toBeNull();
    s.setItem(localDraftKey('8'), '{"answers":{}}');
    expect(readLocalDraft('8', s)).toBeNull();
  });
  it("hands a blank form's copy to its evaluation once created, never over the evaluation's own", () => {
    const s = memory();
    writeLocalDraft('new-plan-1-2', { answers: {}, comment: 'blank', changedAt: '2026-03-02T10:00:00.000Z' }, s);
    moveLocalDraft('new-plan-1-2', '42', s);
    expect(readLocalDraft('42', s)?.comment).toBe('blank');
    expect(readLocalDraft('new-plan-1-2', s)).toBeNull();
    writeLocalDraft('new-plan-1-3', { answers: {}, comment: 'older', changedAt: '2026-03-02T09:00:00.000Z' }, s);
    moveLocalDraft('new-plan-1-3', '42', s);
    expect(readLocalDraft('42', s)?.comment).toBe('blank');
    expect(readLocalDraft('new-plan-1-3', s)).toBeNull();
  });
});
