import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '@/shared/api/types';
import { order } from '@/test/fixtures';
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
});
