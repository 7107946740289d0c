import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/shared/auth/session';
import { historyPage } from '@/test/fixtures';
import { deferred, json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const TOKEN = { accessToken: 'token-xyz', tokenType: 'Bearer', expiresIn: 3600, upmId: 'member-9' };

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-pw');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign in', () => {
  it('shows loading, stores the token and goes to the redirect path', async () => {
    const answer = deferred();
    mockFetch([
      { method: 'POST', path: '/auth/v1/token', respond: () => answer.promise },
      { path: '/orders/history/v1', respond: () => json(historyPage([])) },
    ]);
    const { user, currentUrl } = renderApp('/gb/orders/signin?redirectPath=%2Fgb%2Forders%2Fpartner');
    await fillAndSubmit(user);
    expect(screen.getByRole('button', { name: 'Signing in' })).toBeDisabled();
    answer.resolve(json(TOKEN));
    await waitFor(() => { expect(currentUrl()).toBe('/gb/orders/partner'); });
    expect(getSession().member).toMatchObject({ accessToken: 'token-xyz', upmId: 'member-9' });
    expect(JSON.parse(sessionStorage.getItem('orders.member') ?? '{}')).toMatchObject({ accessToken: 'token-xyz' });
  });

  it('ignores a redirect path that leaves the site', async () => {
    mockFetch([
      { method: 'POST', path: '/auth/v1/token', respond: () => json(TOKEN) },
      { path: '/orders/history/v1', respond: () => json(historyPage([])) },
    ]);
    const { user, currentUrl } = renderApp('/orders/signin?redirectPath=%2F%2Fevil.example%2Forders');
    await fillAndSubmit(user);
    await waitFor(() => { expect(currentUrl()).toBe('/orders'); });
  });

  it('says clearly when the credentials are wrong', async () => {
    mockFetch([
      { method: 'POST', path: '/auth/v1/token', respond: () => json({ code: 'invalid-credentials', message: 'no' }, 401) },
    ]);
    const { user } = renderApp('/orders/signin');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent("The email or password you entered doesn't match our records.");
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
    await waitFor(() => { expect(currentUrl()).toBe('/orders/signin'); });
  });
});
