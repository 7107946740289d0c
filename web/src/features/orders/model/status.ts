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
