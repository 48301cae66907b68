import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { FORWARDED_FOR_WARNING, warnOnUntrustedForwardedFor } from './forwarded-for.ts';

async function serverWith(trustProxy: boolean) {
  const warnings: unknown[][] = [];
  const app = Fastify({ trustProxy });
  warnOnUntrustedForwardedFor(app, trustProxy, { warn: (...args: unknown[]) => warnings.push(args) } as never);
  app.get('/x', async (req) => ({ ip: req.ip }));
  await app.ready();
  return { app, warnings };
}

describe('X-Forwarded-For without TRUST_PROXY', () => {
  it('warns once, on the first request that carries it, not on every request', async () => {
    const { app, warnings } = await serverWith(false);
    await app.inject({ url: '/x', remoteAddress: '10.0.0.1' });
    expect(warnings).toHaveLength(0);
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ url: '/x', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': `203.0.113.${i}` } });
      // The client IP is the proxy's: exactly what the warning is about.
      expect(res.json()).toEqual({ ip: '10.0.0.1' });
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]![1]).toBe(FORWARDED_FOR_WARNING);
    expect(warnings[0]![0]).toMatchObject({ proxyIp: '10.0.0.1', forwardedFor: '203.0.113.0' });
    await app.close();
  });

  it('says nothing when TRUST_PROXY is on', async () => {
    const { app, warnings } = await serverWith(true);
    const res = await app.inject({ url: '/x', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(res.json()).toEqual({ ip: '203.0.113.9' });
    expect(warnings).toHaveLength(0);
    await app.close();
  });
});
