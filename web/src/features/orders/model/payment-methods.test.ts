import { describe, expect, it } from 'vitest';
import { paymentMethodText } from './payment-methods';

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
