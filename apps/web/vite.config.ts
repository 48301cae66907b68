import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API = 'http://localhost:3000';

// The server serves dist/ at /hxk/ with an SPA fallback; in development Vite proxies the API to it.
export default defineConfig({
  base: '/hxk/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    manifest: true,
  },
  server: {
    proxy: {
      '/base': { target: API, changeOrigin: false },
      '/app': { target: API, changeOrigin: false },
      '/ai': { target: API, changeOrigin: false },
    },
  },
});
