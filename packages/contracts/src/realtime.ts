/**
 * The WebSocket message catalogue (GET /app/ws, ARCHITECTURE 6): every message the server pushes,
 * told apart by `type`. A module that pushes something live (patrol status, warnings, chat
 * commentary) adds its message here and publishes it through `deps.realtime`, to one person or to
 * everyone connected in a school; the web narrows on `type` and ignores types it does not know.
 */
import { z } from 'zod';
import { ZNotification } from './notifications.ts';
import { ZLiveAnalysis, ZLiveWarning } from './analysis-live.ts';

/** The first message on every socket: what the person needs to catch up (their unread notifications). */
export const ZRealtimeHello = z.object({ type: z.literal('hello'), unread: z.number().int() });
/** A notification just stored for me, with my unread count after it. */
export const ZRealtimeNotification = z.object({ type: z.literal('notification'), notification: ZNotification, unread: z.number().int() });

/** The live figures of a class in progress, after each sample (to the people responsible for its room). */
export const ZRealtimeAnalysisLive = z.object({ type: z.literal('analysis.live'), live: ZLiveAnalysis });
/** A warning a live analysis has just raised (to the people responsible for the room). */
export const ZRealtimeWarningRaised = z.object({ type: z.literal('warning.raised'), warning: ZLiveWarning });

export const ZRealtimeMessage = z.discriminatedUnion('type', [ZRealtimeHello, ZRealtimeNotification, ZRealtimeAnalysisLive, ZRealtimeWarningRaised]);
export type TRealtimeMessage = z.infer<typeof ZRealtimeMessage>;
export type TRealtimeType = TRealtimeMessage['type'];
export type TRealtimeMessageOf<K extends TRealtimeType> = Extract<TRealtimeMessage, { type: K }>;

/** What the hello carries besides its type; a plain GET /app/ws answers the same. */
export const ZRealtimeGreeting = ZRealtimeHello.omit({ type: true });
export type TRealtimeGreeting = z.infer<typeof ZRealtimeGreeting>;
