import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { order, pickupOrder } from '@/test/fixtures';
import { json, mockFetch } from '@/test/mock-fetch';
import { renderApp } from '@/test/render-app';

const ready = pickupOrder();
const offer = {
  orderNumber: ready.orderNumber,
  storeId: 'US-LAS-24H',
  storeServiceId: 'curbside',
  qrId: 'abc123',
  validationCodeType: 'STORE_CONSUMER_ORDER_CODE',
};

describe('curbside link on the order detail', () => {
  it('links a ready-for-pickup order to its curbside page with the store and QR id', async () => {
    mockFetch([
      { path: `/orders/history/v1/${ready.orderNumber}`, respond: () => json(ready) },
      { path: `/store/curbside_offers/v1/${ready.orderNumber}`, respond: () => json(offer) },
    ]);
    renderApp(`/orders/sales/${ready.orderNumber}`, { member: true, flags: { enableCurbsidePickup: true } });
    const link = await screen.findByRole('link', { name: "Curbside pickup: I'm here" });
    expect(link.getAttribute('href')).toBe(`/orders/curbside/${ready.orderNumber}?storeId=US-LAS-24H&qrId=abc123`);
  });

  it('is absent for an order that is not ready, and with the flag off', async () => {
    const shipped = order();
    const { requests } = mockFetch([
      { path: `/orders/history/v1/${shipped.orderNumber}`, respond: () => json(shipped) },
      { path: `/orders/history/v1/${ready.orderNumber}`, respond: () => json(ready) },
    ]);
    const first = renderApp(`/orders/sales/${shipped.orderNumber}`, {
      member: true,
      flags: { enableCurbsidePickup: true },
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: "Curbside pickup: I'm here" })).not.toBeInTheDocument();
    first.unmount();
    renderApp(`/orders/sales/${ready.orderNumber}`, { member: true, flags: { enableCurbsidePickup: false } });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: "Curbside pickup: I'm here" })).not.toBeInTheDocument();
    expect(requests.some((request) => request.url.pathname.startsWith('/store/curbside_offers'))).toBe(false);
  });
});
