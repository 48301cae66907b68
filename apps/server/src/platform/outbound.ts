/**
 * The one guarded client for server-side requests to addresses a school or a user can set (SCIM
 * now; SSO, webhooks, per-school gateways and LLM endpoints later). It resolves the host once,
 * refuses loopback, private, link-local, multicast, reserved and cloud-metadata addresses unless the
 * operator allows them (OUTBOUND_ALLOW_HOSTS), connects to the very address it checked (no second
 * lookup), re-checks every redirect, and caps time and size. Its errors are typed and never carry
 * the remote body, so callers map them to fixed, localized messages.
 *
 * Addresses the operator sets in the environment (SMS, WeChat, S3 endpoints) do not go through it.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { PassThrough, type Readable } from 'node:stream';

export type OutboundErrorKind = 'invalidUrl' | 'blocked' | 'timeout' | 'tooLarge' | 'status' | 'network';

export class OutboundError extends Error {
  readonly kind: OutboundErrorKind;
  /** The remote HTTP status, for kind 'status' only. */
  readonly status: number | undefined;
  constructor(kind: OutboundErrorKind, status?: number) {
    // The message is the kind: never the remote body, never an address or a socket error.
    super(status === undefined ? `outbound ${kind}` : `outbound ${kind} ${status}`);
    this.name = 'OutboundError';
    this.kind = kind;
    this.status = status;
  }
}

// ---------------------------------------------------------------------------------------------
// Address classification

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'linkLocal'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'reserved'
  | 'metadata';

type Range = { base: bigint; bits: number; prefix: number; cls: Exclude<AddressClass, 'public'> };

const V4_RANGES: [string, Range['cls']][] = [
  ['0.0.0.0/32', 'unspecified'],
  ['0.0.0.0/8', 'reserved'], // "this network"
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'private'], // carrier-grade NAT
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'linkLocal'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
  ['192.0.2.0/24', 'reserved'], // documentation
  ['192.88.99.0/24', 'reserved'], // 6to4 relay anycast
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'reserved'], // benchmarking
  ['198.51.100.0/24', 'reserved'],
  ['203.0.113.0/24', 'reserved'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
];

const V6_RANGES: [string, Range['cls']][] = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['::/96', 'reserved'], // IPv4-compatible (deprecated)
  ['64:ff9b:1::/48', 'reserved'], // local-use NAT64
  ['100::/64', 'reserved'], // discard
  ['2001::/23', 'reserved'], // IETF protocol assignments (Teredo, ORCHID...)
  ['2001:db8::/32', 'reserved'], // documentation
  ['3fff::/20', 'reserved'], // documentation
  ['5f00::/16', 'reserved'], // SRv6 SIDs
  ['fc00::/7', 'private'], // unique local
  ['fe80::/10', 'linkLocal'],
  ['fec0::/10', 'private'], // site-local (deprecated)
  ['ff00::/8', 'multicast'],
];

/** Cloud instance-metadata endpoints: refused always, even when a listed range covers them. */
const METADATA_ADDRESSES = new Set([
  '169.254.169.254', // AWS, GCP, Azure, OpenStack, DigitalOcean...
  '169.254.169.253', // AWS DNS
  '169.254.170.2', // AWS ECS task metadata
  '169.254.170.23', // AWS EKS pod identity
  '100.100.100.200', // Alibaba Cloud
  '168.63.129.16', // Azure wire server
  '192.0.0.192', // Oracle Cloud
  'fd00:ec2::254', // AWS IPv6
  'fd00:ec2::23',
  'fd20:ce::254', // GCP IPv6
]);
const METADATA_HOSTS = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.internal',
  'instance-data',
  'instance-data.ec2.internal',
]);

