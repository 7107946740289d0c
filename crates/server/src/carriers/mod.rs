//! Carriers: one [`Carrier`] trait, sandbox carriers that behave like the real ones, and a registry.
//!
//! API summary:
//! - [`for_id`]`("royal-mail") -> Option<&'static dyn Carrier>`; [`for_country`]`("DE", ServiceType::Dropoff)
//!   -> Vec<&'static dyn Carrier>` (in data-file order); [`all`]`()`. The registry is built from
//!   `data/carriers/*.json` (compiled in) and validated by [`validate`] at start (`server::prepare` calls it).
//! - [`Carrier`]: `info()` (the data: id, SCAC, names, links, instructions, pricing),
//!   `issue_label(&LabelRequest) -> Result<IssuedLabel, CarrierError>` (what the carrier answers when a label
//!   is created: tracking number, service, drop-off code; over HTTP through [`gateway`] when
//!   `--carrier-api-url` is set), `draw_label(&LabelRequest, &IssuedLabel) -> Result<CarrierLabel, _>` (PDF via
//!   `documents::label`, or the PNG paperless code when `paperless` is set and the carrier offers it:
//!   `label_format` "PDF" / "PNG"), and `make_label` (both at once, for returns made before labels were stored),
//!   `make_scannable_code(return_number) -> String` (deterministic drop-off code, e.g. `RM-7K3M-9QXR`),
//!   `pickup_slots(today)` / `book_pickup(&PickupRequest, today) -> Result<PickupBooking, CarrierError>`
//!   (slots on the next `pickupBusinessDays` business days, Mon-Fri; bad addresses refused with
//!   `CarrierError::BadAddress { field, message }`), `dispatch_by_post(return_number, today) -> PostDispatch`
//!   (arrives in 5-7 business days), `status(tracking_number, created_ms, now_ms) -> TrackingStatus`.
//! - [`ServiceType`]: dropoff / pickup / paperless, with `nike_service_type_code()` (CARRIER_DROP_OFF,
//!   PICK_UP, PAPERLESS).
//! - Routes: `GET /order_mgmt/shipment_service_providers/v1` (see `routes.rs`).
//!
//! Adding a carrier: write `data/carriers/<id>.json` (copy one that is close), add one line to
//! `DATA_FILES` below, run `cargo test -p server carriers`. See docs/documents-and-carriers.md.

pub mod gateway;
pub mod routes;
pub mod sandbox;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use chrono::{Datelike, NaiveDate, Weekday};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use gateway::{BookingError, gateway};
pub use sandbox::SandboxCarrier;

use crate::documents::LabelAddress;

/// The data files, compiled in. One line per carrier.
const DATA_FILES: &[(&str, &str)] = &[
    ("royal-mail", include_str!("../../../../data/carriers/royal-mail.json")),
    ("dhl-de", include_str!("../../../../data/carriers/dhl-de.json")),
    ("hermes-de", include_str!("../../../../data/carriers/hermes-de.json")),
    ("postnl", include_str!("../../../../data/carriers/postnl.json")),
    ("la-poste", include_str!("../../../../data/carriers/la-poste.json")),
    ("correos", include_str!("../../../../data/carriers/correos.json")),
    ("bpost", include_str!("../../../../data/carriers/bpost.json")),
    ("postnord", include_str!("../../../../data/carriers/postnord.json")),
    ("post-at", include_str!("../../../../data/carriers/post-at.json")),
    ("an-post", include_str!("../../../../data/carriers/an-post.json")),
    ("post-lu", include_str!("../../../../data/carriers/post-lu.json")),
    ("ceska-posta", include_str!("../../../../data/carriers/ceska-posta.json")),
    ("inpost", include_str!("../../../../data/carriers/inpost.json")),
    ("ctt", include_str!("../../../../data/carriers/ctt.json")),
    ("ups", include_str!("../../../../data/carriers/ups.json")),
    ("usps", include_str!("../../../../data/carriers/usps.json")),
    ("sda", include_str!("../../../../data/carriers/sda.json")),
    ("sagawa", include_str!("../../../../data/carriers/sagawa.json")),
    ("cj-logistics", include_str!("../../../../data/carriers/cj-logistics.json")),
    ("australia-post", include_str!("../../../../data/carriers/australia-post.json")),
];

/// How the parcel reaches the carrier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ServiceType {
    Dropoff,
    Pickup,
    Paperless,
}

