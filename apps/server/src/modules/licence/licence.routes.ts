import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZActivateLicenceRequest, ZLicenceInfo } from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import * as licence from './licence.service.ts';

const tags = ['licence'];

/**
 * The deployment's licence (decision 0027). Both routes are public: /activation, /extendAuthorization
 * and /lengthen open with or without a token (spec section 2), and the signed code is the credential.
 */
export const licenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const env = app.deps;

  app.get('/base/licence/v1/info', {
    config: { permission: 'public' },
    schema: {
      tags,
      summary: "The licence in force: licensee, limits, features, expiry and state (demo, active, expiring, expired = read-only), this deployment's id, and for a signed-in caller what is in use",
      response: okSchema(ZLicenceInfo),
    },
  }, async (req) => ok(await licence.licenceInfo(env, { signedIn: req.auth !== null, host: req.host })));

  app.post('/base/licence/v1/activate', {
    config: { permission: 'public' },
    schema: {
      tags,
      summary: 'Activates or extends the licence with a code signed by the vendor (Ed25519): for this deployment or any, not expired, issued after the licence in force',
      body: ZActivateLicenceRequest,
      response: okSchema(ZLicenceInfo),
    },
  }, async (req) => {
    await licence.activate(env, req.body.code);
    return ok(await licence.licenceInfo(env, { signedIn: req.auth !== null, host: req.host }));
  });
};