function v4ToBig(ip: string): bigint {
  return ip.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

function v6ToBig(ip: string): bigint {
  let s = ip.toLowerCase();
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  // A trailing dotted quad (::ffff:1.2.3.4) becomes two hextets.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const v = v4ToBig(dotted[1]!);
    s = `${s.slice(0, -dotted[1]!.length)}${(v >> 16n).toString(16)}:${(v & 0xffffn).toString(16)}`;
  }
  const [head, tail] = s.includes('::') ? s.split('::') : [s, undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g || '0', 16)), 0n);
}

function bigToV4(v: bigint): string {
  return [24n, 16n, 8n, 0n].map((s) => String((v >> s) & 0xffn)).join('.');
}

function bigToV6(v: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => ((v >> BigInt((7 - i) * 16)) & 0xffffn).toString(16));
  // Canonical enough for set lookups: compress the longest run of zero groups.
  let best = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== '0') {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === '0') j++;
    if (j - i > bestLen && j - i > 1) [best, bestLen] = [i, j - i];
    i = j;
  }
  if (best < 0) return groups.join(':');
  return `${groups.slice(0, best).join(':')}::${groups.slice(best + bestLen).join(':')}`;
}

function parseCidr(cidr: string): { base: bigint; bits: number; prefix: number } | null {
  const [addr, p] = cidr.split('/');
  const family = net.isIP(addr ?? '');
  if (!family) return null;
  const bits = family === 4 ? 32 : 128;
  const prefix = p === undefined ? bits : Number(p);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > bits || (p !== undefined && !/^\d+$/.test(p))) return null;
  const value = family === 4 ? v4ToBig(addr!) : v6ToBig(addr!);
  const mask = prefix === 0 ? 0n : ((1n << BigInt(prefix)) - 1n) << BigInt(bits - prefix);
  return { base: value & mask, bits, prefix };
}

const inRange = (value: bigint, bits: number, r: { base: bigint; bits: number; prefix: number }) => {
  if (bits !== r.bits) return false;
  const mask = r.prefix === 0 ? 0n : ((1n << BigInt(r.prefix)) - 1n) << BigInt(bits - r.prefix);
  return (value & mask) === r.base;
};

const toRanges = (list: [string, Range['cls']][]): Range[] => list.map(([c, cls]) => ({ ...parseCidr(c)!, cls }));
const V4 = toRanges(V4_RANGES);
const V6 = toRanges(V6_RANGES);

/**
 * The address an IPv6 form really reaches when it embeds an IPv4 one (mapped ::ffff:a.b.c.d,
 * NAT64 64:ff9b::/96, 6to4 2002::/16), else the canonical address itself.
 */
export function normalizeAddress(ip: string): { address: string; family: 4 | 6 } | null {
  const family = net.isIP(ip.split('%')[0] ?? '');
  if (family === 4) return { address: bigToV4(v4ToBig(ip)), family: 4 };
  if (family !== 6) return null;
  const v = v6ToBig(ip);
  if (v >> 32n === 0xffffn) return { address: bigToV4(v & 0xffffffffn), family: 4 };
  if (v >> 32n === 0x64ff9b0000000000000000n) return { address: bigToV4(v & 0xffffffffn), family: 4 };
  if (v >> 112n === 0x2002n) return { address: bigToV4((v >> 80n) & 0xffffffffn), family: 4 };
  return { address: bigToV6(v), family: 6 };
}

/** What kind of address this is; anything but 'public' is refused unless the operator allows it. */
export function classifyAddress(ip: string): AddressClass {
  const n = normalizeAddress(ip);
  if (!n) return 'reserved';
  if (METADATA_ADDRESSES.has(n.address)) return 'metadata';
  const value = n.family === 4 ? v4ToBig(n.address) : v6ToBig(n.address);
  const bits = n.family === 4 ? 32 : 128;
  for (const r of n.family === 4 ? V4 : V6) if (inRange(value, bits, r)) return r.cls;
  return 'public';
}

// ---------------------------------------------------------------------------------------------
// The operator's allow list

