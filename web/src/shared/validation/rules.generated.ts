// Written from crates/domain/src/rules.rs by `UPDATE_RULES=1 cargo test -p domain rules`; do not edit.
export const ORDER_NUMBER_PATTERN = /* @__PURE__ */ new RegExp("^[A-Za-z0-9]{4,32}$");
export const ORDER_NUMBER_FRAGMENT_PATTERN = /* @__PURE__ */ new RegExp("^[A-Za-z0-9]{4,20}$");
export const ORDER_NUMBER_SEPARATOR_PATTERN = /* @__PURE__ */ new RegExp("[\\s\\u2010\\u2011\\u2013-]");
export const EMAIL_PATTERN = /* @__PURE__ */ new RegExp("^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}|\\[((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\\.){3}(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\\])$");
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_PATTERN = /* @__PURE__ */ new RegExp("^[0-9]{3,16}$");
export const PHONE_INPUT_PATTERN = /* @__PURE__ */ new RegExp("^\\+?[0-9 ().-]*$");
export const TAXPAYER_ID_PATTERN = /* @__PURE__ */ new RegExp("^([A-Z0-9]{15}|[A-Z0-9]{18}|[A-Z0-9]{20})$");
export const EINVOICE_TITLE_MAX_CHARS = 100;
export const IBAN_SHAPE_PATTERN = /* @__PURE__ */ new RegExp("^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$");
export const BANK_FIRST_NAME_MAX_CHARS = 24;
export const BANK_LAST_NAME_MAX_CHARS = 64;
/** The server's flag defaults (`country::Flag::default_value`): the web's fallback when /config fails. */
export const DEFAULT_FLAGS = {
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
  hideMemberHeader: false,
} as const;
