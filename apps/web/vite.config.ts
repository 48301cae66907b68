import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const API = 'http://localhost:3000';

/**
 * Writes .gz and .br twins of the text assets, so a static server that serves pre-compressed files
 * (@fastify/static `preCompressed`) sends them without compressing on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hxk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg|html|json)$/.test(file)) continue;
        const full = path.join(outDir, file);
        const data = fs.readFileSync(full);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * zod compiles a fast path for object schemas with `new Function`, after probing whether it may. The
 * server's CSP (script-src 'self', no 'unsafe-eval') forbids it, and Chromium reports even the caught
 * probe as a CSP violation, a console error on every screen (issue 12). zod's `jitless` setting skips
 * the probe and the compilation, but only if it is set before the first schema is built, and the
 * contracts build theirs as their chunks load. So the build gives zod's global config `jitless: true`
 * where zod creates it: no ordering to get wrong. Fails the build if zod changes that line.
 */
function zodJitless(): Plugin {
  const created = '(_a.__zod_globalConfig = {})';
  let patched = false;
  return {
    name: 'hxk-zod-jitless',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id.split('?')[0]!)) return null;
      if (!code.includes(created)) this.error(`zod's core.js no longer creates its global config as ${created}: update hxk-zod-jitless`);
      patched = true;
      return { code: code.replace(created, '(_a.__zod_globalConfig = { jitless: true })'), map: null };
    },
    buildEnd() {
      if (!patched) this.error('zod/v4/core/core.js was not in the build: hxk-zod-jitless found nothing to set');
    },
  };
}

// The server serves dist/ at /hxk/ with an SPA fallback; in development Vite proxies the API to it.
export default defineConfig({
  base: '/hxk/',
  plugins: [react(), zodJitless(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    // scripts/login-bundle-size.mjs reads it to measure what the login page loads.
    manifest: true,
  },
  server: {
    proxy: {
      '/base': { target: API, changeOrigin: false },
      // ws: the notification socket (GET /app/ws) goes through the dev proxy too.
      '/app': { target: API, changeOrigin: false, ws: true },
      '/ai': { target: API, changeOrigin: false },
    },
  },
});