export type AllowRule =
  | { kind: 'host'; host: string; port: number | undefined }
  | { kind: 'ip'; range: { base: bigint; bits: number; prefix: number }; port: number | undefined };

/** Parses one OUTBOUND_ALLOW_HOSTS entry: host, host:port, IP, IP:port, [IPv6]:port or CIDR. */
export function parseAllowEntry(raw: string): AllowRule | null {
  const s = raw.trim().toLowerCase();
  if (!s) return null;
  if (s.includes('/')) {
    const range = parseCidr(s);
    return range ? { kind: 'ip', range, port: undefined } : null;
  }
  if (net.isIP(s)) return { kind: 'ip', range: parseCidr(s)!, port: undefined };
  const m = /^(?:\[([0-9a-f:.]+)\]|([^:[\]]+))(?::(\d{1,5}))?$/.exec(s);
  if (!m) return null;
  const port = m[3] === undefined ? undefined : Number(m[3]);
  if (port !== undefined && (port < 1 || port > 65535)) return null;
  const host = (m[1] ?? m[2]!).replace(/\.$/, '');
  if (net.isIP(host)) return { kind: 'ip', range: parseCidr(host)!, port };
  if (m[1] !== undefined || !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(host)) return null;
  return { kind: 'host', host, port };
}

export function parseAllowHosts(entries: readonly string[]): AllowRule[] {
  return entries.flatMap((e) => {
    const rule = parseAllowEntry(e);
    if (!rule) throw new Error(`not a host name, IP address or CIDR range: ${e}`);
    return [rule];
  });
}

const portMatches = (rule: AllowRule, port: number) => rule.port === undefined || rule.port === port;

/**
 * Whether a request to host:port that resolved to these addresses may go ahead. Every address must
 * pass (a name answering with one public and one private address is refused).
 */
export function isAllowedTarget(host: string, port: number, addresses: readonly string[], rules: readonly AllowRule[]): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (METADATA_HOSTS.has(name)) return false;
  if (!addresses.length) return false;
  if (addresses.some((a) => classifyAddress(a) === 'metadata')) return false;
  const byName = rules.some((r) => r.kind === 'host' && r.host === name && portMatches(r, port));
  if (byName) return true;
  return addresses.every((a) => {
    if (classifyAddress(a) === 'public') return true;
    // Both the address as written and the IPv4 address it embeds may be listed.
    const raw = a.split('%')[0]!;
    const n = normalizeAddress(raw)!;
    const candidates: [bigint, number][] = [n.family === 4 ? [v4ToBig(n.address), 32] : [v6ToBig(n.address), 128]];
    if (net.isIP(raw) === 6) candidates.push([v6ToBig(raw), 128]);
    return rules.some((r) => r.kind === 'ip' && portMatches(r, port) && candidates.some(([value, bits]) => inRange(value, bits, r.range)));
  });
}

// ---------------------------------------------------------------------------------------------
// Requests

export type LookupAll = (host: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: LookupAll = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

export type OutboundOptions = {
  /** OUTBOUND_ALLOW_HOSTS, as the config holds it. */
  allowHosts?: readonly string[];
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** For the whole exchange: lookups, redirects and the body. */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Test seam: resolves a host name to every address. */
  lookup?: LookupAll;
};

export type OutboundResponse = { status: number; headers: http.IncomingHttpHeaders; url: string; body: Buffer };

export const OUTBOUND_DEFAULTS = { timeoutMs: 15_000, maxBytes: 10 * 1024 * 1024, maxRedirects: 3 } as const;

/** Headers that carry credentials: dropped when a redirect leaves the original origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

const HTTP_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** Resolves and checks a URL; the returned address is the one to connect to. */
async function checkTarget(url: URL, rules: readonly AllowRule[], lookup: LookupAll, defaultPorts: Record<string, number> = HTTP_PORTS): Promise<{ address: string; port: number }> {
  const defaultPort = defaultPorts[url.protocol];
  if (defaultPort === undefined || url.username || url.password) throw new OutboundError('invalidUrl');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = url.port ? Number(url.port) : defaultPort;
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    if (METADATA_HOSTS.has(host.toLowerCase().replace(/\.$/, ''))) throw new OutboundError('blocked');
    try {
      addresses = (await lookup(host)).map((a) => a.address);
    } catch {
      throw new OutboundError('network');
    }
  }
  if (!isAllowedTarget(host, port, addresses, rules)) throw new OutboundError('blocked');
  return { address: addresses[0]!, port };
}

