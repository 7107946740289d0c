import { expect, test } from '@playwright/test';
import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectNoAxeViolations, removeDatabase, shot, untilHealthy } from './fixtures';

// One flag, turned on for a whole deployment through the environment, checked in the page and in the API
// together: the shared server runs with the defaults (the lookup on), a second `orders` process beside it
// runs with ORDERS_FLAG_DISABLE_GIFT_CARD_LOOKUP=true.
const BINARY = process.env.ORDERS_E2E_BINARY ?? '../target/release/orders';
const DATABASE = join(tmpdir(), `orders-e2e-flag-${process.pid}-${Date.now()}.db`);
const CARD = { accountNumber: '6060123456789012345', pin: '000000', currency: 'USD' };

let flagged: ChildProcess | undefined;
/** The flagged process's address: it listens on a free port and prints it. */
let FLAGGED = '';

test.beforeAll(async () => {
  const child = spawn(BINARY, ['serve', '--addr', '127.0.0.1:0', '--database-url', DATABASE, '--no-demo-data'], {
    env: { ...process.env, ORDERS_FLAG_DISABLE_GIFT_CARD_LOOKUP: 'true' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  flagged = child;
  FLAGGED = await new Promise<string>((found, failed) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const address = /serving on (http:\/\/[\d.:]+)/.exec(output)?.[1];
      if (address) found(address);
    });
    child.on('exit', (code) => { failed(new Error(`the flagged orders process exited (${String(code)})`)); });
  });
  await untilHealthy(FLAGGED);
});

test.afterAll(() => {
  flagged?.kill('SIGTERM');
  removeDatabase(DATABASE);
});

test('flag off: the configuration, the gift card page and its call all offer the lookup', async ({ page, request }) => {
  const config = await request.get('/config/v1/us');
  expect(config.status()).toBe(200);
  expect(config.headers()['cache-control']).toBe('public, max-age=300');
  expect(((await config.json()) as { flags: Record<string, boolean> }).flags.disableGiftCardLookup).toBe(false);
  const call = await request.post('/payment/giftcard_balance/v1?country=us', { data: CARD });
  expect(call.status()).toBe(400);
  expect(((await call.json()) as { code: string }).code).toBe('gift-card-invalid');

  await page.goto('/orders/gift-card-lookup');
  await expect(page.getByRole('heading', { level: 1, name: 'Check your gift card balance' })).toBeVisible();
});

test('flag on: the configuration says so, the page sends the shopper on and the call is refused', async ({ page, request }) => {
  const config = await request.get(`${FLAGGED}/config/v1/us`);
  expect(((await config.json()) as { flags: Record<string, boolean> }).flags.disableGiftCardLookup).toBe(true);
  const call = await request.post(`${FLAGGED}/payment/giftcard_balance/v1?country=us`, { data: CARD });
  expect(call.status()).toBe(404);
  expect(await call.json()).toMatchObject({ code: 'feature-disabled', field: 'disableGiftCardLookup' });

  // The page carries its country's configuration (inlined by the server): no request waits for it.
  const configRequests: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/config/v1/')) configRequests.push(sent.url());
  });
  await page.goto(`${FLAGGED}/orders/gift-card-lookup`);
  await expect(page).not.toHaveURL(/gift-card-lookup/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your gift card balance' })).toHaveCount(0);
  expect(configRequests).toEqual([]);
  await shot(page, 'gift-card-lookup-disabled');
  await expectNoAxeViolations(page, 'gift card lookup turned off');
});
