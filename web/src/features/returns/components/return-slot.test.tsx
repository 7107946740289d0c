import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { order, orderItem } from '@/test/fixtures';
import { ReturnItemSlot } from './return-slot';

const slot = (item = orderItem(), detail = order()) =>
  render(<ReturnItemSlot item={item} order={detail} currency="USD" />);

describe('ReturnItemSlot', () => {
  it('offers the return for a returnable line, with the item pre-selected', () => {
    slot(orderItem({ returnableFlag: true, returnableQuantity: 1 }));
    expect(screen.getByRole('link')).toHaveAttribute(
      'href',
      '/orders/return-items/C0012345678?selected=00012345678905',
    );
  });

  it.each([
    ['not returnable', { returnableFlag: false, returnableQuantity: 1 }],
    ['nothing left to return', { returnableFlag: true, returnableQuantity: 0 }],
    ['no return facts', {}],
    [
      'a disabled return action',
      { returnableFlag: true, returnableQuantity: 1, actions: { return: { enabled: false } } },
    ],
  ])('is absent for %s', (_, overrides) => {
    slot(orderItem(overrides));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('is absent on a return order', () => {
    slot(orderItem({ returnableFlag: true, returnableQuantity: 1 }), order({ orderType: 'RETURN_ORDER' }));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
