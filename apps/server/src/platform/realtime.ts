/**
 * Live messages to signed-in people (ARCHITECTURE section 6): a message is published to one person in
 * one school, or to everyone connected in one school, and reaches every WebSocket concerned on any
 * server node (platform/realtime-socket.ts holds the sockets). In-process fan-out by default; Redis
 * pub/sub when REDIS_URL is set, so a message published on one node reaches sockets held by another.
 * Channels carry the school id. Messages are the catalogue in @hxk/contracts/realtime.
 */
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { TRealtimeMessage } from '@hxk/contracts';

export type RealtimeListener = (message: TRealtimeMessage) => void;

export interface RealtimeHub {
  /** To one person in one school: every socket they have open there. */
  publish(schoolId: string, accountId: string, message: TRealtimeMessage): Promise<void>;
  /** To everyone connected in one school: only what every member may see. */
  publishToSchool(schoolId: string, message: TRealtimeMessage): Promise<void>;
  /** A socket of one person in one school hears that person's channel and the school's. Returns the function that ends the subscription. */
  subscribe(schoolId: string, accountId: string, listener: RealtimeListener): Promise<() => void>;
  close(): Promise<void>;
}

const schoolChannel = (schoolId: string) => `hxk:rt:${schoolId}`;
const personChannel = (schoolId: string, accountId: string) => `hxk:rt:${schoolId}:${accountId}`;
const channelsOf = (schoolId: string, accountId: string) => [personChannel(schoolId, accountId), schoolChannel(schoolId)];

/** One process: an event emitter keyed by channel. */
export function memoryHub(): RealtimeHub {
  const bus = memoryLocal();
  return {
    async publish(schoolId, accountId, message) {
      bus.emit(personChannel(schoolId, accountId), message);
    },
    async publishToSchool(schoolId, message) {
      bus.emit(schoolChannel(schoolId), message);
    },
    async subscribe(schoolId, accountId, listener) {
      const channels = channelsOf(schoolId, accountId);
      for (const ch of channels) bus.on(ch, listener);
      return () => {
        for (const ch of channels) bus.off(ch, listener);
      };
    },
    async close() {
      bus.removeAllListeners();
    },
  };
}

/**
 * Several processes: messages go through Redis. One subscriber connection per process, subscribed to
 * the channels of the sockets this process holds (counted, so the last socket of a channel unsubscribes).
 */
export function redisHub(url: string): RealtimeHub {
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const local = memoryLocal();
  const counts = new Map<string, number>();
  let ready: Promise<void> | null = null;
  const connect = () => (ready ??= Promise.all([pub.connect(), sub.connect()]).then(() => undefined));
  sub.on('message', (channel: string, raw: string) => {
    try {
      local.emit(channel, JSON.parse(raw) as TRealtimeMessage);
    } catch {
      // A message that is not ours: nothing to deliver.
    }
  });
  const send = async (channel: string, message: TRealtimeMessage) => {
    await connect();
    await pub.publish(channel, JSON.stringify(message));
  };
  return {
    publish: (schoolId, accountId, message) => send(personChannel(schoolId, accountId), message),
    publishToSchool: (schoolId, message) => send(schoolChannel(schoolId), message),
    async subscribe(schoolId, accountId, listener) {
      await connect();
      const channels = channelsOf(schoolId, accountId);
      const fresh: string[] = [];
      for (const ch of channels) {
        local.on(ch, listener);
        const n = (counts.get(ch) ?? 0) + 1;
        counts.set(ch, n);
        if (n === 1) fresh.push(ch);
      }
      if (fresh.length) await sub.subscribe(...fresh);
      return () => {
        for (const ch of channels) {
          local.off(ch, listener);
          const left = (counts.get(ch) ?? 1) - 1;
          if (left > 0) counts.set(ch, left);
          else {
            counts.delete(ch);
            void sub.unsubscribe(ch).catch(() => undefined);
          }
        }
      };
    },
    async close() {
      local.removeAllListeners();
      if (ready) await Promise.allSettled([pub.quit(), sub.quit()]);
      else {
        pub.disconnect();
        sub.disconnect();
      }
    },
  };
}

function memoryLocal() {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  return bus;
}
