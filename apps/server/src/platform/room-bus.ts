/**
 * What per-room live features need to work across several server nodes (issue 14: shouting into a
 * classroom): a lease (one holder of a key at a time, expiring unless renewed), presence (how many
 * members a key has on all nodes, each member expiring unless refreshed) and a relay (binary
 * messages on a channel, heard by every node subscribed to it). In-process by default; Redis when
 * REDIS_URL is set, so a speaker on one node and a classroom terminal on another meet. Keys and
 * channels are given by the caller and should carry the school id.
 */
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export interface RoomBus {
  /** Takes `key` for `holder` for `ttlMs` (or extends it when `holder` has it); false when another holds it. */
  take(key: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives `key` back; only its holder can. */
  release(key: string, holder: string): Promise<void>;
  /** Who holds `key` now, or null. */
  holder(key: string): Promise<string | null>;
  /** Adds (or refreshes) a member of `key` for `ttlMs`. */
  join(key: string, member: string, ttlMs: number): Promise<void>;
  leave(key: string, member: string): Promise<void>;
  /** Members of `key` not expired. */
  count(key: string): Promise<number>;
  publish(channel: string, data: Buffer): Promise<void>;
  /** Hears `channel` on this node; resolves once subscribed, with the function that stops it. */
  subscribe(channel: string, listener: (data: Buffer) => void): Promise<() => void>;
  close(): Promise<void>;
}

/** One process. `now` is the clock of expiries (tests move it). */
export function memoryRoomBus(now: () => number = Date.now): RoomBus {
  const leases = new Map<string, { holder: string; until: number }>();
  const members = new Map<string, Map<string, number>>();
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  const live = (key: string) => {
    const lease = leases.get(key);
    if (lease && lease.until <= now()) leases.delete(key);
    return leases.get(key);
  };
  return {
    async take(key, holder, ttlMs) {
      const lease = live(key);
      if (lease && lease.holder !== holder) return false;
      leases.set(key, { holder, until: now() + ttlMs });
      return true;
    },
    async release(key, holder) {
      if (live(key)?.holder === holder) leases.delete(key);
    },
    async holder(key) {
      return live(key)?.holder ?? null;
    },
    async join(key, member, ttlMs) {
      let set = members.get(key);
      if (!set) members.set(key, (set = new Map()));
      set.set(member, now() + ttlMs);
    },
    async leave(key, member) {
      const set = members.get(key);
      set?.delete(member);
      if (set && !set.size) members.delete(key);
    },
    async count(key) {
      const set = members.get(key);
      if (!set) return 0;
      const t = now();
      for (const [m, until] of set) if (until <= t) set.delete(m);
      return set.size;
    },
    async publish(channel, data) {
      bus.emit(channel, data);
    },
    async subscribe(channel, listener) {
      bus.on(channel, listener);
      return () => void bus.off(channel, listener);
    },
    async close() {
      bus.removeAllListeners();
      leases.clear();
      members.clear();
    },
  };
}

// Compare-and-set scripts: a lease changes only in its holder's hands.
const TAKE = `local v = redis.call('GET', KEYS[1])
if v == false or v == ARGV[1] then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;
const PREFIX = 'hxk:room:';

/**
 * Several processes. Leases are keys with an expiry set only by their holder (Lua compare-and-set);
 * presence is a sorted set scored by each member's expiry; the relay is Redis pub/sub with one
 * subscriber connection per process, subscribed to the channels someone on this node listens to.
 */
export function redisRoomBus(url: string): RoomBus {
  const cmd = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const local = new EventEmitter();
  local.setMaxListeners(0);
  let ready: Promise<void> | null = null;
  const connect = () => (ready ??= Promise.all([cmd.connect(), sub.connect()]).then(() => undefined));
  sub.on('messageBuffer', (channel: Buffer, message: Buffer) => local.emit(channel.toString(), message));
  const key = (k: string) => `${PREFIX}${k}`;
  return {
    async take(k, holder, ttlMs) {
      await connect();
      return (await cmd.eval(TAKE, 1, key(k), holder, String(ttlMs))) === 1;
    },
    async release(k, holder) {
      await connect();
      await cmd.eval(RELEASE, 1, key(k), holder);
    },
    async holder(k) {
      await connect();
      return cmd.get(key(k));
    },
    async join(k, member, ttlMs) {
      await connect();
      const until = Date.now() + ttlMs;
      await cmd.multi().zadd(key(k), until, member).pexpire(key(k), ttlMs).exec();
    },
    async leave(k, member) {
      await connect();
      await cmd.zrem(key(k), member);
    },
    async count(k) {
      await connect();
      return cmd.zcount(key(k), `(${Date.now()}`, '+inf');
    },
    async publish(channel, data) {
      await connect();
      await cmd.publish(key(channel), data);
    },
    async subscribe(channel, listener) {
      await connect();
      const ch = key(channel);
      if (local.listenerCount(ch) === 0) await sub.subscribe(ch);
      local.on(ch, listener);
      return () => {
        local.off(ch, listener);
        if (local.listenerCount(ch) === 0) void sub.unsubscribe(ch).catch(() => undefined);
      };
    },
    async close() {
      local.removeAllListeners();
      cmd.disconnect();
      sub.disconnect();
    },
  };
}
