import type { MessageKey } from '@/shared/i18n/messages';

/** The messages the first paint draws (first-paint.ts); the build puts only these into its chunk. */
export const FIRST_PAINT_KEYS = [
  'app.brand',
  'app.nav.history',
  'app.nav.lookup',
  'app.nav.giftCard',
  'app.nav.addresses',
  'auth.signOut',
  'auth.endLookup',
  'orders.history.heading',
  'orders.history.banner',
  'orders.detail.salesHeading',
  'orders.detail.returnHeading',
  'guestLookup.heading',
  'guestLookup.intro',
  'guestLookup.introPhone',
  'returns.heading',
  'returns.items.heading',
] as const satisfies readonly MessageKey[];

export type FirstPaintKey = (typeof FIRST_PAINT_KEYS)[number];