function once(
  url: URL,
  pinned: { address: string; port: number },
  opts: { method: string; headers: Record<string, string>; body: string | Buffer | undefined; maxBytes: number; signal: AbortSignal },
): Promise<OutboundResponse & { location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const isHttps = url.protocol === 'https:';
    const request = (isHttps ? https : http).request({
      // The checked address: never a second lookup that could answer differently.
      host: pinned.address,
      port: pinned.port,
      path: `${url.pathname}${url.search}`,
      method: opts.method,
      headers: { ...opts.headers, host: url.host, 'accept-encoding': 'identity' },
      agent: false,
      signal: opts.signal,
      ...(isHttps && !net.isIP(host) ? { servername: host } : {}),
    });
    const fail = (err: unknown) => {
      request.destroy();
      if (err instanceof OutboundError) return reject(err);
      reject(opts.signal.aborted ? new OutboundError('timeout') : new OutboundError('network'));
    };
    request.on('error', fail);
    request.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const location = status >= 300 && status < 400 ? res.headers.location : undefined;
      if (location !== undefined || status < 200 || status >= 300) {
        // Neither a redirect's nor an error's body is ever read.
        res.resume();
        request.destroy();
        return resolve({ status, headers: res.headers, url: url.href, body: Buffer.alloc(0), location });
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > opts.maxBytes) return fail(new OutboundError('tooLarge'));
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > opts.maxBytes) return fail(new OutboundError('tooLarge'));
        chunks.push(chunk);
      });
      res.on('error', fail);
      res.on('aborted', () => fail(new OutboundError('network')));
      res.on('end', () => resolve({ status, headers: res.headers, url: url.href, body: Buffer.concat(chunks), location: undefined }));
    });
    request.end(opts.body);
  });
}

/**
 * Fetches a URL through the guard. Resolves with a 2xx reply only; anything else rejects with an
 * OutboundError whose message holds no remote text.
 */
export async function outboundFetch(target: string, opts: OutboundOptions = {}): Promise<OutboundResponse> {
  const rules = parseAllowHosts(opts.allowHosts ?? []);
  const lookup = opts.lookup ?? systemLookup;
  const timeoutMs = opts.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
  const maxBytes = opts.maxBytes ?? OUTBOUND_DEFAULTS.maxBytes;
  const maxRedirects = opts.maxRedirects ?? OUTBOUND_DEFAULTS.maxRedirects;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const deadline = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new OutboundError('timeout')), { once: true }));
  deadline.catch(() => undefined);
  try {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw new OutboundError('invalidUrl');
    }
    const origin = url.origin;
    let method: string = opts.method ?? 'GET';
    let body = opts.body;
    let headers = { ...opts.headers };
    for (let hop = 0; ; hop++) {
      const pinned = await Promise.race([checkTarget(url, rules, lookup), deadline]);
      const res = await Promise.race([once(url, pinned, { method, headers, body, maxBytes, signal: controller.signal }), deadline]);
      if (res.location === undefined) {
        if (res.status < 200 || res.status >= 300) throw new OutboundError('status', res.status);
        return { status: res.status, headers: res.headers, url: res.url, body: res.body };
      }
      if (hop >= maxRedirects) throw new OutboundError('status', res.status);
      try {
        url = new URL(res.location, url);
      } catch {
        throw new OutboundError('invalidUrl');
      }
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
      if (url.origin !== origin) headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !CREDENTIAL_HEADERS.includes(k.toLowerCase())));
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A TCP connection through the guard, for protocols other than HTTP that talk to addresses a school
 * sets (RTSP to a camera's talk-back: platform/adapters/onvif-backchannel.ts). `target` is a URL of
 * one of `defaultPorts`' schemes, without credentials; the connection goes to the checked address.
 */
export async function outboundConnect(target: string, opts: { allowHosts?: readonly string[]; lookup?: LookupAll; timeoutMs?: number; defaultPorts: Record<string, number> }): Promise<net.Socket> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new OutboundError('invalidUrl');
  }
  const pinned = await checkTarget(url, parseAllowHosts(opts.allowHosts ?? []), opts.lookup ?? systemLookup, opts.defaultPorts);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: pinned.address, port: pinned.port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new OutboundError('timeout'));
    }, opts.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', () => {
      clearTimeout(timer);
      reject(new OutboundError('network'));
    });
  });
}

