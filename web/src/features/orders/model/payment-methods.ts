import type { Payment } from '@/shared/api/types';
import type { MessageKey } from '@/shared/i18n/messages';

/** A payment type reads as a translated phrase, or as a brand name that is the same in every language. */
type PaymentName = { message: MessageKey } | { brand: string };

/** Display names for the spec's payment types (§3). */
export const PAYMENT_NAMES: Readonly<Record<string, PaymentName>> = {
  alipay: { brand: 'Alipay' },
  astropay: { brand: 'AstroPay' },
  billpay: { brand: 'BillPay' },
  cash: { message: 'orders.payment.cash' },
  check: { message: 'orders.payment.check' },
  cod: { message: 'orders.payment.cashOnDelivery' },
  conv_store: { message: 'orders.payment.convenienceStore' },
  credit_card: { message: 'orders.payment.creditCard' },
  customer_account: { message: 'orders.payment.customerAccount' },
  customer_ofbt: { message: 'orders.payment.bankTransfer' },
  debit_card: { message: 'orders.payment.debitCard' },
  gift_certificate: { message: 'orders.payment.giftCard' },
  iyzico: { brand: 'iyzico' },
  klarna: { brand: 'Klarna' },
  mall_certificate: { message: 'orders.payment.mallCertificate' },
  offline_bank: { message: 'orders.payment.bankTransfer' },
  other_credit: { message: 'orders.payment.otherCredit' },
  other_debit: { message: 'orders.payment.otherDebit' },
  paypal: { brand: 'PayPal' },
  pos_purchase: { message: 'orders.payment.inStore' },
  promo_voucher: { message: 'orders.payment.promoVoucher' },
  qiwi: { brand: 'QIWI' },
  realtime_bank: { brand: 'iDEAL' },
  rfo: { message: 'orders.payment.refundToOriginal' },
  safetypay: { brand: 'SafetyPay' },
  sofort: { brand: 'Sofort' },
  store_credit: { message: 'orders.payment.storeCredit' },
  store_giftcert: { message: 'orders.payment.storeGiftCard' },
  tenpay: { brand: 'Tenpay' },
  travelers_check: { message: 'orders.payment.travelersCheck' },
  unionpay: { brand: 'UnionPay' },
  wechat: { brand: 'WeChat Pay' },
};

type Translate = (key: MessageKey, values?: Record<string, string>) => string;

export function paymentMethodName(paymentType: string, t: Translate): string {
  const name = PAYMENT_NAMES[paymentType.toLowerCase()];
  if (!name) return t('orders.payment.other');
  return 'brand' in name ? name.brand : t(name.message);
}

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
