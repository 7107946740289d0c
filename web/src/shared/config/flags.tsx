import { createContext, useContext } from 'react';

/**
 * Every feature flag the spec names (000 §6, 001 §6, 002 §6), as `GET /config/v1/{country}` answers them.
 * The values come from the server (defaults, country data and the deployment's overrides, see
 * docs/configuration.md); `defaultFlags` is only what the app uses when the configuration cannot be loaded.
 */
export interface Flags {
  /** Partner order history and the own/partner tabs. */
  enablePartnerOrders: boolean;
  enableCourierPickup: boolean;
  emeaPaperless: boolean;
  useQuickActionCta: boolean;
  /** Estimated delivery dates on ordered / preparing shipment / shipped groups. */
  enableEdd: boolean;
  disableChat: boolean;
  /** Guest lookup offers a phone number besides the e-mail. */
  enableSmsLookup: boolean;
  /** Australian market rules: taxes are never listed separately in the price summary. */
  isAustralia: boolean;
  /** The gift card balance page sends shoppers home instead. */
  disableGiftCardLookup: boolean;
  disableReturns: boolean;
  /** The shop-similar slider on item cards. */
  enableShopSimilar: boolean;
  enableReturnsBarcode: boolean;
  enableCurbsidePickup: boolean;
  enableDeferredPayment: boolean;
  /** Deferred payments start through `deferred_payment_forms/v2` instead of v1 (002 §7, "v2 by flag"). */
  enableDeferredPaymentV2: boolean;
  enableStoreSelector: boolean;
  enableDorisCommunication: boolean;
  enableFakeReturn: boolean;
  enableLoginPrompt: boolean;
  enableOrderMismatchModal: boolean;
  sendReturnMethodGlobally: boolean;
  sendStoreReturnEmail: boolean;
  showReturnTaxTotal: boolean;
  enableSagawaReturn: boolean;
  suppressStoreReturnInstructions: boolean;
  suppressReturnDetailsBarcode: boolean;
  enablePaperlessReturnConfirmation: boolean;
  disableCreateLabel: boolean;
  enableWriteReview: boolean;
  enableAbTesting: boolean;
}

/** The server's defaults (domain::country::Flag::default_value): the fallback when /config fails. */
export const defaultFlags: Flags = {
  enablePartnerOrders: true,
  enableCourierPickup: false,
  emeaPaperless: false,
  useQuickActionCta: false,
  enableEdd: true,
  disableChat: false,
  enableSmsLookup: true,
  isAustralia: false,
  disableGiftCardLookup: false,
  disableReturns: false,
  enableShopSimilar: true,
  enableReturnsBarcode: false,
  enableCurbsidePickup: false,
  enableDeferredPayment: false,
  enableDeferredPaymentV2: false,
  enableStoreSelector: true,
  enableDorisCommunication: false,
  enableFakeReturn: false,
  enableLoginPrompt: true,
  enableOrderMismatchModal: true,
  sendReturnMethodGlobally: false,
  sendStoreReturnEmail: false,
  showReturnTaxTotal: false,
  enableSagawaReturn: false,
  suppressStoreReturnInstructions: false,
  suppressReturnDetailsBarcode: false,
  enablePaperlessReturnConfirmation: false,
  disableCreateLabel: false,
  enableWriteReview: false,
  enableAbTesting: false,
};

/** The known flags of a configuration answer over the defaults; unknown names and non-booleans are ignored. */
export function flagsFrom(answered: Record<string, unknown> | undefined): Flags {
  const flags = { ...defaultFlags };
  for (const name of Object.keys(defaultFlags) as (keyof Flags)[]) {
    const value = answered?.[name];
    if (typeof value === 'boolean') flags[name] = value;
  }
  return flags;
}

export const FlagsContext = createContext<Flags>(defaultFlags);

export const useFlags = (): Flags => useContext(FlagsContext);
