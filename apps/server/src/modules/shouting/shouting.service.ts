/**
 * Shouting into a classroom (issue 14). A member whose patrol reach covers a room (the same rule as
 * watching its cameras: modules/live/patrol-scope.ts) may speak into it, one speaker per room at a
 * time; the audio goes to the room's classroom terminals (delivery.ts). An administrator issues the
 * room's terminal key; every broadcast is logged.
 */
import type { TBroadcastListRequest, TBroadcastPage, TIssuedTerminalKey, TShoutRoomStatus, TTerminalKeyStatus } from '@hxk/contracts';
import type { Deps, MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { page } from '../../platform/sql-rows.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { memoryRoomBus, redisRoomBus, type RoomBus } from '../../platform/room-bus.ts';
import { backchannelDelivery, TerminalHub, type DeliverySession, type RoomAudioDelivery, type RoomRef, roomKey } from './delivery.ts';
import { FLOOR_RENEW_MS, SpeakerFloor } from './speaker-floor.ts';
import * as repo from './shouting.repo.ts';
import { formatKey, hashSecret, newSecret, parseKey, secretMatches } from './terminal-key.ts';
import { assertRoomInReach } from '../live/live.service.ts';

/** Close code sent to terminals whose key was rotated or revoked. */
export const KEY_REPLACED_CLOSE = 4401;

type ShoutState = { bus: RoomBus; floor: SpeakerFloor; terminals: TerminalHub };
const states = new WeakMap<Deps, ShoutState>();

/**
 * This node's terminals and its way to the others (one app instance, one state): the room bus is
 * Redis when REDIS_URL is set, so floors, terminal counts and audio are shared by every node.
 */
export function shoutState(deps: Deps): ShoutState {
  let s = states.get(deps);
  if (!s) {
    const bus = deps.config.redisUrl ? redisRoomBus(deps.config.redisUrl) : memoryRoomBus();
    const floor = new SpeakerFloor(bus);
    const terminals = new TerminalHub(bus, floor, (err) => deps.log.warn({ err }, 'shouting relay failed'));
    states.set(deps, (s = { bus, floor, terminals }));
  }
  return s;
}

/** Closes this node's shouting state with the app. */
export async function closeShoutState(deps: Deps): Promise<void> {
  const s = states.get(deps);
  states.delete(deps);
  if (!s) return;
  await s.terminals.close();
  await s.bus.close();
}

/**
 * Opens the way into the room: the talk-back camera's backchannel when the room has one and it
 * answers, else the classroom terminals (a device that fails is logged, and the terminals take over).
 */
async function openDelivery(ctx: MemberCtx, ref: RoomRef, device: repo.TalkBackRow | undefined): Promise<{ delivery: RoomAudioDelivery; session: DeliverySession }> {
  if (device) {
    const delivery = backchannelDelivery({ url: device.streamUrl, username: device.username, password: device.password, allowHosts: ctx.deps.config.outboundAllowHosts });
    try {
      return { delivery, session: await delivery.begin(ref, ctx.auth.name) };
    } catch (err) {
      ctx.deps.log.warn({ err: err instanceof Error ? err.message : String(err), cameraId: device.cameraId }, 'talk-back camera failed; speaking through the classroom terminals');
    }
  }
  const delivery = shoutState(ctx.deps).terminals;
  return { delivery, session: await delivery.begin(ref, ctx.auth.name) };
}

/** The room, when the member may speak into it; refusals name why. */
export async function speakableRoom(ctx: MemberCtx, classroomId: string): Promise<repo.RoomRow> {
  return inSchool(ctx, async (tx) => {
    const room = await repo.room(tx, classroomId);
    if (!room) throw new AppError('shouting.classroomNotFound');
    await assertRoomInReach(tx, ctx.auth.accountId, classroomId);
    return room;
  });
}

/** For the shouting panel: the room, its terminals online, and who speaks now. */
export async function roomStatus(ctx: MemberCtx, classroomId: string): Promise<TShoutRoomStatus> {
  const room = await speakableRoom(ctx, classroomId);
  const ref = { schoolId: ctx.auth.schoolId, classroomId };
  const { floor, terminals } = shoutState(ctx.deps);
  const [terminalsOnline, speaker, device] = await Promise.all([terminals.listeners(ref), floor.holder(roomKey(ref)), inSchool(ctx, (tx) => repo.talkBackCamera(tx, classroomId))]);
  return { classroomId, classroomName: room.classroomName, terminalsOnline, talkBack: !!device, speakerName: speaker?.name ?? null };
}

export type Broadcast = {
  room: repo.RoomRow;
  ref: RoomRef;
  delivery: RoomAudioDelivery['name'];
  send(frame: Buffer): void;
  listeners(): Promise<number>;
  end(): Promise<void>;
  /** Called once if the floor was lost while speaking (renewal refused: the lease lapsed and someone took it). */
  onLost(fn: () => void): void;
};

/**
 * Takes the room's floor for this member (refused with shouting.busy when someone speaks), logs the
 * broadcast and opens the delivery. `holderId` tells this socket from the same person's other ones.
 */
export async function startBroadcast(ctx: MemberCtx, classroomId: string, holderId: string): Promise<Broadcast> {
  const room = await speakableRoom(ctx, classroomId);
  const { deps } = ctx;
  const ref = { schoolId: ctx.auth.schoolId, classroomId };
  const key = roomKey(ref);
  const { floor } = shoutState(deps);
  const holder = { id: holderId, name: ctx.auth.name };
  if (!(await floor.take(key, holder))) throw new AppError('shouting.busy');
  let id: string;
  let delivery: RoomAudioDelivery;
  let session: DeliverySession | undefined;
  try {
    const device = await inSchool(ctx, (tx) => repo.talkBackCamera(tx, classroomId));
    ({ delivery, session } = await openDelivery(ctx, ref, device));
    const terminals = await delivery.listeners(ref);
    id = await inSchool(ctx, (tx) => repo.insertBroadcast(tx, { schoolId: ref.schoolId, classroomId, accountId: ctx.auth.accountId, startedAt: deps.now(), terminals, delivery: delivery.name }));
  } catch (e) {
    session?.end();
    await floor.release(key, holder);
    throw e;
  }
  const opened = session;
  let ended = false;
  let lost: (() => void) | null = null;
  const renewal = setInterval(() => {
    floor.take(key, holder).then(
      (kept) => { if (!kept && !ended) lost?.(); },
      (err: unknown) => deps.log.warn({ err }, 'renewing a shouting floor failed'),
    );
  }, FLOOR_RENEW_MS);
  renewal.unref();
  return {
    room,
    ref,
    delivery: delivery.name,
    send: (frame) => opened.audio(frame),
    listeners: () => delivery.listeners(ref),
    onLost: (fn) => { lost = fn; },
    async end() {
      if (ended) return;
      ended = true;
      clearInterval(renewal);
      opened.end();
      await floor.release(key, holder);
      await inSchool(ctx, (tx) => repo.endBroadcast(tx, id, deps.now()));
    },
  };
}

/** A terminal's key: the room it opens, or shouting.terminalKeyInvalid. Records the key's use. */
export async function terminalSignIn(deps: Deps, key: string): Promise<{ ref: RoomRef; keyId: string; room: repo.RoomRow }> {
  const parsed = parseKey(key);
  if (!parsed) throw new AppError('shouting.terminalKeyInvalid');
  const found = await inSchool({ deps, auth: { schoolId: parsed.schoolId } }, async (tx) => {
    const row = await repo.terminalKey(tx, parsed.keyId);
    if (!row || !secretMatches(parsed.secret, row.secretHash)) return null;
    const room = await repo.room(tx, row.classroomId);
    if (!room) return null;
    await repo.touchTerminalKey(tx, row.keyId, deps.now());
    return room;
  }).catch((e: unknown) => {
    // A school id that is no school (or not a number PostgreSQL takes) is just a wrong key.
    deps.log.debug({ err: e }, 'terminal key lookup failed');
    return null;
  });
  if (!found) throw new AppError('shouting.terminalKeyInvalid');
  return { ref: { schoolId: parsed.schoolId, classroomId: found.classroomId }, keyId: parsed.keyId, room: found };
}

async function existingRoom(ctx: MemberCtx, classroomId: string): Promise<void> {
  const room = await inSchool(ctx, (tx) => repo.room(tx, classroomId));
  if (!room) throw new AppError('shouting.classroomNotFound');
}

export async function terminalKeyStatus(ctx: MemberCtx, classroomId: string): Promise<TTerminalKeyStatus> {
  await existingRoom(ctx, classroomId);
  const row = await inSchool(ctx, (tx) => repo.terminalKeyOfRoom(tx, classroomId));
  const terminalsOnline = await shoutState(ctx.deps).terminals.listeners({ schoolId: ctx.auth.schoolId, classroomId });
  return { classroomId, issued: !!row, issuedAt: row?.issuedAt ?? null, issuedByName: row?.issuedByName ?? null, lastUsedAt: row?.lastUsedAt ?? null, terminalsOnline };
}

/** Issues the room's terminal key, replacing (and disconnecting) any earlier one. Shown once. */
export async function issueTerminalKey(ctx: MemberCtx, classroomId: string): Promise<TIssuedTerminalKey> {
  await existingRoom(ctx, classroomId);
  const secret = newSecret();
  const { keyId, issuedAt } = await inSchool(ctx, (tx) =>
    repo.replaceTerminalKey(tx, { schoolId: ctx.auth.schoolId, classroomId, secretHash: hashSecret(secret), issuedBy: ctx.auth.accountId, now: ctx.deps.now() }));
  await shoutState(ctx.deps).terminals.dropKeys({ schoolId: ctx.auth.schoolId, classroomId }, keyId, KEY_REPLACED_CLOSE, 'key replaced');
  return { classroomId, key: formatKey({ schoolId: ctx.auth.schoolId, keyId, secret }), issuedAt };
}

/** Revokes the room's key and disconnects its terminals. */
export async function revokeTerminalKey(ctx: MemberCtx, classroomId: string): Promise<void> {
  await existingRoom(ctx, classroomId);
  const had = await inSchool(ctx, (tx) => repo.deleteTerminalKey(tx, classroomId));
  if (!had) throw new AppError('shouting.noTerminalKey');
  await shoutState(ctx.deps).terminals.dropKeys({ schoolId: ctx.auth.schoolId, classroomId }, null, KEY_REPLACED_CLOSE, 'key revoked');
}

export async function listBroadcasts(ctx: MemberCtx, q: TBroadcastListRequest & { pageNum: number; pageSize: number }): Promise<TBroadcastPage> {
  const { rows, total } = await inSchool(ctx, (tx) => repo.broadcasts(tx, q));
  return page(rows, total, q);
}