impl ServiceType {
    pub fn parse(text: &str) -> Option<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "dropoff" => Some(Self::Dropoff),
            "pickup" => Some(Self::Pickup),
            "paperless" => Some(Self::Paperless),
            _ => None,
        }
    }

    /// The capture service code of spec 001 §9.
    pub fn nike_service_type_code(self) -> &'static str {
        match self {
            Self::Dropoff => "CARRIER_DROP_OFF",
            Self::Pickup => "PICK_UP",
            Self::Paperless => "PAPERLESS",
        }
    }
}

/// Per-language text: language code -> text. `en` is always present.
pub type Localized = BTreeMap<String, String>;

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct InstructionStep {
    pub title: Localized,
    pub description: Localized,
}

/// A title in the carrier's languages (`returnMethodSelection.<service>`, `returnConfirmation`, 001 §3).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CarrierTitle {
    pub title: Localized,
}

/// The text in `language` (base tag), else English (every text has `en`: `CarrierInfo::check`).
pub fn localized<'a>(texts: &'a Localized, language: &str) -> &'a str {
    let base = language.split(['-', '_']).next().unwrap_or("en").to_ascii_lowercase();
    texts.get(&base).or_else(|| texts.get("en")).map_or("", String::as_str)
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Price {
    pub currency: String,
    pub amount_minor: i64,
}

/// One carrier's data file.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CarrierInfo {
    pub carrier_id: String,
    /// Standard Carrier Alpha Code (4 upper-case letters).
    pub scac: String,
    pub names: Localized,
    /// ISO country -> services offered there.
    pub countries: BTreeMap<String, Vec<ServiceType>>,
    pub links: BTreeMap<ServiceType, String>,
    pub instructions: BTreeMap<ServiceType, Vec<InstructionStep>>,
    /// The method box's title in the return wizard, per service (001 §3 returnMethodSelection.title).
    pub return_method_selection: BTreeMap<ServiceType, CarrierTitle>,
    /// The return confirmation's title (001 §3 returnConfirmation.title).
    pub return_confirmation: CarrierTitle,
    /// Fee per service; absent = free.
    #[serde(default)]
    pub pricing: BTreeMap<ServiceType, Price>,
    pub pickup_business_days: u32,
    pub drop_off_code_prefix: String,
    pub tracking_prefix: String,
}

impl CarrierInfo {
    /// The name in `language` (base tag), else English.
    pub fn name(&self, language: &str) -> &str {
        let base = language.split(['-', '_']).next().unwrap_or("en").to_ascii_lowercase();
        self.names.get(&base).or_else(|| self.names.get("en")).map_or(self.carrier_id.as_str(), String::as_str)
    }

    pub fn offers(&self, country: &str, service: ServiceType) -> bool {
        self.countries.get(&country.to_ascii_uppercase()).is_some_and(|services| services.contains(&service))
    }

    fn check(&self, file_id: &str) -> Result<(), String> {
        let fail = |what: &str| Err(format!("data/carriers/{file_id}.json: {what}"));
        if self.carrier_id != file_id {
            return fail("carrierId differs from the file name");
        }
        if self.scac.len() != 4 || !self.scac.chars().all(|c| c.is_ascii_uppercase()) {
            return fail("scac must be 4 upper-case letters");
        }
        if !self.names.contains_key("en") {
            return fail("names needs en");
        }
        if self.countries.is_empty() {
            return fail("no countries");
        }
        if self.drop_off_code_prefix.is_empty() || !self.drop_off_code_prefix.chars().all(|c| c.is_ascii_alphanumeric())
        {
            return fail("dropOffCodePrefix must be ASCII letters/digits");
        }
        if !(1..=10).contains(&self.pickup_business_days) {
            return fail("pickupBusinessDays must be 1..=10");
        }
        for (country, services) in &self.countries {
            if country.len() != 2 || !country.chars().all(|c| c.is_ascii_uppercase()) {
                return fail("country codes are ISO alpha-2 upper case");
            }
            for service in services {
                if !self.links.contains_key(service) {
                    return fail("a link is missing for an offered service");
                }
                let Some(steps) = self.instructions.get(service) else {
                    return fail("instructions are missing for an offered service");
                };
                if steps.is_empty()
                    || steps.iter().any(|s| !s.title.contains_key("en") || !s.description.contains_key("en"))
                {
                    return fail("every instruction step needs en title and description");
                }
                if !self.return_method_selection.get(service).is_some_and(|title| title.title.contains_key("en")) {
                    return fail("returnMethodSelection needs an en title for every offered service");
                }
            }
        }
        if !self.return_confirmation.title.contains_key("en") {
            return fail("returnConfirmation needs an en title");
        }
        for price in self.pricing.values() {
            if price.currency.len() != 3 || price.amount_minor < 0 {
                return fail("pricing needs a 3-letter currency and a non-negative amount");
            }
        }
        Ok(())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CarrierError {
    #[error("{message}")]
    BadAddress { field: String, message: String },
    #[error("{carrier} does not offer {service:?} in {country}")]
    NotOffered { carrier: String, country: String, service: ServiceType },
    #[error("that pickup slot is not available")]
    SlotUnavailable,
    #[error("the document could not be made: {0}")]
    Document(String),
    /// The carrier's API refused the request for a reason it named (`gateway`).
    #[error("{0}")]
    Refused(String),
}

/// What a label needs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LabelRequest {
    pub return_order_number: String,
    /// Shopper's country (ISO alpha-2).
    pub country: String,
    pub from: LabelAddress,
    pub to: LabelAddress,
    /// Shopper's language, for the carrier name and service on the label.
    pub language: String,
    /// EMEA paperless: a PNG scannable code instead of a PDF.
    pub paperless: bool,
}

/// What the carrier answers when it creates a return's label: stored by the return capture job
/// (`return_labels`) and drawn from on the label page, so that no carrier is called while the shopper waits.
/// Also the body of the carrier API's 200 answer (`gateway`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IssuedLabel {
    pub carrier_id: String,
    pub tracking_number: String,
    /// Printed under the carrier's name: "Drop-off" or "Pickup".
    pub service: String,
    /// Encoded in the label's QR code and in the EMEA paperless PNG.
    pub drop_off_code: String,
}

