import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PLAY_TOKEN_TTL_MS, signPlaybackToken, signPlayToken, verifyPlaybackToken, verifyPlayToken, type PlayGrant } from './play-token.ts';

const secret = randomBytes(32);
const now = Date.UTC(2026, 10, 25, 8, 0, 0);
const grant: PlayGrant = { schoolId: 's1', accountId: 'a1', cameraId: 'c1', quality: 'sub', expiresAt: now + PLAY_TOKEN_TTL_MS };
const want = { cameraId: 'c1', quality: 'sub' as const };

describe('play tokens', () => {
  it('carry the school, the person, the camera and the quality they were signed for', () => {
    const r = verifyPlayToken(secret, signPlayToken(secret, grant), want, now);
    expect(r).toEqual({ ok: true, grant });
  });

  it('expire', () => {
    const token = signPlayToken(secret, grant);
    expect(verifyPlayToken(secret, token, want, grant.expiresAt - 1000).ok).toBe(true);
    expect(verifyPlayToken(secret, token, want, grant.expiresAt)).toEqual({ ok: false, reason: 'expired' });
  });

  it('open only the camera and quality they name', () => {
    const token = signPlayToken(secret, grant);
    expect(verifyPlayToken(secret, token, { cameraId: 'c2', quality: 'sub' }, now)).toEqual({ ok: false, reason: 'camera' });
    expect(verifyPlayToken(secret, token, { cameraId: 'c1', quality: 'main' }, now)).toEqual({ ok: false, reason: 'quality' });
  });

  it('refuse another key, a changed payload and garbage', () => {
    const token = signPlayToken(secret, grant);
    expect(verifyPlayToken(randomBytes(32), token, want, now)).toEqual({ ok: false, reason: 'signature' });
    const other = signPlayToken(secret, { ...grant, accountId: 'a2' });
    // Someone else's signature on my payload (or the reverse) does not verify.
    expect(verifyPlayToken(secret, `${token.split('.')[0]}.${other.split('.')[1]}`, want, now)).toEqual({ ok: false, reason: 'signature' });
    for (const junk of ['', 'abc', 'a.b.c', '.', `${token}.x`]) expect(verifyPlayToken(secret, junk, want, now).ok).toBe(false);
  });
});

describe('playback tokens (recordings from the gateway)', () => {
  const from = Date.UTC(2026, 10, 25, 0, 59, 0);
  const to = from + 47 * 60_000;
  const pg = { schoolId: 's1', viewer: 'a1', recordingId: 'r1', cameraId: 'c1', from, to, expiresAt: now + PLAY_TOKEN_TTL_MS };
  const span = (start: number, end: number) => ({ cameraId: 'c1', start, end });

  it('open any part of their recording\'s span, with a second of slack, and nothing outside it', () => {
    const token = signPlaybackToken(secret, pg);
    expect(verifyPlaybackToken(secret, token, span(from, to), now)).toEqual({ ok: true, grant: pg });
    expect(verifyPlaybackToken(secret, token, span(from + 600_000, to), now).ok).toBe(true);
    expect(verifyPlaybackToken(secret, token, span(from - 1000, to + 1000), now).ok).toBe(true);
    expect(verifyPlaybackToken(secret, token, span(from - 2000, to), now)).toEqual({ ok: false, reason: 'span' });
    expect(verifyPlaybackToken(secret, token, span(from, to + 2000), now)).toEqual({ ok: false, reason: 'span' });
    expect(verifyPlaybackToken(secret, token, span(to, from), now)).toEqual({ ok: false, reason: 'span' });
    expect(verifyPlaybackToken(secret, token, { ...span(from, to), cameraId: 'c2' }, now)).toEqual({ ok: false, reason: 'camera' });
    expect(verifyPlaybackToken(secret, token, span(from, to), pg.expiresAt)).toEqual({ ok: false, reason: 'expired' });
  });

  it('are no play tokens, nor the reverse', () => {
    expect(verifyPlaybackToken(secret, signPlayToken(secret, grant), span(from, to), now)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyPlayToken(secret, signPlaybackToken(secret, pg), want, now)).toEqual({ ok: false, reason: 'signature' });
  });
});
