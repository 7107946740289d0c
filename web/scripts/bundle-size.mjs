// Gzip sizes (default level, as `gzip -c`) of the built app: what /orders loads first, and what each lazy page adds.
// Fails when a budget is broken: initial JS for /orders <= 112 KB gzip, each lazy route <= 30 KB gzip, the first
// paint (ADR 0032) <= 10 KB gzip. The target is 100 KB (docs/performance.md), not met. Until the thirteenth
// session this figure counted the entry and the history page's chunks (101.9 KB then) but not the history's slots
// (buy again, return: ./app/history-slots), which the page also waits for before it renders (routes.tsx,
// `withOrderSlots`): 105.4 KB with them, 104.1 KB once buy again's dialogs loaded on the click. The first paint
// (its own chunk with every language's few messages, loaded beside the app) adds about 7 KB: 111.0 KB, a trade
// for a page drawn 1 to 2 s sooner on a phone. The line holds what is, so that nothing grows further unnoticed while
// the target stays open (issue 33).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = 'dist';
const ASSETS = join(DIST, 'assets');
const KB = 1024;
const INITIAL_BUDGET = 112 * KB;
const ROUTE_BUDGET = 30 * KB;
/**
 * What the first paint loads before it draws (ADR 0032): its chunk (with its messages) and what it shares with the app.
 * The code that links a first page's files after the paint (ADR 0033, boot/page-files.ts) is a chunk of its own,
 * loaded after the paint, so that the frame does not wait for it: with it inside, the first paint was 10.3 KB.
 */
const FIRST_PAINT_BUDGET = 10 * KB;

const files = readdirSync(ASSETS).filter((name) => name.endsWith('.js'));
const source = (name) => readFileSync(join(ASSETS, name), 'utf8');
const gzip = (name) => gzipSync(readFileSync(join(ASSETS, name))).length;
const staticImports = (name) =>
  [...source(name).matchAll(/(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)].map((m) => m[1]);
const dynamicImports = (name) =>
  [...source(name).matchAll(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)].map((m) => m[1]);

/** A chunk and everything it imports statically. */
function closure(name, seen = new Set()) {
  if (seen.has(name)) return seen;
  seen.add(name);
  staticImports(name).forEach((dep) => closure(dep, seen));
  return seen;
}
const total = (names) => [...names].reduce((sum, name) => sum + gzip(name), 0);
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/src="\/assets\/([^"]+\.js)"/g)].map((match) => match[1]);
const entry = scripts.find((name) => name.startsWith('index-'));
if (!entry || !files.includes(entry)) throw new Error('entry chunk not found in dist/index.html');
// The first paint (ADR 0032): its own entry (with every language's few messages) and what it shares with the app.
const firstPaint = scripts.find((name) => name.startsWith('first-paint-'));
if (!firstPaint) throw new Error('first-paint chunk not found in dist/index.html');
const firstPaintFiles = closure(firstPaint);

const initial = closure(entry);
console.log(`entry ${entry} + static imports:`);
[...initial].forEach((name) => console.log(`  ${name.padEnd(44)} ${kb(gzip(name))}`));
console.log(`  = ${kb(total(initial))}`);

let failed = false;
const firstPaintBytes = total(firstPaintFiles);
console.log(
  `\nthe first paint (${[...firstPaintFiles].join(', ')}): ${kb(firstPaintBytes)} (budget ${kb(FIRST_PAINT_BUDGET)})`,
);
if (firstPaintBytes > FIRST_PAINT_BUDGET) failed = true;

const lazy = [...new Set([...initial].flatMap(dynamicImports))];
console.log('\nlazy chunks (own size; + what they add beyond the entry):');
const rows = lazy.map((name) => {
  const added = [...closure(name)].filter((dep) => !initial.has(dep));
  return { name, own: gzip(name), added: total(added) };
});
for (const row of rows) {
  console.log(`  ${row.name.padEnd(44)} ${kb(row.own).padStart(9)}   +${kb(row.added)}`);
  const isRoute = /-page-/.test(row.name);
  if (isRoute && row.added > ROUTE_BUDGET) {
    console.error(`  ! ${row.name} adds more than ${kb(ROUTE_BUDGET)}`);
    failed = true;
  }
}

// What /orders loads at start: the entry's closure, the history page's and its slots' (which the page waits for),
// and the first paint's (each file once).
const ordersFiles = new Set([...initial, ...firstPaintFiles]);
for (const prefix of ['order-history-page-', 'history-slots-']) {
  const chunk = lazy.find((name) => name.startsWith(prefix));
  if (!chunk) throw new Error(`${prefix} chunk not found`);
  closure(chunk, ordersFiles);
}
const ordersInitial = total(ordersFiles);
console.log(
  `\ninitial JS for /orders (entry + the history page + its slots + the first paint, ${ordersFiles.size} files): ${kb(ordersInitial)} (budget ${kb(INITIAL_BUDGET)})`,
);
if (ordersInitial > INITIAL_BUDGET) failed = true;
process.exit(failed ? 1 : 0);
