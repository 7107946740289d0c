// Takes the docs screenshots (docs/screenshots/) of history (one card per order, oldest first), detail (a
// mixed order's money not charged, with a not-returnable reason on its delivered item), guest lookup and gift card at 390 px and 1440 px. Run against a server with demo data: BASE=http://127.0.0.1:8080 node screenshots.mjs
import { chromium } from 'playwright-core';

const base = process.env.BASE ?? 'http://127.0.0.1:8080';
const out = new URL('../docs/screenshots/', import.meta.url).pathname;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});

async function signIn(page, email) {
  await page.context().clearCookies();
  await page.goto(`${base}/orders/signin`);
  await page.evaluate(() => { sessionStorage.clear(); localStorage.clear(); });
  await page.goto(`${base}/orders/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('orders-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
}

for (const width of [390, 1440]) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const shot = (name, fullPage = true) => page.screenshot({ path: `${out}${name}-${width}.png`, fullPage });

  await page.goto(`${base}/orders/details`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await shot('guest-lookup');
  await page.goto(`${base}/orders/gift-card-lookup`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await shot('gift-card');

  await signIn(page, 'shopper@example.com');
  await page.locator('.history-order').first().waitFor();
  await page.waitForLoadState('networkidle');
  await shot('history', false);
  await page.goto(`${base}/orders?sort=oldest`);
  await page.locator('.history-order').first().waitFor();
  await page.waitForLoadState('networkidle');
  await shot('history-oldest-first', false);
  await page.goto(`${base}/orders`);
  await page.locator('.history-order__title a').first().click();
  await page.locator('.order-header h1').waitFor();
  await page.waitForLoadState('networkidle');
  await shot('detail');
  // A seeded mixed order whose lines the retailer cancelled: what is not charged, and the release; its
  // delivered item says why it cannot be returned.
  await page.goto(`${base}/orders/sales/C01884937885`);
  await page.locator('.order-header h1').waitFor();
  await page.waitForLoadState('networkidle');
  await shot('detail-mixed-not-charged');

  // A Japanese member's order in Japanese: the address with 〒, money and dates in yen and Japanese.
  await signIn(page, 'shopper.jp@example.com');
  await page.goto(`${base}/jp/ja/orders`);
  await page.locator('.history-order__title a').first().click();
  await page.locator('.order-header h1').waitFor();
  await page.waitForLoadState('networkidle');
  await shot('detail-ja');
  await context.close();
}
await browser.close();
