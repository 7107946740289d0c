import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A fresh SQLite file per run: the binary creates it with demo data on start.
const port = Number(process.env.E2E_PORT ?? 18181);
// scripts/test points this at its one build (target/ci/orders); by hand the release binary.
const binary = process.env.ORDERS_E2E_BINARY ?? '../target/release/orders';
const database = join(tmpdir(), `orders-e2e-${process.pid}-${Date.now()}.db`);
process.env.E2E_DATABASE = database;

export default defineConfig({
  testDir: './tests',
  globalTeardown: './global-teardown.ts',
  outputDir: './test-results',
  // 60 s, not 30: on a 2-core runner the browser tests share the machine with the contract test, and a
  // long flow (two devices, several accessibility scans) has timed out with every step passing.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two workers, each taking whole files in name order (a file's tests run in order): on 2 cores the suite took
  // 17.1 minutes with one worker beside the Rust tests, 10.5 with two (bench/notes.md, "The test command"). Most
  // tests make their own members and orders; files that act on the same demo order (returns, keyboard-returns
  // and flag-effects on C9RM00000001, curbside and keyboard on C00000000012) must each hold whatever the other
  // did first, as they already had to when run alone. Tests that change one member's saved data at once share
  // a file (the address book of shopper@example.com: addresses.spec.ts, by mouse and by keyboard).
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `${binary} serve --addr 127.0.0.1:${port} --database-url ${database} --ops-key e2e-ops-key --config-file config.toml`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
