import { describe, expect, it } from 'vitest';
import { loadCatalog } from '@/shared/i18n/messages';
import { SIMPLE_STATUSES, showsEstimatedDelivery, statusMessageKey } from './status';

const EXPECTED_ENGLISH = {
  returnCreated: 'Return requested',
  returnDenied: 'Return denied',
  returnInProcess: 'Return in progress',
  returnCompleted: 'Return completed',
  returnedToStore: 'Returned to store',
  delivered: 'Delivered',
  cancellationPending: 'Pending cancellation',
  cancelled: 'Cancelled',
  ordered: 'Ordered',
  orderConfirmed: 'Order confirmed',
  readyForPickUp: 'Ready for pickup',
  pickedUp: 'Picked up',
  preparingShipment: 'Preparing shipment',
  shipped: 'Shipped',
  paymentPending: 'Payment pending',
  unknown: 'Status unavailable',
};

const en = await loadCatalog('en');
const fr = await loadCatalog('fr');
const ja = await loadCatalog('ja');

describe('status text', () => {
  it('covers every simple status of spec §4', () => {
    expect([...SIMPLE_STATUSES].sort()).toEqual(Object.keys(EXPECTED_ENGLISH).sort());
  });

  it.each(Object.entries(EXPECTED_ENGLISH))(
    'reads %s as "%s" in English, with French and Japanese texts',
    (status, text) => {
      const key = statusMessageKey(status);
      expect(en[key]).toBe(text);
      expect(fr[key]).toBeTruthy();
      expect(ja[key]).toBeTruthy();
      expect(fr[key]).not.toBe(en[key]);
      expect(ja[key]).not.toBe(en[key]);
    },
  );

  it('reads a status it does not know as "unknown", never the raw text', () => {
    expect(statusMessageKey('PO RELEASED')).toBe('orders.status.unknown');
  });

  it('shows the estimated delivery date only for ordered, preparing shipment and shipped, with the flag and a date', () => {
    const showing = SIMPLE_STATUSES.filter((status) => showsEstimatedDelivery(status, true, '2026-11-05'));
    expect(showing.sort()).toEqual(['ordered', 'preparingShipment', 'shipped']);
    expect(showsEstimatedDelivery('shipped', false, '2026-11-05')).toBe(false);
    expect(showsEstimatedDelivery('shipped', true, null)).toBe(false);
  });
});
