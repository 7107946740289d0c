import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAYMENT_NAMES, paymentMethodName, paymentMethodText } from './payment-methods';

/** The 32 payment types of spec 002 §9. */
const SPEC_TYPES = [
  'alipay',
  'astropay',
  'billpay',
  'cash',
  'check',
  'cod',
  'conv_store',
  'credit_card',
  'customer_account',
  'customer_ofbt',
  'debit_card',
  'gift_certificate',
  'iyzico',
  'klarna',
  'mall_certificate',
  'offline_bank',
  'other_credit',
  'other_debit',
  'paypal',
  'pos_purchase',
  'promo_voucher',
  'qiwi',
  'realtime_bank',
  'rfo',
  'safetypay',
  'sofort',
  'store_credit',
  'store_giftcert',
  'tenpay',
  'travelers_check',
  'unionpay',
  'wechat',
];

const root = join(process.cwd(), 'src/locales');
const languages = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const orders = (language: string) =>
  JSON.parse(readFileSync(join(root, language, 'orders.json'), 'utf8')) as Record<string, string>;

/** Translations that are spelled as in English: Swedish writes a cheque "check". */
const SAME_WORD = new Set(['sv orders.payment.check']);

describe('payment type display names', () => {
  it('name every one of the 32 types, realtime_bank as iDEAL', () => {
    expect(SPEC_TYPES).toHaveLength(32);
    expect(Object.keys(PAYMENT_NAMES).sort()).toEqual([...SPEC_TYPES].sort());
    expect(paymentMethodName('realtime_bank', (key) => key)).toBe('iDEAL');
    expect(paymentMethodName('REALTIME_BANK', (key) => key)).toBe('iDEAL');
  });

  it('are translated in every language: no phrase left in English outside English', () => {
    const english = orders('en');
    const phrases = Object.values(PAYMENT_NAMES).flatMap((name) => ('message' in name ? [name.message] : []));
    expect(languages).toHaveLength(14);
    for (const language of languages) {
      const catalogue = orders(language);
      for (const key of phrases) {
        expect(catalogue[key], `${language} ${key}`).toBeTruthy();
        if (language !== 'en' && !SAME_WORD.has(`${language} ${key}`)) {
          expect(catalogue[key], `${language} ${key}`).not.toBe(english[key]);
        }
      }
    }
  });
});

describe('paymentMethodText', () => {
  const t = (key: string, values?: Record<string, string>) =>
    key === 'orders.detail.paymentEndingIn'
      ? `${values?.method ?? ''} ending in ${values?.digits ?? ''}`
      : 'Credit card';
  const text = (paymentDisplayNumber: string | null) =>
    paymentMethodText({ paymentType: 'credit_card', paymentDisplayNumber }, t);

  it.each([
    ['************4242', 'Credit card ending in 4242'],
    ['•••• •••• •••• 4242', 'Credit card ending in 4242'],
    ['xxxx-4242', 'Credit card ending in 4242'],
    ['4242', 'Credit card ending in 4242'],
  ])('reads %s as the last four digits, without the mask', (sent, shown) => {
    expect(text(sent)).toBe(shown);
  });

  it.each([[null], [''], ['****']])('names the method alone when %s holds no digits', (sent) => {
    expect(text(sent)).toBe('Credit card');
  });
});
