import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults } from 'vitest/config';

// Test files share their worker's loaded modules (the server, the schemas, the models) instead of loading
// them again for each file: in CI on a fresh clone the suite ran in 701–802 s against 938 s. A file that
// swaps a module or a global for the whole file still gets a fresh module registry, since what it swaps
// would leak into the files after it in the same worker.
const testFiles = 'tests/**/*.test.{ts,tsx}';
const swapsModulesOrGlobals = /\bvi\.(mock|doMock|stubGlobal|stubEnv|resetModules)\(/;
/** The test files that swap a module or a global; read only when vitest loads this config, not for a build. */
function isolatedTestFiles(): string[] {
  if (!process.env.VITEST) return [];
  const testsDir = fileURLToPath(new URL('tests', import.meta.url));
  return fs
    .readdirSync(testsDir, { recursive: true, encoding: 'utf8' })
    .filter(
      (f) => /\.test\.tsx?$/.test(f) && swapsModulesOrGlobals.test(fs.readFileSync(path.join(testsDir, f), 'utf8')),
    )
    .map((f) => `tests/${f.split(path.sep).join('/')}`);
}
const isolated = isolatedTestFiles();

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // A build for tests and benchmarks (VAT_TEST_HOOKS=1, into dist-test/) carries window.__vat's mutators
  // and benchmark helpers; every other build replaces the flag with false and drops them.
  define: { __VAT_TEST_HOOKS__: JSON.stringify(process.env.VAT_TEST_HOOKS === '1') },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2000 },
  test: {
    // Server/API and machine tests run in node; UI tests opt into jsdom with a file docblock.
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      // an empty include would fall back to vitest's default pattern and run every file twice
      ...(isolated.length > 0 ? [{ extends: true as const, test: { name: 'isolated', include: isolated } }] : []),
      {
        extends: true,
        test: {
          name: 'shared',
          include: [testFiles],
          exclude: [...configDefaults.exclude, ...isolated],
          isolate: false,
        },
      },
    ],
  },
});
