import { describe, expect, it } from 'vitest';
import { order, orderItem } from '@/test/fixtures';
import { notChargedAmount, orderTaxes, priceSummaryRows } from './price-summary';

const rows = (overrides: Parameters<typeof order>[0], isAustralia = false) =>
  priceSummaryRows(order(overrides), { isAustralia }).map((row) => [row.id, row.amount]);

const transaction = order().transaction;

describe('price summary rules (spec §5)', () => {
  it('lists subtotal, shipping, taxes and total', () => {
    expect(rows({})).toEqual([
      ['subtotal', 120],
      ['shipping', 0],
      ['taxes', 9.6],
      ['total', 129.6],
    ]);
  });

  it('hides taxes at zero', () => {
    const untaxed = order().groups.map((group) => ({
      ...group,
      orderItems: group.orderItems.map((item) => ({
        ...item,
        lineItemTransaction: { ...item.lineItemTransaction, lineItemTaxes: 0 },
      })),
    }));
    expect(rows({ groups: untaxed, transaction: { ...transaction, totalTaxes: 0 } }).map(([id]) => id)).not.toContain(
      'taxes',
    );
  });

  it('hides taxes when the Australia flag is on', () => {
    expect(rows({}, true).map(([id]) => id)).not.toContain('taxes');
  });

  it('shows fees only when non-zero', () => {
    expect(rows({}).map(([id]) => id)).not.toContain('fees');
    expect(rows({ transaction: { ...transaction, totalFees: 2.5 } })).toContainEqual(['fees', 2.5]);
  });

  it('shows shipping as Free only with an alternate currency and zero shipping', () => {
    expect(rows({ currencyAlt: 'EUR' })).toContainEqual(['shipping', null]);
    expect(rows({ currencyAlt: null })).toContainEqual(['shipping', 0]);
    expect(rows({ currencyAlt: 'EUR', transaction: { ...transaction, shippingTotal: 5 } })).toContainEqual([
      'shipping',
      5,
    ]);
  });

  it('sums line taxes of a sales order exactly', () => {
    const items = [0.1, 0.2, 0.4].map((tax, index) =>
      orderItem({
        lineNumber: index + 1,
        lineItemTransaction: { ...orderItem().lineItemTransaction, lineItemTaxes: tax },
      }),
    );
    const taxed = order({ groups: [{ ...order().groups[0]!, orderItems: items }] });
    expect(orderTaxes(taxed)).toBe(0.7);
  });

  it('uses the transaction total taxes for a return order and labels the total "Refund total"', () => {
    const refund = order({ orderType: 'RETURN_ORDER', transaction: { ...transaction, totalTaxes: 3 } });
    expect(orderTaxes(refund)).toBe(3);
    expect(priceSummaryRows(refund, { isAustralia: false }).at(-1)?.label).toBe('orders.summary.refundTotal');
  });

  it("labels a return order's fees as the guest's return shipping taken off the refund", () => {
    const refund = order({ orderType: 'RETURN_ORDER', transaction: { ...transaction, totalFees: -9.95 } });
    const fees = priceSummaryRows(refund, { isAustralia: false }).find((row) => row.id === 'fees');
    expect(fees).toEqual({ id: 'fees', label: 'orders.summary.returnShipping', amount: -9.95 });
  });

  it("says what cancelled items leave uncharged, from the server's charged price", () => {
    const mixed = order({ transaction: { ...transaction, orderTotal: 1096.2, chargedPrice: 186.2 } });
    expect(rows({ transaction: mixed.transaction }).slice(-3)).toEqual([
      ['total', 1096.2],
      ['notCharged', -910],
      ['charged', 186.2],
    ]);
    expect(notChargedAmount(mixed)).toBe(910);
  });

  it('adds no rows when everything is charged, nor for a return order', () => {
    expect(rows({}).map(([id]) => id)).not.toContain('charged');
    const refund = order({ orderType: 'RETURN_ORDER', transaction: { ...transaction, chargedPrice: 0 } });
    expect(notChargedAmount(refund)).toBe(0);
  });
});
