/**
 * Shouting into a classroom (issue 14): a supervisor speaks, the room's classroom terminal plays it.
 * HTTP: terminal keys (issued and rotated by an administrator), the room's shouting status, the
 * broadcast log. Sockets: the speaker's (/app/shout/v1/ws) and the terminal's (/app/terminal/v1/ws)
 * carry JSON control messages (below) and binary audio frames (SHOUT_AUDIO).
 */
import { z } from 'zod';
import { ZId, ZPageRequest, zPage } from './common.ts';

/** Audio on the wire: 16 kHz mono signed 16-bit little-endian PCM, 20 ms (320 samples) per frame. */
export const SHOUT_AUDIO = { sampleRate: 16_000, frameSamples: 320, bytesPerSample: 2 } as const;
export const SHOUT_FRAME_BYTES = SHOUT_AUDIO.frameSamples * SHOUT_AUDIO.bytesPerSample;
export const SHOUT_SPEAKER_PATH = '/app/shout/v1/ws';
export const SHOUT_TERMINAL_PATH = '/app/terminal/v1/ws';
/** A terminal key: `<schoolId>.<keyId>.<secret>` (the secret: 43 base64url characters). */
export const ZTerminalKey = z.string().trim().regex(/^\d{1,19}\.\d{1,19}\.[A-Za-z0-9_-]{43}$/);

export const ZShoutRoomParams = z.object({ classroomId: ZId });

/** A room's terminal key as the administrator sees it (never the secret, except once on issue). */
export const ZTerminalKeyStatus = z.object({
  classroomId: ZId,
  issued: z.boolean(),
  issuedAt: z.string().nullable(),
  issuedByName: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** Terminals of this room connected now. */
  terminalsOnline: z.number().int(),
});
export type TTerminalKeyStatus = z.infer<typeof ZTerminalKeyStatus>;

/** The key just issued: shown once. */
export const ZIssuedTerminalKey = z.object({ classroomId: ZId, key: z.string(), issuedAt: z.string() });
export type TIssuedTerminalKey = z.infer<typeof ZIssuedTerminalKey>;

/** Whether I can speak into the room now, for the shouting panel. */
export const ZShoutRoomStatus = z.object({
  classroomId: ZId,
  classroomName: z.string(),
  terminalsOnline: z.number().int(),
  /** The room has a camera whose loudspeaker takes talk-back: speech goes there instead of the terminals. */
  talkBack: z.boolean(),
  /** Who is speaking into the room now (null when nobody). */
  speakerName: z.string().nullable(),
});
export type TShoutRoomStatus = z.infer<typeof ZShoutRoomStatus>;

export const ZBroadcastListRequest = z.object({ ...ZPageRequest.shape, classroomId: ZId.optional() });
export type TBroadcastListRequest = z.input<typeof ZBroadcastListRequest>;

export const ZBroadcastRow = z.object({
  id: ZId,
  classroomId: ZId,
  classroomName: z.string(),
  buildingName: z.string(),
  speakerId: ZId,
  speakerName: z.string(),
  startedAt: z.string(),
  /** Null while it goes on (or when the server stopped during it). */
  endedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  terminals: z.number().int(),
  delivery: z.string(),
});
export type TBroadcastRow = z.infer<typeof ZBroadcastRow>;
export const ZBroadcastPage = zPage(ZBroadcastRow);
export type TBroadcastPage = z.infer<typeof ZBroadcastPage>;

/** What a terminal says first on its socket. */
export const ZTerminalHello = z.object({ type: z.literal('auth'), key: ZTerminalKey });

/** Control messages the server sends on both sockets (audio travels as binary frames). */
export type TShoutServerMessage =
  /** Speaker: the room is mine, send audio. Terminal: signed in to this room. */
  | { type: 'ready'; classroomName: string; buildingName: string; terminals: number; delivery?: 'terminal' | 'talkback' }
  /** Speaker: how many terminals listen now. */
  | { type: 'terminals'; count: number }
  /** Terminal: someone began or stopped speaking. */
  | { type: 'speaking'; speakerName: string }
  | { type: 'ended' }
  /** Either: refused (an error key of errors.ts, with its message in the socket's language); the socket closes. */
  | { type: 'error'; key: string; message: string };

/** Close codes of the shouting sockets. */
export const SHOUT_CLOSE = { refused: 4403, busy: 4409, keyInvalid: 4401, replaced: 4001 } as const;