/// A made label. `bytes` is a PDF (`label_format` "PDF") or a PNG ("PNG", paperless).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CarrierLabel {
    pub carrier_id: String,
    pub carrier_name: String,
    pub label_format: &'static str,
    pub bytes: Vec<u8>,
    pub drop_off_code: String,
    pub tracking_number: String,
    pub is_emea_paperless: bool,
}

/// An address for a pickup.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickupAddress {
    pub name: String,
    pub address1: String,
    #[serde(default)]
    pub address2: Option<String>,
    pub city: String,
    #[serde(default)]
    pub state: Option<String>,
    pub postal_code: String,
    pub country: String,
    #[serde(default)]
    pub phone: Option<String>,
    /// Where the carrier writes about the pickup; absent, the order's e-mail is used (spec 002 §4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PickupSlot {
    pub date: NaiveDate,
    /// Local hours, 24-hour clock.
    pub from_hour: u32,
    pub to_hour: u32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PickupRequest {
    pub return_order_number: String,
    pub address: PickupAddress,
    /// None = the first available slot.
    pub slot: Option<PickupSlot>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PickupBooking {
    pub carrier_id: String,
    pub confirmation: String,
    pub slot: PickupSlot,
    pub tracking_number: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PostDispatch {
    pub sent_on: NaiveDate,
    pub arrives_earliest: NaiveDate,
    pub arrives_latest: NaiveDate,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TrackingStatus {
    LabelCreated,
    InTransit,
    Delivered,
}

/// What every carrier does.
pub trait Carrier: Send + Sync {
    fn info(&self) -> &CarrierInfo;
    /// Creates the label at the carrier: what it answers (the capture job stores it).
    fn issue_label(&self, request: &LabelRequest) -> Result<IssuedLabel, CarrierError>;
    /// Draws a label the carrier issued: the PDF, or the PNG paperless code (`request.paperless`).
    fn draw_label(&self, request: &LabelRequest, issued: &IssuedLabel) -> Result<CarrierLabel, CarrierError>;
    /// Issues and draws at once, in process: for returns made before labels were stored (no stored label).
    fn make_label(&self, request: &LabelRequest) -> Result<CarrierLabel, CarrierError> {
        let issued = self.issue_label(request)?;
        self.draw_label(request, &issued)
    }
    /// Deterministic drop-off code from the return number.
    fn make_scannable_code(&self, return_order_number: &str) -> String;
    fn pickup_slots(&self, today: NaiveDate) -> Vec<PickupSlot>;
    fn book_pickup(&self, request: &PickupRequest, today: NaiveDate) -> Result<PickupBooking, CarrierError>;
    fn dispatch_by_post(&self, return_order_number: &str, today: NaiveDate) -> PostDispatch;
    fn status(&self, tracking_number: &str, created_at_ms: i64, now_ms: i64) -> TrackingStatus;
}

struct Registry {
    carriers: Vec<SandboxCarrier>,
}

fn load() -> Result<Registry, String> {
    let mut carriers = Vec::new();
    for (id, text) in DATA_FILES {
        let info: CarrierInfo = serde_json::from_str(text).map_err(|e| format!("data/carriers/{id}.json: {e}"))?;
        info.check(id)?;
        carriers.push(SandboxCarrier::new(info));
    }
    Ok(Registry { carriers })
}

fn registry() -> &'static Result<Registry, String> {
    static REGISTRY: OnceLock<Result<Registry, String>> = OnceLock::new();
    REGISTRY.get_or_init(load)
}

/// Loads and validates every data file; the error names the file and the fault.
pub fn validate() -> Result<usize, String> {
    registry().as_ref().map(|r| r.carriers.len()).map_err(Clone::clone)
}

pub fn all() -> Vec<&'static dyn Carrier> {
    match registry() {
        Ok(r) => r.carriers.iter().map(|c| c as &dyn Carrier).collect(),
        Err(_) => Vec::new(),
    }
}

pub fn for_id(carrier_id: &str) -> Option<&'static dyn Carrier> {
    all().into_iter().find(|c| c.info().carrier_id == carrier_id)
}

