/**
 * The web client's build: Vite with React, rooted at src/web, built into dist/web (served by the
 * Fastify process). `npm run dev` proxies the API to a server on API_URL (http://localhost:3000).
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': { target: api, ws: true, changeOrigin: false },
      '/auth': { target: api },
      '/api': { target: api },
    },
  },
});
