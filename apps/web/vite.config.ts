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

// The server serves dist/ at /hxk/ with an SPA fallback; in development Vite proxies the API to it.
export default defineConfig({
  base: '/hxk/',
  plugins: [react(), precompress()],
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
