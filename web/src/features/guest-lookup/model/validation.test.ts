import { describe, expect, it } from 'vitest';
import {
  canSubmit,
  guestIdentity,
  normalizeOrderNumber,
  validateGuestLookup,
  type GuestLookupValues,
} from './validation';

const values = (overrides: Partial<GuestLookupValues>): GuestLookupValues => ({
  orderNumber: 'C0012345678',
  email: '',
  countryCode: '1',
  phone: '',
  ...overrides,
});

describe('guest lookup validation (spec §5)', () => {
  it.each(['C001', 'abcd', 'A1b2C3d4', 'X'.repeat(32)])('accepts the order number %s', (orderNumber) => {
    expect(validateGuestLookup(values({ orderNumber, email: 'a@b.co' }), true).orderNumber).toBe(false);
  });

  it.each(['C01', 'X'.repeat(33), 'C001-234', 'C001 234', 'Ç0012'])('rejects the order number %s', (orderNumber) => {
    expect(validateGuestLookup(values({ orderNumber, email: 'a@b.co' }), true).orderNumber).toBe(true);
  });

  it.each(['jane@example.com', 'jane.doe+x@mail.example.co.uk', 'jane@[192.168.0.1]'])(
    'accepts the email %s',
    (email) => {
      expect(validateGuestLookup(values({ email }), true).email).toBe(false);
    },
  );

  it.each(['jane', 'jane@', 'jane@example', '@example.com', 'jane@exa mple.com', 'ja..ne@example.com'])(
    'rejects the email %s',
    (email) => {
      expect(validateGuestLookup(values({ email }), true).email).toBe(true);
    },
  );

  it.each(['415', '4155550100', '415-555 0100', '1234567890123456'])('accepts the phone %s', (phone) => {
    expect(validateGuestLookup(values({ phone }), true).phone).toBe(false);
  });

  it.each(['41', '12345678901234567', '415x5550100', '++14155550100'])('rejects the phone %s', (phone) => {
    expect(validateGuestLookup(values({ phone }), true).phone).toBe(true);
  });

  it('lets the email be empty only when a phone is given, and the phone only when an email is', () => {
    expect(validateGuestLookup(values({ phone: '4155550100' }), true)).toEqual({
      orderNumber: false,
      email: false,
      phone: false,
    });
    expect(validateGuestLookup(values({ email: 'a@b.co' }), true)).toEqual({
      orderNumber: false,
      email: false,
      phone: false,
    });
    expect(validateGuestLookup(values({}), true)).toEqual({ orderNumber: false, email: true, phone: true });
  });

  it('requires the email when phone lookup is off', () => {
    expect(validateGuestLookup(values({ phone: '4155550100' }), false)).toEqual({
      orderNumber: false,
      email: true,
      phone: false,
    });
  });

  it('allows submitting once there is an order number and an email or phone', () => {
    expect(canSubmit(values({ orderNumber: '', email: 'a@b.co' }), true)).toBe(false);
    expect(canSubmit(values({}), true)).toBe(false);
    expect(canSubmit(values({ email: 'x' }), true)).toBe(true);
    expect(canSubmit(values({ phone: '1' }), true)).toBe(true);
    expect(canSubmit(values({ phone: '1' }), false)).toBe(false);
  });

  it('identifies the guest by email first, else by country code and phone digits', () => {
    expect(guestIdentity(values({ email: ' a@b.co ', phone: '415' }))).toEqual({ email: 'a@b.co' });
    expect(guestIdentity(values({ countryCode: '44', phone: '20 7946-0018' }))).toEqual({
      phoneNumber: '442079460018',
    });
  });

  it('refuses a quoted local part, as the server does (one rule for both)', () => {
    expect(validateGuestLookup(values({ email: '"odd name"@example.com' }), true).email).toBe(true);
  });

  it.each([
    ['44', '07700 900123', '4477009001 23'.replace(' ', '')],
    ['44', '+44 7700 900123', '447700900123'],
    ['44', '0044 7700 900123', '447700900123'],
    ['1', '(503) 555-0100', '15035550100'],
    ['1', '1 503 555 0100', '15035550100'],
    ['81', '090-1234-5678', '819012345678'],
    ['39', '06 1234 5678', '390612345678'],
  ])('reads a %s number typed as %s', (countryCode, phone, expected) => {
    expect(validateGuestLookup(values({ countryCode, phone, email: '' }), true).phone).toBe(false);
    expect(guestIdentity(values({ countryCode, phone, email: '' }))).toEqual({ phoneNumber: expected });
  });

  it('keeps the order number as typed, only trimmed: order numbers are case sensitive', () => {
    expect(normalizeOrderNumber(' c0012345678 ')).toBe('c0012345678');
    expect(normalizeOrderNumber('C9rm00000001')).toBe('C9rm00000001');
  });
});
