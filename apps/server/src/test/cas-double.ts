import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A local CAS server (protocol 2.0/3.0): a login form that returns to the service with a service
 * ticket, /p3/serviceValidate (or, with `p3: false`, only /serviceValidate) answering XML with
 * attributes, single-use tickets bound to their service, and /logout back to the service.
 */
export function startCasDouble() {
  const state = {
    p3: true,
    /** A careless CAS server that validates a ticket more than once: hxk must refuse the replay itself. */
    reuse: false,
    tickets: new Map<string, { user: string; service: string; attributes: Record<string, string>; used: boolean }>(),
    /** Attributes released for a user at the next login. */
    attributes: {} as Record<string, Record<string, string>>,
    requests: [] as string[],
    logouts: [] as string[],
  };
  const issue = (user: string, service: string) => {
    const ticket = `ST-${crypto.randomBytes(12).toString('hex')}`;
    state.tickets.set(ticket, { user, service, attributes: state.attributes[user] ?? {}, used: false });
    return ticket;
  };
  const validate = (url: URL, res: http.ServerResponse) => {
    const t = state.tickets.get(url.searchParams.get('ticket') ?? '');
    const ok = t && (!t.used || state.reuse) && t.service === url.searchParams.get('service');
    if (t) t.used = true;
    res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
    if (!ok) {
      res.end(`<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket not recognized</cas:authenticationFailure></cas:serviceResponse>`);
      return;
    }
    const attrs = Object.entries(t.attributes).map(([k, v]) => `<cas:${k}>${esc(v)}</cas:${k}>`).join('');
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n <cas:authenticationSuccess>\n  <cas:user>${esc(t.user)}</cas:user>\n  <cas:attributes>${attrs}</cas:attributes>\n </cas:authenticationSuccess>\n</cas:serviceResponse>`);
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    state.requests.push(url.pathname + url.search);
    const service = url.searchParams.get('service') ?? '';
    if (url.pathname === '/cas/login' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>CAS double</title><form method="post" action="/cas/login?service=${encodeURIComponent(service)}"><label>Username <input name="username" id="username"></label><button id="cas-submit">Sign in</button></form>`);
      return;
    }
    if (url.pathname === '/cas/login' && req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const user = new URLSearchParams(body).get('username') ?? '';
        const back = new URL(service);
        back.searchParams.set('ticket', issue(user, service));
        res.writeHead(302, { location: back.href });
        res.end();
      });
      return;
    }
    if (url.pathname === '/cas/p3/serviceValidate' && state.p3) return validate(url, res);
    if (url.pathname === '/cas/serviceValidate') return validate(url, res);
    if (url.pathname === '/cas/logout') {
      state.logouts.push(service);
      res.writeHead(302, { location: service || '/' });
      res.end();
      return;
    }
    res.writeHead(404);
    res.end();
  });
  return {
    state,
    /** A ticket as the login form would give `user` for `service`. */
    issue,
    async listen() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/cas`;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The SAML LogoutRequest a CAS server posts for single logout. */
export const casLogoutRequest = (ticket: string) =>
  `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="LR-1" Version="2.0" IssueInstant="2026-01-01T00:00:00Z"><saml:NameID>@NOT_USED@</saml:NameID><samlp:SessionIndex>${ticket}</samlp:SessionIndex></samlp:LogoutRequest>`;
