import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '@/shared/api/types';
import { order, orderItem } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const serve = (detail: OrderDetail) =>
  mockFetch([{ path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) }]);

describe('shipment group', () => {
  it('shows the subheading, the heading variant and the message box the server sends, axe clean', async () => {
    const base = order();
    const group = {
      ...base.groups[0]!,
      headingVariant: 'emphasis',
      subheading: 'On its way from our Memphis warehouse',
      message: 'Your parcel may arrive in two boxes.',
    };
    serve({ ...base, groups: [group] });
    renderApp('/orders/sales/C0012345678', { member: true });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Shipped' });
    expect(heading).toHaveAttribute('data-heading-variant', 'emphasis');
    expect(screen.getByText('On its way from our Memphis warehouse')).toBeInTheDocument();
    expect(screen.getByText('Your parcel may arrive in two boxes.')).toHaveClass('shipment-group__message');
    const results = await axe.run(heading.closest('section')!, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('renders an encoded message as text only', async () => {
    const base = order();
    const encodedMessage = btoa('<b>Delayed</b> by weather<img src=x onerror="alert(1)">');
    serve({ ...base, groups: [{ ...base.groups[0]!, encodedMessage }] });
    renderApp('/orders/sales/C0012345678', { member: true });
    const message = await screen.findByText('Delayed by weather');
    expect(message.children).toHaveLength(0);
    expect(message).toHaveClass('shipment-group__message');
  });

  it("offers a line's own Track link only where its group does not already show that link", async () => {
    const base = order();
    const apart = orderItem({
      lineNumber: 2,
      skuId: 'SKU-2',
      product: { ...orderItem().product, title: 'Club Tee' },
      actions: { trackShipment: { enabled: true, webLink: 'https://track.example/S1-B' } },
    });
    serve({ ...base, groups: [{ ...base.groups[0]!, orderItems: [orderItem(), apart] }] });
    renderApp('/orders/sales/C0012345678', { member: true });
    await screen.findByRole('heading', { level: 2, name: 'Shipped' });
    expect(screen.getByRole('link', { name: /Track shipment/ })).toHaveAttribute('href', 'https://track.example/S1');
    // The first line travels in the group's tracked parcel: no second copy of its link.
    const own = screen.getAllByRole('link', { name: /Track item/ });
    expect(own).toHaveLength(1);
    expect(own[0]).toHaveAttribute('href', 'https://track.example/S1-B');
    expect(own[0]!.closest('li')).toHaveTextContent('Club Tee');
  });

  it('gives each line its link when the group shows none', async () => {
    const base = order();
    serve({ ...base, groups: [{ ...base.groups[0]!, actions: {} }] });
    renderApp('/orders/sales/C0012345678', { member: true });
    expect(await screen.findByRole('link', { name: /Track item/ })).toHaveAttribute('href', 'https://track.example/S1');
    expect(screen.queryByRole('link', { name: /Track shipment/ })).not.toBeInTheDocument();
  });
});
