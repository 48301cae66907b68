/**
 * How a supervisor's voice reaches a room (issue 14). `RoomAudioDelivery` is the adapter: given a room
 * and a speaker, it opens a session that takes 20 ms frames of 16 kHz mono 16-bit PCM. The working
 * default is the classroom terminal: the page the room's PC keeps open, connected to a server node's
 * terminal socket (TerminalHub below). A room whose camera has talk-back turned on gets the speech
 * through that camera's ONVIF audio backchannel instead (backchannelDelivery below), opened by the
 * speaker's node for the length of the broadcast.
 *
 * Several nodes: the speaker's node publishes the room's audio and its news (who speaks, the end,
 * terminals joining or leaving, keys replaced) on the room's channel of the room bus
 * (platform/room-bus.ts, Redis when REDIS_URL is set); every node holding a terminal of that room
 * hears the channel and plays it to its terminals. Terminal counts are presence in the same bus.
 */
import { randomUUID } from 'node:crypto';
import type { TShoutServerMessage } from '@hxk/contracts';
import { openOnvifBackchannel, type BackchannelOptions } from '../../platform/adapters/onvif-backchannel.ts';
import type { RoomBus } from '../../platform/room-bus.ts';
import type { SpeakerFloor } from './speaker-floor.ts';

export type RoomRef = { schoolId: string; classroomId: string };
export const roomKey = (r: RoomRef) => `${r.schoolId}:${r.classroomId}`;

export interface DeliverySession {
  /** One audio frame (binary PCM as received from the speaker). */
  audio(frame: Buffer): void;
  /** The speaker stopped. */
  end(): void;
}

export interface RoomAudioDelivery {
  /** Names the delivery in the broadcast log. */
  readonly name: 'terminal' | 'talkback';
  /** Listeners in the room now (terminals connected on any node; 1 for a device's talk-back). */
  listeners(room: RoomRef): Promise<number>;
  /** Opens the way into the room; rejects when it cannot (a device that does not answer). */
  begin(room: RoomRef, speakerName: string): Promise<DeliverySession>;
}

/** Speech into the room through a camera's loudspeaker: one ONVIF backchannel session per broadcast. */
export function backchannelDelivery(device: BackchannelOptions): RoomAudioDelivery {
  return {
    name: 'talkback',
    listeners: async () => 1,
    async begin() {
      const session = await openOnvifBackchannel(device);
      return { audio: (frame) => session.send(frame), end: () => void session.close() };
    },
  };
}

/** What the hub needs of a terminal's socket. */
export type TerminalPeer = {
  keyId: string;
  sendJson(m: TShoutServerMessage): void;
  sendAudio(frame: Buffer): void;
  /** Closes the terminal's socket (its key was rotated or revoked). */
  drop(code: number, reason: string): void;
};

/** News on a room's channel (audio frames travel as they are, behind a 0 byte). */
type RoomNews =
  | { t: 'speaking'; name: string }
  | { t: 'ended' }
  | { t: 'count' }
  | { t: 'drop'; keep: string | null; code: number; reason: string };

const AUDIO = 0;
const NEWS = 1;
const channelOf = (key: string) => `shout:room:${key}`;
const presenceOf = (key: string) => `shout:terminals:${key}`;
/** A terminal counts this long after its node last said it is there (a node that died drops out). */
export const PRESENCE_TTL_MS = 60_000;
const PRESENCE_REFRESH_MS = 20_000;

function encodeNews(news: RoomNews): Buffer {
  return Buffer.concat([Buffer.from([NEWS]), Buffer.from(JSON.stringify(news))]);
}
function decodeNews(data: Buffer): RoomNews | null {
  try {
    const news = JSON.parse(data.subarray(1).toString('utf8')) as RoomNews;
    return typeof news === 'object' && news !== null && typeof news.t === 'string' ? news : null;
  } catch {
    return null;
  }
}

type LocalRoom = { peers: Map<string, TerminalPeer>; stop: Promise<() => void> };

/** The classroom terminals connected to this node, by room, and the default delivery through them. */
export class TerminalHub implements RoomAudioDelivery {
  readonly name = 'terminal' as const;
  private readonly node = randomUUID();
  private readonly rooms = new Map<string, LocalRoom>();
  private readonly refresh: ReturnType<typeof setInterval>;

