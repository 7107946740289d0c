import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { compileMessages } from './scripts/compile-messages.mjs';

// Dates in tests are asserted in UTC; forked test workers inherit this.
process.env.TZ = 'UTC';

/**
 * Test files that need a module graph (and a page) of their own: those that replace a module (`vi.mock`) and
 * those that set the page up before the app's modules load and read it (marked `// vitest: isolate`). Every
 * other file shares one module graph and one jsdom per worker (`isolate: false`): the suite then takes about
 * 110 CPU-seconds instead of 420 (bench/notes.md, "The test command"), and scripts/test runs it beside the
 * Rust build on 2 cores. The setup file (src/test/setup.ts) puts back after each test what a test may change.
 */
const TESTS = 'src/**/*.test.{ts,tsx}';
const isolatedTests = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.test\.tsx?$/.test(name))
  .map((name) => `src/${name.split('\\').join('/')}`)
  .filter((path) => /vi\.mock\(|vitest: isolate/.test(readFileSync(path, 'utf8')));

const apiTarget = process.env.ORDERS_API ?? 'http://127.0.0.1:8080';
// The server's API prefixes (crates/server/src/web/mod.rs); /images serves the demo product photos.
const proxied = ['/orders/history', '/orders/summary', '/auth', '/ops', '/healthz', '/openapi.json', '/images'];

export default defineConfig(({ command }) => ({
  plugins: [compileMessages(), react()],
  resolve: {
    alias: [
      // The country data the server serves (data/countries), read by the web only where it must work before
      // /config answers (the date formats' first paint).
      { find: /^@data\//, replacement: `${fileURLToPath(new URL('../data', import.meta.url))}/` },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // wouter's React-before-18 shim: React 19 has the hook, which is what the shim returns on it anyway.
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/shared/react/use-sync-external-store-shim.ts', import.meta.url)),
      },
      // Catalogues arrive compiled (scripts/compile-messages.mjs): the ICU parser stays out of the bundle.
      // Tests keep the full parser, which the catalogue test uses to check the raw files.
      ...(command === 'build'
        ? [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: fileURLToPath(
                new URL('./node_modules/@formatjs/icu-messageformat-parser/no-parser.js', import.meta.url),
              ),
            },
          ]
        : []),
    ],
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // A feature's modules only declare (components, hooks, models; their one side effect is the CSS they
      // import): what a feature's index re-exports but a chunk does not use stays out of it, CSS included.
      // Without this the history's slots took the returns index's details panel, barcode and dialogs along.
      treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]features[\\/].+\.tsx?$/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            // Libraries in one long-cached chunk that app releases do not invalidate; pages stay split.
            { name: 'vendor', test: /node_modules/ },
            // Everything else the entry imports in one chunk: it all loads at start anyway, and the modules that
            // pages share with the entry (button, i18n) otherwise go to a chunk of their own.
            { name: 'app', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // The test command runs this beside the Rust build and the browser tests on 2 cores (scripts/test): a
    // test and its setup hooks may wait for a core.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'shared', isolate: false, include: [TESTS], exclude: isolatedTests } },
      { extends: true, test: { name: 'isolated', include: isolatedTests } },
    ],
  },
}));
