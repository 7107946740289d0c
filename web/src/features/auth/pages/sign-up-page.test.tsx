import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/shared/auth/session';
import { configRoute, countryConfig } from '@/test/country-config';
import { historyPage } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const SESSION = { upmId: 'member-new', expiresIn: 3600, csrfToken: 'csrf-new' };
const signUpOn = (country: string) => {
  const config = countryConfig(country);
  return configRoute({ ...config, signIn: { method: 'password', allowSignUp: true } });
};

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], password = 'a good password') {
  await user.type(await screen.findByLabelText('First name (optional)'), 'Ana');
  await user.type(screen.getByLabelText('Email'), ' ana@example.com ');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('sign up', () => {
  it('is linked from sign-in where the retailer allows it, creates the account and opens the orders', async () => {
    const { requests } = mockFetch([
      signUpOn('gb'),
      { method: 'POST', path: '/auth/v1/members', respond: () => new Response(null, { status: 202 }) },
      { method: 'POST', path: '/auth/v1/session', respond: () => json(SESSION) },
      { path: '/orders/history/v1', respond: () => json(historyPage([])) },
    ]);
    const { user, currentUrl } = renderApp('/gb/orders/signin', { loadConfig: true });
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    await fillAndSubmit(user);
    await waitFor(() => {
      expect(currentUrl()).toBe('/gb/orders');
    });
    const created = requests.find((request) => request.url.pathname === '/auth/v1/members');
    expect(created?.body).toEqual({
      email: 'ana@example.com',
      password: 'a good password',
      firstName: 'Ana',
      lastName: '',
      country: 'GB',
    });
    expect(getSession().member).toMatchObject({ upmId: 'member-new' });
  });

  it('is neither linked nor reachable where sign-up is off', async () => {
    mockFetch([configRoute(countryConfig('us'))]);
    const { currentUrl } = renderApp('/orders/signup', { loadConfig: true });
    await waitFor(() => {
      expect(currentUrl()).toBe('/orders/signin');
    });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
  });

  it('says to sign in or reset when the e-mail already had an account, and shows the server’s length rule', async () => {
    mockFetch([
      signUpOn('us'),
      {
        method: 'POST',
        path: '/auth/v1/members',
        respond: (request) =>
          (request.body as { password: string }).password.length < 8
            ? json({ code: 'validation-failed', field: 'password', message: 'short' }, 400)
            : new Response(null, { status: 202 }),
      },
      {
        method: 'POST',
        path: '/auth/v1/session',
        respond: () => json({ code: 'invalid-credentials', message: 'no' }, 401),
      },
    ]);
    const { user } = renderApp('/orders/signup', { loadConfig: true });
    await fillAndSubmit(user, 'short');
    await waitFor(() => {
      expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    });
    expect(screen.getAllByText('8 to 128 characters.')).toHaveLength(1);
    await user.type(screen.getByLabelText('Password'), ' but now long');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'If you already have an account with this email, sign in or reset your password.',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/orders/forgot-password');
    expect(getSession().member).toBeNull();
  });
});
