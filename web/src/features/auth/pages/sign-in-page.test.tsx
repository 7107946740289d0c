import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getSession } from '@/shared/auth/session';
import { configRoute, countryConfig } from '@/test/country-config';
import { historyPage, order } from '@/test/fixtures';
import { deferred, json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';
import { goToServerPage } from '@/shared/routing/server-page';

vi.mock('@/shared/routing/server-page', () => ({ goToServerPage: vi.fn() }));

const SESSION = { upmId: 'member-9', expiresIn: 3600, csrfToken: 'csrf-abc' };

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-pw');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign in', () => {
  it('shows loading, keeps the session (not a token) and goes to the redirect path', async () => {
    const answer = deferred();
    mockFetch([
      { method: 'POST', path: '/auth/v1/session', respond: () => answer.promise },
      { path: '/orders/history/v1', respond: () => json(historyPage([])) },
    ]);
    const { user, currentUrl } = renderApp('/gb/orders/signin?redirectPath=%2Fgb%2Forders%2Fpartner');
    await fillAndSubmit(user);
    expect(screen.getByRole('button', { name: 'Signing in' })).toBeDisabled();
    answer.resolve(json(SESSION));
    await waitFor(() => {
      expect(currentUrl()).toBe('/gb/orders/partner');
    });
    expect(getSession().member).toMatchObject({ upmId: 'member-9', csrfToken: 'csrf-abc' });
    expect(getSession().member?.accessToken).toBeUndefined();
  });

  it('ignores a redirect path that leaves the site', async () => {
    mockFetch([
      { method: 'POST', path: '/auth/v1/session', respond: () => json(SESSION) },
      { path: '/orders/history/v1', respond: () => json(historyPage([])) },
    ]);
    const { user, currentUrl } = renderApp('/orders/signin?redirectPath=%2F%2Fevil.example%2Forders');
    await fillAndSubmit(user);
    await waitFor(() => {
      expect(currentUrl()).toBe('/orders');
    });
  });

  it('says clearly when the credentials are wrong', async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/auth/v1/session',
        respond: () => json({ code: 'invalid-credentials', message: 'no' }, 401),
      },
    ]);
    const { user } = renderApp('/orders/signin');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The email or password you entered doesn't match our records.",
    );
    expect(getSession().member).toBeNull();
  });

  it('links to the guest lookup', async () => {
    renderApp('/fr/fr/orders/signin');
    expect(await screen.findByRole('link', { name: 'Rechercher une commande en tant qu’invité' })).toHaveAttribute(
      'href',
      '/fr/fr/orders/details',
    );
  });

  it('signs out from the header', async () => {
    mockFetch([{ path: '/orders/history/v1', respond: () => json(historyPage([])) }]);
    const { user, currentUrl } = renderApp('/orders', { member: true });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(getSession().member).toBeNull();
    await waitFor(() => {
      expect(currentUrl()).toBe('/orders/signin');
    });
  });

  it('lets a guest end their lookup from the header: the order is forgotten in this tab (walk minor 20)', async () => {
    mockFetch([{ path: '/orders/history/v1/C0012345678', respond: () => json(order()) }]);
    const { user, currentUrl } = renderApp('/orders/sales/C0012345678', { visitor: { email: 'jane@example.com' } });
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'End lookup' }));
    expect(getSession().visitor).toBeNull();
    expect(sessionStorage.getItem('orders.visitor')).toBeNull();
    await waitFor(() => {
      expect(currentUrl()).toBe('/orders/details');
    });
    expect(screen.queryByRole('button', { name: 'End lookup' })).not.toBeInTheDocument();
  });

  it('says when the session ended, and returns to the same order after signing in', async () => {
    let signedInAgain = false;
    mockFetch([
      {
        path: '/orders/history/v1/C0012345678',
        respond: () => (signedInAgain ? json(order()) : json({ code: 'unauthorized', message: 'expired' }, 401)),
      },
      {
        method: 'POST',
        path: '/auth/v1/session',
        respond: () => {
          signedInAgain = true;
          return json(SESSION);
        },
      },
    ]);
    const { user, currentUrl } = renderApp('/orders/sales/C0012345678', { member: true });
    expect(await screen.findByText('Your session has ended. Please sign in again to continue.')).toBeInTheDocument();
    expect(currentUrl()).toBe('/orders/signin?redirectPath=%2Forders%2Fsales%2FC0012345678');
    await fillAndSubmit(user);
    await waitFor(() => {
      expect(currentUrl()).toBe('/orders/sales/C0012345678');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' })).toBeInTheDocument();
  });

  it('sends the CSRF value with writes, never with reads', async () => {
    const { requests } = mockFetch([
      { method: 'POST', path: '/auth/v1/session', respond: () => json(SESSION) },
      { path: '/orders/history/v1', respond: () => json(historyPage([])) },
    ]);
    const { user } = renderApp('/orders/signin');
    await fillAndSubmit(user);
    await waitFor(() => {
      expect(requests.some((request) => request.url.pathname === '/orders/history/v1')).toBe(true);
    });
    const read = requests.find((request) => request.url.pathname === '/orders/history/v1');
    expect(read?.headers.get('X-CSRF-Token')).toBeNull();
    expect(read?.headers.get('Authorization')).toBeNull();
  });
});

