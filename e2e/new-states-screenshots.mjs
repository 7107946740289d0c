// Screenshots of the states added in the fifth session on issue 31 (docs/screenshots/): the history with its
// banner and a card's "Return item", and the curbside ready page with its rotating tips and help boxes.
// Run against a server with demo data: BASE=http://127.0.0.1:8080 node new-states-screenshots.mjs
import { chromium } from 'playwright-core';

const base = process.env.BASE ?? 'http://127.0.0.1:8080';
const out = new URL('../docs/screenshots/', import.meta.url).pathname;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});

for (const width of [390, 1440]) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const shot = (name, fullPage = false) => page.screenshot({ path: `${out}${name}-${width}.png`, fullPage });

  await page.goto(`${base}/orders/signin`);
  await page.getByLabel('Email').fill('shopper@example.com');
  await page.getByLabel('Password').fill('orders-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('history-banner');
  // Delivered orders (the newest are still on their way): a card whose item offers "Return item".
  await page.goto(`${base}/orders?status=delivered`);
  const card = page.locator('li.history-order').filter({ has: page.getByRole('link', { name: /^Return item/ }) }).first();
  await card.waitFor();
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: `${out}history-card-return-${width}.png` });

  await page.goto(`${base}/orders/sales/C00000000011`);
  await page.getByRole('link', { name: "Curbside pickup: I'm here" }).click();
  await page.getByRole('region', { name: 'Curbside pickup tips' }).waitFor();
  await page.getByRole('button', { name: 'What to bring' }).click();
  await shot('curbside-tips', true);
  await context.close();
}
await browser.close();
