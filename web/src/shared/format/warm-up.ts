import type { ShopperLocale } from '@/shared/i18n/locale-table';
import { formatDate } from './dates';
import { formatMoney } from './money';

/**
 * Has the engine load its number and date data for the shopper's locale while the page waits for its data,
 * each in a task of its own, instead of inside the render that shows the data. The first money or date a
 * page formats costs the engine far more than any later one (on a phone-speed CPU about 150 ms for numbers
 * and 40 ms for dates, docs/performance.md), and inside the render it made one long task of the two and the
 * page's own work, which the page's blocking time counts whole.
 */
export function warmUpFormats(locale: ShopperLocale): void {
  setTimeout(() => {
    formatMoney(1, 'USD', locale.intlLocale);
    setTimeout(() => formatDate('2026-01-01T00:00:00Z', 'long', locale), 0);
  }, 0);
}
