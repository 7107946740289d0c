import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/shared/auth/session';
import { order } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const SUMMARY_PHONE =
  'Please enter a valid order number and email address or phone number. Note that your order number is case sensitive and is a combination of letters and numbers.';
const SUMMARY =
  'Please enter a valid order number and email address. Note that your order number is case sensitive and is a combination of letters and numbers.';

const fields = () => ({
  orderNumber: screen.getByRole('textbox', { name: 'Order number' }),
  email: screen.getByRole('textbox', { name: 'Email address' }),
  submit: screen.getByRole('button', { name: 'Find order' }),
});

async function openLookup(url = '/orders/details', flags = {}) {
  const app = renderApp(url, { flags });
  await screen.findByRole('heading', { level: 1, name: 'Find your order' });
  return app;
}

describe('guest lookup form', () => {
  it('keeps submit disabled until an order number and an email or phone are present', async () => {
    const { user } = await openLookup();
    const { orderNumber, email, submit } = fields();
    expect(submit).toBeDisabled();
    await user.type(orderNumber, 'C0012345678');
    expect(submit).toBeDisabled();
    await user.type(email, 'j');
    expect(submit).toBeEnabled();
    await user.clear(email);
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '4');
    expect(submit).toBeEnabled();
  });

  it('shows errors only after the first attempt, then updates them live', async () => {
    const { fetchMock } = mockFetch([]);
    const { user } = await openLookup();
    const { orderNumber, email, submit } = fields();
    await user.type(orderNumber, 'C01');
    await user.type(email, 'jane@');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();

    await user.click(submit);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(SUMMARY_PHONE);
    expect(screen.getByText('Please enter a valid order number.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(orderNumber).toHaveAttribute('aria-invalid', 'true');
    expect(orderNumber).toHaveAccessibleDescription('Please enter a valid order number.');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    // A phone is optional while an email is typed: no phone error.
    expect(screen.queryByText('Please enter a valid phone number.')).not.toBeInTheDocument();

    await user.type(orderNumber, '2345678');
    expect(screen.queryByText('Please enter a valid order number.')).not.toBeInTheDocument();
    expect(orderNumber).not.toHaveAttribute('aria-invalid');
    await user.type(email, 'example.com');
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Emptying the email with no phone: both contact fields are now wrong.
    await user.clear(email);
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number.')).toBeInTheDocument();
  });

  it('uses the email-only message and hides the phone without enableSmsLookup', async () => {
    const { user } = await openLookup('/orders/details', { enableSmsLookup: false });
    expect(screen.queryByRole('textbox', { name: 'Phone number' })).not.toBeInTheDocument();
    const { orderNumber, email, submit } = fields();
    await user.type(orderNumber, 'bad!');
    await user.type(email, 'nope');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(SUMMARY);
  });

  it('looks the order up by email, remembers the visitor and opens the order', async () => {
    const { requests } = mockFetch([{ path: '/orders/history/v1/C0012345678', respond: () => json(order()) }]);
    const { user, currentUrl } = await openLookup('/gb/orders/details/C0012345678?email=jane%40example.com');
    expect(fields().orderNumber).toHaveValue('C0012345678');
    expect(fields().email).toHaveValue('jane@example.com');
    await user.click(fields().submit);
    await waitFor(() => {
      expect(currentUrl()).toBe('/gb/orders/sales/C0012345678');
    });
    expect(requests[0]?.url.searchParams.get('filter')).toBe('email(jane@example.com)');
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
    expect(getSession().visitor).toEqual({ email: 'jane@example.com' });
    // The detail page starts from the fetched order: no second request.
    expect(await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' })).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('resumes at a return detail named by redirectPath, and at the order for any other path (000 §2)', async () => {
    mockFetch([
      { path: '/orders/history/v1/C0012345678', respond: () => json(order()) },
      // The return the lookup resumes at, so that its page stays there.
      {
        path: '/orders/history/v1/R0012345678',
        respond: () => json(order({ orderNumber: 'R0012345678', orderType: 'RETURN_ORDER' })),
      },
    ]);
    const resume = encodeURIComponent('/gb/orders/returns/R0012345678');
    const { user, currentUrl, unmount } = await openLookup(
      `/gb/orders/details/C0012345678?email=jane%40example.com&redirectPath=${resume}`,
    );
    await user.click(fields().submit);
    await waitFor(() => {
      expect(currentUrl()).toBe('/gb/orders/returns/R0012345678');
    });
    unmount();
    sessionStorage.clear();
    const other = encodeURIComponent('/gb/orders/addresses');
    const second = await openLookup(`/gb/orders/details/C0012345678?email=jane%40example.com&redirectPath=${other}`);
    await second.user.click(fields().submit);
    await waitFor(() => {
      expect(second.currentUrl()).toBe('/gb/orders/sales/C0012345678');
    });
  });

  it('carries redirectPath to the sign-in link', async () => {
    await openLookup(`/orders/details?redirectPath=${encodeURIComponent('/orders/returns/R0012345678')}`);
    const link = screen.getByRole('link', { name: /see all your orders/ });
    expect(new URL(link.getAttribute('href') ?? '', 'http://x').searchParams.get('redirectPath')).toBe(
      '/orders/returns/R0012345678',
    );
  });

  it('sends a phone as phoneNumber(country code + digits) and opens a return order on its route', async () => {
    const { requests } = mockFetch([
      {
        path: '/orders/history/v1/R0012345678',
        respond: () => json(order({ orderNumber: 'R0012345678', orderType: 'RETURN_ORDER' })),
      },
    ]);
    const { user, currentUrl } = await openLookup('/gb/orders/details/R0012345678?phoneNumber=20%207946%200018');
    expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveValue('44');
    await user.click(fields().submit);
    await waitFor(() => {
      expect(currentUrl()).toBe('/gb/orders/returns/R0012345678');
    });
    expect(requests[0]?.url.searchParams.get('filter')).toBe('phoneNumber(442079460018)');
    expect(getSession().visitor).toEqual({ phoneNumber: '442079460018' });
  });

  it('shows the service error in an alert when the lookup fails', async () => {
    mockFetch([
      {
        path: '/orders/history/v1/C0012345678',
        respond: () => json({ code: 'service-order-detail-failure', message: 'not found' }, 404),
      },
    ]);
    const { user } = await openLookup('/orders/details/C0012345678?email=jane%40example.com');
    await user.click(fields().submit);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't find an order with those details.");
    expect(getSession().visitor).toBeNull();
  });

  it('tells how long to wait after too many attempts (429 Retry-After)', async () => {
    mockFetch([
      {
        path: '/orders/history/v1/C0012345678',
        respond: () => json({ code: 'rate-limited', message: 'slow down' }, 429, { 'Retry-After': '30' }),
      },
    ]);
    const { user } = await openLookup('/orders/details/C0012345678?email=jane%40example.com');
    await user.click(fields().submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 30 seconds.');
  });

  it('says "1 second" in the singular', async () => {
    mockFetch([
      {
        path: '/orders/history/v1/C0012345678',
        respond: () => json({ code: 'rate-limited', message: '' }, 429, { 'Retry-After': '1' }),
      },
    ]);
    const { user } = await openLookup('/orders/details/C0012345678?email=jane%40example.com');
    await user.click(fields().submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again in 1 second.');
  });

  it.each([
    ['60', '/orders/details/C0012345678', 'Please try again in 1 minute.'],
    ['889', '/orders/details/C0012345678', 'Please try again in 15 minutes.'],
    ['889', '/de/orders/details/C0012345678', 'Bitte versuche es in 15 Minuten erneut.'],
    ['125', '/pl/orders/details/C0012345678', 'Spróbuj ponownie za 3 minuty.'],
  ])('says a wait of %s seconds in minutes, in words of the language (%s)', async (seconds, path, text) => {
    mockFetch([
      {
        path: '/orders/history/v1/C0012345678',
        respond: () => json({ code: 'rate-limited', message: '' }, 429, { 'Retry-After': seconds }),
      },
    ]);
    const { user } = renderApp(`${path}?email=jane%40example.com`);
    await user.click(await screen.findByRole('button', { name: /^(Find order|Bestellung finden|Znajdź zamówienie)$/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(alert).not.toHaveTextContent(seconds);
  });

  it('says only what is wrong when the order number is right and the e-mail is not (no case-sensitivity note)', async () => {
    const { user } = await openLookup('/orders/details', { enableSmsLookup: false });
    const { orderNumber, email, submit } = fields();
    await user.type(orderNumber, 'c0012345678');
    await user.type(email, 'jane@');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(screen.getByRole('alert')).not.toHaveTextContent(/case sensitive|order number/);
  });

  it('with the phone lookup, asks for a valid e-mail or phone when only the contact is wrong', async () => {
    const { user } = await openLookup();
    const { orderNumber, email, submit } = fields();
    await user.type(orderNumber, 'C0012345678');
    await user.type(email, 'jane@');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address or phone number.');
  });

  it('tells the shopper the phone may be typed with spaces, hyphens and brackets, as it is accepted', async () => {
    await openLookup();
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveAccessibleDescription(
      'Spaces, hyphens and brackets are fine.',
    );
  });

  it('moves focus to the first field in error after a failed submit', async () => {
    const { user } = await openLookup();
    const { orderNumber, email, submit } = fields();
    await user.type(orderNumber, 'C0012345678');
    await user.type(email, 'jane@');
    await user.click(submit);
    expect(email).toHaveFocus();
  });

  it('in China asks for the terms and fixes the phone to +86', async () => {
    const { requests } = mockFetch([{ path: '/orders/history/v1/C0012345678', respond: () => json(order()) }]);
    const { user } = renderApp('/cn/orders/details/C0012345678');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByText('+86')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Phone|电话|手机/ }), '138 0013 8000');
    const submit = screen.getAllByRole('button').find((button) => button.getAttribute('type') === 'submit');
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox'));
    expect(submit).toBeEnabled();
    await user.click(submit!);
    await waitFor(() => {
      expect(requests[0]?.url.searchParams.get('filter')).toBe('phoneNumber(8613800138000)');
    });
  });

  it('offers a signed-in member their own orders', async () => {
    renderApp('/orders/details', { member: true });
    expect(await screen.findByRole('link', { name: 'See all your orders' })).toBeInTheDocument();
  });

  it('looks up the order number exactly as typed: order numbers are case sensitive', async () => {
    const { requests } = mockFetch([{ path: '/orders/history/v1/c9rm0012345', respond: () => json(order()) }]);
    const { user } = await openLookup('/orders/details?email=jane%40example.com');
    await user.type(fields().orderNumber, ' c9rm0012345 ');
    expect(fields().orderNumber).toHaveValue(' c9rm0012345 ');
    await user.click(fields().submit);
    await waitFor(() => {
      expect(requests[0]?.url.pathname).toBe('/orders/history/v1/c9rm0012345');
    });
  });
});