export type OutboundStreamResponse = { status: number; headers: http.IncomingHttpHeaders; body: Readable };

/**
 * A streaming request through the guard, for replies read as they arrive (an LLM's server-sent
 * events: platform/adapters/llm.ts). The same checks as outboundFetch, but no redirect is followed
 * (a 3xx is a status error) and the reply body is handed over as a stream, cut off past `maxBytes`.
 * `signal` ends the exchange at once, the upstream connection included; `timeoutMs` bounds the wait
 * for the reply's headers, and `idleMs` any silence of the body after them.
 */
export async function outboundStream(
  target: string,
  opts: OutboundOptions & { signal?: AbortSignal; idleMs?: number },
): Promise<OutboundStreamResponse> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new OutboundError('invalidUrl');
  }
  const pinned = await checkTarget(url, parseAllowHosts(opts.allowHosts ?? []), opts.lookup ?? systemLookup);
  const maxBytes = opts.maxBytes ?? OUTBOUND_DEFAULTS.maxBytes;
  const timeoutMs = opts.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
  const idleMs = opts.idleMs ?? timeoutMs;
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const isHttps = url.protocol === 'https:';
    const request = (isHttps ? https : http).request({
      host: pinned.address,
      port: pinned.port,
      path: `${url.pathname}${url.search}`,
      method: opts.method ?? 'GET',
      headers: { ...opts.headers, host: url.host, 'accept-encoding': 'identity' },
      agent: false,
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(isHttps && !net.isIP(host) ? { servername: host } : {}),
    });
    const timer = setTimeout(() => request.destroy(new OutboundError('timeout')), timeoutMs);
    request.on('error', (err) => {
      clearTimeout(timer);
      reject(err instanceof OutboundError ? err : opts.signal?.aborted ? err : new OutboundError('network'));
    });
    request.on('response', (res) => {
      clearTimeout(timer);
      const status = res.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        res.resume();
        request.destroy();
        return reject(new OutboundError('status', status));
      }
      let size = 0;
      let idle: NodeJS.Timeout | undefined;
      const arm = () => {
        clearTimeout(idle);
        idle = setTimeout(() => res.destroy(new OutboundError('timeout')), idleMs);
      };
      arm();
      const body = new PassThrough();
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          clearTimeout(idle);
          request.destroy();
          body.destroy(new OutboundError('tooLarge'));
          return;
        }
        arm();
        body.write(chunk);
      });
      res.on('end', () => {
        clearTimeout(idle);
        body.end();
      });
      res.on('error', (err) => {
        clearTimeout(idle);
        body.destroy(err instanceof OutboundError ? err : new OutboundError('network'));
      });
      res.on('close', () => clearTimeout(idle));
      // Whoever stops reading (the caller aborted, or dropped the stream) ends the upstream request.
      body.on('close', () => {
        clearTimeout(idle);
        if (!res.complete) request.destroy();
      });
      resolve({ status, headers: res.headers, body });
    });
    request.end(opts.body);
  });
}
