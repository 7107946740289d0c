import { describe, expect, it } from 'vitest';
import { getSession, rememberVisitor, signIn } from '@/shared/auth/session';
import { json, mockFetch } from '@/test/mock-fetch';
import { ApiError } from './api-error';
import { apiGet, apiPost } from './client';

const detail = (auth: 'member' | 'member-or-guest' | 'none' = 'member-or-guest') =>
  apiGet('/orders/history/v1/{orderNumber}', {
    auth,
    params: { orderNumber: 'C0012345678' },
    query: { country: 'US' },
  });

describe('api client', () => {
  it('sends the bearer token of a signed-in member', async () => {
    const { requests } = mockFetch([
      { path: '/orders/history/v1/C0012345678', respond: () => json({ orderNumber: 'C0012345678' }) },
    ]);
    signIn({ accessToken: 'abc', upmId: 'm1', expiresIn: 60 });
    await detail();
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer abc');
    expect(requests[0]?.url.searchParams.get('filter')).toBeNull();
    expect(requests[0]?.url.searchParams.get('country')).toBe('US');
  });

  it('sends both the token and the guest filter when a member also looked an order up as a guest', async () => {
    const { requests } = mockFetch([{ path: '/orders/history/v1/C0012345678', respond: () => json({}) }]);
    signIn({ accessToken: 'abc', upmId: 'm1', expiresIn: 60 });
    rememberVisitor({ email: 'jane@example.com' });
    await detail();
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer abc');
    expect(requests[0]?.url.searchParams.get('filter')).toBe('email(jane@example.com)');
  });

  it('adds the guest filter for a stored visitor when nobody is signed in', async () => {
    const { requests } = mockFetch([{ path: '/orders/history/v1/C0012345678', respond: () => json({}) }]);
    rememberVisitor({ phoneNumber: '14155550100' });
    await detail();
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
    expect(requests[0]?.url.searchParams.get('filter')).toBe('phoneNumber(14155550100)');
  });

  it('turns an error body into ApiError {status, code, message}', async () => {
    mockFetch([
      {
        path: '/orders/history/v1/C0012345678',
        respond: () => json({ code: 'service-order-detail-failure', message: 'Order not found' }, 404),
      },
    ]);
    const error = await detail().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'service-order-detail-failure', message: 'Order not found' });
  });

  it('reads Retry-After on 429', async () => {
    mockFetch([
      {
        path: '/orders/history/v1/C0012345678',
        respond: () => json({ code: 'rate-limited', message: '' }, 429, { 'Retry-After': '12' }),
      },
    ]);
    await expect(detail()).rejects.toMatchObject({ status: 429, retryAfter: 12 });
  });

  it.each([
    ['an HTML error page', 502, '<html>Bad gateway</html>'],
    ['a JSON body without a code', 500, '{"oops":true}'],
    ['an unreadable success body', 200, 'not json'],
    ['an empty success body', 200, ''],
  ])('reports %s as "Could not parse server response"', async (_, status, body) => {
    mockFetch([{ path: '/orders/history/v1/C0012345678', respond: () => new Response(body, { status }) }]);
    await expect(detail()).rejects.toMatchObject({ status, message: 'Could not parse server response' });
  });

  it('reports a network failure as status 0', async () => {
    mockFetch([
      { path: '/orders/history/v1/C0012345678', respond: () => Promise.reject(new TypeError('Failed to fetch')) },
    ]);
    await expect(detail()).rejects.toMatchObject({ status: 0, code: 'network-error' });
  });

  it('ends the member session when the server rejects the token', async () => {
    mockFetch([{ path: '/orders/history/v1', respond: () => json({ code: 'unauthorized', message: 'expired' }, 401) }]);
    signIn({ accessToken: 'old', upmId: 'm1', expiresIn: 60 });
    await expect(apiGet('/orders/history/v1', { auth: 'member' })).rejects.toMatchObject({ status: 401 });
    expect(getSession().member).toBeNull();
  });

  it('posts JSON without credentials for sign-in', async () => {
    const { requests } = mockFetch([
      {
        method: 'POST',
        path: '/auth/v1/token',
        respond: () => json({ accessToken: 't', tokenType: 'Bearer', expiresIn: 3600, upmId: 'm1' }),
      },
    ]);
    const token = await apiPost('/auth/v1/token', { auth: 'none', body: { email: 'a@b.co', password: 'pw' } });
    expect(token.upmId).toBe('m1');
    expect(requests[0]?.body).toEqual({ email: 'a@b.co', password: 'pw' });
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
  });
});
