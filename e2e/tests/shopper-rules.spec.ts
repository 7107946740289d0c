import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, OPS_KEY, expectNoAxeViolations, shot, signIn } from './fixtures';

const headers = { 'X-Ops-Key': OPS_KEY };

function delivered(orderNumber: string, country: string, currency: string, upmId: string | null) {
  return {
    orderNumber, orderType: 'SALES_ORDER', country, currency, upmId, email: 'lower.case@example.com',
    orderDate: new Date(Date.now() - 5 * 86_400_000).toISOString(), shippingTotal: 0,
    payments: [{ paymentType: 'credit_card' }],
    lines: [{
      lineNumber: 1, gtin: '00012345678905', skuId: 'SR4-10', productId: 'P1', styleColor: 'SR4100-001',
      title: 'Stride Runner 4', category: "Men's Road Running Shoes", color: 'Black/White', size: '10',
      imageUrl: '/images/products/SR4100-001.svg', quantity: 1, unitPrice: 120, tax: 0, status: 'Delivered',
      shipmentNumber: 'S1',
    }],
  };
}

async function putOrder(request: APIRequestContext, order: object) {
  const response = await request.post('/ops/v1/orders', { headers, data: order });
  expect([200, 201]).toContain(response.status());
}

test('a guest finds an order whose number has lower-case letters', async ({ page, request }) => {
  await putOrder(request, delivered('e2eLower01', 'US', 'USD', null));
  await page.context().clearCookies();
  await page.goto('/orders/details');
  await page.getByLabel('Order number').fill('e2eLower01');
  await page.getByLabel('Email address').fill('lower.case@example.com');
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order e2eLower01' })).toBeVisible();
});

test('a country with returns off shows no return button; another country of the same member does', async ({ page, request }) => {
  const email = `returns.off.${Date.now()}@example.com`;
  const member = await request.post('/ops/v1/members', {
    headers, data: { email, password: DEMO_PASSWORD, firstName: 'Ira', lastName: 'Off', country: 'IN' },
  });
  expect(member.status()).toBe(201);
  const { upmId } = (await member.json()) as { upmId: string };
  const suffix = String(Date.now()).slice(-6);
  await putOrder(request, delivered(`E2EIN${suffix}`, 'IN', 'INR', upmId));
  await putOrder(request, delivered(`E2EGB${suffix}`, 'GB', 'GBP', upmId));
  await signIn(page, email);
  await page.goto(`/orders/sales/E2EIN${suffix}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order E2EIN${suffix}` })).toBeVisible();
  await expect(page.getByText('Stride Runner 4').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return item' })).toHaveCount(0);
  await shot(page, 'returns-off-order-1440');
  await expectNoAxeViolations(page, 'order with returns off');
  await page.goto(`/orders/sales/E2EGB${suffix}`);
  await expect(page.getByRole('link', { name: 'Return item' }).first()).toBeVisible();
});

test('the standalone view has no header and no help; the member header comes back without it', async ({ page }) => {
  await signIn(page, 'shopper@example.com');
  await page.goto('/orders?standalone=true');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'standalone-history-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'standalone-history-1440');
  await expectNoAxeViolations(page, 'standalone history');
  await page.goto('/orders?standalone=false');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('link', { name: 'My orders' })).toBeVisible();
});
