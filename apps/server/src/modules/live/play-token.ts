/**
 * Play tokens (issue 14): a viewer gets a short-lived token for one camera and one stream quality,
 * signed by hxk. The built-in camera simulator checks it on every playlist and segment; a media
 * gateway asks hxk through its play hook. A copied URL is useless to anyone else once it expires,
 * and useless for another camera at once. The token names the person, so the hook can re-check
 * that they still may watch (a revoked patrol permission ends the next renewal).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TStreamQuality } from '@hxk/contracts';

export type StreamQuality = TStreamQuality;

export type PlayGrant = { schoolId: string; accountId: string; cameraId: string; quality: StreamQuality; expiresAt: number };

/** How long a token lasts; players renew it well before (apps/web lib/live). */
export const PLAY_TOKEN_TTL_MS = 5 * 60_000;

const b64 = (buf: Buffer) => buf.toString('base64url');
/** Each kind of token signs under its own label, so that one kind never passes for another. */
type Label = 'hxk-play' | 'hxk-playback';
const mac = (label: Label, secret: Buffer, payload: string) => createHmac('sha256', secret).update(`${label}.${payload}`).digest();

/** `payload.signature`, the payload a version-1 JSON array of `fields`. */
function sign(label: Label, secret: Buffer, fields: readonly unknown[]): string {
  const payload = b64(Buffer.from(JSON.stringify([1, ...fields])));
  return `${payload}.${b64(mac(label, secret, payload))}`;
}

/** The fields of a signed token of this label with `count` fields, or why it is not one. */
function opened(label: Label, secret: Buffer, token: string, count: number): { ok: true; fields: unknown[] } | { ok: false; reason: 'malformed' | 'signature' } {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined) return { ok: false, reason: 'malformed' };
  const expected = mac(label, secret, payload);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!Array.isArray(parts) || parts.length !== count + 1 || parts[0] !== 1) return { ok: false, reason: 'malformed' };
  return { ok: true, fields: parts.slice(1) };
}

export function signPlayToken(secret: Buffer, grant: PlayGrant): string {
  return sign('hxk-play', secret, [grant.schoolId, grant.accountId, grant.cameraId, grant.quality, Math.floor(grant.expiresAt / 1000)]);
}

export type PlayTokenCheck = { ok: true; grant: PlayGrant } | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'camera' | 'quality' };

/** Verifies a token for the camera and quality asked for, at `now`. */
export function verifyPlayToken(secret: Buffer, token: string, want: { cameraId: string; quality: StreamQuality }, now: number): PlayTokenCheck {
  const open = opened('hxk-play', secret, token, 5);
  if (!open.ok) return open;
  const [schoolId, accountId, cameraId, quality, exp] = open.fields;
  if (typeof schoolId !== 'string' || typeof accountId !== 'string' || typeof cameraId !== 'string' || typeof exp !== 'number') return { ok: false, reason: 'malformed' };
  if (quality !== 'main' && quality !== 'sub') return { ok: false, reason: 'malformed' };
  if (exp * 1000 <= now) return { ok: false, reason: 'expired' };
  if (cameraId !== want.cameraId) return { ok: false, reason: 'camera' };
  if (quality !== want.quality) return { ok: false, reason: 'quality' };
  return { ok: true, grant: { schoolId, accountId, cameraId, quality, expiresAt: exp * 1000 } };
}

/**
 * A playback token (class recordings from the media gateway, modules/recordings): the same scheme,
 * under its own signing label so that a live token never opens a recording nor the reverse. It names
 * the viewer, the recording, its camera and the span of the recording (from, to): the gateway's
 * playback server may cut any part of that span (a seek asks for a later start), nothing outside it.
 */
export type PlaybackGrant = { schoolId: string; viewer: string; recordingId: string; cameraId: string; from: number; to: number; expiresAt: number };

export function signPlaybackToken(secret: Buffer, grant: PlaybackGrant): string {
  const sec = (ms: number) => Math.floor(ms / 1000);
  return sign('hxk-playback', secret, [grant.schoolId, grant.viewer, grant.recordingId, grant.cameraId, sec(grant.from), Math.ceil(grant.to / 1000), sec(grant.expiresAt)]);
}

export type PlaybackTokenCheck = { ok: true; grant: PlaybackGrant } | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'camera' | 'span' };

/**
 * Verifies a playback token for a camera and a requested span [start, end] (ms), at `now`. The span
 * may stick out of the token's by a second (the gateway's clock rounds to the frame).
 */
export function verifyPlaybackToken(secret: Buffer, token: string, want: { cameraId: string; start: number; end: number }, now: number): PlaybackTokenCheck {
  const open = opened('hxk-playback', secret, token, 7);
  if (!open.ok) return open;
  const [schoolId, viewer, recordingId, cameraId, from, to, exp] = open.fields;
  if (typeof schoolId !== 'string' || typeof viewer !== 'string' || typeof recordingId !== 'string' || typeof cameraId !== 'string') return { ok: false, reason: 'malformed' };
  if (typeof from !== 'number' || typeof to !== 'number' || typeof exp !== 'number') return { ok: false, reason: 'malformed' };
  if (exp * 1000 <= now) return { ok: false, reason: 'expired' };
  if (cameraId !== want.cameraId) return { ok: false, reason: 'camera' };
  if (!(want.start >= from * 1000 - 1000 && want.end <= to * 1000 + 1000 && want.start < want.end)) return { ok: false, reason: 'span' };
  return { ok: true, grant: { schoolId, viewer, recordingId, cameraId, from: from * 1000, to: to * 1000, expiresAt: exp * 1000 } };
}
