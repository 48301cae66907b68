/**
 * Live messages to signed-in people (ARCHITECTURE section 6): a message is published to one person
 * in one school and reaches every WebSocket that person has open on any server node. In-process
 * fan-out by default; Redis pub/sub when REDIS_URL is set, so a message published on one node reaches
 * sockets held by another. Channels carry the school id.
 */
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { TRealtimeMessage } from '@hxk/contracts';

export type RealtimeListener = (message: TRealtimeMessage) => void;

export interface RealtimeHub {
  publish(schoolId: string, accountId: string, message: TRealtimeMessage): Promise<void>;
  /** Returns the function that ends the subscription. */
  subscribe(schoolId: string, accountId: string, listener: RealtimeListener): Promise<() => void>;
  close(): Promise<void>;
}

const channelOf = (schoolId: string, accountId: string) => `hxk:rt:${schoolId}:${accountId}`;

/** One process: an event emitter keyed by channel. */
export function memoryHub(): RealtimeHub {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  return {
    async publish(schoolId, accountId, message) {
      bus.emit(channelOf(schoolId, accountId), message);
    },
    async subscribe(schoolId, accountId, listener) {
      const ch = channelOf(schoolId, accountId);
      bus.on(ch, listener);
      return () => bus.off(ch, listener);
    },
    async close() {
      bus.removeAllListeners();
    },
  };
}

/**
 * Several processes: messages go through Redis. One subscriber connection per process, subscribed to
 * the channels of the sockets this process holds (counted, so the last socket of a person unsubscribes).
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
  return {
    async publish(schoolId, accountId, message) {
      await connect();
      await pub.publish(channelOf(schoolId, accountId), JSON.stringify(message));
    },
    async subscribe(schoolId, accountId, listener) {
      await connect();
      const ch = channelOf(schoolId, accountId);
      local.on(ch, listener);
      const n = (counts.get(ch) ?? 0) + 1;
      counts.set(ch, n);
      if (n === 1) await sub.subscribe(ch);
      return () => {
        local.off(ch, listener);
        const left = (counts.get(ch) ?? 1) - 1;
        if (left > 0) counts.set(ch, left);
        else {
          counts.delete(ch);
          void sub.unsubscribe(ch).catch(() => undefined);
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
