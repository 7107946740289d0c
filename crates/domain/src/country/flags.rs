//! Feature flags: every flag the specification names (000 §6, 001 §6, 002 §6), with its default.
//!
//! A flag's value for a country is, from weakest to strongest: the default here, the country's override in
//! `data/countries/countries.json`, then the deployment's overrides (configuration file, environment), which
//! the server applies (`server::settings`). The names are the spec's where it gives one (`enableEdd`,
//! `disableChat` ...); where it names a flag only in words ("store selector", "fake return") the name is
//! chosen here in the same style, once.

use serde::Serialize;

/// One feature flag. `name()` is its wire name (camelCase, the key in data files, the configuration file
/// and `GET /config/v1/{country}`); `env_name()` its environment variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Flag {
    /// Partner order history and the user's consent record (000 §6, 002 §6).
    EnablePartnerOrders,
    /// Korea courier pickup for returns (001 §6).
    EnableCourierPickup,
    /// Paperless (QR code) drop-off returns in EMEA (000 §6, 001 §6).
    EmeaPaperless,
    /// Order cards show the quick-action call to action (000 §6).
    UseQuickActionCta,
    /// Estimated delivery dates on shipment groups (000 §6).
    EnableEdd,
    /// Chat is hidden for visitors without a token (000 §6); the web's chat link follows the whole rule.
    DisableChat,
    /// Guest lookup by phone number besides e-mail (000 §6).
    EnableSmsLookup,
    /// Australian market rules: GST-inclusive prices, the drop-off fee message (000 §6, 001 §6).
    IsAustralia,
    /// The gift card balance page and `POST /payment/giftcard_balance/v1` are off (000 §6).
    DisableGiftCardLookup,
    /// Returns are off: no return action, the return calls refuse (000 §6, 001 §6).
    DisableReturns,
    /// The shop-similar slider and `GET /orders/shopsimilar/v2/...` (000 §6, 002 §6).
    EnableShopSimilar,
    /// Store-return barcode on return details (001 §6).
    EnableReturnsBarcode,
    /// Curbside pickup (002 §6).
    EnableCurbsidePickup,
    /// Deferred payment (002 §6).
    EnableDeferredPayment,
    /// The web starts deferred payments through `deferred_payment_forms/v2` instead of v1 (002 §7: "v1 or
    /// v2 (v2 by flag)"; the spec does not name the flag, so it is named here).
    EnableDeferredPaymentV2,
    /// The store selector in the store-return method (001 §6).
    EnableStoreSelector,
    /// Doris notifications about store returns (001 §6).
    EnableDorisCommunication,
    /// A return capture answers a mock return order and creates nothing: no return, no job, no mail (001
    /// §4.2, §6; ADR 0017).
    EnableFakeReturn,
    /// Logged-out shoppers see a login prompt on the return methods (001 §6).
    EnableLoginPrompt,
    /// The order-country mismatch modal (000 §8, 001 §6).
    EnableOrderMismatchModal,
    /// The chosen return method is sent with every return, not only where required (001 §6).
    SendReturnMethodGlobally,
    /// An e-mail is sent for store returns (001 §6).
    SendStoreReturnEmail,
    /// The return summary shows the tax total (001 §6).
    ShowReturnTaxTotal,
    /// Sagawa pickup returns in Japan (001 §6).
    EnableSagawaReturn,
    /// Store-return instructions are not shown (001 §6).
    SuppressStoreReturnInstructions,
    /// Return orders do not show the details barcode (001 §6).
    SuppressReturnDetailsBarcode,
    /// A paperless return's confirmation shows its scannable code on the page instead of in a modal (001 §6,
    /// ADR 0017).
    EnablePaperlessReturnConfirmation,
    /// Return labels cannot be created (001 §6).
    DisableCreateLabel,
    /// "Write a review" on delivered items (002 §6).
    EnableWriteReview,
    /// A/B testing: the web's experiment layer assigns variants (000 §2, §6; 002 §6; ADR 0017).
    EnableAbTesting,
    /// The member header (the member's links: their orders, their addresses) is hidden (000 §2: "hidden when
    /// a flag says so"; the spec does not name the flag, so it is named here): for a retailer whose own site
    /// header already carries them.
    HideMemberHeader,
}

