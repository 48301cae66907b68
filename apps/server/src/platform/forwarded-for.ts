import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export const FORWARDED_FOR_WARNING =
  'Requests carry X-Forwarded-For but TRUST_PROXY is off: every client IP is the proxy\'s, so sign-in ' +
  'throttling and rate limits treat everyone behind it as one client. Set TRUST_PROXY=true when the ' +
  'server runs behind a reverse proxy (docs/configuration.md); leave it off when clients reach it directly.';

/**
 * Behind a reverse proxy without TRUST_PROXY, req.ip is the proxy's address for everybody. The first
 * request that shows it (an X-Forwarded-For header) logs one warning; later ones cost a boolean check.
 */
export function warnOnUntrustedForwardedFor(app: FastifyInstance, trustProxy: boolean, log: Pick<FastifyBaseLogger, 'warn'> = app.log): void {
  if (trustProxy) return;
  let warned = false;
  app.addHook('onRequest', (req, _reply, done) => {
    if (!warned && req.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      log.warn({ proxyIp: req.ip, forwardedFor: req.headers['x-forwarded-for'] }, FORWARDED_FOR_WARNING);
    }
    done();
  });
}
