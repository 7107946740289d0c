import { chromium } from 'playwright';
const base = 'http://127.0.0.1:18080';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const width of [390, 1440]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${base}/cn/zh-Hans/orders/sign-in`);
  await page.screenshot({ path: `/tmp/shots/signin-${width}.png` });
  await page.getByLabel(/邮箱|电子邮件|E-mail/i).first().fill('shopper.cn@example.com');
  await page.getByLabel(/密码|Password/i).first().fill('orders-demo');
  await page.getByRole('button', { name: /登录|Sign in/i }).first().click();
  await page.waitForTimeout(2000);
  await page.screenshot({ path: `/tmp/shots/history-${width}.png` });
  const links = await page.locator('a[href*="/orders/sales/"], a[href*="/details/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  console.log(links.slice(0, 8));
  let opened = false;
  for (const href of links.slice(0, 12)) {
    await page.goto(base + href);
    await page.waitForTimeout(1200);
    if (await page.getByRole('button', { name: '申请电子发票' }).count()) { opened = true; break; }
  }
  console.log('einvoice button found', opened, page.url());
  await page.screenshot({ path: `/tmp/shots/detail-${width}.png`, fullPage: false });
  if (opened && width === 1440) {
    await page.getByRole('button', { name: '申请电子发票' }).click();
    await page.getByLabel('单位').check();
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shots/einvoice-errors-${width}.png` });
    await page.getByLabel('单位名称').fill('上海示例贸易有限公司');
    await page.getByLabel('纳税人识别号').fill('91310000ma1fl4xq3k');
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/shots/einvoice-issued-${width}.png` });
    const href = await page.getByRole('link', { name: '下载电子发票' }).getAttribute('href');
    console.log('download', href);
  }
  await page.close();
}
await browser.close();