impl Flag {
    pub const ALL: [Flag; 31] = [
        Flag::EnablePartnerOrders,
        Flag::EnableCourierPickup,
        Flag::EmeaPaperless,
        Flag::UseQuickActionCta,
        Flag::EnableEdd,
        Flag::DisableChat,
        Flag::EnableSmsLookup,
        Flag::IsAustralia,
        Flag::DisableGiftCardLookup,
        Flag::DisableReturns,
        Flag::EnableShopSimilar,
        Flag::EnableReturnsBarcode,
        Flag::EnableCurbsidePickup,
        Flag::EnableDeferredPayment,
        Flag::EnableDeferredPaymentV2,
        Flag::EnableStoreSelector,
        Flag::EnableDorisCommunication,
        Flag::EnableFakeReturn,
        Flag::EnableLoginPrompt,
        Flag::EnableOrderMismatchModal,
        Flag::SendReturnMethodGlobally,
        Flag::SendStoreReturnEmail,
        Flag::ShowReturnTaxTotal,
        Flag::EnableSagawaReturn,
        Flag::SuppressStoreReturnInstructions,
        Flag::SuppressReturnDetailsBarcode,
        Flag::EnablePaperlessReturnConfirmation,
        Flag::DisableCreateLabel,
        Flag::EnableWriteReview,
        Flag::EnableAbTesting,
        Flag::HideMemberHeader,
    ];

