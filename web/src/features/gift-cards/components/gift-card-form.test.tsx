import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configRoute, countryConfig } from '@/test/country-config';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';
import { leaveApp } from '@/shared/routing/leave-app';

vi.mock('@/shared/routing/leave-app', async (original) => ({
  ...(await original<typeof import('@/shared/routing/leave-app')>()),
  leaveApp: vi.fn(),
}));

const INVALID =
  "We couldn't find a gift card with those numbers. Please check the gift card number and PIN, and try again.";

async function openPage(flags = {}) {
  const app = renderApp('/orders/gift-card-lookup', { flags });
  await screen.findByRole('heading', { level: 1, name: 'Check your gift card balance' });
  return {
    ...app,
    number: screen.getByRole('textbox', { name: 'Gift card number' }),
    pin: screen.getByLabelText('PIN'),
    submit: screen.getByRole('button', { name: 'Check balance' }),
  };
}

describe('gift card balance page', () => {
  it('keeps the PIN read-only until the number is valid, and submit off until the PIN has 6 digits', async () => {
    const { user, number, pin, submit } = await openPage();
    expect(pin).toHaveAttribute('readonly');
    await user.type(number, '6060 1234 5678 9012 345');
    expect(pin).not.toHaveAttribute('readonly');
    await user.type(pin, '12345');
    expect(submit).toBeDisabled();
    await user.type(pin, '6');
    expect(submit).toBeEnabled();
  });

  it('shows the balance in the card currency', async () => {
    const { requests } = mockFetch([
      { method: 'POST', path: '/payment/giftcard_balance/v1', respond: () => json({ balance: 50, currency: 'USD' }) },
    ]);
    const { user, number, pin, submit } = await openPage();
    await user.type(number, '6060123456789012345');
    await user.type(pin, '123456');
    await user.click(submit);
    expect(await screen.findByText('$50.00')).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ accountNumber: '6060123456789012345', pin: '123456', currency: 'USD' });
  });

  it('shows the bad-PIN banner on a 400 and keeps submit off until something changes', async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/payment/giftcard_balance/v1',
        respond: () => json({ code: 'gift-card-invalid', message: INVALID }, 400),
      },
    ]);
    const { user, number, pin, submit } = await openPage();
    await user.type(number, '6060123456789012345');
    await user.type(pin, '000000');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(submit).toBeDisabled();
    await user.clear(pin);
    await user.type(pin, '123456');
    expect(submit).toBeEnabled();
  });

  it('opens Balance Unavailable with Retry when the service fails', async () => {
    let calls = 0;
    mockFetch([
      {
        method: 'POST',
        path: '/payment/giftcard_balance/v1',
        respond: () => {
          calls += 1;
          return calls === 1
            ? json({ code: 'service-unavailable', message: 'down' }, 503)
            : json({ balance: 25.5, currency: 'USD' });
        },
      },
    ]);
    const { user, number, pin, submit } = await openPage();
    await user.type(number, '6060123456789012345');
    await user.type(pin, '123456');
    await user.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Balance unavailable' });
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => {
      expect(screen.getByText('$25.50')).toBeInTheDocument();
    });
  });

  it('sends shoppers home when disableGiftCardLookup is on', async () => {
    mockFetch([]);
    const { currentUrl } = renderApp('/orders/gift-card-lookup', { flags: { disableGiftCardLookup: true } });
    await waitFor(() => {
      expect(currentUrl()).not.toContain('gift-card-lookup');
    });
    expect(currentUrl().startsWith('/orders')).toBe(true);
    expect(leaveApp).not.toHaveBeenCalled();
  });

  it("sends shoppers to the retailer's shop when disableGiftCardLookup is on and a shop is configured", async () => {
    mockFetch([
      configRoute({ ...countryConfig('gb', { disableGiftCardLookup: true }), shopUrl: 'https://shop.example.com/' }),
    ]);
    renderApp('/gb/orders/gift-card-lookup', { loadConfig: true });
    await waitFor(() => {
      expect(leaveApp).toHaveBeenCalledWith('https://shop.example.com/');
    });
    expect(screen.queryByRole('heading', { name: 'Check your gift card balance' })).not.toBeInTheDocument();
  });
});