pub fn for_country(country: &str, service: ServiceType) -> Vec<&'static dyn Carrier> {
    all().into_iter().filter(|c| c.info().offers(country, service)).collect()
}

/// `today` plus `n` business days (Monday to Friday).
pub fn add_business_days(today: NaiveDate, n: u32) -> NaiveDate {
    let mut date = today;
    let mut left = n;
    while left > 0 {
        date = date.succ_opt().unwrap_or(date);
        if !matches!(date.weekday(), Weekday::Sat | Weekday::Sun) {
            left -= 1;
        }
    }
    date
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_data_file_loads_and_validates() {
        assert_eq!(validate(), Ok(DATA_FILES.len()));
    }

    #[test]
    fn the_registry_answers_by_country_and_service() {
        let ids = |country, service| {
            for_country(country, service).iter().map(|c| c.info().carrier_id.clone()).collect::<Vec<_>>()
        };
        assert_eq!(ids("GB", ServiceType::Dropoff), ["royal-mail"]);
        assert_eq!(ids("DE", ServiceType::Dropoff), ["dhl-de", "hermes-de"]);
        assert_eq!(ids("FR", ServiceType::Pickup), ["la-poste"]);
        assert_eq!(ids("IT", ServiceType::Pickup), ["ups", "sda"]);
        assert_eq!(ids("US", ServiceType::Dropoff), ["ups", "usps"]);
        assert_eq!(ids("JP", ServiceType::Pickup), ["sagawa"]);
        assert_eq!(ids("KR", ServiceType::Pickup), ["cj-logistics"]);
        assert_eq!(ids("AU", ServiceType::Dropoff), ["australia-post"]);
        assert_eq!(ids("SE", ServiceType::Paperless), ["postnord"]);
        assert!(ids("CN", ServiceType::Dropoff).is_empty());
        for country in ["AT", "BE", "CZ", "DK", "ES", "FI", "FR", "GB", "IE", "LU", "NL", "PL", "PT", "SE", "DE"] {
            assert!(!ids(country, ServiceType::Dropoff).is_empty(), "{country}");
        }
        for country in ["GR", "HU", "IT", "SI"] {
            assert!(ids(country, ServiceType::Pickup).contains(&"ups".to_owned()), "{country}");
        }
        assert!(for_id("ups").is_some());
        assert!(for_id("nope").is_none());
    }

    #[test]
    fn names_follow_the_language_and_fall_back_to_english() {
        let post = for_id("ceska-posta").unwrap();
        assert_eq!(post.info().name("cs-CZ"), "Česká pošta");
        assert_eq!(post.info().name("ja"), "Czech Post");
    }

    #[test]
    fn instruction_steps_exist_in_the_country_language() {
        let cases = [
            ("la-poste", "fr"),
            ("dhl-de", "de"),
            ("postnl", "nl"),
            ("sagawa", "ja"),
            ("cj-logistics", "ko"),
            ("inpost", "pl"),
        ];
        for (id, language) in cases {
            let info = for_id(id).unwrap().info();
            for steps in info.instructions.values() {
                assert!(
                    steps.iter().all(|s| s.title.contains_key(language) && s.description.contains_key(language)),
                    "{id}"
                );
            }
        }
    }

    #[test]
    fn business_days_skip_weekends() {
        let friday = NaiveDate::from_ymd_opt(2026, 11, 20).unwrap();
        assert_eq!(add_business_days(friday, 1), NaiveDate::from_ymd_opt(2026, 11, 23).unwrap());
        assert_eq!(add_business_days(friday, 5), NaiveDate::from_ymd_opt(2026, 11, 27).unwrap());
        let saturday = NaiveDate::from_ymd_opt(2026, 11, 21).unwrap();
        assert_eq!(add_business_days(saturday, 1), NaiveDate::from_ymd_opt(2026, 11, 23).unwrap());
    }
}
