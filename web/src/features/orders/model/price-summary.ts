import type { OrderDetail } from '@/shared/api/types';
import { sumMoney } from '@/shared/format/money';
import type { MessageKey } from '@/shared/i18n/messages';
import { refundTotalLabel } from './refund-label';

export interface SummaryRow {
  id: 'subtotal' | 'shipping' | 'taxes' | 'fees' | 'total' | 'notCharged' | 'charged';
  label: MessageKey;
  /** null means the row reads "Free" instead of an amount. */
  amount: number | null;
}

/** Spec §5: tax on a sales order is the sum of its line taxes. */
export function orderTaxes(order: OrderDetail): number {
  if (order.orderType !== 'SALES_ORDER') return order.transaction.totalTaxes;
  const lineTaxes = order.groups.flatMap((group) =>
    group.orderItems.map((item) => item.lineItemTransaction.lineItemTaxes),
  );
  return lineTaxes.length ? sumMoney(lineTaxes, order.currency) : order.transaction.totalTaxes;
}

/**
 * The price summary rows (spec §5): taxes only when non-zero and not in Australia, fees only
 * when non-zero, shipping "Free" when an alternate currency is present and shipping is zero.
 */
export function priceSummaryRows(order: OrderDetail, { isAustralia }: { isAustralia: boolean }): SummaryRow[] {
  const { transaction } = order;
  const rows: SummaryRow[] = [{ id: 'subtotal', label: 'orders.summary.subtotal', amount: transaction.subTotal }];
  const freeShipping = Boolean(order.currencyAlt) && transaction.shippingTotal === 0;
  rows.push({
    id: 'shipping',
    label: 'orders.summary.shipping',
    amount: freeShipping ? null : transaction.shippingTotal,
  });
  const taxes = orderTaxes(order);
  if (taxes !== 0 && !isAustralia) {
    rows.push({
      id: 'taxes',
      label: transaction.taxInclusive ? 'orders.summary.taxesIncluded' : 'orders.summary.taxes',
      amount: taxes,
    });
  }
  // On a return order the fees are what a guest pays for the return's shipping, taken off the refund.
  if (transaction.totalFees !== 0) {
    const label = order.orderType === 'RETURN_ORDER' ? 'orders.summary.returnShipping' : 'orders.summary.fees';
    rows.push({ id: 'fees', label, amount: transaction.totalFees });
  }
  rows.push({
    id: 'total',
    label:
      order.orderType === 'RETURN_ORDER'
        ? refundTotalLabel(order, isAustralia, 'orders.summary.refundTotal')
        : 'orders.summary.total',
    amount: transaction.orderTotal,
  });
  const notCharged = notChargedAmount(order);
  if (notCharged > 0) {
    rows.push({ id: 'notCharged', label: 'orders.summary.notCharged', amount: -notCharged });
    rows.push({ id: 'charged', label: 'orders.summary.charged', amount: transaction.chargedPrice });
  }
  return rows;
}

/**
 * What the order total holds that the shopper is not charged: its cancelled items (and the shipping of an
 * order cancelled whole). The server's `chargedPrice` is the one sum of what is charged.
 */
export function notChargedAmount(order: OrderDetail): number {
  if (order.orderType !== 'SALES_ORDER') return 0;
  const { orderTotal, chargedPrice } = order.transaction;
  return Math.max(0, sumMoney([orderTotal, -chargedPrice], order.currency));
}
