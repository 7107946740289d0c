import { cleanup, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '@/shared/api/types';
import { order, orderItem } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';
import { returnsOfOrder } from './order-modals';

const serve = (detail: OrderDetail) =>
  mockFetch([{ path: `/orders/history/v1/${detail.orderNumber}`, respond: () => json(detail) }]);

/** axe on the open dialog (jsdom cannot judge colour contrast). */
async function expectNoAxeViolations(element: HTMLElement) {
  const results = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** The default order's shipped group (without its delivery estimate) and a delivered one beside it. */
const twoShipments = () => {
  const shipped = { ...order().groups[0]!, estimatedDeliveryDate: undefined };
  const delivered = {
    ...shipped,
    heading: 'delivered',
    simpleStatus: 'delivered',
    statusColor: 'success',
    shipmentNumber: 'S2',
    trackingUrl: 'https://track.example/S2',
    actions: { trackShipment: { enabled: true, webLink: 'https://track.example/S2' } },
    orderItems: [orderItem({ lineNumber: 2, skuId: 'SKU-2', product: { ...orderItem().product, title: 'Club Cap' } })],
  } satisfies OrderDetail['groups'][number];
  return order({ groups: [shipped, delivered] });
};

describe('track shipments modal', () => {
  it("says each shipment's number, shipped and delivered days and delivery estimate, as the answer has them", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-04T12:00:00'));
    try {
      const base = twoShipments();
      const [shipped, delivered] = base.groups;
      serve(
        order({
          groups: [
            {
              ...shipped!,
              estimatedDeliveryDate: '2026-11-06',
              orderItems: shipped!.orderItems.map((item) => ({
                ...item,
                itemDates: { shipped: '2026-11-02T09:00:00Z' },
              })),
            },
            {
              ...delivered!,
              orderItems: delivered!.orderItems.map((item) => ({
                ...item,
                itemDates: { shipped: '2026-10-28T09:00:00Z', delivered: '2026-10-30T15:00:00Z' },
              })),
            },
          ],
        }),
      );
      const { user } = renderApp('/orders/sales/C0012345678', { member: true });
      await user.click(await screen.findByRole('button', { name: 'Track shipments (2)' }));
      const dialog = screen.getByRole('dialog', { name: 'Track your shipments' });
      const entries = within(dialog)
        .getAllByRole('listitem')
        .filter((item) => item.classList.contains('order-modal__entry'));
      expect(entries[0]).toHaveTextContent('Shipment number: S1');
      expect(entries[0]).toHaveTextContent('Shipped on November 2, 2026');
      expect(entries[0]).toHaveTextContent('Estimated delivery: Friday, November 6, 2026');
      expect(entries[1]).toHaveTextContent('Shipment number: S2');
      expect(entries[1]).toHaveTextContent('Delivered on October 30, 2026');
      expect(entries[1]).not.toHaveTextContent('Estimated delivery');
      await expectNoAxeViolations(dialog);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists each shipment with its items and its link, keyboard in and out, axe clean', async () => {
    serve(twoShipments());
    const { user } = renderApp('/orders/sales/C0012345678', { member: true });
    const opener = await screen.findByRole('button', { name: 'Track shipments (2)' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Track your shipments' });
    const entries = within(dialog)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('order-modal__entry'));
    expect(entries).toHaveLength(2);
    expect(within(entries[0]!).getByRole('heading', { name: 'Shipment 1: Shipped' })).toBeInTheDocument();
    expect(within(entries[0]!).getByText('Air Runner 2')).toBeInTheDocument();
    expect(within(entries[0]!).getByRole('link', { name: /Track shipment 1/ })).toHaveAttribute(
      'href',
      'https://track.example/S1',
    );
    expect(within(entries[1]!).getByText('Club Cap')).toBeInTheDocument();
    expect(within(entries[1]!).getByRole('link', { name: /Track shipment 2/ })).toHaveAttribute(
      'href',
      'https://track.example/S2',
    );
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await expectNoAxeViolations(dialog);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it("heads each shipment with its own status and lists its packages' own links, axe clean (000 §3)", async () => {
    const base = twoShipments();
    const shipment = (shipmentNumber: string, simpleStatus: 'delivered', packages: string[]) => ({
      orderNumber: base.orderNumber,
      shipmentNumber,
      simpleStatus,
      packages: packages.map((link, at) => ({ shipmentNumber, items: [at + 1], trackingUrl: link })),
    });
    serve({
      ...base,
      shipments: [shipment('S1', 'delivered', ['https://track.example/S1', 'https://track.example/S1-P2'])],
    });
    const { user } = renderApp('/orders/sales/C0012345678', { member: true });
    await user.click(await screen.findByRole('button', { name: 'Track shipments (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Track your shipments' });
    const first = within(dialog).getByRole('heading', { name: 'Shipment 1: Delivered' }).closest('li')!;
    expect(within(first).getByRole('link', { name: /^Track package 2 of 2/ })).toHaveAttribute(
      'href',
      'https://track.example/S1-P2',
    );
    expect(within(dialog).getAllByRole('link', { name: /^Track package/ })).toHaveLength(1);
    await expectNoAxeViolations(dialog);
  });

  it("names each shipment's carrier and tracking number where the answer sends them, axe clean", async () => {
    const base = twoShipments();
    serve({
      ...base,
      shipments: [
        {
          orderNumber: base.orderNumber,
          shipmentNumber: 'S1',
          simpleStatus: 'shipped',
          packages: [
            {
              shipmentNumber: 'S1',
              items: [1],
              trackingUrl: 'https://track.example/S1',
              carrierName: 'UPS',
              trackingNumber: '1Z0000000201',
            },
          ],
        },
        {
          orderNumber: base.orderNumber,
          shipmentNumber: 'S2',
          simpleStatus: 'delivered',
          packages: [{ shipmentNumber: 'S2', items: [2], trackingUrl: 'https://track.example/S2' }],
        },
      ],
    });
    const { user } = renderApp('/orders/sales/C0012345678', { member: true });
    await user.click(await screen.findByRole('button', { name: 'Track shipments (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Track your shipments' });
    const first = within(dialog).getByRole('heading', { name: 'Shipment 1: Shipped' }).closest('li')!;
    const second = within(dialog).getByRole('heading', { name: 'Shipment 2: Delivered' }).closest('li')!;
    expect(within(first).getByText('UPS · Tracking number 1Z0000000201')).toBeInTheDocument();
    // The package travels on the shipment's own link: no second link for it.
    expect(within(first).queryByRole('link', { name: /Track package/ })).not.toBeInTheDocument();
    // The second shipment's answer names no carrier: nothing is made up.
    expect(second).not.toHaveTextContent(/Tracking number|Carrier/);
    await expectNoAxeViolations(dialog);
  });

  it('says the carrier and tracking number in Japanese, with full-width punctuation', async () => {
    const base = twoShipments();
    serve({
      ...base,
      country: 'JP',
      currency: 'JPY',
      shipments: [
        {
          orderNumber: base.orderNumber,
          shipmentNumber: 'S1',
          simpleStatus: 'shipped',
          packages: [{ shipmentNumber: 'S1', items: [1], carrierName: 'ヤマト運輸', trackingNumber: '4000-1234-5678' }],
        },
        {
          orderNumber: base.orderNumber,
          shipmentNumber: 'S2',
          simpleStatus: 'delivered',
          packages: [{ shipmentNumber: 'S2', items: [2], trackingNumber: '7700000201' }],
        },
      ],
    });
    const { user } = renderApp('/jp/orders/sales/C0012345678', { member: true });
    await user.click(await screen.findByRole('button', { name: '配送状況を確認（2件）' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('ヤマト運輸・追跡番号：4000-1234-5678')).toBeInTheDocument();
    expect(within(dialog).getByText('追跡番号：7700000201')).toBeInTheDocument();
  });

  it('is not offered for a single shipment (its group keeps its own track link)', async () => {
    serve(order());
    renderApp('/orders/sales/C0012345678', { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' });
    expect(screen.queryByRole('button', { name: /Track shipments/ })).not.toBeInTheDocument();
  });
});

describe('view returns modal', () => {
  const withReturns = () =>
    order({
      groups: [
        {
          heading: 'delivered',
          simpleStatus: 'delivered',
          statusColor: 'success',
          shipmentNumber: 'S1',
          actions: {},
          orderItems: [
            orderItem({ actions: { viewReturn: { enabled: true, returnOrderId: 'R0011111111' } } }),
            orderItem({
              lineNumber: 2,
              skuId: 'SKU-2',
              product: { ...orderItem().product, title: 'Club Cap' },
              actions: { viewReturn: { enabled: true, returnOrderId: 'R0022222222' } },
            }),
            orderItem({
              lineNumber: 3,
              skuId: 'SKU-3',
              product: { ...orderItem().product, title: 'Crew Socks' },
              actions: { viewReturn: { enabled: true, returnOrderId: 'R0011111111' } },
            }),
          ],
        },
      ],
    });

  it('groups the lines by return order, each with a link to its return detail', async () => {
    serve(withReturns());
    const { user, currentUrl } = renderApp('/orders/sales/C0012345678', { member: true });
    await user.click(await screen.findByRole('button', { name: 'View returns (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Returns for this order' });
    expect(within(dialog).getByRole('heading', { name: 'Return R0011111111' }).parentElement).toHaveTextContent(
      /Air Runner 2.*Crew Socks/,
    );
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('link', { name: 'View return R0022222222' }));
    expect(currentUrl()).toBe('/orders/returns/R0022222222');
  });

  it('takes only enabled view-return actions with a valid return number, and none on a return order', () => {
    const item = (id: string, enabled = true) => orderItem({ actions: { viewReturn: { enabled, returnOrderId: id } } });
    const base = withReturns();
    const group = {
      ...base.groups[0]!,
      orderItems: [item('R0011111111', false), item('not a number'), item('R0033333333')],
    };
    expect(returnsOfOrder({ ...base, groups: [group] }).map((entry) => entry.returnOrderId)).toEqual(['R0033333333']);
    expect(returnsOfOrder({ ...base, orderType: 'RETURN_ORDER' })).toEqual([]);
  });
});

describe('order country mismatch modal', () => {
  it('opens when the order belongs to another country, offers its own site or staying', async () => {
    serve(order({ country: 'JP' }));
    const { user } = renderApp('/gb/orders/sales/C0012345678', { member: true });
    const dialog = await screen.findByRole('dialog', { name: 'This order is from another country' });
    expect(dialog).toHaveTextContent(
      'Order C0012345678 was placed on our Japan site and you are on our United Kingdom site.',
    );
    expect(within(dialog).getByRole('link', { name: 'Open on the Japan site' })).toHaveAttribute(
      'href',
      '/jp/orders/sales/C0012345678',
    );
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Stay here' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Order C0012345678' })).toBeInTheDocument();
  });

  it('speaks the page language', async () => {
    serve(order({ country: 'DE' }));
    renderApp('/fr/fr/orders/sales/C0012345678', { member: true });
    const dialog = await screen.findByRole('dialog', { name: 'Cette commande vient d’un autre pays' });
    expect(within(dialog).getByRole('link', { name: 'Ouvrir sur le site Allemagne' })).toHaveAttribute(
      'href',
      '/de/orders/sales/C0012345678',
    );
  });

  it('once dismissed, stays closed for that order and route country for the session', async () => {
    serve(order({ country: 'JP' }));
    const first = renderApp('/gb/orders/sales/C0012345678', { member: true });
    const dialog = await first.findByRole('dialog', { name: 'This order is from another country' });
    await first.user.click(within(dialog).getByRole('button', { name: 'Stay here' }));
    first.unmount();

    // A reload in the same session: the order page opens without the modal.
    const again = renderApp('/gb/orders/sales/C0012345678', { member: true });
    await again.findByRole('heading', { level: 1, name: 'Order C0012345678' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    again.unmount();

    // Under another route country it is another question: the modal shows.
    renderApp('/de/orders/sales/C0012345678', { member: true });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    cleanup();

    // A new session (storage emptied) shows it again.
    sessionStorage.clear();
    renderApp('/gb/orders/sales/C0012345678', { member: true });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('Escape dismisses too, and storage that throws only means it shows again', async () => {
    serve(order({ country: 'JP' }));
    // Only the dismissal's own key fails: the session (signed-in member) lives in the same storage.
    const getItem = sessionStorage.getItem.bind(sessionStorage);
    const setItem = sessionStorage.setItem.bind(sessionStorage);
    const ours = (key: string) => key.startsWith('orders.mismatchDismissed.');
    const writes = vi.spyOn(Storage.prototype, 'setItem').mockImplementation((key, value) => {
      if (ours(key)) throw new DOMException('full', 'QuotaExceededError');
      setItem(key, value);
    });
    const reads = vi.spyOn(Storage.prototype, 'getItem').mockImplementation((key) => {
      if (ours(key)) throw new DOMException('denied', 'SecurityError');
      return getItem(key);
    });
    const first = renderApp('/gb/orders/sales/C0012345678', { member: true });
    await first.findByRole('dialog');
    await first.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Order C0012345678' })).toBeInTheDocument();
    first.unmount();
    renderApp('/gb/orders/sales/C0012345678', { member: true });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    writes.mockRestore();
    reads.mockRestore();
  });

  it('stays closed when the flag turns the modal off', async () => {
    serve(order({ country: 'JP' }));
    renderApp('/gb/orders/sales/C0012345678', { member: true, flags: { enableOrderMismatchModal: false } });
    await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays closed when the order is from the route country', async () => {
    serve(order({ country: 'US' }));
    renderApp('/orders/sales/C0012345678', { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Order C0012345678' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
