import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { order } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';
import { chatAppUrl, confirmationPath, isChatAppBrowser, redirectFor } from './model/redirect';

const held = order({
  paymentHoldFlag: true,
  paymentApprovalId: 'APR-1',
  payment: [{ paymentType: 'alipay', paymentDisplayNumber: null }],
  actions: { deferredPayment: { enabled: true } },
});

describe('deferred payment redirect rules (002 §4)', () => {
  const fields = [
    { name: 'a', value: '1 2' },
    { name: 'b', value: 'x&y' },
  ];

  it('sends a GET form to its action with the fields as a query string', () => {
    expect(redirectFor({ action: 'https://pay.example/p', method: 'get', fields }, null)).toEqual({
      kind: 'url',
      url: 'https://pay.example/p?a=1+2&b=x%26y',
    });
    expect(redirectFor({ action: '/p?x=1', method: 'GET', fields: [] }, null)).toEqual({ kind: 'url', url: '/p?x=1' });
  });

  it('does not redirect for any other method, and uses the chat app inside its browser', () => {
    expect(redirectFor({ action: 'https://pay.example/p', method: 'POST', fields }, null)).toEqual({ kind: 'none' });
    expect(redirectFor(undefined, null)).toEqual({ kind: 'none' });
    const visit = { orderId: 'C1', paymentId: 'P 1', visitId: '3', visitorId: 'v' };
    expect(redirectFor({ action: '/p', method: 'GET', fields }, visit)).toEqual({
      kind: 'chatApp',
      url: chatAppUrl(visit),
    });
    expect(chatAppUrl(visit)).toBe('weixin://dl/business/?orderId=C1&paymentId=P%201&visitId=3&visitorId=v');
    expect(isChatAppBrowser('Mozilla/5.0 MicroMessenger/8.0')).toBe(true);
    expect(isChatAppBrowser('Mozilla/5.0 Chrome/130')).toBe(false);
  });

  it('confirms on the order with payment=success', () => {
    expect(confirmationPath('/orders/sales/C1')).toBe('/orders/sales/C1?payment=success');
  });
});

describe('pay now on the order page', () => {
  it('shows the QR code the provider answered', async () => {
    const { requests } = mockFetch([
      { path: `/orders/history/v1/${held.orderNumber}`, respond: () => json(held) },
      {
        method: 'POST',
        path: '/payment/deferred_payment_forms/v1',
        respond: () => json({ id: 'job-9', status: 'PENDING' }, 202),
      },
      {
        path: '/payment/deferred_payment_forms/v1/job-9',
        respond: () =>
          json({
            id: 'job-9',
            status: 'COMPLETED',
            response: {
              form: { action: '/sandbox/payments/sbx_1', method: 'GET', fields: [{ name: 'returnURL', value: '/x' }] },
              qrCodeURL: '/sandbox/payments/sbx_1/qr.png',
            },
          }),
      },
    ]);
    const { user } = renderApp(`/orders/sales/${held.orderNumber}`, {
      member: true,
      flags: { enableDeferredPayment: true },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    const image = await screen.findByRole('img', { name: `QR code to pay for order ${held.orderNumber}` });
    expect(image).toHaveAttribute('src', '/sandbox/payments/sbx_1/qr.png');
    // "Pay now" is gone: focus is on the code, not dropped to the page (issue 31, keyboard).
    expect(image.closest('figure')).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Open the payment page' })).toHaveAttribute(
      'href',
      '/sandbox/payments/sbx_1?returnURL=%2Fx',
    );
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toMatchObject({
      request: { approvalId: 'APR-1', orderNumber: held.orderNumber, experienceType: 'DESKTOP' },
    });
    expect((post?.body as { request: { returnURL: string } }).request.returnURL).toMatch(/\?payment=success$/);
  });

  it.each([
    ['DENIED without a code', 'DENIED', { httpStatus: 409 }, "We couldn't start your payment. Please try again."],
    [
      'FAILED service-unavailable (the provider never answered)',
      'FAILED',
      { httpStatus: 503, code: 'service-unavailable', message: 'provider' },
      "The payment service isn't answering right now. Please try again in a few minutes.",
    ],
    [
      'FAILED service-deferred-payment-failure (the provider refused)',
      'FAILED',
      { httpStatus: 502, code: 'service-deferred-payment-failure', message: 'provider' },
      "The payment service couldn't start this payment.",
    ],
  ])('says why the payment cannot start: %s', async (_case, status, error, text) => {
    mockFetch([
      { path: `/orders/history/v1/${held.orderNumber}`, respond: () => json(held) },
      {
        method: 'POST',
        path: '/payment/deferred_payment_forms/v1',
        respond: () => json({ id: 'job-8', status: 'PENDING' }, 202),
      },
      {
        path: '/payment/deferred_payment_forms/v1/job-8',
        respond: () => json({ id: 'job-8', status, error }),
      },
    ]);
    const { user } = renderApp(`/orders/sales/${held.orderNumber}`, {
      member: true,
      flags: { enableDeferredPayment: true },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('is absent without a payment hold or with the flag off', async () => {
    mockFetch([{ path: `/orders/history/v1/${held.orderNumber}`, respond: () => json(held) }]);
    renderApp(`/orders/sales/${held.orderNumber}`, { member: true, flags: { enableDeferredPayment: false } });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });
});
