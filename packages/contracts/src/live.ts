/** Live video (issue 14): asking to watch a camera. */
import { z } from 'zod';
import { ZId } from './common.ts';

export const STREAM_QUALITIES = ['main', 'sub'] as const;
export const ZStreamQuality = z.enum(STREAM_QUALITIES);
export type TStreamQuality = z.infer<typeof ZStreamQuality>;

export const ZPlayRequest = z.object({
  cameraId: ZId,
  /** sub for grid tiles, main for the focused tile and the detail page. */
  quality: ZStreamQuality.default('sub'),
});
export type TPlayRequest = z.input<typeof ZPlayRequest>;

export const ZPlayGrant = z.object({
  cameraId: ZId,
  quality: ZStreamQuality,
  protocol: z.enum(['hls']),
  /** Same-origin (built-in simulator) or the gateway's address; carries the play token. */
  url: z.string(),
  /**
   * The gateway's WebRTC (WHEP) address for the same stream and token, when it offers one
   * (MEDIA_GATEWAY_WEBRTC_URL): players try it first and fall back to `url` (HLS).
   */
  whepUrl: z.string().optional(),
  /** Renew before this (ISO time): the token stops opening the stream then. */
  expiresAt: z.string(),
});
export type TPlayGrant = z.infer<typeof ZPlayGrant>;
