// Takes docs/screenshots/brand-{1440,390}.png: the branded header of the example brand over the order
// history. Run against a server started with the example configuration and demo data:
//   target/release/orders --config-file deploy/brand-example.toml --addr 127.0.0.1:8080 --database-url /tmp/brand.db
//   BASE=http://127.0.0.1:8080 node e2e/brand-screenshots.mjs
import { chromium } from 'playwright-core';

const base = process.env.BASE ?? 'http://127.0.0.1:8080';
const out = new URL('../docs/screenshots/', import.meta.url).pathname;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});

for (const width of [1440, 390]) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 700 : 520 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`${base}/orders/signin`);
  await page.getByLabel('Email').fill('shopper@example.com');
  await page.getByLabel('Password').fill('orders-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('.history-order').first().waitFor();
  await page.getByRole('link', { name: 'Trailhead Outfitters' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${out}brand-${width}.png` });
  await context.close();
}
await browser.close();
