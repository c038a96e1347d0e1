/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // A build for tests and benchmarks (VAT_TEST_HOOKS=1, into dist-test/) carries window.__vat's mutators
  // and benchmark helpers; every other build replaces the flag with false and drops them.
  define: { __VAT_TEST_HOOKS__: JSON.stringify(process.env.VAT_TEST_HOOKS === '1') },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2000 },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    // Server/API and machine tests run in node; UI tests opt into jsdom with a file docblock.
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
  },
});
