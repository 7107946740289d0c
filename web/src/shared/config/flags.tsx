import { createContext, useContext, type ReactNode } from 'react';

/** Feature flags the spec names (§6) that this slice reads. */
export interface Flags {
  /** Guest lookup offers a phone number besides the e-mail. */
  enableSmsLookup: boolean;
  /** Partner order history and the own/partner tabs. */
  enablePartnerOrders: boolean;
  /** Australian market rules: taxes are never listed separately in the price summary. */
  isAustralia: boolean;
  /** Estimated delivery dates on ordered / preparing shipment / shipped groups. */
  enableEdd: boolean;
  /** The gift card balance page sends shoppers home instead. */
  disableGiftCardLookup: boolean;
  /** The shop-similar slider on item cards. */
  enableShopSimilar: boolean;
  /** Order actions (cancel, pay ...) as quick-action buttons in the header instead of on group 1 (002 §2). */
  quickActionMode: boolean;
  /** The deferred-payment quick action (002 §2, §6); on for now. */
  enableDeferredPayment: boolean;
}

export const defaultFlags: Flags = {
  enableSmsLookup: true,
  enablePartnerOrders: true,
  isAustralia: false,
  enableEdd: true,
  disableGiftCardLookup: false,
  enableShopSimilar: true,
  quickActionMode: false,
  enableDeferredPayment: true,
};

const FlagsContext = createContext<Flags>(defaultFlags);

export function FlagsProvider({ flags, children }: { flags?: Partial<Flags>; children: ReactNode }) {
  return <FlagsContext.Provider value={{ ...defaultFlags, ...flags }}>{children}</FlagsContext.Provider>;
}

export const useFlags = (): Flags => useContext(FlagsContext);
