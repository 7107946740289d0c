// Fails when src/shared/api/schema.d.ts is not what openapi.json generates,
// so the server's contract and the client's types cannot drift apart.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const committed = 'src/shared/api/schema.d.ts';
const dir = mkdtempSync(join(tmpdir(), 'check-api-'));
const fresh = join(dir, 'schema.d.ts');
try {
  execFileSync(process.execPath, ['node_modules/openapi-typescript/bin/cli.js', 'openapi.json', '-o', fresh], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const same = readFileSync(fresh, 'utf8') === readFileSync(committed, 'utf8');
  if (!same) {
    console.error(`${committed} is out of date with openapi.json: run \`npm run gen:api\` and commit the result.`);
    process.exit(1);
  }
  console.log(`${committed} matches openapi.json`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
