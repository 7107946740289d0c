import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { historyItem, historyPage, order } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { configRoute, countryConfig } from '@/test/country-config';
import { renderApp } from '@/test/render-app';
import { leaveApp } from '@/shared/routing/leave-app';
import { outcomeOf } from './model/cancel-state';
import { formatRemaining, remainingMs } from './model/countdown';

vi.mock('@/shared/routing/leave-app', () => ({ leaveApp: vi.fn(), reloadPage: vi.fn() }));

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

function cancellable(untilMs: number) {
  const detail = order({
    cancellableUntil: inMs(untilMs),
    actions: { cancel: { enabled: true, deadline: inMs(untilMs) } },
  });
  const firstGroup = detail.groups[0];
  if (firstGroup) firstGroup.actions = { ...firstGroup.actions, cancel: { enabled: true, deadline: inMs(untilMs) } };
  return detail;
}

/** Opens the order, confirms the cancel, and has the server answer it with a 500. */
async function confirmCancelThatFails(detail: ReturnType<typeof cancellable>, { loadConfig = false } = {}) {
  mockFetch([
    configRoute(countryConfig('us')),
    { path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) },
    {
      method: 'POST',
      path: `/order_mgmt/ordermods/v1/${detail.orderNumber}/cancelOrder`,
      respond: () => json({ code: 'internal', message: 'x' }, 500),
    },
  ]);
  const { user } = renderApp(`/orders/sales/${detail.orderNumber}`, { member: true, loadConfig });
  await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
  await user.click(await screen.findByRole('button', { name: 'Yes, cancel order' }));
  return user;
}

