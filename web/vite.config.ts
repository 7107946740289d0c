import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin, Rollup } from 'vite';
import { defineConfig } from 'vitest/config';
import { compileMessages, firstPaintMessages } from './scripts/compile-messages.mjs';
import { FIRST_PAGES } from './src/app/first-pages.ts';
import { FIRST_PAINT_KEYS } from './src/boot/first-paint-keys.ts';
import { PAGE_FILES_ID } from './src/boot/page-files-id.ts';
import { PREFIX_PATTERN } from './src/shared/routing/route-prefix.ts';

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

const FIRST_PAINT = 'src/boot/first-paint.ts';

/**
 * The first paint's script (ADR 0032) in the page's head, before the app's: its own entry, so that it waits for
 * nothing of the app's (React above all). In a build, the emitted chunk; in dev, the source.
 */
function firstPaintScript(): Plugin {
  return {
    name: 'orders:first-paint-script',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === 'first-paint',
        );
        if (context.bundle && !chunk) throw new Error('the first-paint chunk is missing from the build');
        const src = chunk ? `/${chunk.fileName}` : `/${FIRST_PAINT}`;
        // The app's scripts are fetched at once but after the first paint's (fetchpriority=low): the frame needs
        // 6 KB, the app 95 KB, and on a slow link the frame should not wait behind them. The first paint's
        // shared chunk keeps its priority.
        const lowered = html.replace(
          /<(script type="module"|link rel="modulepreload")([^>]*?) (src|href)="\/assets\/(?!first-paint-)([^"]+)"/g,
          '<$1$2 fetchpriority="low" $3="/assets/$4"',
        );
        return {
          html: lowered,
          tags: [{ tag: 'script', attrs: { type: 'module', crossorigin: true, src }, injectTo: 'head-prepend' }],
        };
      },
    },
  };
}

/**
 * `page-preloads.json` (ADR 0033): for each of the first pages (src/app/first-pages.ts), the whole path's pattern
 * (the country/locale prefix, then the page's path) and the files its route loads that the entry does not: its
 * chunks with every chunk they import, and their CSS; and the id of the data block the server names them in, in
 * that page's HTML. The first paint links them after its paint (boot/page-files.ts), and Vite's loader, which
 * finds them linked, inserts no link of its own (about 30 links for an order: 40-170 ms of a phone's main thread
 * in one long task, docs/performance.md).
 */
function pagePreloads(): Plugin {
  return {
    name: 'orders:page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** `start` and every chunk it imports, however deep, in the order a depth-first walk meets them. */
      const closure = (start: Rollup.OutputChunk[]) => {
        const seen = new Set<string>();
        const visit = (chunk: Rollup.OutputChunk) => {
          if (seen.has(chunk.fileName)) return;
          seen.add(chunk.fileName);
          for (const imported of chunk.imports) {
            const next = byFile.get(imported);
            if (next) visit(next);
          }
        };
        start.forEach(visit);
        return [...seen].flatMap((file) => byFile.get(file) ?? []);
      };
      const cssOf = (chunk: Rollup.OutputChunk) => [...(chunk.viteMetadata?.importedCss ?? [])];
      const loaded = closure(chunks.filter((chunk) => chunk.isEntry));
      const loadedFiles = new Set([...loaded.map((chunk) => chunk.fileName), ...loaded.flatMap(cssOf)]);
      const pages = Object.entries(FIRST_PAGES).map(([name, page]) => {
        const starts = page.modules.map((module) => {
          const id = fileURLToPath(new URL(`./${module}`, import.meta.url));
          const chunk = chunks.find((candidate) => candidate.isDynamicEntry && candidate.facadeModuleId === id);
          if (!chunk) throw new Error(`first-pages.ts: ${module} (page ${name}) is not a lazily loaded chunk`);
          return chunk;
        });
        const own = closure(starts);
        const unique = (files: string[]) => [...new Set(files)].filter((file) => !loadedFiles.has(file));
        return {
          name,
          path: `^${PREFIX_PATTERN}${page.path.slice(1)}`,
          scripts: unique(own.map((chunk) => chunk.fileName)).map((file) => `/${file}`),
          styles: unique(own.flatMap(cssOf)).map((file) => `/${file}`),
        };
      });
      this.emitFile({
        type: 'asset',
        fileName: 'page-preloads.json',
        source: `${JSON.stringify({ block: PAGE_FILES_ID, pages }, null, 1)}\n`,
      });
    },
  };
}

// The modules the first paint shares with the app (and Vite's helper that loads a lazy chunk with its imports):
// one chunk of their own, which imports nothing of React's.
const FIRST_PAINT_SHARED =
  /[\\/]src[\\/](shared[\\/](auth[\\/]session-start|config[\\/](brand-of|flags-of|inlined-config)|embed[\\/]embed|i18n[\\/]locale-table|routing[\\/](paths|route-prefix)|validation[\\/]rules\.generated)|boot[\\/]first-paint-gate)\.ts$|vite[\\/]preload-helper/;

const FIRST_PAINT_OWN = /[\\/]src[\\/]boot[\\/](first-paint|page-files-id)\.ts$|first-paint-messages$/;

export default defineConfig(({ command }) => ({
  plugins: [compileMessages(), firstPaintMessages([...FIRST_PAINT_KEYS]), react(), firstPaintScript(), pagePreloads()],
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
      input: { index: 'index.html', 'first-paint': FIRST_PAINT },
      // A feature's modules only declare (components, hooks, models; their one side effect is the CSS they
      // import): what a feature's index re-exports but a chunk does not use stays out of it, CSS included.
      // Without this the history's slots took the returns index's details panel, barcode and dialogs along.
      treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]features[\\/].+\.tsx?$/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            { name: 'first-paint-shared', test: FIRST_PAINT_SHARED, priority: 2 },
            // Libraries in one long-cached chunk that app releases do not invalidate; pages stay split.
            { name: 'vendor', test: /node_modules/ },
            // Everything else the entry imports in one chunk: it all loads at start anyway, and the modules that
            // pages share with the entry (button, i18n) otherwise go to a chunk of their own.
            // The first paint's own module and messages stay in its entry chunk.
            { name: 'app', tags: ['$initial'], test: (id: string) => !FIRST_PAINT_OWN.test(id) },
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