  constructor(
    private readonly bus: RoomBus,
    private readonly floor: SpeakerFloor,
    private readonly onError: (err: unknown) => void,
  ) {
    this.refresh = setInterval(() => {
      for (const [key, room] of this.rooms) for (const id of room.peers.keys()) this.bus.join(presenceOf(key), `${this.node}:${id}`, PRESENCE_TTL_MS).catch(this.onError);
    }, PRESENCE_REFRESH_MS);
    this.refresh.unref();
  }

  /** A terminal joined its room; resolves once it hears the room, with how to leave. */
  async join(room: RoomRef, peer: TerminalPeer): Promise<() => void> {
    const key = roomKey(room);
    const id = randomUUID();
    let local = this.rooms.get(key);
    if (!local) {
      const peers = new Map<string, TerminalPeer>();
      const stop = this.bus.subscribe(channelOf(key), (data) => this.heard(peers, data));
      this.rooms.set(key, (local = { peers, stop }));
    }
    local.peers.set(id, peer);
    await local.stop;
    await this.bus.join(presenceOf(key), `${this.node}:${id}`, PRESENCE_TTL_MS);
    const speaker = await this.floor.holder(key);
    if (speaker) peer.sendJson({ type: 'speaking', speakerName: speaker.name });
    await this.bus.publish(channelOf(key), encodeNews({ t: 'count' }));
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const current = this.rooms.get(key);
      if (!current?.peers.delete(id)) return;
      if (!current.peers.size) {
        this.rooms.delete(key);
        void current.stop.then((stop) => stop());
      }
      void this.bus.leave(presenceOf(key), `${this.node}:${id}`)
        .then(() => this.bus.publish(channelOf(key), encodeNews({ t: 'count' })))
        .catch(this.onError);
    };
  }

  listeners(room: RoomRef): Promise<number> {
    return this.bus.count(presenceOf(roomKey(room)));
  }

  /** Calls `fn` with the room's terminal count whenever it changes on any node; returns how to stop. */
  watch(room: RoomRef, fn: (count: number) => void): () => void {
    const key = roomKey(room);
    const stop = this.bus.subscribe(channelOf(key), (data) => {
      if (data[0] !== NEWS || decodeNews(data)?.t !== 'count') return;
      this.bus.count(presenceOf(key)).then(fn, this.onError);
    });
    return () => void stop.then((s) => s(), this.onError);
  }

  /** Disconnects the room's terminals, on every node, signed in with any key but `keep` (rotation, revocation). */
  async dropKeys(room: RoomRef, keep: string | null, code: number, reason: string): Promise<void> {
    await this.bus.publish(channelOf(roomKey(room)), encodeNews({ t: 'drop', keep, code, reason }));
  }

  async begin(room: RoomRef, speakerName: string): Promise<DeliverySession> {
    const channel = channelOf(roomKey(room));
    const send = (data: Buffer) => void this.bus.publish(channel, data).catch(this.onError);
    send(encodeNews({ t: 'speaking', name: speakerName }));
    let open = true;
    return {
      audio: (frame) => {
        if (open) send(Buffer.concat([Buffer.from([AUDIO]), frame]));
      },
      end: () => {
        if (!open) return;
        open = false;
        send(encodeNews({ t: 'ended' }));
      },
    };
  }

  async close(): Promise<void> {
    clearInterval(this.refresh);
    for (const [key, room] of this.rooms) for (const id of room.peers.keys()) await this.bus.leave(presenceOf(key), `${this.node}:${id}`).catch(this.onError);
    this.rooms.clear();
  }

  /** What the room's channel said, played to this node's terminals of the room. */
  private heard(peers: Map<string, TerminalPeer>, data: Buffer): void {
    if (data[0] === AUDIO) {
      const frame = data.subarray(1);
      for (const peer of peers.values()) peer.sendAudio(frame);
      return;
    }
    const news = decodeNews(data);
    if (!news) return;
    for (const peer of [...peers.values()]) {
      if (news.t === 'speaking') peer.sendJson({ type: 'speaking', speakerName: news.name });
      else if (news.t === 'ended') peer.sendJson({ type: 'ended' });
      else if (news.t === 'drop' && peer.keyId !== news.keep) peer.drop(news.code, news.reason);
    }
  }
}
