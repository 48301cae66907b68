import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress, isAllowedTarget, outboundFetch, OutboundError, parseAllowEntry, parseAllowHosts } from './outbound.ts';

describe('address classification (literals only: nothing is sent to these)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.255', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.1.1', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['febf::1', 'linkLocal'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['0.1.2.3', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['168.63.129.16', 'metadata'],
    // IPv4-mapped and other IPv6 forms of IPv4 addresses are what they reach.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2002:7f00:1::', 'loopback'],
    ['::127.0.0.1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['not-an-ip', 'reserved'],
  ])('%s is %s', (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });
});

describe('allow list', () => {
  it('parses host names, addresses, ports and CIDR ranges, and refuses anything else', () => {
    expect(parseAllowEntry('scim.internal')).toEqual({ kind: 'host', host: 'scim.internal', port: undefined });
    expect(parseAllowEntry('SCIM.internal:8443')).toEqual({ kind: 'host', host: 'scim.internal', port: 8443 });
    expect(parseAllowEntry('10.0.0.0/8')).toMatchObject({ kind: 'ip', port: undefined });
    expect(parseAllowEntry('127.0.0.1:9000')).toMatchObject({ kind: 'ip', port: 9000 });
    expect(parseAllowEntry('[::1]:9000')).toMatchObject({ kind: 'ip', port: 9000 });
    expect(parseAllowEntry('fd00::/8')).toMatchObject({ kind: 'ip' });
    for (const bad of ['http://x', '10.0.0.0/33', 'a b', 'host:99999', '[host]:1', '10.0.0.0/x']) expect(parseAllowEntry(bad), bad).toBeNull();
    expect(() => parseAllowHosts(['ok.example', 'http://bad'])).toThrow(/http:\/\/bad/);
  });

  it('lets listed hosts, addresses and ranges through, on their port when one is given', () => {
    const rules = parseAllowHosts(['scim.internal', '10.0.0.0/8', '127.0.0.1:9000', '[::1]:9000']);
    expect(isAllowedTarget('scim.internal', 443, ['10.9.9.9'], rules)).toBe(true);
    expect(isAllowedTarget('other.internal', 443, ['10.9.9.9'], rules)).toBe(true);
    expect(isAllowedTarget('other.internal', 443, ['192.168.0.1'], rules)).toBe(false);
    expect(isAllowedTarget('127.0.0.1', 9000, ['127.0.0.1'], rules)).toBe(true);
    expect(isAllowedTarget('127.0.0.1', 9001, ['127.0.0.1'], rules)).toBe(false);
    expect(isAllowedTarget('::1', 9000, ['::1'], rules)).toBe(true);
    expect(isAllowedTarget('x.example', 443, ['::ffff:10.1.1.1'], rules)).toBe(true);
    // Every address must pass: a name answering with a public and a private address is refused.
    expect(isAllowedTarget('mixed.example', 443, ['8.8.8.8', '192.168.0.1'], rules)).toBe(false);
    expect(isAllowedTarget('public.example', 443, ['8.8.8.8'], [])).toBe(true);
    expect(isAllowedTarget('nothing.example', 443, [], [])).toBe(false);
  });

  it('never lets metadata addresses or names through, even when a range covers them', () => {
    const rules = parseAllowHosts(['169.254.0.0/16', 'fd00::/8', 'metadata.google.internal', '0.0.0.0/0']);
    expect(isAllowedTarget('169.254.169.254', 80, ['169.254.169.254'], rules)).toBe(false);
    expect(isAllowedTarget('x', 80, ['fd00:ec2::254'], rules)).toBe(false);
    expect(isAllowedTarget('metadata.google.internal', 80, ['8.8.8.8'], rules)).toBe(false);
    expect(isAllowedTarget('169.254.1.1', 80, ['169.254.1.1'], rules)).toBe(true);
  });

  it('refuses metadata names, non-http schemes and URL credentials before any lookup', async () => {
    // Should the guard fail, the only address these could reach is loopback.
    const lookups: string[] = [];
    const lookup = async (h: string) => {
      lookups.push(h);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    for (const [url, kind] of [
      ['http://metadata.google.internal/computeMetadata/v1/', 'blocked'],
      ['http://METADATA.google.internal./', 'blocked'],
      ['http://0x7f.1/', 'blocked'], // the URL parser makes this 127.0.0.1
      ['http://2130706433/', 'blocked'],
      ['file:///etc/passwd', 'invalidUrl'],
      ['gopher://x.example/', 'invalidUrl'],
      ['http://user:pw@x.example/', 'invalidUrl'],
      ['not a url', 'invalidUrl'],
    ] as const) {
      await expect(outboundFetch(url, { lookup }), url).rejects.toMatchObject({ kind });
    }
    expect(lookups).toEqual([]);
  });
});

/** Loopback doubles: the only real traffic these tests send. */
function startDouble(handler: http.RequestListener) {
  const server = http.createServer(handler);
  return {
    server,
    async listen() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return (server.address() as AddressInfo).port;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe('requests (loopback doubles only)', () => {
  const seen: { url: string; host: string | undefined; authorization: string | undefined; port: number }[] = [];
  let okPort = 0;
  let otherPort = 0;
  const main = startDouble((req, res) => {
    seen.push({ url: req.url ?? '', host: req.headers.host, authorization: req.headers.authorization, port: okPort });
    if (req.url === '/redirect-out') {
      res.writeHead(302, { location: `http://127.0.0.1:${otherPort}/secret` });
      return res.end('moved');
    }
    if (req.url === '/redirect-in') {
      res.writeHead(301, { location: '/hello' });
      return res.end();
    }
    if (req.url === '/loop') {
      res.writeHead(302, { location: '/loop' });
      return res.end();
    }
    if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      // Streamed without a length: the cap must count bytes as they arrive.
      const chunk = Buffer.alloc(16 * 1024, 97);
      let sent = 0;
      const push = () => {
        while (sent < 4 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once('drain', push);
        }
        res.end();
      };
      return push();
    }
    if (req.url === '/declared-big') {
      res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
      return res.write('x');
    }
    if (req.url === '/slow') return; // never answers
    if (req.url === '/status') {
      res.writeHead(500, { 'content-type': 'text/plain' });
      return res.end('internal secret: db password is hunter2');
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ hello: 'world' }));
  });
  const other = startDouble((req, res) => {
    seen.push({ url: req.url ?? '', host: req.headers.host, authorization: req.headers.authorization, port: otherPort });
    res.end('secret');
  });
  beforeAll(async () => {
    okPort = await main.listen();
    otherPort = await other.listen();
  });
  afterAll(async () => {
    await main.close();
    await other.close();
  });

  it('refuses loopback by default, also through a name that resolves to it', async () => {
    seen.length = 0;
    await expect(outboundFetch(`http://127.0.0.1:${okPort}/`)).rejects.toMatchObject({ kind: 'blocked' });
    await expect(outboundFetch(`http://[::1]:${okPort}/`)).rejects.toMatchObject({ kind: 'blocked' });
    // The system resolver's own answer for localhost.
    await expect(outboundFetch(`http://localhost:${okPort}/`)).rejects.toMatchObject({ kind: 'blocked' });
    // Any name whose DNS answer is loopback.
    const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    await expect(outboundFetch(`http://scim.attacker.example:${okPort}/`, { lookup })).rejects.toMatchObject({ kind: 'blocked' });
    expect(seen).toEqual([]);
  });

  it('lets an allowed host through OUTBOUND_ALLOW_HOSTS, connecting to the address it checked', async () => {
    seen.length = 0;
    const r = await outboundFetch(`http://127.0.0.1:${okPort}/hi`, { allowHosts: [`127.0.0.1:${okPort}`] });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body.toString())).toEqual({ hello: 'world' });
    expect(await outboundFetch(`http://localhost:${okPort}/hi`, { allowHosts: ['localhost'] })).toMatchObject({ status: 200 });
    expect(await outboundFetch(`http://x.test:${okPort}/hi`, { allowHosts: ['127.0.0.0/8'], lookup: async () => [{ address: '127.0.0.1', family: 4 }] })).toMatchObject({ status: 200 });

    // One lookup per hop; the connection goes to that answer and the Host header keeps the name.
    let lookups = 0;
    const rebinding = async () => {
      lookups++;
      return [{ address: lookups === 1 ? '127.0.0.1' : '169.254.169.254', family: 4 }];
    };
    const pinned = await outboundFetch(`http://scim.test:${okPort}/pinned`, { allowHosts: [`scim.test:${okPort}`], lookup: rebinding });
    expect(pinned.status).toBe(200);
    expect(lookups).toBe(1);
    expect(seen.at(-1)).toMatchObject({ url: '/pinned', host: `scim.test:${okPort}` });
  });

  it('re-checks every redirect: a hop to a loopback port that is not allowed is refused', async () => {
    seen.length = 0;
    await expect(
      outboundFetch(`http://127.0.0.1:${okPort}/redirect-out`, { allowHosts: [`127.0.0.1:${okPort}`], headers: { authorization: 'Bearer t' } }),
    ).rejects.toMatchObject({ kind: 'blocked' });
    expect(seen.map((s) => s.port)).toEqual([okPort]);
    // A redirect inside the allowed origin is followed.
    expect(await outboundFetch(`http://127.0.0.1:${okPort}/redirect-in`, { allowHosts: [`127.0.0.1:${okPort}`] })).toMatchObject({ status: 200 });
    // Endless redirects stop at the limit.
    await expect(outboundFetch(`http://127.0.0.1:${okPort}/loop`, { allowHosts: [`127.0.0.1:${okPort}`], maxRedirects: 2 })).rejects.toMatchObject({ kind: 'status', status: 302 });
  });

  it('drops credentials when a redirect leaves the origin', async () => {
    seen.length = 0;
    await outboundFetch(`http://127.0.0.1:${okPort}/redirect-out`, { allowHosts: ['127.0.0.1'], headers: { authorization: 'Bearer t' } });
    expect(seen.map((s) => [s.port, s.authorization])).toEqual([
      [okPort, 'Bearer t'],
      [otherPort, undefined],
    ]);
  });

  it('caps the size, streamed or declared, and the time', async () => {
    const allowHosts = [`127.0.0.1:${okPort}`];
    await expect(outboundFetch(`http://127.0.0.1:${okPort}/big`, { allowHosts, maxBytes: 64 * 1024 })).rejects.toMatchObject({ kind: 'tooLarge' });
    await expect(outboundFetch(`http://127.0.0.1:${okPort}/declared-big`, { allowHosts, maxBytes: 1024 * 1024 })).rejects.toMatchObject({ kind: 'tooLarge' });
    const started = Date.now();
    await expect(outboundFetch(`http://127.0.0.1:${okPort}/slow`, { allowHosts, timeoutMs: 300 })).rejects.toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reports a failing status or a closed port by kind only, never with the remote body', async () => {
    const err = await outboundFetch(`http://127.0.0.1:${okPort}/status`, { allowHosts: ['127.0.0.1'] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundError);
    expect(err).toMatchObject({ kind: 'status', status: 500 });
    expect(String((err as Error).message)).not.toContain('hunter2');
    // A port that was open a moment ago and is closed now.
    const gone = startDouble(() => undefined);
    const port = await gone.listen();
    await gone.close();
    const closed = await outboundFetch(`http://127.0.0.1:${port}/`, { allowHosts: ['127.0.0.1'] }).catch((e: unknown) => e);
    expect(closed).toMatchObject({ kind: 'network' });
    expect(String((closed as Error).message)).toBe('outbound network');
  });
});

describe('OUTBOUND_ALLOW_HOSTS in the configuration', () => {
  it('is read as a list and refused at start when an entry is not a host, address or range', async () => {
    const { loadConfig, ConfigError } = await import('../config.ts');
    expect(loadConfig({}).outboundAllowHosts).toEqual([]);
    expect(loadConfig({ OUTBOUND_ALLOW_HOSTS: ' scim.intranet.edu, 10.20.0.0/16 ,127.0.0.1:8080,,' }).outboundAllowHosts).toEqual(['scim.intranet.edu', '10.20.0.0/16', '127.0.0.1:8080']);
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: 'ok.example, http://bad.example/' })).toThrow(ConfigError);
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: '10.0.0.0/40' })).toThrow(/OUTBOUND_ALLOW_HOSTS/);
  });
});
