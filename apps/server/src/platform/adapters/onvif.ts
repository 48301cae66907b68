/**
 * ONVIF client for classroom cameras and recorders: SOAP 1.2 over HTTP with WS-Security
 * UsernameToken (PasswordDigest), as ONVIF Core requires. Used for PTZ (ContinuousMove / Stop on the
 * camera's PTZ service) and for probing a device (GetSystemDateAndTime, GetDeviceInformation).
 * Tested against the local double in test/onvif-double.ts.
 */
import crypto from 'node:crypto';
import type { TPtzCommand } from '@hxk/contracts';

export const ONVIF_TIMEOUT_MS = 5000;

const NS = {
  soap: 'http://www.w3.org/2003/05/soap-envelope',
  wsse: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd',
  wsu: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd',
  digest: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordDigest',
  base64: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary',
  device: 'http://www.onvif.org/ver10/device/wsdl',
  ptz: 'http://www.onvif.org/ver20/ptz/wsdl',
  recording: 'http://www.onvif.org/ver10/recording/wsdl',
  schema: 'http://www.onvif.org/ver10/schema',
} as const;

export type OnvifTarget = { url: string; username?: string | null; password?: string | null; timeoutMs?: number };
export type OnvifErrorKind = 'timeout' | 'unreachable' | 'auth' | 'fault' | 'noPtzService' | 'badResponse';

export class OnvifError extends Error {
  constructor(
    readonly kind: OnvifErrorKind,
    readonly detail: string,
  ) {
    super(`${kind}: ${detail}`);
    this.name = 'OnvifError';
  }
}

