import { describe, expect, it } from 'vitest';
import { formatMessage } from './format-message';

const SECONDS = 'Try again in {seconds, plural, one {# second} other {# seconds}}.';

describe('formatMessage', () => {
  it('fills named placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('Order {orderNumber} for {name}', { orderNumber: 'C001' }, 'en')).toBe('Order C001 for {name}');
  });

  it('uses English plural rules', () => {
    expect(formatMessage(SECONDS, { seconds: 1 }, 'en')).toBe('Try again in 1 second.');
    expect(formatMessage(SECONDS, { seconds: 0 }, 'en')).toBe('Try again in 0 seconds.');
    expect(formatMessage(SECONDS, { seconds: 1500 }, 'en-US')).toBe('Try again in 1,500 seconds.');
  });

  it('uses French plural rules: zero and one are singular', () => {
    const message = '{count, plural, one {# article} other {# articles}}';
    expect(formatMessage(message, { count: 0 }, 'fr-FR')).toBe('0 article');
    expect(formatMessage(message, { count: 1 }, 'fr-FR')).toBe('1 article');
    expect(formatMessage(message, { count: 2 }, 'fr-FR')).toBe('2 articles');
  });

  it('uses Japanese plural rules: one form', () => {
    expect(formatMessage('{count, plural, other {#点}}', { count: 1 }, 'ja-JP')).toBe('1点');
  });

  it('prefers an exact =N branch and nests placeholders in branches', () => {
    const message = '{count, plural, =0 {No items for {name}} one {# item for {name}} other {# items for {name}}}';
    expect(formatMessage(message, { count: 0, name: 'Jo' }, 'en')).toBe('No items for Jo');
    expect(formatMessage(message, { count: 3, name: 'Jo' }, 'en')).toBe('3 items for Jo');
  });
});
