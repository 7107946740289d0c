import type { MessageKey } from '@/shared/i18n/messages';

/** Spec §4: the simple statuses, and the displayed state payment pending (an order whose payment is on hold). */
export type SimpleStatusName =
  | 'returnCreated' | 'returnDenied' | 'returnInProcess' | 'returnCompleted' | 'returnedToStore' | 'delivered'
  | 'cancellationPending' | 'cancelled' | 'ordered' | 'orderConfirmed' | 'readyForPickUp' | 'pickedUp'
  | 'preparingShipment' | 'shipped' | 'paymentPending' | 'unknown';

const STATUS_MESSAGES: Record<SimpleStatusName, MessageKey> = {
  returnCreated: 'status.returnCreated',
  returnDenied: 'status.returnDenied',
  returnInProcess: 'status.returnInProcess',
  returnCompleted: 'status.returnCompleted',
  returnedToStore: 'status.returnedToStore',
  delivered: 'status.delivered',
  cancellationPending: 'status.cancellationPending',
  cancelled: 'status.cancelled',
  ordered: 'status.ordered',
  orderConfirmed: 'status.orderConfirmed',
  readyForPickUp: 'status.readyForPickUp',
  pickedUp: 'status.pickedUp',
  preparingShipment: 'status.preparingShipment',
  shipped: 'status.shipped',
  paymentPending: 'status.paymentPending',
  unknown: 'status.unknown',
};

export const SIMPLE_STATUSES = Object.keys(STATUS_MESSAGES) as SimpleStatusName[];

/** The message for a simple status; a status this build does not know reads as "unknown", never raw. */
export const statusMessageKey = (status: string): MessageKey =>
  (STATUS_MESSAGES as Record<string, MessageKey | undefined>)[status] ?? STATUS_MESSAGES.unknown;

/** Spec §4: the estimated delivery date shows only for these statuses (and with enableEdd). */
const EDD_STATUSES: ReadonlySet<string> = new Set<SimpleStatusName>(['ordered', 'preparingShipment', 'shipped']);

export const showsEstimatedDelivery = (status: string, enableEdd: boolean, date: string | null): date is string =>
  enableEdd && EDD_STATUSES.has(status) && Boolean(date);
