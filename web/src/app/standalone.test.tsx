import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { order } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const detail = { path: '/orders/history/v1/C0012345678', respond: () => json(order({ orderNumber: 'C0012345678' })) };

describe('the standalone view (embedded in the retailer page, spec 000 §2)', () => {
  afterEach(() => {
    sessionStorage.clear();
  });

  it('has no site header and no help or contact in the sidebar', async () => {
    mockFetch([detail]);
    renderApp('/orders/sales/C0012345678?standalone=true', { member: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Need help?' })).not.toBeInTheDocument();
  });

  it('keeps the header and help otherwise, with the member links for a member', async () => {
    mockFetch([detail]);
    renderApp('/orders/sales/C0012345678', { member: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Need help?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Saved addresses' })).toBeInTheDocument();
  });
});
