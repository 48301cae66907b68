import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../config.ts';
import { memoryCounters, redisCounters } from './counters.ts';
import { sniffImage } from './storage.ts';
import { normalizeDomain } from '../modules/schools/schools.service.ts';

describe('configuration', () => {
  it('defaults to the embedded database with demo data', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.seedDemo).toBe(true);
    expect(c.sms.provider).toBe('log');
  });
  it('turns demo data off by default on PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });
  it('runs every job kind by default; leaving kinds to workers needs PostgreSQL', () => {
    expect(loadConfig({}).jobs).toEqual({ run: 'all', concurrency: 4 });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', JOBS_RUN: 'light', JOBS_CONCURRENCY: '8' }).jobs).toEqual({ run: 'light', concurrency: 8 });
    expect(() => loadConfig({ JOBS_RUN: 'light' })).toThrow(/JOBS_RUN=light needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db', JOBS_RUN: 'some' })).toThrow(ConfigError);
    expect(() => loadConfig({ JOBS_CONCURRENCY: '0' })).toThrow(ConfigError);
  });
  it('refuses invalid values and a provider without its settings', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(/SMS_ALIYUN_ACCESS_KEY_ID/);
  });
});

describe('throttle counters', () => {
  it('count within a window and forget after it', async () => {
    let now = 0;
    const c = memoryCounters(() => now);
    expect(await c.hit('k', 10)).toBe(1);
    expect(await c.hit('k', 10)).toBe(2);
    expect(await c.ttl('k')).toBe(10);
    now = 10_001;
    expect(await c.get('k')).toBe(0);
    expect(await c.hit('k', 10)).toBe(1);
  });

  it.runIf(Boolean(process.env.REDIS_URL))('share counts through Redis', async () => {
    const key = `test:${process.pid}:${Date.now()}`;
    const a = redisCounters(process.env.REDIS_URL!);
    const b = redisCounters(process.env.REDIS_URL!);
    try {
      await a.hit(key, 30);
      expect(await b.hit(key, 30)).toBe(2);
      expect(await a.ttl(key)).toBeGreaterThan(0);
      await b.reset(key);
      expect(await a.get(key)).toBe(0);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('image sniffing', () => {
  it('goes by content, not by name', () => {
    expect(sniffImage(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('image/png');
    expect(sniffImage(Buffer.from('ffd8ffe000', 'hex'))).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('GIF89a....'))).toBe('image/gif');
    expect(sniffImage(Buffer.from('RIFF0000WEBPVP8 '))).toBe('image/webp');
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});

describe('domains', () => {
  it.each([
    ['localhost:3000', 'localhost'],
    ['https://Demo.Localhost/hxk/', 'demo.localhost'],
    ['127.0.0.1', '127.0.0.1'],
    ['[::1]:3000', '[::1]'],
  ])('%s -> %s', (input, host) => expect(normalizeDomain(input)).toBe(host));
});
