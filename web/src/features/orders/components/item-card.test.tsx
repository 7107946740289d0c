import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { OrderItem } from '@/shared/api/types';
import { order, orderItem } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const openWith = async (actions: OrderItem['actions']) => {
  const base = order();
  const detail = { ...base, groups: [{ ...base.groups[0]!, orderItems: [orderItem({ actions })] }] };
  mockFetch([{ path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) }]);
  const view = renderApp('/orders/sales/C0012345678', { member: true });
  await screen.findByRole('heading', { level: 3, name: 'Air Runner 2' });
  return view;
};

describe('item card', () => {
  it("links the image and the title to the product page of the server's buyItAgain action, axe clean", async () => {
    await openWith({ buyItAgain: { enabled: true, webLink: '/products/AR2-001' } });
    const title = screen.getByRole('link', { name: 'Air Runner 2' });
    expect(title).toHaveAttribute('href', '/products/AR2-001');
    const imageLink = document.querySelector('.item-card__image-link');
    expect(imageLink).toHaveAttribute('href', '/products/AR2-001');
    // The image repeats the title's link for the mouse only: one tab stop per item.
    expect(imageLink).toHaveAttribute('tabindex', '-1');
    const results = await axe.run(title.closest('li')!, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('links nothing without an enabled action with a web link', async () => {
    const cases: OrderItem['actions'][] = [
      {},
      { buyItAgain: { enabled: false, reasonCode: 'customized-product' } },
      { buyItAgain: { enabled: true, webLink: 'javascript:alert(1)' } },
      { buyItAgain: { enabled: true, webLink: '//elsewhere.example/p' } },
    ];
    for (const actions of cases) {
      const view = await openWith(actions);
      expect(screen.queryByRole('link', { name: 'Air Runner 2' })).not.toBeInTheDocument();
      expect(document.querySelector('.item-card__image-link')).toBeNull();
      view.unmount();
    }
  });

  it("draws a neutral placeholder for a line fed without a picture, still named by the product's title, axe clean", async () => {
    const base = order();
    const item = orderItem({ product: { ...orderItem().product, productImage: '' } });
    const detail = { ...base, groups: [{ ...base.groups[0]!, orderItems: [item] }] };
    mockFetch([{ path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) }]);
    renderApp('/orders/sales/C0012345678', { member: true });
    const card = (await screen.findByRole('heading', { level: 3, name: 'Air Runner 2' })).closest('li')!;
    const picture = within(card).getByRole('img', { name: 'Air Runner 2' });
    // Not an <img> without a source (an empty grey square): a drawing, hidden itself, in a named tile.
    expect(picture.tagName).not.toBe('IMG');
    expect(card.querySelector('img')).toBeNull();
    const drawing = picture.querySelector('svg');
    expect(drawing).toHaveAttribute('aria-hidden', 'true');
    const results = await axe.run(card, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
