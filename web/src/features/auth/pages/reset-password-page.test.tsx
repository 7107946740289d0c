import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const TOKEN = 'A'.repeat(43);

function openLink(hash = `#token=${TOKEN}`) {
  window.location.hash = hash;
  return renderApp('/orders/password-reset');
}

afterEach(() => {
  window.location.hash = '';
});

describe('reset password', () => {
  it('sets the new password with the link’s token, then offers to sign in', async () => {
    const { requests } = mockFetch([
      { method: 'PUT', path: '/auth/v1/password_resets', respond: () => new Response(null, { status: 204 }) },
    ]);
    const { user } = openLink();
    await user.type(await screen.findByLabelText('New password'), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(requests.at(-1)?.body).toEqual({ token: TOKEN, password: 'a brand new password' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/orders/signin');
  });

  it('shows the password on request', async () => {
    mockFetch([]);
    const { user } = openLink();
    const field = await screen.findByLabelText('New password');
    expect(field).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(field).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(field).toHaveAttribute('type', 'password');
  });

  it('checks the length before sending', async () => {
    const { requests } = mockFetch([]);
    const { user } = openLink();
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
  });

  it('says when the link has expired or was used, and offers a new one', async () => {
    mockFetch([
      {
        method: 'PUT',
        path: '/auth/v1/password_resets',
        respond: () => json({ code: 'password-reset-expired', message: 'gone', field: 'token' }, 410),
      },
    ]);
    const { user } = openLink();
    await user.type(await screen.findByLabelText('New password'), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('has expired or was already used');
    expect(screen.getByRole('link', { name: 'Get a new link' })).toHaveAttribute('href', '/orders/forgot-password');
  });

  it('without a token the link is not valid', async () => {
    mockFetch([]);
    openLink('');
    expect(await screen.findByRole('alert')).toHaveTextContent("This password reset link isn't valid.");
  });
});
