import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '@/shared/api/types';
import { order } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';
import { reloadPage } from '@/shared/routing/leave-app';

vi.mock('@/shared/routing/leave-app', () => ({ reloadPage: vi.fn(), leaveApp: vi.fn() }));

const serve = (detail: OrderDetail, status = 200) =>
  mockFetch([
    {
      path: `/orders/history/v1/${detail.orderNumber}`,
      respond: () =>
        status === 200 ? json(detail) : json({ code: 'service-order-detail-failure', message: 'x' }, status),
    },
  ]);

const summary = () => within(screen.getByRole('heading', { name: /Summary|Récapitulatif|概要/ }).parentElement!);
const summaryRow = (label: string) => summary().getByText(label).parentElement!;

/** Only Date is faked: Testing Library's waits keep their real timers. */
const today = (instant: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
};

afterEach(() => {
  vi.useRealTimers();
});

describe('sales order detail', () => {
  it.each([
    ['the day before', '2026-11-04T12:00:00', 'Estimated delivery: Thursday, November 5, 2026'],
    ['the day itself', '2026-11-05T20:00:00', 'Estimated delivery: Thursday, November 5, 2026'],
    [
      'the day after',
      '2026-11-06T08:00:00',
      'Delivery is running late. It was expected on Thursday, November 5, 2026.',
    ],
  ])('on %s, says the estimated delivery as %s (walk minor 16)', async (_, now, text) => {
    today(now);
    serve(order());
    renderApp('/orders/sales/C0012345678', { member: true });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it("says a past estimate is late in the shopper's language", async () => {
    today('2026-11-27T09:00:00');
    serve(order({ currency: 'EUR' }));
    renderApp('/de/orders/sales/C0012345678', { member: true });
    expect(
      await screen.findByText('Die Lieferung verzögert sich. Sie wurde für Donnerstag, 5. November 2026 erwartet.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Voraussichtliche Lieferung/)).not.toBeInTheDocument();
  });

  it('reads a masked card number as "ending in" its last four digits, without the stars (walk polish 2)', async () => {
    serve(order({ payment: [{ paymentType: 'credit_card', paymentDisplayNumber: '************4242' }] }));
    renderApp('/orders/sales/C0012345678', { member: true });
    expect(await screen.findByText('Credit card ending in 4242')).toBeInTheDocument();
    expect(screen.queryByText(/\*/)).not.toBeInTheDocument();
  });

  it('shows header, groups with status, delivery estimate, items, tracking, payment and summary', async () => {
    today('2026-11-03T10:00:00');
    const { requests } = serve(order());
    renderApp('/orders/sales/C0012345678', { member: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' })).toBeInTheDocument();
    expect(screen.getByText('Placed on November 1, 2026')).toBeInTheDocument();
    expect(screen.getAllByText('$129.60')).not.toHaveLength(0);
    expect(screen.getByRole('heading', { level: 2, name: 'Shipped' })).toBeInTheDocument();
    expect(screen.getByText('Estimated delivery: Thursday, November 5, 2026')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Air Runner 2' })).toBeInTheDocument();
    expect(screen.getByText('Style: AR2-001')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Track shipment/ })).toHaveAttribute('href', 'https://track.example/S1');
    expect(screen.getByText('Credit card ending in 1111')).toBeInTheDocument();
    expect(summaryRow('Subtotal')).toHaveTextContent('$120.00');
    expect(summaryRow('Shipping')).toHaveTextContent('$0');
    expect(summaryRow('Taxes')).toHaveTextContent('$9.60');
    expect(summaryRow('Total')).toHaveTextContent('$129.60');
    expect(summary().queryByText('Fees')).not.toBeInTheDocument();
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(requests[0]?.url.searchParams.get('filter')).toBeNull();
  });

  it('keeps the server group order, leaves out the estimate for delivered groups and the track link without an action', async () => {
    const base = order();
    const shipped = base.groups[0]!;
    serve(
      order({
        groups: [
          { ...shipped, simpleStatus: 'delivered', heading: 'delivered', actions: {} },
          { ...shipped, simpleStatus: 'ordered', heading: 'ordered', estimatedDeliveryDate: null, actions: {} },
        ],
      }),
    );
    renderApp('/orders/sales/C0012345678', { member: true });
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent).slice(0, 2)).toEqual(['Delivered', 'Ordered']);
    expect(screen.queryByText(/Estimated delivery|running late/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Track shipment/ })).not.toBeInTheDocument();
  });

  it('says under the header total that a cancelled order was not charged, and what a mixed order charges', async () => {
    const base = order();
    serve({ ...base, transaction: { ...base.transaction, chargedPrice: 0 } });
    const view = renderApp('/orders/sales/C0012345678', { member: true });
    expect(await screen.findByText('Not charged: this order was cancelled')).toBeInTheDocument();
    expect(summaryRow('Cancelled items (not charged)')).toHaveTextContent('-$129.60');
    expect(summaryRow('Charged')).toHaveTextContent('$0');
    view.unmount();
    serve({ ...base, transaction: { ...base.transaction, chargedPrice: 100 } });
    renderApp('/orders/sales/C0012345678', { member: true });
    expect(await screen.findByText('$100.00 charged; cancelled items are not charged')).toBeInTheDocument();
  });

  it('hides the delivery estimate when enableEdd is off', async () => {
    serve(order());
    renderApp('/orders/sales/C0012345678', { member: true, flags: { enableEdd: false } });
    await screen.findByRole('heading', { level: 2, name: 'Shipped' });
    expect(screen.queryByText(/Estimated delivery|running late/)).not.toBeInTheDocument();
  });

  it('shows Free shipping, fees, and no taxes under the Australia flag', async () => {
    const transaction = { ...order().transaction, totalFees: 1.5 };
    serve(order({ currency: 'AUD', currencyAlt: 'USD', transaction }));
    renderApp('/au/orders/sales/C0012345678', { member: true, flags: { isAustralia: true } });
    await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' });
    expect(summaryRow('Shipping')).toHaveTextContent('Free');
    expect(summaryRow('Fees')).toHaveTextContent('$1.50');
    expect(summary().queryByText('Taxes')).not.toBeInTheDocument();
  });

  it("says in the shopper's language why an item cannot be returned, linked to the returns policy", async () => {
    const base = order({ currency: 'EUR', country: 'FR' });
    const closed = {
      ...base.groups[0]!.orderItems[0]!,
      returnableFlag: false,
      returnableQuantity: 0,
      // As the server sends it: English text, a code, the country's policy link.
      returnDisableReason: {
        code: 'return-window-closed',
        text: 'The return period for this item has ended.',
        linkText: 'Return Policy',
        linkUrl: 'https://help.example.com/fr/returns',
      },
    };
    serve({ ...base, groups: [{ ...base.groups[0]!, orderItems: [closed] }] });
    renderApp('/fr/fr/orders/sales/C0012345678', { member: true });
    const reason = await screen.findByText(/Le délai de retour de cet article est dépassé\./);
    expect(within(reason).getByRole('link')).toHaveAttribute('href', 'https://help.example.com/fr/returns');
    expect(screen.queryByText(/The return period/)).not.toBeInTheDocument();
  });

  it('names the seller of a partner order', async () => {
    serve(order({ orderType: 'PARTNER_SALES_ORDER', partnerName: 'Northwind Sports' }));
    renderApp('/orders/sales/C0012345678', { member: true });
    expect(await screen.findByText('Sold by Northwind Sports')).toBeInTheDocument();
  });

  it('formats money and dates in French for /fr/fr', async () => {
    serve(order({ currency: 'EUR', country: 'FR' }));
    renderApp('/fr/fr/orders/sales/C0012345678', { member: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande C0012345678' })).toBeInTheDocument();
    expect(screen.getByText('Passée le 1 novembre 2026')).toBeInTheDocument();
    // French: comma decimals and the euro sign after the amount (toHaveTextContent folds the no-break space).
    expect(summaryRow('Sous-total')).toHaveTextContent(/^Sous-total120,00\s€$/);
    expect(summaryRow('Livraison')).toHaveTextContent(/^Livraison0\s€$/);
    expect(summaryRow('Taxes')).toHaveTextContent(/^Taxes9,60\s€$/);
    expect(summaryRow('Total')).toHaveTextContent(/^Total129,60\s€$/);
    expect(screen.getByText('Carte de crédit se terminant par 1111')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Expédié' })).toBeInTheDocument();
  });

  it('formats yen for Japan (no fraction digits) with Japanese dates', async () => {
    const transaction = {
      ...order().transaction,
      subTotal: 12000,
      shippingTotal: 550,
      totalTaxes: 1200,
      orderTotal: 13750,
    };
    const groups = order().groups.map((group) => ({
      ...group,
      orderItems: group.orderItems.map((item) => ({
        ...item,
        lineItemTransaction: { ...item.lineItemTransaction, lineItemTaxes: 1200 },
      })),
    }));
    serve(order({ currency: 'JPY', country: 'JP', transaction, groups }));
    renderApp('/jp/orders/sales/C0012345678', { member: true });
    expect(await screen.findByRole('heading', { level: 1, name: '注文 C0012345678' })).toBeInTheDocument();
    expect(screen.getByText('注文日: 2026年11月1日')).toBeInTheDocument();
    expect(summaryRow('小計')).toHaveTextContent('￥12,000');
    expect(summaryRow('送料')).toHaveTextContent('￥550');
    expect(summaryRow('合計')).toHaveTextContent('￥13,750');
  });

  it('moves a return order to the returns route', async () => {
    serve(order({ orderType: 'RETURN_ORDER', parentSalesOrderNumber: 'C0000000001' }));
    const { currentUrl } = renderApp('/gb/orders/sales/C0012345678', { member: true });
    await waitFor(() => {
      expect(currentUrl()).toBe('/gb/orders/returns/C0012345678');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Return C0012345678' })).toBeInTheDocument();
    expect(screen.getByText('C0000000001')).toBeInTheDocument();
    // A USD order seen from GB: the currency is the order's, the format is en-GB's.
    expect(summaryRow('Refund total')).toHaveTextContent('US$129.60');
  });

  it('moves a sales order off the returns route', async () => {
    serve(order());
    const { currentUrl } = renderApp('/orders/returns/C0012345678', { member: true });
    await waitFor(() => {
      expect(currentUrl()).toBe('/orders/sales/C0012345678');
    });
  });

  it('shows the member a service error dialog with Contact us, Retry that reloads the page, and Dismiss', async () => {
    mockFetch([
      {
        path: '/orders/history/v1/C0012345678',
        respond: () => json({ code: 'internal', message: 'boom' }, 500),
      },
    ]);
    const { user } = renderApp('/orders/sales/C0012345678', { member: true });
    const dialog = await screen.findByRole('dialog', { name: 'Oops... something went wrong.' });
    expect(within(dialog).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href');
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('fetches as the stored guest and sends a failing guest back to the lookup', async () => {
    const { requests } = serve(order(), 404);
    const { currentUrl } = renderApp('/orders/sales/C0012345678', { visitor: { email: 'jane@example.com' } });
    await waitFor(() => {
      expect(currentUrl()).toBe('/orders/details/C0012345678?email=jane%40example.com');
    });
    expect(requests[0]?.url.searchParams.get('filter')).toBe('email(jane@example.com)');
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
  });

  it('sends a visitor with neither token nor guest details to the lookup', async () => {
    const { fetchMock } = serve(order());
    const { currentUrl } = renderApp('/gb/orders/sales/C0012345678');
    await waitFor(() => {
      expect(currentUrl()).toBe('/gb/orders/details/C0012345678');
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells a member an order that is not there, with a way back and no retry', async () => {
    serve(order(), 404);
    renderApp('/orders/sales/C0012345678', { member: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: "We couldn't find order C0012345678" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your orders' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('shows each group status in the colour the server sends', async () => {
    const detail = order();
    serve(order({ groups: [{ ...detail.groups[0]!, simpleStatus: 'cancelled', statusColor: 'error' }] }));
    renderApp('/orders/sales/C0012345678', { member: true });
    expect(await screen.findByRole('heading', { level: 2, name: 'Cancelled' })).toHaveAttribute(
      'data-status-color',
      'error',
    );
  });
});
