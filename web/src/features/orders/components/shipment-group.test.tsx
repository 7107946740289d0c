import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '@/shared/api/types';
import { order, orderItem, pickupOrder } from '@/test/fixtures';
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

describe("the answer's shipments (000 §3 Shipment)", () => {
  const tee = orderItem({
    lineNumber: 2,
    skuId: 'SKU-2',
    product: { ...orderItem().product, title: 'Club Tee' },
    trackingUrl: null,
    actions: {},
  });
  const withShipment = (simpleStatus: 'shipped' | 'delivered') => {
    const base = order();
    return order({
      groups: [{ ...base.groups[0]!, orderItems: [orderItem(), tee] }],
      shipments: [
        {
          orderNumber: base.orderNumber,
          shipmentNumber: 'S1',
          simpleStatus,
          status: simpleStatus === 'delivered' ? 'Delivered' : 'In Transit',
          packages: [
            { packageId: 'P1', shipmentNumber: 'S1', items: [1], trackingUrl: 'https://track.example/S1' },
            { packageId: 'P2', shipmentNumber: 'S1', items: [2], trackingUrl: 'https://track.example/P2' },
          ],
        },
      ],
    });
  };

  it("says the shipment's own status where it is ahead of its lines, and links each package not yet linked, axe clean", async () => {
    serve(withShipment('delivered'));
    renderApp('/orders/sales/C0012345678', { member: true });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Shipped' });
    const group = within(heading.closest('section')!);
    expect(group.getByText('Shipment S1: Delivered')).toBeInTheDocument();
    // Package 1 travels on the group's own Track shipment link; package 2 has a link of its own.
    expect(group.getByRole('link', { name: /Track shipment/ })).toHaveAttribute('href', 'https://track.example/S1');
    const second = group.getByRole('link', { name: /^Track package 2 of 2/ });
    expect(second).toHaveAttribute('href', 'https://track.example/P2');
    expect(second.closest('li')).toHaveTextContent('Club Tee');
    expect(group.queryByRole('link', { name: /Track package 1/ })).not.toBeInTheDocument();
    const results = await axe.run(heading.closest('section')!, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('does not repeat the heading when the shipment says the same', async () => {
    serve(withShipment('shipped'));
    renderApp('/orders/sales/C0012345678', { member: true });
    await screen.findByRole('heading', { level: 2, name: 'Shipped' });
    expect(screen.queryByText(/^Shipment S1:/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Track package 2 of 2/ })).toBeInTheDocument();
  });

  it("names each package's carrier and tracking number under the group, beside its own link where it has one", async () => {
    const base = withShipment('shipped');
    const [shipment] = base.shipments!;
    const [first, second] = shipment!.packages;
    serve({
      ...base,
      shipments: [
        {
          ...shipment!,
          packages: [
            { ...first!, carrierName: 'UPS', trackingNumber: '1Z0000000201' },
            { ...second!, carrierName: 'FedEx', trackingNumber: '7700000201' },
          ],
        },
      ],
    });
    renderApp('/orders/sales/C0012345678', { member: true });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Shipped' });
    const group = within(heading.closest('section')!);
    // Package 1 travels on the group's Track shipment link: its carrier line says which items it holds.
    expect(group.getByText('UPS · Tracking number 1Z0000000201').closest('li')).toHaveTextContent('Air Runner 2');
    expect(group.getByRole('link', { name: /^Track package 2 of 2/ }).closest('li')).toHaveTextContent(
      'FedEx · Tracking number 7700000201',
    );
    const results = await axe.run(heading.closest('section')!, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('shows no carrier line when the answer sends neither carrier nor tracking number', async () => {
    serve(withShipment('shipped'));
    renderApp('/orders/sales/C0012345678', { member: true });
    await screen.findByRole('heading', { level: 2, name: 'Shipped' });
    expect(screen.queryByText(/Tracking number|Carrier:/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Track package/ })).toHaveLength(1);
  });

  it('says the carrier in German', async () => {
    const base = withShipment('shipped');
    const [shipment] = base.shipments!;
    serve({
      ...base,
      shipments: [
        { ...shipment!, packages: shipment!.packages.map((parcel) => ({ ...parcel, carrierName: 'DHL Paket' })) },
      ],
    });
    renderApp('/de/de/orders/sales/C0012345678', { member: true });
    expect(await screen.findAllByText('Versanddienstleister: DHL Paket')).toHaveLength(2);
  });

  it('says the shipment status and package links in German', async () => {
    serve(withShipment('delivered'));
    renderApp('/de/de/orders/sales/C0012345678', { member: true });
    expect(await screen.findByText('Sendung S1: Zugestellt')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Paket 2 von 2 verfolgen/ })).toBeInTheDocument();
  });
});

describe('ready for pickup (walk minor 23)', () => {
  it('says to bring ID and the order number, with the store card beside it, axe clean', async () => {
    serve(pickupOrder());
    renderApp('/orders/sales/C0012345678', { member: true });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Ready for pickup' });
    const group = within(heading.closest('section')!);
    expect(
      group.getByText('Bring a photo ID and your order number, C0012345678, when you collect your order.'),
    ).toBeInTheDocument();
    expect(group.queryByText(/pickup store's details/)).not.toBeInTheDocument();
    const results = await axe.run(heading.closest('section')!, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('says the store is not known here and offers contact when the answer has no store', async () => {
    serve(
      pickupOrder({
        pickupAddress: null,
        shippingAddress: ['Jane Doe', '1 Market Street', 'San Francisco, CA 94105', 'US'],
      }),
    );
    renderApp('/orders/sales/C0012345678', { member: true });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Ready for pickup' });
    const group = within(heading.closest('section')!);
    expect(group.getByText(/The pickup store's details aren't available here yet/)).toBeInTheDocument();
    expect(group.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href');
    expect(group.getByText(/Bring a photo ID/)).toBeInTheDocument();
  });

  it('says it in Japanese, with full-width brackets', async () => {
    serve(pickupOrder({ country: 'JP', currency: 'JPY' }));
    renderApp('/jp/orders/sales/C0012345678', { member: true });
    expect(
      await screen.findByText(
        'ご注文の受け取りの際は、写真付き身分証明書とご注文番号（C0012345678）をお持ちください。',
      ),
    ).toBeInTheDocument();
  });
});
