/**
 * Which module a licence feature switches (decision 0027): app.ts registers a module's routes through
 * `licensed(feature, routes)`, which marks every route of it with `config.feature`; the licence guard
 * (licence-guard.ts) refuses the marked routes while the licence in force leaves the feature off. One
 * mark per module, one check for all of them.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TLicenceFeature } from '@hxk/contracts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The licence feature this route's module belongs to (set by `licensed`, never by hand). */
    feature?: TLicenceFeature;
  }
  interface FastifyInstance {
    /** Every route a feature switches, "<feature> <METHOD> <url>" (a test reviews the list). */
    licensedRoutes: string[];
  }
}

export function licensed(feature: TLicenceFeature, routes: FastifyPluginAsyncZod): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, feature };
      for (const method of [route.method].flat()) if (method !== 'HEAD') app.licensedRoutes.push(`${feature} ${method} ${route.url}`);
    });
    await app.register(routes);
  };
}
