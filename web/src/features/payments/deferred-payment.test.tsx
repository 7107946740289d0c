import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { order } from '@/test/fixtures';
import { json, mockFetch, type MockRoute } from '@/test/mock-fetch';
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

  it('leaves the visit ids out of the chat app page when there are none', () => {
    expect(chatAppUrl({ orderId: 'C1', paymentId: 'P1' })).toBe('weixin://dl/business/?orderId=C1&paymentId=P1');
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
    renderApp(`/orders/sales/${held.orderNumber}`, { member: true, flags: { enableDeferredPayment: true } });
    // Fetched with the order (002 §3), so the reason shows before any click, with a way to try again.
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  it('is absent without a payment hold or with the flag off', async () => {
    mockFetch([{ path: `/orders/history/v1/${held.orderNumber}`, respond: () => json(held) }]);
    renderApp(`/orders/sales/${held.orderNumber}`, { member: true, flags: { enableDeferredPayment: false } });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });
});

/** The payment job's poll on the v1 or v2 form endpoint, answering the provider's `response`. */
const pollRoute = (version: 'v1' | 'v2', response: object): MockRoute => ({
  path: `/payment/deferred_payment_forms/${version}/job-5`,
  respond: () => json({ id: 'job-5', status: 'COMPLETED', response }),
});

/** Starting the payment job and its poll. */
const paymentRoutes = (version: 'v1' | 'v2', response: object): MockRoute[] => [
  {
    method: 'POST',
    path: `/payment/deferred_payment_forms/${version}`,
    respond: () => json({ id: 'job-5', status: 'PENDING' }, 202),
  },
  pollRoute(version, response),
];

const getForm = { form: { action: 'https://pay.example/p', method: 'GET', fields: [{ name: 'id', value: 'sbx_5' }] } };

/** Stands in for the browser's location, so that leaving for the provider can be seen and does not happen. */
function stubLocation() {
  const assign = vi.fn();
  vi.stubGlobal('location', {
    href: window.location.href,
    origin: window.location.origin,
    pathname: `/orders/sales/${held.orderNumber}`,
    search: '',
    assign,
  });
  return assign;
}

