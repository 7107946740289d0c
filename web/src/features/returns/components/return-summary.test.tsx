import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultFlags, FlagsContext } from '@/shared/config/flags';
import { I18nProvider } from '@/shared/i18n/i18n-context';
import { resolveLocale } from '@/shared/i18n/locale-table';
import type { RefundPreview } from '../model/refund-preview';
import { ReturnSummary } from './return-summary';

const preview: RefundPreview = {
  items: 1,
  subtotal: 120,
  tax: 9.6,
  deduction: 0,
  shippingCharge: 0,
  total: 129.6,
  timing: null,
  arrival: null,
} as unknown as RefundPreview;

function renderSummary(showReturnTaxTotal: boolean, changes: Partial<RefundPreview> = {}) {
  render(
    <FlagsContext.Provider value={{ ...defaultFlags, showReturnTaxTotal }}>
      <I18nProvider locale={resolveLocale('us', null)} fallback={<p>…</p>}>
        <ReturnSummary
          preview={{ ...preview, ...changes }}
          currency="USD"
          action="submit"
          disabled={false}
          busy={false}
          onAction={() => undefined}
        />
      </I18nProvider>
    </FlagsContext.Provider>,
  );
}

describe('the return summary and showReturnTaxTotal (001 §6)', () => {
  it('shows the tax as its own row where the country shows it', async () => {
    renderSummary(true);
    const summary = await screen.findByRole('complementary');
    expect(summary).toHaveTextContent('$9.60');
    expect(summary).toHaveTextContent('$129.60');
  });

  it('keeps the tax in the total without a row of its own elsewhere', async () => {
    renderSummary(false);
    const summary = await screen.findByRole('complementary');
    expect(summary).not.toHaveTextContent('$9.60');
    expect(summary).toHaveTextContent('$129.60');
  });
});

describe('the return summary fees (001 §9: fees are shown if non-zero)', () => {
  it('shows the return shipping fee as a row only when there is one', async () => {
    renderSummary(false, { deduction: 9.95, total: 119.65 });
    const summary = await screen.findByRole('complementary');
    expect(summary).toHaveTextContent('Return shipping fee−$9.95');
    expect(summary).toHaveTextContent('$119.65');
  });

  it('has no fee row for a free return', async () => {
    renderSummary(false);
    const summary = await screen.findByRole('complementary');
    expect(summary).not.toHaveTextContent('Return shipping fee');
  });
});
