import { expect, test } from '@playwright/test';
import { OPS_KEY, expectNoAxeViolations, shot, signIn } from './fixtures';

// Spec 000 §1, §5 and issue 12: a China order with a delivered item offers the e-invoice; the shopper asks
// for a company invoice (the taxpayer id is checked on the page and on the server), it is issued in the
// background and the button becomes a download of a real PDF.
test('a China member requests a company e-invoice and downloads the PDF', async ({ page, request }) => {
  const headers = { 'X-Ops-Key': OPS_KEY };
  const email = `einvoice.${Date.now()}@example.com`;
  const member = await request.post('/ops/v1/members', {
    headers,
    data: { email, password: 'orders-demo', firstName: 'Lei', lastName: 'Wang', country: 'CN' },
  });
  expect(member.status()).toBe(201);
  const { upmId } = (await member.json()) as { upmId: string };
  const orderNumber = `E2EINV${String(Date.now()).slice(-8)}`;
  const placed = await request.post('/ops/v1/orders', {
    headers,
    data: {
      orderNumber, orderType: 'SALES_ORDER', country: 'CN', currency: 'CNY', upmId, orderDate: '2026-11-01T10:00:00Z',
      shippingTotal: 0, payments: [{ paymentType: 'alipay' }],
      lines: [{ lineNumber: 1, gtin: '00012345678905', skuId: 'SR4-10', productId: 'P1', styleColor: 'SR4100-001',
        title: 'Stride Runner 4', category: "Men's Road Running Shoes", color: 'Black/White', size: '10',
        imageUrl: '/images/products/SR4100-001.svg', quantity: 1, unitPrice: 899, tax: 103.42, status: 'Delivered' }],
    },
  });
  expect([200, 201]).toContain(placed.status());

  await signIn(page, email);
  await page.setViewportSize({ width: 390, height: 844 });
  // Chinese is China's default language: /cn/orders is in Chinese.
  await page.goto(`/cn/orders/sales/${orderNumber}`);
  await page.getByRole('button', { name: '申请电子发票' }).click();
  const dialog = page.getByRole('dialog', { name: '申请电子发票' });
  await dialog.getByLabel('单位').check();
  await dialog.getByLabel('单位名称').fill('上海示例贸易有限公司');
  await dialog.getByLabel('纳税人识别号').fill('123');
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expect(dialog.getByText('请填写有效的纳税人识别号（15、18 或 20 位字母或数字）。')).toBeVisible();
  await shot(page, 'einvoice-dialog-390');
  await expectNoAxeViolations(page, 'e-invoice dialog');

  await dialog.getByLabel('纳税人识别号').fill('9131 0000 ma1f l4xq 3k');
  await dialog.getByRole('button', { name: '提交申请' }).click();
  const download = page.getByRole('link', { name: '下载电子发票' });
  await expect(download).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'einvoice-issued-1440');
  await expectNoAxeViolations(page, 'e-invoice issued');

  const href = await download.getAttribute('href');
  const pdf = await page.request.get(href ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
