/**
 * The pages a visit opens on most (issue 33, ADRs 0030 and 0033): each page's path inside the country/locale
 * prefix and the modules its route loads lazily. One table for two readers:
 *
 * - `startPage` (./routes.tsx) matches the path a visit opened on and starts that page's code and data at once;
 * - the build (vite.config.ts, `pagePreloads`) lists each page's chunks (the modules below and what they import,
 *   less what the entry loads anyway) in `page-preloads.json`, from which the server names them in the page's
 *   HTML; the first paint links them after its paint (boot/page-files.ts), so the app inserts no preload link
 *   for them in the long task that starts the page.
 *
 * Plain data, no imports: vite.config.ts reads this file when it builds. The build fails when a module named
 * here is not a lazily loaded chunk of the app (a route that moved to another module must move here too).
 */

/** Spec §2: the order number parameter is 4 to 32 letters or digits; anything else is unmatched. */
export const ORDER_NUMBER = '(?<orderNumber>[A-Za-z0-9]{4,32})';

export interface FirstPage {
  /** A regular expression for the path inside the prefix ("/orders/sales/C0012345678"), in the syntax both
   *  JavaScript and the server's `regex` crate read. */
  path: string;
  /** The modules the page's route imports lazily, relative to web/. */
  modules: readonly string[];
}

export const FIRST_PAGES = {
  history: {
    path: '^/orders/?$',
    modules: ['src/features/orders/pages/order-history-page.tsx', 'src/app/history-slots.tsx'],
  },
  salesOrder: {
    path: `^/orders/sales/${ORDER_NUMBER}/?$`,
    modules: ['src/features/orders/pages/sales-order-detail-page.tsx', 'src/app/order-slots.tsx'],
  },
  returnItems: {
    path: `^/orders/return-items/${ORDER_NUMBER}/?$`,
    modules: ['src/features/returns/pages/return-items-page.tsx', 'src/features/addresses/index.ts'],
  },
} as const satisfies Record<string, FirstPage>;
