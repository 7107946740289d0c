import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

describe('forgot password', () => {
  it('is linked from sign-in and sends the e-mail with the shopper’s language', async () => {
    const { requests } = mockFetch([
      { method: 'POST', path: '/auth/v1/password_resets', respond: () => new Response(null, { status: 202 }) },
    ]);
    const { user, currentUrl } = renderApp('/orders/signin');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => {
      expect(currentUrl()).toBe('/orders/forgot-password');
    });
    await user.type(await screen.findByLabelText('Email'), ' jane@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "If an account uses jane@example.com, we've sent it a link to reset the password.",
    );
    expect(requests.at(-1)?.body).toEqual({ email: 'jane@example.com', language: 'en' });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/orders/signin');
  });

  it('asks for the e-mail before sending and says when there were too many requests', async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/auth/v1/password_resets',
        respond: () => json({ code: 'rate-limited', message: 'slow down' }, 429),
      },
    ]);
    const { user } = renderApp('/orders/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your email.');
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Too many requests. Please wait a minute and try again.')).toBeInTheDocument();
  });

  it('is translated', async () => {
    renderApp('/fr/fr/orders/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Réinitialiser votre mot de passe' })).toBeInTheDocument();
  });
});