/** WS-Security PasswordDigest: Base64(SHA-1(nonce + created + password)), the nonce as raw bytes. */
export function passwordDigest(nonce: Buffer, created: string, password: string): string {
  return crypto.createHash('sha1').update(Buffer.concat([nonce, Buffer.from(created, 'utf8'), Buffer.from(password, 'utf8')])).digest('base64');
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The UsernameToken header; no header at all when the device has no credentials. */
export function securityHeader(username: string, password: string, now = new Date(), nonce: Buffer = crypto.randomBytes(16)): string {
  const created = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return (
    `<wsse:Security s:mustUnderstand="1" xmlns:wsse="${NS.wsse}" xmlns:wsu="${NS.wsu}"><wsse:UsernameToken>` +
    `<wsse:Username>${xmlEscape(username)}</wsse:Username>` +
    `<wsse:Password Type="${NS.digest}">${passwordDigest(nonce, created, password)}</wsse:Password>` +
    `<wsse:Nonce EncodingType="${NS.base64}">${nonce.toString('base64')}</wsse:Nonce>` +
    `<wsu:Created>${created}</wsu:Created></wsse:UsernameToken></wsse:Security>`
  );
}

export function soapEnvelope(body: string, auth?: { username: string; password: string; now?: Date; nonce?: Buffer }): string {
  const header = auth ? `<s:Header>${securityHeader(auth.username, auth.password, auth.now, auth.nonce)}</s:Header>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?><s:Envelope xmlns:s="${NS.soap}" xmlns:tds="${NS.device}" xmlns:tptz="${NS.ptz}" xmlns:trc="${NS.recording}" xmlns:tt="${NS.schema}">${header}<s:Body>${body}</s:Body></s:Envelope>`;
}

/** The text of the first element with this local name (any prefix), unescaped. */
export function xmlText(xml: string, local: string): string | null {
  const m = new RegExp(`<(?:[\\w-]+:)?${local}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w-]+:)?${local}>`).exec(xml);
  if (!m) return null;
  return m[1]!.replace(/<[^>]+>/g, '').replace(/&(lt|gt|amp|apos|quot);/g, (_, e: string) => ({ lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' })[e]!).trim();
}

const velocityOf = (command: Exclude<TPtzCommand, 'stop'>, speed: number) => {
  const v = Math.max(0.01, Math.min(1, speed / 100)).toFixed(2);
  const pan = { left: `-${v}`, right: v }[command as 'left' | 'right'] ?? '0';
  const tilt = { up: v, down: `-${v}` }[command as 'up' | 'down'] ?? '0';
  const zoom = { zoomIn: v, zoomOut: `-${v}` }[command as 'zoomIn' | 'zoomOut'] ?? '0';
  return { pan, tilt, zoom };
};

/** The SOAP body of a PTZ command: ContinuousMove at `speed` (1-100) in its direction, or Stop. */
export function ptzBody(profileToken: string, command: TPtzCommand, speed: number): { action: string; body: string } {
  const token = `<tptz:ProfileToken>${xmlEscape(profileToken)}</tptz:ProfileToken>`;
  if (command === 'stop') {
    return { action: `${NS.ptz}/Stop`, body: `<tptz:Stop>${token}<tptz:PanTilt>true</tptz:PanTilt><tptz:Zoom>true</tptz:Zoom></tptz:Stop>` };
  }
  const { pan, tilt, zoom } = velocityOf(command, speed);
  const velocity = command === 'zoomIn' || command === 'zoomOut' ? `<tt:Zoom x="${zoom}"/>` : `<tt:PanTilt x="${pan}" y="${tilt}"/>`;
  return { action: `${NS.ptz}/ContinuousMove`, body: `<tptz:ContinuousMove>${token}<tptz:Velocity>${velocity}</tptz:Velocity></tptz:ContinuousMove>` };
}

async function post(target: OnvifTarget, url: string, action: string, body: string, withAuth = true): Promise<string> {
  const timeoutMs = target.timeoutMs ?? ONVIF_TIMEOUT_MS;
  const auth = withAuth && target.username ? { username: target.username, password: target.password ?? '' } : undefined;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': `application/soap+xml; charset=utf-8; action="${action}"` },
      body: soapEnvelope(body, auth),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    const e = err as { name?: string; cause?: { code?: string; message?: string }; message?: string };
    if (e.name === 'TimeoutError' || e.name === 'AbortError') throw new OnvifError('timeout', String(Math.round(timeoutMs / 1000)));
    throw new OnvifError('unreachable', e.cause?.code ?? e.cause?.message ?? e.message ?? 'network error');
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new OnvifError('timeout', String(Math.round(timeoutMs / 1000)));
  }
  if (res.status === 401 || /NotAuthorized|FailedAuthentication/i.test(text)) throw new OnvifError('auth', `HTTP ${res.status}`);
  if (/<(?:[\w-]+:)?Fault[\s>]/.test(text)) {
    throw new OnvifError('fault', xmlText(text, 'Text') ?? xmlText(text, 'faultstring') ?? xmlText(text, 'Value') ?? `HTTP ${res.status}`);
  }
  if (!res.ok) throw new OnvifError('fault', `HTTP ${res.status}`);
  if (!/<(?:[\w-]+:)?Envelope[\s>]/.test(text)) throw new OnvifError('badResponse', 'not a SOAP envelope');
  return text;
}

/** A service address on the host we were configured with (see ptzServiceUrl). */
function onConfiguredHost(target: OnvifTarget, xaddr: string): string {
  try {
    const given = new URL(xaddr);
    return `${new URL(target.url).origin}${given.pathname}${given.search}`;
  } catch {
    throw new OnvifError('badResponse', 'service XAddr is not a URL');
  }
}

/**
 * The PTZ service address from GetCapabilities. Devices behind NAT often report their inside address,
 * so the path they give is kept on the host we were configured with.
 */
async function ptzServiceUrl(target: OnvifTarget): Promise<string> {
  const reply = await post(target, target.url, `${NS.device}/GetCapabilities`, '<tds:GetCapabilities><tds:Category>PTZ</tds:Category></tds:GetCapabilities>');
  const ptz = /<(?:[\w-]+:)?PTZ(?:\s[^>]*)?>([\s\S]*?)<\/(?:[\w-]+:)?PTZ>/.exec(reply);
  const xaddr = ptz ? xmlText(ptz[1]!, 'XAddr') : null;
  if (!xaddr) throw new OnvifError('noPtzService', 'no PTZ capability');
  return onConfiguredHost(target, xaddr);
}

/** Sends one PTZ command: ContinuousMove in a direction (or zoom), or Stop. */
export async function ptzCommand(target: OnvifTarget, profileToken: string, command: TPtzCommand, speed: number): Promise<void> {
  const url = await ptzServiceUrl(target);
  const { action, body } = ptzBody(profileToken, command, speed);
  await post(target, url, action, body);
}

export type DeviceInfo = { manufacturer: string | null; model: string | null; firmware: string | null; deviceTime: string | null };

/**
 * Asks a device who it is: GetSystemDateAndTime (needs no credentials, proves it answers), then
 * GetDeviceInformation with credentials when there are some (proves they are right).
 */
export async function probeDevice(target: OnvifTarget): Promise<DeviceInfo> {
  const time = await post(target, target.url, `${NS.device}/GetSystemDateAndTime`, '<tds:GetSystemDateAndTime/>', false);
  const utc = /<(?:[\w-]+:)?UTCDateTime>([\s\S]*?)<\/(?:[\w-]+:)?UTCDateTime>/.exec(time)?.[1] ?? '';
  const n = (tag: string) => Number(xmlText(utc, tag) ?? NaN);
  const deviceTime = utc && !Number.isNaN(n('Year'))
    ? new Date(Date.UTC(n('Year'), n('Month') - 1, n('Day'), n('Hour'), n('Minute'), n('Second'))).toISOString()
    : null;
  if (!target.username) return { manufacturer: null, model: null, firmware: null, deviceTime };
  const info = await post(target, target.url, `${NS.device}/GetDeviceInformation`, '<tds:GetDeviceInformation/>');
  return { manufacturer: xmlText(info, 'Manufacturer'), model: xmlText(info, 'Model'), firmware: xmlText(info, 'FirmwareVersion'), deviceTime };
}

/**
 * Whether a recorder is recording (ONVIF Profile G): GetServices finds its recording service, whose
 * GetRecordingJobs lists jobs in Active or Idle mode. null when the device has no recording service.
 */
export async function recordingState(target: OnvifTarget): Promise<boolean | null> {
  const services = await post(target, target.url, `${NS.device}/GetServices`, '<tds:GetServices><tds:IncludeCapability>false</tds:IncludeCapability></tds:GetServices>');
  const entry = [...services.matchAll(/<(?:[\w-]+:)?Service>([\s\S]*?)<\/(?:[\w-]+:)?Service>/g)].map((m) => m[1]!)
    .find((body) => xmlText(body, 'Namespace') === NS.recording);
  const xaddr = entry ? xmlText(entry, 'XAddr') : null;
  if (!xaddr) return null;
  const jobs = await post(target, onConfiguredHost(target, xaddr), `${NS.recording}/GetRecordingJobs`, '<trc:GetRecordingJobs/>');
  return [...jobs.matchAll(/<(?:[\w-]+:)?Mode>\s*Active\s*<\/(?:[\w-]+:)?Mode>/g)].length > 0;
}