    /// The wire name: `enablePartnerOrders`.
    pub fn name(self) -> &'static str {
        match self {
            Flag::EnablePartnerOrders => "enablePartnerOrders",
            Flag::EnableCourierPickup => "enableCourierPickup",
            Flag::EmeaPaperless => "emeaPaperless",
            Flag::UseQuickActionCta => "useQuickActionCta",
            Flag::EnableEdd => "enableEdd",
            Flag::DisableChat => "disableChat",
            Flag::EnableSmsLookup => "enableSmsLookup",
            Flag::IsAustralia => "isAustralia",
            Flag::DisableGiftCardLookup => "disableGiftCardLookup",
            Flag::DisableReturns => "disableReturns",
            Flag::EnableShopSimilar => "enableShopSimilar",
            Flag::EnableReturnsBarcode => "enableReturnsBarcode",
            Flag::EnableCurbsidePickup => "enableCurbsidePickup",
            Flag::EnableDeferredPayment => "enableDeferredPayment",
            Flag::EnableDeferredPaymentV2 => "enableDeferredPaymentV2",
            Flag::EnableStoreSelector => "enableStoreSelector",
            Flag::EnableDorisCommunication => "enableDorisCommunication",
            Flag::EnableFakeReturn => "enableFakeReturn",
            Flag::EnableLoginPrompt => "enableLoginPrompt",
            Flag::EnableOrderMismatchModal => "enableOrderMismatchModal",
            Flag::SendReturnMethodGlobally => "sendReturnMethodGlobally",
            Flag::SendStoreReturnEmail => "sendStoreReturnEmail",
            Flag::ShowReturnTaxTotal => "showReturnTaxTotal",
            Flag::EnableSagawaReturn => "enableSagawaReturn",
            Flag::SuppressStoreReturnInstructions => "suppressStoreReturnInstructions",
            Flag::SuppressReturnDetailsBarcode => "suppressReturnDetailsBarcode",
            Flag::EnablePaperlessReturnConfirmation => "enablePaperlessReturnConfirmation",
            Flag::DisableCreateLabel => "disableCreateLabel",
            Flag::EnableWriteReview => "enableWriteReview",
            Flag::EnableAbTesting => "enableAbTesting",
            Flag::HideMemberHeader => "hideMemberHeader",
        }
    }

    /// The value where neither the country nor the deployment says otherwise. The spec gives no defaults:
    /// features every market has are on (history, EDD, SMS lookup, shop similar, reviews, store selector,
    /// login prompt, mismatch modal); write-a-review is off until a deployment has a review provider
    /// (the built-in one is a sandbox); market-specific ones (courier pickup, curbside, deferred payment,
    /// Sagawa, paperless, barcodes) are off and switched on per country in the data; so is the deferred
    /// payment v2 form, which a country turns on once its provider takes the v2 form.
    pub fn default_value(self) -> bool {
        matches!(
            self,
            Flag::EnablePartnerOrders
                | Flag::EnableEdd
                | Flag::EnableSmsLookup
                | Flag::EnableShopSimilar
                | Flag::EnableStoreSelector
                | Flag::EnableLoginPrompt
                | Flag::EnableOrderMismatchModal
        )
    }

    /// Whether turning the flag on turns a feature off (`disableReturns`); otherwise on turns it on.
    pub fn disables(self) -> bool {
        matches!(
            self,
            Flag::DisableChat
                | Flag::DisableGiftCardLookup
                | Flag::DisableReturns
                | Flag::DisableCreateLabel
                | Flag::SuppressStoreReturnInstructions
                | Flag::SuppressReturnDetailsBarcode
                | Flag::HideMemberHeader
        )
    }

    /// `ORDERS_FLAG_ENABLE_PARTNER_ORDERS`.
    pub fn env_name(self) -> String {
        let mut out = String::from("ORDERS_FLAG_");
        for character in self.name().chars() {
            if character.is_ascii_uppercase() {
                out.push('_');
            }
            out.push(character.to_ascii_uppercase());
        }
        out
    }

    pub fn from_name(name: &str) -> Option<Flag> {
        Flag::ALL.into_iter().find(|flag| flag.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_round_trip() {
        let mut names: Vec<&str> = Flag::ALL.iter().map(|flag| flag.name()).collect();
        for flag in Flag::ALL {
            assert_eq!(Flag::from_name(flag.name()), Some(flag));
            assert_eq!(serde_json::to_value(flag).ok(), Some(serde_json::Value::from(flag.name())));
        }
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Flag::ALL.len());
    }

    #[test]
    fn disable_and_suppress_flags_turn_features_off() {
        for flag in Flag::ALL {
            let negative = ["disable", "suppress", "hide"].iter().any(|prefix| flag.name().starts_with(prefix));
            assert_eq!(flag.disables(), negative, "{}", flag.name());
        }
    }

    #[test]
    fn env_names_are_screaming_snake_case() {
        assert_eq!(Flag::DisableGiftCardLookup.env_name(), "ORDERS_FLAG_DISABLE_GIFT_CARD_LOOKUP");
        assert_eq!(Flag::UseQuickActionCta.env_name(), "ORDERS_FLAG_USE_QUICK_ACTION_CTA");
        assert_eq!(Flag::EnableEdd.env_name(), "ORDERS_FLAG_ENABLE_EDD");
        assert_eq!(Flag::EnableDeferredPaymentV2.env_name(), "ORDERS_FLAG_ENABLE_DEFERRED_PAYMENT_V2");
    }

    #[test]
    fn the_specs_named_flags_are_all_here() {
        for name in [
            "enablePartnerOrders",
            "enableCourierPickup",
            "emeaPaperless",
            "useQuickActionCta",
            "enableEdd",
            "disableChat",
            "enableSmsLookup",
            "isAustralia",
            "disableGiftCardLookup",
            "disableReturns",
            "enableReturnsBarcode",
            "enableCurbsidePickup",
            "enableDeferredPayment",
            "suppressReturnDetailsBarcode",
        ] {
            assert!(Flag::from_name(name).is_some(), "{name}");
        }
    }
}
