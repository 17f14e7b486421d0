import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';

const backend = 'http://localhost:3000';

export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd + React make one ~680 kB (≈225 kB gzip) shared chunk; role areas are split off.
    chunkSizeWarningLimit: 800,
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
  },
});
