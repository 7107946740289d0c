const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, currency: string, whole: boolean): Intl.NumberFormat {
  const key = `${locale}|${currency}|${String(whole)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    });
    formatters.set(key, format);
  }
  return format;
}

/** Money in the order's currency for the shopper's locale; zero shows no fraction digits ("$0"). */
export function formatMoney(amount: number, currency: string, locale: string): string {
  return formatter(locale, currency, amount === 0).format(amount);
}

/** Sums amounts in the currency's minor units, so 0.1 + 0.2 adds up as money should. */
export function sumMoney(amounts: readonly number[], currency: string): number {
  const digits = formatter('en', currency, false).resolvedOptions().maximumFractionDigits ?? 2;
  const scale = 10 ** digits;
  const minor = amounts.reduce((total, amount) => total + Math.round(amount * scale), 0);
  return minor / scale;
}
