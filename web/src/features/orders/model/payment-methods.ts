import type { Payment } from '@/shared/api/types';
import { paymentMethodName } from '@/shared/format/payment-method';
import type { MessageKey } from '@/shared/i18n/messages';

type Translate = (key: MessageKey, values?: Record<string, string>) => string;

/**
 * The last four digits of a display number as the payment system masks it ("************4242",
 * "•••• 4242", "4242"): "ending in" already says the rest is hidden, so the mask is not repeated (walk
 * polish 2). Null when it holds no digits.
 */
export function lastDigits(displayNumber: string | null | undefined): string | null {
  const digits = (displayNumber ?? '').replace(/[^0-9]/g, '');
  return digits === '' ? null : digits.slice(-4);
}

/** "Credit card ending in 1111", or the name alone when there are no digits to show. */
export function paymentMethodText(payment: Payment, t: Translate): string {
  const method = paymentMethodName(payment.paymentType, t);
  const digits = lastDigits(payment.paymentDisplayNumber);
  return digits ? t('orders.detail.paymentEndingIn', { method, digits }) : method;
}
