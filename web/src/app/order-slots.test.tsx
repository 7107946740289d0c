import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { order } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const detail = order();

/** Slots of two features (cart and products) that follow one server answer. */
describe('the item card slots', () => {
  it('offers neither buy again nor shop similar when the server disables buy it again (customised)', async () => {
    const firstGroup = detail.groups[0]!;
    const customised = order({
      groups: [
        {
          ...firstGroup,
          orderItems: [
            {
              ...firstGroup.orderItems[0]!,
              actions: {
                buyItAgain: {
                  enabled: false,
                  reasonCode: 'customized-product',
                  reasonText: 'A customised product cannot be bought again from here.',
                },
              },
            },
          ],
        },
      ],
    });
    mockFetch([{ path: `/orders/history/v1/${customised.orderNumber}`, respond: () => json(customised) }]);
    renderApp(`/orders/sales/${customised.orderNumber}`, { member: true });
    expect(await screen.findByRole('heading', { level: 2, name: 'Shipped' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Buy again/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Shop similar' })).not.toBeInTheDocument();
  });
});
