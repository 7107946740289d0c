// Fails when src/shared/api/schema.d.ts is not what openapi.json generates, so the server's contract and
// the client's types cannot drift apart; and when the web calls a path and method the document does not
// list: every client call (`apiGet('/path', ...)` ...), and every other API address written in src/ (a
// link such as the e-invoice PDF, read as a GET); and when code other than the client calls fetch.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const committed = 'src/shared/api/schema.d.ts';
const failures = [];

function checkGenerated() {
  const dir = mkdtempSync(join(tmpdir(), 'check-api-'));
  const fresh = join(dir, 'schema.d.ts');
  try {
    execFileSync(process.execPath, ['node_modules/openapi-typescript/bin/cli.js', 'openapi.json', '-o', fresh], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (readFileSync(fresh, 'utf8') !== readFileSync(committed, 'utf8')) {
      failures.push(`${committed} is out of date with openapi.json: run \`npm run gen:api\` and commit the result.`);
    } else {
      console.log(`${committed} matches openapi.json`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    const isSource = /\.(ts|tsx)$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name);
    return isSource ? [path] : [];
  });
}

/** `{name}` and `${expression}` both stand for one path segment. */
const shapeOf = (path) => path.replace(/\$\{[^}]*\}|\{[^}]*\}/g, '{}');

/** The document's paths and methods, and the first two segments of each (what makes an address an API one). */
function documented() {
  const document = JSON.parse(readFileSync('openapi.json', 'utf8'));
  const operations = new Map();
  const prefixes = new Set();
  for (const [path, item] of Object.entries(document.paths)) {
    const methods = Object.keys(item).filter((key) => ['get', 'put', 'post', 'delete', 'patch'].includes(key));
    operations.set(path, new Set(methods));
    const shape = shapeOf(path);
    operations.set(shape, new Set([...(operations.get(shape) ?? []), ...methods]));
    prefixes.add(path.split('/').slice(0, 3).join('/') + '/');
  }
  return { operations, prefixes: [...prefixes] };
}

const lineOf = (text, index) => text.slice(0, index).split('\n').length;

/** Client calls: the path is the first argument and must be a literal (so it can be checked). */
function clientCalls(file, text) {
  const calls = [];
  for (const match of text.matchAll(/\bapi(Get|Post|Put|Patch|Delete)\(\s*(['"`]?)([^'"`,)]*)\2/g)) {
    const [, method, quote, path] = match;
    const where = `${file}:${lineOf(text, match.index)}`;
    if (!quote) failures.push(`${where}: api${method} is called with a path that is not a literal`);
    else calls.push({ where, method: method.toLowerCase(), path, exact: quote !== '`' });
  }
  return calls;
}

/** The literal that starts at `start` (after its quote), up to its closing quote; `${...}` becomes `{}`. */
function literalAt(text, start, quote) {
  let path = '';
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (char === quote || char === '\n') return path;
    if (quote === '`' && char === '$' && text[index + 1] === '{') {
      let depth = 0;
      for (index += 1; index < text.length; index += 1) {
        if (text[index] === '{') depth += 1;
        if (text[index] === '}' && --depth === 0) break;
      }
      path += '{}';
    } else {
      path += char;
    }
  }
  return path;
}

/** Other API addresses written in the code (links, image sources): read as GETs. */
function otherAddresses(file, text, prefixes) {
  const addresses = [];
  // The calls are checked above; blanked (keeping their line breaks) so the lines below still count right.
  const withoutCalls = text.replace(/\bapi(Get|Post|Put|Patch|Delete)\(\s*(['"`])[^'"`]*\2/g, (call) =>
    call.replace(/[^\n]/g, ''),
  );
  for (const match of withoutCalls.matchAll(/(['"`])\//g)) {
    const path = literalAt(withoutCalls, match.index + 1, match[1]);
    if (!prefixes.some((prefix) => path.startsWith(prefix))) continue;
    addresses.push({ where: `${file}:${lineOf(withoutCalls, match.index)}`, method: 'get', path, exact: false });
  }
  return addresses;
}

function checkCalls() {
  const { operations, prefixes } = documented();
  const files = sourceFiles('src').filter((file) => !file.endsWith(committed.replace('src/', '')));
  let count = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const name = relative('.', file);
    // One way to the server: the typed client is the only caller of fetch.
    if (name !== 'src/shared/api/client.ts' && /(?<![.\w])fetch\(/.test(text)) {
      failures.push(`${name}: calls fetch itself; call the API through src/shared/api/client.ts`);
    }
    for (const call of [...clientCalls(name, text), ...otherAddresses(name, text, prefixes)]) {
      count += 1;
      const path = call.path.split('?')[0];
      const methods = call.exact ? operations.get(path) : operations.get(shapeOf(path));
      if (!methods?.has(call.method)) {
        failures.push(`${call.where}: ${call.method.toUpperCase()} ${call.path} is not in openapi.json`);
      }
    }
  }
  console.log(`${count} API calls and addresses in src/ checked against openapi.json`);
}

checkGenerated();
checkCalls();
if (failures.length > 0) {
  for (const failure of failures) console.error(failure);
  process.exit(1);
}
