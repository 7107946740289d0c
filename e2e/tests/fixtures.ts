import { type APIRequestContext, type Page, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { rmSync } from 'node:fs';

export const OPS_KEY = 'e2e-ops-key';
export const DEMO_PASSWORD = 'orders-demo';

/**
 * The history's order cards, not its loading skeleton: the skeleton draws three cards of the same class (so the
 * page keeps its shape), without an order's heading. Counting before the data arrived counted those three.
 */
export function historyRows(page: Page) {
  return page.locator('main li.history-order').filter({ has: page.getByRole('heading', { level: 2 }) });
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  // Start signed out, whoever was signed in before (the session is a cookie every tab shares).
  await page.context().clearCookies();
  await page.goto('/orders/signin');
  await page.evaluate(() => { sessionStorage.clear(); });
  await page.goto('/orders/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
}

/**
 * Runs axe on the page once it has loaded and fails on any violation, listing them. "Loaded":
 * the page's own heading is there and nothing is busy. The title is set by the layout before a
 * route's code arrives, so a test that waited only for the title could run axe on the loading
 * spinner (no h1; CI saw this once on the guest lookup).
 */
export async function expectNoAxeViolations(page: Page, label: string) {
  // The first paint (web/src/boot/first-paint.ts) stands in for the page until the app shows it.
  await expect(page.locator('#first-paint'), `${label}: the app's page is on screen`).toHaveCount(0);
  await expect(page.locator('h1').first(), `${label}: page heading`).toBeVisible();
  await expect(page.locator('[aria-busy="true"]'), `${label}: still loading`).toHaveCount(0);
  // The page as it settles: a button just enabled fades from grey to its colour (120 ms), and axe caught
  // mid-fade once reported its white label on a half-grey background (CI-like run of session 19).
  // Only animations that end are waited for (a spinner turns forever).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** Waits until a second `orders` process a test started answers /healthz; fails after `ms`. */
export async function untilHealthy(base: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const healthy = await fetch(`${base}/healthz`).then((response) => response.ok, () => false);
    if (healthy) return;
    if (Date.now() > deadline) throw new Error(`the orders process at ${base} did not start`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

/** Removes a test's SQLite database with its WAL files. */
export function removeDatabase(path: string) {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
}

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

/** Creates a member (the demo password) through the ops API and answers their upmId. */
async function createMember(
  request: APIRequestContext,
  member: { email: string; firstName: string; lastName: string; country: string },
) {
  const created = await request.post('/ops/v1/members', {
    headers: { 'X-Ops-Key': OPS_KEY },
    data: { ...member, password: DEMO_PASSWORD },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { upmId: string }).upmId;
}

/** Stores an order through the ops API (created, or replaced when it is there). */
async function putOrder(request: APIRequestContext, order: object) {
  const response = await request.post('/ops/v1/orders', { headers: { 'X-Ops-Key': OPS_KEY }, data: order });
  expect([200, 201]).toContain(response.status());
}

/** Line 1: one pair of Stride Runner 4 (GTIN 00012345678905), with its size, price and status given. */
const strideRunner = (line: { skuId: string; size: string; unitPrice: number; tax: number; status: string }) => ({
  lineNumber: 1, gtin: '00012345678905', productId: 'P1', styleColor: 'SR4100-001', title: 'Stride Runner 4',
  category: "Men's Road Running Shoes", color: 'Black/White', imageUrl: '/images/products/SR4100-001.svg',
  quantity: 1, ...line,
});

/** A member with a sales order and its return, fed in through the ops API. */
export async function createReturnFixture(request: APIRequestContext) {
  const email = `returns.${Date.now()}@example.com`;
  const upmId = await createMember(request, { email, firstName: 'Rita', lastName: 'Return', country: 'GB' });
  const line = {
    ...strideRunner({ skuId: 'SR4-10', size: '10', unitPrice: 120, tax: 20, status: 'Delivered' }),
    shipmentNumber: 'S1', trackingUrl: 'https://tracking.example.com/royalmail/RM1',
  };
  const sale = { orderNumber: 'E2E0000001', orderType: 'SALES_ORDER', country: 'GB', currency: 'GBP', upmId,
    orderDate: '2026-10-01T10:00:00Z', shippingTotal: 0, payments: [{ paymentType: 'paypal' }], lines: [line] };
  const ret = { ...sale, orderNumber: 'E2ER000001', orderType: 'RETURN_ORDER', parentSalesOrderNumber: 'E2E0000001',
    orderDate: '2026-10-12T10:00:00Z', lines: [{ ...line, status: 'Received At Return Center', trackingUrl: null }] };
  for (const order of [sale, ret]) await putOrder(request, order);
  return { email, salesOrder: 'E2E0000001', returnOrder: 'E2ER000001' };
}

/** A member with one order placed `ageMs` ago (or on a payment hold), fed in through the ops API. */
export async function memberWithOrder(request: APIRequestContext, number: string, ageMs: number, payment?: string) {
  const email = `cancel.${number.toLowerCase()}.${Date.now()}@example.com`;
  const upmId = await createMember(request, { email, firstName: 'Casey', lastName: 'Cancel', country: 'US' });
  await putOrder(request, {
    orderNumber: number, orderType: 'SALES_ORDER', country: 'US', currency: 'USD', upmId,
    orderDate: new Date(Date.now() - ageMs).toISOString(), shippingTotal: 7.5,
    payments: [{ paymentType: payment ?? 'credit_card' }],
    paymentHoldFlag: Boolean(payment), paymentApprovalId: payment ? `PA-${number}` : null,
    lines: [strideRunner({ skuId: 'SR4-10', size: '10', unitPrice: 120, tax: 9.6, status: 'Created' })],
  });
  return email;
}

/**
 * Gives the signed-in member (shopper.kr@example.com: saved addresses in Korea) a Korea order of their own,
 * delivered 5 days ago, with one shoe of GTIN 00012345678905.
 */
export async function giveKoreaOrder(page: Page, request: APIRequestContext, orderNumber: string) {
  const me = await page.request.get('/auth/v1/me');
  expect(me.status()).toBe(200);
  const { upmId } = (await me.json()) as { upmId: string };
  const line = {
    ...strideRunner({ skuId: 'SR4-270', size: '270', unitPrice: 159000, tax: 14455, status: 'Delivered' }),
    shipmentNumber: 'S1', trackingUrl: 'https://tracking.example.com/cj/CJ1',
  };
  await putOrder(request, {
    orderNumber, orderType: 'SALES_ORDER', country: 'KR', currency: 'KRW', upmId,
    orderDate: new Date(Date.now() - 5 * 24 * 60 * 60 * 1000).toISOString(), shippingTotal: 0,
    payments: [{ paymentType: 'credit_card' }], lines: [line],
  });
}
