/**
 * Fixed-window counters for throttling (login failures, SMS sends). In-process by default; Redis
 * when REDIS_URL is set so that every server node sees the same counts (ARCHITECTURE section 7).
 */
import { Redis } from 'ioredis';

export interface CounterStore {
  /** Adds one to key and returns the new count; the key lives windowSeconds from its first hit. */
  hit(key: string, windowSeconds: number): Promise<number>;
  /** Adds amount (bytes uploaded...) to key and returns the new total; the key lives windowSeconds from its first add. */
  add(key: string, amount: number, windowSeconds: number): Promise<number>;
  get(key: string): Promise<number>;
  /** Seconds until key's window ends (0 when it does not exist). */
  ttl(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryCounters(now: () => number = Date.now): CounterStore {
  const entries = new Map<string, { count: number; until: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.until <= now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  const add = (key: string, amount: number, windowSeconds: number) => {
    const e = live(key);
    if (e) return (e.count += amount);
    if (entries.size > 100_000) for (const k of entries.keys()) live(k);
    entries.set(key, { count: amount, until: now() + windowSeconds * 1000 });
    return amount;
  };
  return {
    async hit(key, windowSeconds) {
      return add(key, 1, windowSeconds);
    },
    async add(key, amount, windowSeconds) {
      return add(key, amount, windowSeconds);
    },
    async get(key) {
      return live(key)?.count ?? 0;
    },
    async ttl(key) {
      const e = live(key);
      return e ? Math.ceil((e.until - now()) / 1000) : 0;
    },
    async reset(key) {
      entries.delete(key);
    },
    async close() {
      entries.clear();
    },
  };
}

export function redisCounters(url: string, prefix = 'hxk:c:'): CounterStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    async hit(key, windowSeconds) {
      const k = prefix + key;
      const [[, count]] = (await redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec()) as [[null, number], [null, number]];
      return count;
    },
    async add(key, amount, windowSeconds) {
      const k = prefix + key;
      const [[, total]] = (await redis.multi().incrby(k, amount).expire(k, windowSeconds, 'NX').exec()) as [[null, number], [null, number]];
      return total;
    },
    async get(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async ttl(key) {
      return Math.max(0, await redis.ttl(prefix + key));
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
