import type { MessageKey } from '@/shared/i18n/messages';

/**
 * The one name of each payment type of the spec (002 §9), wherever the page names one (the order's
 * payment method, the money timeline): a `common.paymentMethod.*` message, brands included, since some
 * languages write a brand their own way (Alipay is 支付宝 in Simplified Chinese).
 */
export const PAYMENT_NAMES: Readonly<Record<string, MessageKey>> = {
  alipay: 'common.paymentMethod.alipay',
  astropay: 'common.paymentMethod.astropay',
  billpay: 'common.paymentMethod.billpay',
  cash: 'common.paymentMethod.cash',
  check: 'common.paymentMethod.check',
  cod: 'common.paymentMethod.cashOnDelivery',
  conv_store: 'common.paymentMethod.convenienceStore',
  credit_card: 'common.paymentMethod.creditCard',
  customer_account: 'common.paymentMethod.customerAccount',
  customer_ofbt: 'common.paymentMethod.bankTransfer',
  debit_card: 'common.paymentMethod.debitCard',
  gift_certificate: 'common.paymentMethod.giftCard',
  iyzico: 'common.paymentMethod.iyzico',
  klarna: 'common.paymentMethod.klarna',
  mall_certificate: 'common.paymentMethod.mallCertificate',
  offline_bank: 'common.paymentMethod.bankTransfer',
  other_credit: 'common.paymentMethod.creditCard',
  other_debit: 'common.paymentMethod.debitCard',
  paypal: 'common.paymentMethod.paypal',
  pos_purchase: 'common.paymentMethod.inStore',
  promo_voucher: 'common.paymentMethod.promoVoucher',
  qiwi: 'common.paymentMethod.qiwi',
  realtime_bank: 'common.paymentMethod.ideal',
  rfo: 'common.paymentMethod.refundToOriginal',
  safetypay: 'common.paymentMethod.safetypay',
  sofort: 'common.paymentMethod.sofort',
  store_credit: 'common.paymentMethod.storeCredit',
  store_giftcert: 'common.paymentMethod.storeGiftCard',
  tenpay: 'common.paymentMethod.tenpay',
  travelers_check: 'common.paymentMethod.travelersCheck',
  unionpay: 'common.paymentMethod.unionpay',
  wechat: 'common.paymentMethod.wechat',
};

/** The catalogue key naming a payment type (any case); an unknown type is "Other payment method". */
export const paymentMethodKey = (paymentType: string): MessageKey =>
  PAYMENT_NAMES[paymentType.toLowerCase()] ?? 'common.paymentMethod.other';

/** A payment type's name in the shopper's language. */
export const paymentMethodName = (paymentType: string, t: (key: MessageKey) => string): string =>
  t(paymentMethodKey(paymentType));