/** Opens the order, confirms the cancel, and has its job refused with `code`. */
async function confirmCancelThatIsRefused(detail: ReturnType<typeof cancellable>, code: string) {
  mockFetch([
    configRoute(countryConfig('us')),
    { path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) },
    {
      method: 'POST',
      path: `/order_mgmt/ordermods/v1/${detail.orderNumber}/cancelOrder`,
      respond: () => json({ id: 'job-2', status: 'PENDING' }, 202),
    },
    {
      path: '/order_mgmt/ordermods/v1/jobs/job-2',
      respond: () => json({ id: 'job-2', status: 'DENIED', error: { httpStatus: 422, code, message: 'refused' } }),
    },
  ]);
  const { user } = renderApp(`/orders/sales/${detail.orderNumber}`, { member: true, loadConfig: true });
  await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
  await user.click(await screen.findByRole('button', { name: 'Yes, cancel order' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Unable to cancel order' }) };
}

describe('cancel dialog outcomes (002 §4)', () => {
  it.each([
    [{ status: 'COMPLETED', response: {} }, 'complete'],
    [{ status: 'COMPLETED', response: { pendingModification: { type: 'CANCEL_ORDER' } } }, 'pending'],
    [
      {
        status: 'DENIED',
        error: { httpStatus: 409, code: 'already-cancelled', message: 'Order is already in cancelled status' },
      },
      'complete',
    ],
    [{ status: 'DENIED', error: { httpStatus: 422, code: 'cancel-window-expired', message: 'x' } }, 'denied'],
    [{ status: 'DENIED', error: { httpStatus: 422, code: 'cancel-invalid-state', message: 'x' } }, 'denied'],
    [{ status: 'FAILED', error: { httpStatus: 503, code: 'service-unavailable', message: 'x' } }, 'error'],
    [
      { status: 'FAILED', error: { httpStatus: 503, code: 'x', message: 'Order is already in cancelled status' } },
      'error',
    ],
  ])('%j ends %s', (job, state) => {
    expect(outcomeOf(job).state).toBe(state);
  });

  it('tells an expired window from an invalid state', () => {
    expect(outcomeOf({ status: 'DENIED', error: { httpStatus: 422, code: 'cancel-window-expired' } }).reason).toBe(
      'expired',
    );
    expect(outcomeOf({ status: 'DENIED', error: { httpStatus: 422, code: 'cancel-invalid-state' } }).reason).toBe(
      'invalidState',
    );
  });

  it('counts down in minutes and seconds and never shows 0:00 while open', () => {
    expect(formatRemaining(30 * 60 * 1000)).toBe('30:00');
    expect(formatRemaining(61_000)).toBe('1:01');
    expect(formatRemaining(1)).toBe('0:01');
    expect(remainingMs('2026-01-01T00:00:10Z', Date.parse('2026-01-01T00:00:00Z'))).toBe(10_000);
    expect(remainingMs('2026-01-01T00:00:00Z', Date.parse('2026-01-01T00:00:10Z'))).toBe(0);
    expect(remainingMs(null, 0)).toBeNull();
  });
});

describe('cancelling from the order page', () => {
  it('confirms, sends the spec body, polls the job and shows the order cancelled', async () => {
    const detail = cancellable(10 * 60 * 1000);
    const { requests } = mockFetch([
      { path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) },
      {
        method: 'POST',
        path: `/order_mgmt/ordermods/v1/${detail.orderNumber}/cancelOrder`,
        respond: () => json({ id: 'job-1', status: 'PENDING' }, 202),
      },
      {
        path: '/order_mgmt/ordermods/v1/jobs/job-1',
        respond: () => json({ id: 'job-1', status: 'COMPLETED', response: {} }),
      },
    ]);
    const { user } = renderApp(`/orders/sales/${detail.orderNumber}`, { member: true });
    expect(await screen.findByText(/You can cancel for another (9|10):\d\d/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
    expect(await screen.findByRole('dialog', { name: 'Order cancelled' })).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toMatchObject({
      request: {
        omsOrderDocumentReference: '0001',
        reasonCode: 216,
        reasonText: 'Front end cancellation',
        omsRegionReference: 'NIKEUS',
      },
    });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('shows the server refusal when the window has closed', async () => {
    const detail = cancellable(10 * 60 * 1000);
    const { dialog } = await confirmCancelThatIsRefused(detail, 'cancel-window-expired');
    expect(dialog).toHaveTextContent('The time to cancel this order has passed.');
    // The country's configured contact link, not a build-time template.
    expect(within(dialog).getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      countryConfig('us').help.contact,
    );
  });

  it("says an invalid state in the spec's words (002 §8)", async () => {
    const { dialog } = await confirmCancelThatIsRefused(cancellable(10 * 60 * 1000), 'cancel-invalid-state');
    expect(dialog).toHaveTextContent('Order is in a state where the requested operation cannot be performed.');
  });

  it('no longer offers the cancel once the window is said to have expired (002 §4)', async () => {
    const { user, dialog } = await confirmCancelThatIsRefused(cancellable(10 * 60 * 1000), 'cancel-window-expired');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it("after an error, contact us closes the dialog and goes to the country's contact link (002 §4)", async () => {
    vi.mocked(leaveApp).mockClear();
    const user = await confirmCancelThatFails(cancellable(10 * 60 * 1000), { loadConfig: true });
    const dialog = await screen.findByRole('dialog', { name: "Sorry, we couldn't cancel your order." });
    await user.click(within(dialog).getByRole('link', { name: 'Contact us' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(leaveApp).toHaveBeenCalledWith(countryConfig('us').help.contact);
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('shows the error state when the request fails', async () => {
    const detail = cancellable(10 * 60 * 1000);
    await confirmCancelThatFails(detail);
    expect(await screen.findByRole('dialog', { name: "Sorry, we couldn't cancel your order." })).toBeInTheDocument();
  });

  it('removes the button by itself at the deadline, without a reload', async () => {
    const detail = cancellable(1_200);
    const { requests } = mockFetch([{ path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) }]);
    renderApp(`/orders/sales/${detail.orderNumber}`, { member: true });
    const button = await screen.findByRole('button', { name: 'Cancel order' });
    await waitFor(
      () => {
        expect(button).not.toBeInTheDocument();
      },
      { timeout: 3_000 },
    );
    expect(requests.filter((request) => request.url.pathname.startsWith('/orders/history')).length).toBe(1);
  });

  it('shows a pending cancellation instead of the button', async () => {
    const detail = { ...cancellable(10 * 60 * 1000), pendingModification: { type: 'CANCEL_ORDER' } };
    mockFetch([{ path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) }]);
    renderApp(`/orders/sales/${detail.orderNumber}`, { member: true });
    expect(await screen.findByText('Cancellation pending: we are processing your request.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });
});

describe('recently cancelled in the history', () => {
  it('shows the date a line was cancelled', async () => {
    const item = historyItem('C0012345678', {
      lineItemStatus: { status: 'CANCELLED', simpleStatus: 'cancelled', statusColor: 'error' },
      itemDates: { cancelled: '2026-11-23T10:05:00Z' },
    });
    mockFetch([{ path: '/orders/history/v1', respond: () => json(historyPage([item])) }]);
    renderApp('/orders', { member: true });
    expect(await screen.findByText('Cancelled on November 23, 2026')).toBeInTheDocument();
  });
});

describe('China and mobile variants', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reloads the page after a successful cancel in China', async () => {
    const detail = { ...cancellable(10 * 60 * 1000), country: 'CN' };
    const reload = vi.fn();
    vi.stubGlobal('location', {
      href: window.location.href,
      origin: window.location.origin,
      reload,
      pathname: window.location.pathname,
      search: '',
    });
    mockFetch([
      { path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) },
      {
        method: 'POST',
        path: `/order_mgmt/ordermods/v1/${detail.orderNumber}/cancelOrder`,
        respond: () => json({ id: 'job-3', status: 'PENDING' }, 202),
      },
      {
        path: '/order_mgmt/ordermods/v1/jobs/job-3',
        respond: () =>
          json({ id: 'job-3', status: 'COMPLETED', response: { pendingModification: { type: 'CANCEL_ORDER' } } }),
      },
    ]);
    // The China site's rule (reloadAfterCancel in its configuration, from the country table); in English.
    const { user } = renderApp(`/cn/en/orders/sales/${detail.orderNumber}`, { member: true });
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel order' }));
    expect(await screen.findByRole('dialog', { name: 'Cancellation requested' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers to call on a narrow screen when the cancel fails', async () => {
    const detail = cancellable(10 * 60 * 1000);
    vi.stubGlobal('innerWidth', 480);
    await confirmCancelThatFails(detail);
    const dialog = await screen.findByRole('dialog', { name: "Sorry, we couldn't cancel your order." });
    expect(dialog).toHaveTextContent('Please call Consumer Services');
    expect(within(dialog).getByRole('link', { name: 'Call us' })).toBeInTheDocument();
  });
});