describe('the payment is ready when the order is (issue 31)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts the payment once the order shows the action, and "Pay now" leaves at once', async () => {
    const assign = stubLocation();
    const { requests } = mockFetch([
      { path: `/orders/history/v1/${held.orderNumber}`, respond: () => json(held) },
      ...paymentRoutes('v1', getForm),
    ]);
    const { user } = renderApp(`/orders/sales/${held.orderNumber}`, {
      member: true,
      flags: { enableDeferredPayment: true },
    });
    // While the provider answers, the button says so and is busy.
    expect(await screen.findByRole('button', { name: 'Preparing your payment…' })).toHaveAttribute('aria-busy', 'true');
    const button = await screen.findByRole('button', { name: 'Pay now' });
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    const before = requests.length;
    await user.click(button);
    expect(assign).toHaveBeenCalledWith('https://pay.example/p?id=sbx_5');
    expect(requests).toHaveLength(before);
  });

  it.each([
    [true, 'v2'],
    [false, 'v1'],
  ] as const)('with enableDeferredPaymentV2 %s starts the payment on the %s form endpoint', async (v2, version) => {
    const { requests } = mockFetch([
      { path: `/orders/history/v1/${held.orderNumber}`, respond: () => json(held) },
      ...paymentRoutes(version, getForm),
    ]);
    renderApp(`/orders/sales/${held.orderNumber}`, {
      member: true,
      flags: { enableDeferredPayment: true, enableDeferredPaymentV2: v2 },
    });
    await screen.findByRole('button', { name: 'Pay now' });
    const paths = requests.filter((request) => request.url.pathname.startsWith('/payment/'));
    expect(paths.map((request) => request.url.pathname)).toEqual([
      `/payment/deferred_payment_forms/${version}`,
      `/payment/deferred_payment_forms/${version}/job-5`,
    ]);
  });

  it('on a phone (MOBILE), "Pay now" opens the payment page instead of a QR code for the same phone (walk minor 7)', async () => {
    const assign = stubLocation();
    vi.stubGlobal('innerWidth', 390);
    const { requests } = mockFetch([
      { path: `/orders/history/v1/${held.orderNumber}`, respond: () => json(held) },
      ...paymentRoutes('v1', { ...getForm, qrCodeURL: '/sandbox/payments/sbx_5/qr.png' }),
    ]);
    const { user } = renderApp(`/orders/sales/${held.orderNumber}`, {
      member: true,
      flags: { enableDeferredPayment: true },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    expect(assign).toHaveBeenCalledWith('https://pay.example/p?id=sbx_5');
    expect(screen.queryByRole('img', { name: /QR code to pay/ })).not.toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      request: { experienceType: 'MOBILE' },
    });
  });

  it('says the last moment to pay when the server sends one (walk minor 7)', async () => {
    const due = order({ ...held, actions: { deferredPayment: { enabled: true, deadline: '2026-12-03T12:00:00Z' } } });
    mockFetch([
      { path: `/orders/history/v1/${held.orderNumber}`, respond: () => json(due) },
      ...paymentRoutes('v1', getForm),
    ]);
    renderApp(`/orders/sales/${held.orderNumber}`, { member: true, flags: { enableDeferredPayment: true } });
    await screen.findByRole('button', { name: 'Pay now' });
    expect(screen.getByText(/^Please pay by Thursday, December 3, 2026 at \d{1,2}:\d{2}/)).toBeInTheDocument();
  });

  it('continues the payment the order carries (deferredPaymentData) instead of starting another', async () => {
    const assign = stubLocation();
    const left = order({
      ...held,
      deferredPaymentData: {
        paymentId: 'PAY-7',
        paymentType: 'alipay',
        form: { action: 'https://pay.example/p', method: 'GET', fields: [{ name: 'id', value: 'sbx_7' }] },
      },
    });
    const { requests } = mockFetch([
      { path: `/orders/history/v1/${held.orderNumber}`, respond: () => json(left) },
      ...paymentRoutes('v1', getForm),
    ]);
    const { user } = renderApp(`/orders/sales/${held.orderNumber}`, {
      member: true,
      flags: { enableDeferredPayment: true },
    });
    expect(
      await screen.findByText("You started this payment but haven't finished it. Pick up where you left off."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue payment' }));
    expect(assign).toHaveBeenCalledWith('https://pay.example/p?id=sbx_7');
    expect(requests.some((request) => request.url.pathname.startsWith('/payment/'))).toBe(false);
  });

  it("shows the open payment's QR code on a desktop, in Korean too", async () => {
    const left = order({
      ...held,
      deferredPaymentData: { paymentId: 'PAY-8', paymentType: 'alipay', qrCodeURL: '/sandbox/payments/sbx_8/qr.png' },
    });
    const { requests } = mockFetch([{ path: `/orders/history/v1/${held.orderNumber}`, respond: () => json(left) }]);
    const { user } = renderApp(`/kr/orders/sales/${held.orderNumber}`, {
      member: true,
      flags: { enableDeferredPayment: true },
    });
    await user.click(await screen.findByRole('button', { name: '결제 계속하기' }));
    expect(await screen.findByRole('img', { name: new RegExp(held.orderNumber) })).toHaveAttribute(
      'src',
      '/sandbox/payments/sbx_8/qr.png',
    );
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('names no deadline when the server sends none', async () => {
    mockFetch([
      { path: `/orders/history/v1/${held.orderNumber}`, respond: () => json(held) },
      ...paymentRoutes('v1', getForm),
    ]);
    renderApp(`/orders/sales/${held.orderNumber}`, { member: true, flags: { enableDeferredPayment: true } });
    await screen.findByRole('button', { name: 'Pay now' });
    expect(screen.queryByText(/Please pay by/)).not.toBeInTheDocument();
  });

  it('sends the chat app only the order and the payment, no made-up visit ids', async () => {
    const assign = stubLocation();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 MicroMessenger/8.0');
    mockFetch([
      { path: `/orders/history/v1/${held.orderNumber}`, respond: () => json(held) },
      ...paymentRoutes('v1', { ...getForm, paymentId: 'sbx_5' }),
    ]);
    const { user } = renderApp(`/orders/sales/${held.orderNumber}`, {
      member: true,
      flags: { enableDeferredPayment: true },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    expect(assign).toHaveBeenCalledWith(`weixin://dl/business/?orderId=${held.orderId}&paymentId=sbx_5`);
  });

  it('says a declined payment did not go through and offers it again', async () => {
    const assign = stubLocation();
    mockFetch([
      { path: `/orders/history/v1/${held.orderNumber}`, respond: () => json(held) },
      ...paymentRoutes('v1', getForm),
    ]);
    const { user } = renderApp(`/orders/sales/${held.orderNumber}?payment=failure`, {
      member: true,
      flags: { enableDeferredPayment: true },
    });
    const slot = (await screen.findByRole('button', { name: 'Pay now' })).parentElement as HTMLElement;
    expect(within(slot).getByRole('alert')).toHaveTextContent(
      "Your payment didn't go through, and this order is still waiting for payment. Please try again.",
    );
    await user.click(within(slot).getByRole('button', { name: 'Pay now' }));
    expect(assign).toHaveBeenCalledWith('https://pay.example/p?id=sbx_5');
  });

  it('tries again after a failure, on request', async () => {
    let answers = 0;
    mockFetch([
      { path: `/orders/history/v1/${held.orderNumber}`, respond: () => json(held) },
      {
        method: 'POST',
        path: '/payment/deferred_payment_forms/v1',
        respond: () => {
          answers += 1;
          return answers === 1
            ? json({ code: 'internal', message: 'x' }, 500)
            : json({ id: 'job-5', status: 'PENDING' }, 202);
        },
      },
      pollRoute('v1', getForm),
    ]);
    const { user } = renderApp(`/orders/sales/${held.orderNumber}`, {
      member: true,
      flags: { enableDeferredPayment: true },
    });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    await user.click(retry);
    expect(await screen.findByRole('button', { name: 'Pay now' })).toBe(retry);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(answers).toBe(2);
  });
});
