import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAYMENT_NAMES, paymentMethodKey, paymentMethodName } from './payment-method';

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

/** Brand names: most languages write them as English does (Chinese has its own for some). */
const BRANDS = new Set([
  'alipay',
  'astropay',
  'billpay',
  'ideal',
  'iyzico',
  'klarna',
  'paypal',
  'qiwi',
  'safetypay',
  'sofort',
  'tenpay',
  'unionpay',
  'wechat',
]);

const root = join(process.cwd(), 'src/locales');
const languages = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const common = (language: string) =>
  JSON.parse(readFileSync(join(root, language, 'common.json'), 'utf8')) as Record<string, string>;

/** Translations that are spelled as in English: Swedish writes a cheque "check". */
const SAME_WORD = new Set(['sv common.paymentMethod.check']);

describe('payment type display names', () => {
  it('name every one of the 32 types by one catalogue key, realtime_bank as iDEAL, anything else as other', () => {
    expect(SPEC_TYPES).toHaveLength(32);
    expect(Object.keys(PAYMENT_NAMES).sort()).toEqual([...SPEC_TYPES].sort());
    const english = common('en');
    const t = (key: string) => english[key] ?? key;
    expect(paymentMethodName('realtime_bank', t)).toBe('iDEAL');
    expect(paymentMethodName('REALTIME_BANK', t)).toBe('iDEAL');
    expect(paymentMethodName('alipay', t)).toBe('Alipay');
    expect(paymentMethodKey('bitcoin')).toBe('common.paymentMethod.other');
  });

  it('are translated in every language: no phrase left in English outside English, brands as the language writes them', () => {
    const english = common('en');
    const keys = [...new Set([...Object.values(PAYMENT_NAMES), 'common.paymentMethod.other'])];
    expect(languages).toHaveLength(14);
    for (const language of languages) {
      const catalogue = common(language);
      for (const key of keys) {
        expect(catalogue[key], `${language} ${key}`).toBeTruthy();
        const brand = BRANDS.has(key.replace('common.paymentMethod.', ''));
        if (language !== 'en' && !brand && !SAME_WORD.has(`${language} ${key}`)) {
          expect(catalogue[key], `${language} ${key}`).not.toBe(english[key]);
        }
      }
    }
    expect(common('zh-Hans')['common.paymentMethod.alipay']).toBe('支付宝');
  });
});
