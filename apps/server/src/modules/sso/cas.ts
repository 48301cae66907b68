/**
 * CAS 2.0 / 3.0 (Apereo CAS protocol): the login redirect, service-ticket validation and the single
 * logout request. Validation asks /p3/serviceValidate (CAS 3.0, with attributes) and falls back to
 * /serviceValidate (CAS 2.0) when the server has no /p3. Every call goes through the guarded outbound
 * client: the CAS server is an address a school sets.
 */
import { AppError } from '../../platform/errors.ts';
import { OutboundError, outboundFetch } from '../../platform/outbound.ts';
import { child, parseXml, XmlError, type XmlElement } from './xml.ts';

export type CasIdentity = { user: string; attributes: Record<string, string[]> };

const base = (server: string) => server.replace(/\/+$/, '');

export const casLoginUrl = (server: string, service: string) => `${base(server)}/login?service=${encodeURIComponent(service)}`;
/** CAS logout, then back to `service` (CAS 3.0 `service`; older servers read `url`). */
export const casLogoutUrl = (server: string, service: string) =>
  `${base(server)}/logout?service=${encodeURIComponent(service)}&url=${encodeURIComponent(service)}`;

/** Maps the guarded client's failures to the fixed, localized messages: the remote body never shows. */
export function providerError(err: unknown): never {
  if (err instanceof AppError) throw err;
  if (err instanceof OutboundError && (err.kind === 'blocked' || err.kind === 'invalidUrl')) throw new AppError('sso.providerBlocked');
  throw new AppError('sso.providerUnreachable');
}

/** The identity in a serviceValidate reply, or null for an authenticationFailure (bad, used or expired ticket). */
export function parseServiceResponse(xml: string): CasIdentity | null {
  let doc: XmlElement;
  try {
    doc = parseXml(xml);
  } catch (err) {
    if (err instanceof XmlError) throw new AppError('sso.providerUnreachable');
    throw err;
  }
  if (doc.local !== 'serviceResponse') throw new AppError('sso.providerUnreachable');
  const success = child(doc, 'authenticationSuccess');
  if (!success) return null;
  const user = child(success, 'user')?.text.trim();
  if (!user) return null;
  const attributes: Record<string, string[]> = {};
  for (const a of child(success, 'attributes')?.children ?? []) (attributes[a.local] ??= []).push(a.text.trim());
  return { user, attributes };
}

export async function validateCasTicket(opts: { server: string; service: string; ticket: string; allowHosts: readonly string[] }): Promise<CasIdentity> {
  const query = `?service=${encodeURIComponent(opts.service)}&ticket=${encodeURIComponent(opts.ticket)}`;
  const ask = (path: string) => outboundFetch(`${base(opts.server)}${path}${query}`, { allowHosts: opts.allowHosts, maxBytes: 256 * 1024, timeoutMs: 10_000 });
  let body: Buffer;
  try {
    try {
      body = (await ask('/p3/serviceValidate')).body;
    } catch (err) {
      if (!(err instanceof OutboundError && err.kind === 'status' && err.status === 404)) throw err;
      body = (await ask('/serviceValidate')).body;
    }
  } catch (err) {
    providerError(err);
  }
  const identity = parseServiceResponse(body.toString('utf8'));
  if (!identity) throw new AppError('sso.ticketInvalid');
  return identity;
}

/** The service ticket a CAS single-logout request names (samlp:LogoutRequest / samlp:SessionIndex), or null. */
export function parseLogoutRequest(xml: string): string | null {
  try {
    const doc = parseXml(xml);
    if (doc.local !== 'LogoutRequest') return null;
    return child(doc, 'SessionIndex')?.text.trim() || null;
  } catch {
    return null;
  }
}
