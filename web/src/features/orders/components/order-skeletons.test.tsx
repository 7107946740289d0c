import { screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { order } from '@/test/fixtures';
import { deferred, json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

describe('loading skeletons', () => {
  it('the order detail shows a busy skeleton of its layout, then the order in its place', async () => {
    const detail = deferred();
    mockFetch([{ path: '/orders/history/v1/C0012345678', respond: () => detail.promise }]);
    const { container } = renderApp('/orders/sales/C0012345678', { member: true });
    const status = await screen.findByText('Loading', { selector: '[role="status"]' });
    const busy = container.querySelector('[aria-busy="true"]');
    expect(busy).toContainElement(status);
    // The grey shapes are hidden from screen readers; no spinner wheel.
    expect(busy?.querySelectorAll('[aria-hidden="true"] .skeleton').length).toBeGreaterThan(8);
    expect(container.querySelector('.spinner')).toBeNull();
    detail.resolve(json(order()));
    await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' });
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('the history shows skeleton rows while the first page loads', async () => {
    const page = deferred();
    mockFetch([{ path: '/orders/history/v1', respond: () => page.promise }]);
    const { container } = renderApp('/orders', { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Orders' });
    await waitFor(() => {
      expect(container.querySelectorAll('[aria-busy="true"] .history-order')).toHaveLength(3);
    });
    expect(container.querySelector('[aria-busy="true"] [role="status"]')).toHaveTextContent('Loading');
    expect(container.querySelector('.spinner')).toBeNull();
  });

  it('holds the shimmer still for reduced motion', () => {
    const css = readFileSync('src/features/orders/components/order-skeletons.css', 'utf8');
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\)\s*\{\s*\.skeleton\s*\{\s*animation:\s*none;/);
  });
});
