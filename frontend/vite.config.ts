import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';

const backend = 'http://localhost:3000';

export default defineConfig({
  base: '/',
  // Every page is its own chunk (lib/lazy-component.ts); each text file gets a .br and a .gz.
  plugins: [react(), precompress()],
  // The server replaces this placeholder with a nonce per page (backend/src/web-assets.ts, docs/adr/0029):
  // Vite puts it on the tags it emits and in <meta property="csp-nonce">, read by app/providers.tsx.
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: the server preloads a public route's page chunk from its head (docs/adr/0058).
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/media': { target: backend, changeOrigin: true },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // antd in jsdom takes seconds per screen when the two cores are busy (a build, another suite):
    // a slow machine should not read as a failure. Tests that wait on timers set their own.
    testTimeout: 15_000,
  },
});
