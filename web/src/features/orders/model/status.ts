import type { MessageKey } from '@/shared/i18n/messages';

/** Spec §4: the simple statuses, and the displayed state payment pending (an order whose payment is on hold). */
export type SimpleStatusName =
  | 'returnCreated'
  | 'returnDenied'
  | 'returnInProcess'
  | 'returnCompleted'
  | 'returnedToStore'
  | 'delivered'
  | 'cancellationPending'
  | 'cancelled'
  | 'ordered'
  | 'orderConfirmed'
  | 'readyForPickUp'
  | 'pickedUp'
  | 'preparingShipment'
  | 'shipped'
  | 'paymentPending'
  | 'unknown';

const STATUS_MESSAGES: Record<SimpleStatusName, MessageKey> = {
  returnCreated: 'orders.status.returnCreated',
  returnDenied: 'orders.status.returnDenied',
  returnInProcess: 'orders.status.returnInProcess',
  returnCompleted: 'orders.status.returnCompleted',
  returnedToStore: 'orders.status.returnedToStore',
  delivered: 'orders.status.delivered',
  cancellationPending: 'orders.status.cancellationPending',
  cancelled: 'orders.status.cancelled',
  ordered: 'orders.status.ordered',
  orderConfirmed: 'orders.status.orderConfirmed',
  readyForPickUp: 'orders.status.readyForPickUp',
  pickedUp: 'orders.status.pickedUp',
  preparingShipment: 'orders.status.preparingShipment',
  shipped: 'orders.status.shipped',
  paymentPending: 'orders.status.paymentPending',
  unknown: 'orders.status.unknown',
};

export const SIMPLE_STATUSES = Object.keys(STATUS_MESSAGES) as SimpleStatusName[];

/** The message for a simple status; a status this build does not know reads as "unknown", never raw. */
export const statusMessageKey = (status: string): MessageKey =>
  (STATUS_MESSAGES as Record<string, MessageKey | undefined>)[status] ?? STATUS_MESSAGES.unknown;

/** Spec §4: the estimated delivery date shows only for these statuses (and with enableEdd). */
const EDD_STATUSES: ReadonlySet<string> = new Set<SimpleStatusName>(['ordered', 'preparingShipment', 'shipped']);

export const showsEstimatedDelivery = (status: string, enableEdd: boolean, date: string | null): date is string =>
  enableEdd && EDD_STATUSES.has(status) && Boolean(date);

/**
 * Whether an estimated delivery date (a calendar day, "2026-11-26", or an instant whose first ten
 * characters are its day) is before `today`, the shopper's own calendar day. Such a date is no longer an
 * estimate: the page says the delivery is late instead of promising a day that has passed (walk minor 16).
 */
export function isPastDelivery(estimate: string, today: Date = new Date()): boolean {
  const day = estimate.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const pad = (value: number) => String(value).padStart(2, '0');
  const local = `${String(today.getFullYear())}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  return day < local;
}
