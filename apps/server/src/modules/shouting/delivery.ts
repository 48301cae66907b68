/**
 * How a supervisor's voice reaches a room (issue 14). `RoomAudioDelivery` is the adapter: given a room
 * and a speaker, it opens a session that takes 20 ms frames of 16 kHz mono 16-bit PCM. The working
 * default is the classroom terminal: the page the room's PC keeps open, connected to this server's
 * terminal socket (TerminalHub below). A recorder's or media gateway's talk-back (ONVIF backchannel,
 * a gateway's publish path) would be another implementation of the same interface; none is built yet.
 */
import type { TShoutServerMessage } from '@hxk/contracts';

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
  readonly name: string;
  /** Listeners in the room now (terminals connected; 1 for a device's talk-back). */
  listeners(room: RoomRef): number;
  begin(room: RoomRef, speakerName: string): DeliverySession;
}

/** What the hub needs of a terminal's socket. */
export type TerminalPeer = {
  keyId: string;
  sendJson(m: TShoutServerMessage): void;
  sendAudio(frame: Buffer): void;
  /** Closes the terminal's socket (its key was rotated or revoked). */
  drop(code: number, reason: string): void;
};

/** The classroom terminals connected to this node, by room, and the default delivery through them. */
export class TerminalHub implements RoomAudioDelivery {
  readonly name = 'terminal';
  private readonly rooms = new Map<string, Set<TerminalPeer>>();
  private readonly watchers = new Map<string, Set<(count: number) => void>>();
  /** Who speaks into a room now, told to terminals that join mid-broadcast. */
  private readonly speaking = new Map<string, string>();

  /** A terminal joined its room; returns how to leave. */
  join(room: RoomRef, peer: TerminalPeer): () => void {
    const key = roomKey(room);
    let set = this.rooms.get(key);
    if (!set) this.rooms.set(key, (set = new Set()));
    set.add(peer);
    const speaker = this.speaking.get(key);
    if (speaker) peer.sendJson({ type: 'speaking', speakerName: speaker });
    this.changed(key);
    return () => {
      const s = this.rooms.get(key);
      if (!s?.delete(peer)) return;
      if (!s.size) this.rooms.delete(key);
      this.changed(key);
    };
  }

  listeners(room: RoomRef): number {
    return this.rooms.get(roomKey(room))?.size ?? 0;
  }

  /** Calls `fn` with the room's terminal count whenever it changes; returns how to stop. */
  watch(room: RoomRef, fn: (count: number) => void): () => void {
    const key = roomKey(room);
    let set = this.watchers.get(key);
    if (!set) this.watchers.set(key, (set = new Set()));
    set.add(fn);
    return () => {
      const s = this.watchers.get(key);
      s?.delete(fn);
      if (s && !s.size) this.watchers.delete(key);
    };
  }

  /** Disconnects the room's terminals signed in with any key but `keep` (rotation, revocation). */
  dropKeys(room: RoomRef, keep: string | null, code: number, reason: string): void {
    for (const peer of [...(this.rooms.get(roomKey(room)) ?? [])]) if (peer.keyId !== keep) peer.drop(code, reason);
  }

  begin(room: RoomRef, speakerName: string): DeliverySession {
    const key = roomKey(room);
    this.speaking.set(key, speakerName);
    for (const peer of this.rooms.get(key) ?? []) peer.sendJson({ type: 'speaking', speakerName });
    let open = true;
    return {
      audio: (frame) => {
        if (!open) return;
        for (const peer of this.rooms.get(key) ?? []) peer.sendAudio(frame);
      },
      end: () => {
        if (!open) return;
        open = false;
        this.speaking.delete(key);
        for (const peer of this.rooms.get(key) ?? []) peer.sendJson({ type: 'ended' });
      },
    };
  }

  private changed(key: string): void {
    const count = this.rooms.get(key)?.size ?? 0;
    for (const fn of this.watchers.get(key) ?? []) fn(count);
  }
}