describe("sign in through the retailer's provider", () => {
  it('shows the provider button instead of the password form when /config says OIDC is on', async () => {
    const config = countryConfig('gb');
    mockFetch([
      configRoute({
        ...config,
        brand: { ...config.brand, name: 'Acme Sports' },
        signIn: {
          method: 'oidc',
          loginUrl: '/auth/v1/oidc/login',
          logoutUrl: '/auth/v1/oidc/logout',
          allowSignUp: false,
        },
      }),
    ]);
    renderApp('/gb/orders/signin?redirectPath=%2Fgb%2Forders%2FC1234567', { loadConfig: true });
    const button = await screen.findByRole('link', { name: 'Sign in with Acme Sports' });
    expect(button).toHaveAttribute('href', '/auth/v1/oidc/login?returnTo=%2Fgb%2Forders%2FC1234567');
    expect(screen.queryByLabelText('Password')).toBeNull();
    // The provider owns passwords and accounts: no reset or sign-up of the portal's own.
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
  });

  it('never sends the provider a return path that leaves the site', async () => {
    mockFetch([
      configRoute({
        ...countryConfig('us'),
        signIn: { method: 'oidc', loginUrl: '/auth/v1/oidc/login', allowSignUp: false },
      }),
    ]);
    renderApp('/orders/signin?redirectPath=%2F%2Fevil.example%2Forders', { loadConfig: true });
    const button = await screen.findByRole('link', { name: 'Sign in with Orders' });
    expect(button.getAttribute('href')).not.toContain('evil');
  });

  it('keeps the password form when /config says password', async () => {
    mockFetch([configRoute(countryConfig('us'))]);
    renderApp('/orders/signin', { loadConfig: true });
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });
});

describe("signing out of the retailer's provider", () => {
  it('ends the session and goes to the server logout route when /config says OIDC is on', async () => {
    let ended = false;
    mockFetch([
      configRoute({
        ...countryConfig('us'),
        signIn: {
          method: 'oidc',
          loginUrl: '/auth/v1/oidc/login',
          logoutUrl: '/auth/v1/oidc/logout',
          allowSignUp: false,
        },
      }),
      { path: '/orders/history/v1', respond: () => json(historyPage([])) },
      {
        method: 'DELETE',
        path: '/auth/v1/session',
        respond: () => {
          ended = true;
          return new Response(null, { status: 204 });
        },
      },
    ]);
    const { user } = renderApp('/orders', { member: true, loadConfig: true });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(getSession().member).toBeNull();
    await waitFor(() => {
      expect(goToServerPage).toHaveBeenCalledWith('/auth/v1/oidc/logout');
    });
    expect(ended).toBe(true);
  });
});
