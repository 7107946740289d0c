//! The sandbox carrier: behaves like a real one (deterministic codes and tracking numbers, business-day
//! pickups, address checks, a label PDF, a tracking timeline) from its data file alone.

use chrono::NaiveDate;

use super::{
    Carrier, CarrierError, CarrierInfo, CarrierLabel, IssuedLabel, LabelRequest, PickupAddress, PickupBooking,
    PickupRequest, PickupSlot, PostDispatch, ServiceType, TrackingStatus, add_business_days,
};
use crate::documents::{self, ReturnLabel};

/// Countries where labels are PNG scannable codes when paperless is asked for (spec 001 §9: EMEA).
const EMEA: &[&str] =
    &["AT", "BE", "CZ", "DE", "DK", "ES", "FI", "FR", "GB", "GR", "HU", "IE", "IT", "LU", "NL", "PL", "PT", "SE", "SI"];

/// Letters and digits without look-alikes (no 0/O, 1/I/L).
const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

pub struct SandboxCarrier {
    info: CarrierInfo,
}

impl SandboxCarrier {
    pub fn new(info: CarrierInfo) -> Self {
        Self { info }
    }

    fn hash(&self, salt: &str, text: &str) -> u64 {
        // FNV-1a 64: stable across builds and platforms.
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in self.info.carrier_id.bytes().chain(salt.bytes()).chain(text.trim().to_ascii_uppercase().bytes()) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        hash
    }

    /// Tracking number: the prefix and 12 digits from the return number.
    pub fn tracking_number(&self, return_order_number: &str) -> String {
        format!("{}{:012}", self.info.tracking_prefix, self.hash("track", return_order_number) % 1_000_000_000_000)
    }
}

/// Postal code shape per country; unknown countries accept 2 to 10 letters, digits, spaces and dashes.
pub fn postal_code_valid(country: &str, code: &str) -> bool {
    let code = code.trim();
    let digits = |n: usize| code.len() == n && code.chars().all(|c| c.is_ascii_digit());
    match country.to_ascii_uppercase().as_str() {
        "US" => {
            digits(5)
                || (code.len() == 10
                    && code.as_bytes()[5] == b'-'
                    && code.chars().enumerate().all(|(i, c)| i == 5 || c.is_ascii_digit()))
        }
        "DE" | "FR" | "ES" | "IT" | "FI" | "KR" | "GR" => digits(5),
        "AT" | "BE" | "DK" | "HU" | "LU" | "SI" | "AU" => digits(4),
        "NL" => {
            let compact: String = code.chars().filter(|c| *c != ' ').collect();
            compact.len() == 6
                && compact[..4].chars().all(|c| c.is_ascii_digit())
                && compact[4..].chars().all(|c| c.is_ascii_alphabetic())
        }
        "SE" | "CZ" => {
            let compact: String = code.chars().filter(|c| *c != ' ').collect();
            compact.len() == 5 && compact.chars().all(|c| c.is_ascii_digit())
        }
        "PL" => {
            code.len() == 6
                && code.as_bytes()[2] == b'-'
                && code.chars().enumerate().all(|(i, c)| i == 2 || c.is_ascii_digit())
        }
        "PT" => {
            code.len() == 8
                && code.as_bytes()[4] == b'-'
                && code.chars().enumerate().all(|(i, c)| i == 4 || c.is_ascii_digit())
        }
        "JP" => {
            let d: String = code.chars().filter(|c| *c != '-').collect();
            d.len() == 7 && d.chars().all(|c| c.is_ascii_digit())
        }
        "GB" | "IE" => {
            (5..=8).contains(&code.len())
                && code.chars().all(|c| c.is_ascii_alphanumeric() || c == ' ')
                && code.chars().any(|c| c.is_ascii_digit())
        }
        _ => (2..=10).contains(&code.len()) && code.chars().all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-'),
    }
}

/// Checks a pickup address; the error names the field.
pub fn check_pickup_address(address: &PickupAddress, served: &[&str]) -> Result<(), CarrierError> {
    let bad =
        |field: &str, message: &str| Err(CarrierError::BadAddress { field: field.into(), message: message.into() });
    let country = address.country.trim().to_ascii_uppercase();
    if !served.contains(&country.as_str()) {
        return bad("country", "The carrier does not pick up in this country.");
    }
    if address.name.trim().is_empty() {
        return bad("name", "Please enter a name.");
    }
    if address.address1.trim().is_empty() {
        return bad("address1", "Please enter a street address.");
    }
    let lower = address.address1.to_lowercase();
    if lower.contains("po box")
        || lower.contains("p.o. box")
        || lower.starts_with("postfach")
        || lower.starts_with("bp ")
    {
        return bad("address1", "A courier cannot pick up from a post office box.");
    }
    if address.city.trim().is_empty() {
        return bad("city", "Please enter a city.");
    }
    if !postal_code_valid(&country, &address.postal_code) {
        return bad("postalCode", "Please enter a valid postal code.");
    }
    if let Some(phone) = &address.phone {
        let digits = phone.chars().filter(char::is_ascii_digit).count();
        if !(3..=16).contains(&digits) {
            return bad("phone", "Please enter a valid phone number.");
        }
    }
    Ok(())
}

impl Carrier for SandboxCarrier {
    fn info(&self) -> &CarrierInfo {
        &self.info
    }

    fn make_scannable_code(&self, return_order_number: &str) -> String {
        let mut hash = self.hash("drop", return_order_number);
        let mut chars = String::new();
        for i in 0..8 {
            if i == 4 {
                chars.push('-');
            }
            chars.push(ALPHABET[(hash % ALPHABET.len() as u64) as usize] as char);
            hash /= ALPHABET.len() as u64;
        }
        format!("{}-{chars}", self.info.drop_off_code_prefix)
    }

    fn issue_label(&self, request: &LabelRequest) -> Result<IssuedLabel, CarrierError> {
        let country = request.country.to_ascii_uppercase();
        let serves = |service| self.info.offers(&country, service);
        if !(serves(ServiceType::Dropoff) || serves(ServiceType::Pickup) || serves(ServiceType::Paperless)) {
            let service = if request.paperless { ServiceType::Paperless } else { ServiceType::Dropoff };
            return Err(CarrierError::NotOffered { carrier: self.info.carrier_id.clone(), country, service });
        }
        let service_name = if serves(ServiceType::Dropoff) { "Drop-off" } else { "Pickup" };
        Ok(IssuedLabel {
            carrier_id: self.info.carrier_id.clone(),
            tracking_number: self.tracking_number(&request.return_order_number),
            // The service as the shopper and the counter clerk read it; the SCAC is the carrier's code for
            // systems, not for the label (walk polish 7).
            service: service_name.to_owned(),
            drop_off_code: self.make_scannable_code(&request.return_order_number),
        })
    }

    fn draw_label(&self, request: &LabelRequest, issued: &IssuedLabel) -> Result<CarrierLabel, CarrierError> {
        let country = request.country.to_ascii_uppercase();
        let service = if request.paperless { ServiceType::Paperless } else { ServiceType::Dropoff };
        let offered = self.info.offers(&country, service)
            || (!request.paperless && self.info.offers(&country, ServiceType::Pickup));
        if !offered {
            return Err(CarrierError::NotOffered { carrier: self.info.carrier_id.clone(), country, service });
        }
        let carrier_name = self.info.name(&request.language).to_owned();
        let is_emea_paperless = request.paperless && EMEA.contains(&country.as_str());
        let (label_format, bytes) = if is_emea_paperless {
            let png = documents::paperless_code(&issued.drop_off_code);
            ("PNG", png.map_err(|e| CarrierError::Document(e.to_string()))?)
        } else {
            let label = ReturnLabel {
                return_order_number: request.return_order_number.clone(),
                from: request.from.clone(),
                to: request.to.clone(),
                carrier_name: carrier_name.clone(),
                service: issued.service.clone(),
                drop_off_code: issued.drop_off_code.clone(),
                tracking_number: Some(issued.tracking_number.clone()),
            };
            ("PDF", documents::render_return_label(&label).map_err(|e| CarrierError::Document(e.to_string()))?)
        };
        Ok(CarrierLabel {
            carrier_id: self.info.carrier_id.clone(),
            carrier_name,
            label_format,
            bytes,
            drop_off_code: issued.drop_off_code.clone(),
            tracking_number: issued.tracking_number.clone(),
            is_emea_paperless,
        })
    }

    fn pickup_slots(&self, today: NaiveDate) -> Vec<PickupSlot> {
        (1..=self.info.pickup_business_days)
            .flat_map(|n| {
                let date = add_business_days(today, n);
                [PickupSlot { date, from_hour: 9, to_hour: 13 }, PickupSlot { date, from_hour: 13, to_hour: 18 }]
            })
            .collect()
    }

    fn book_pickup(&self, request: &PickupRequest, today: NaiveDate) -> Result<PickupBooking, CarrierError> {
        let served: Vec<&str> = self
            .info
            .countries
            .iter()
            .filter(|(_, services)| services.contains(&ServiceType::Pickup))
            .map(|(country, _)| country.as_str())
            .collect();
        check_pickup_address(&request.address, &served)?;
        let slots = self.pickup_slots(today);
        let slot = match request.slot {
            None => slots.first().copied().ok_or(CarrierError::SlotUnavailable)?,
            Some(slot) if slots.contains(&slot) => slot,
            Some(_) => return Err(CarrierError::SlotUnavailable),
        };
        let confirmation = format!(
            "{}P{:08}",
            self.info.drop_off_code_prefix,
            self.hash("pickup", &request.return_order_number) % 100_000_000
        );
        Ok(PickupBooking {
            carrier_id: self.info.carrier_id.clone(),
            confirmation,
            slot,
            tracking_number: self.tracking_number(&request.return_order_number),
        })
    }

    fn dispatch_by_post(&self, _return_order_number: &str, today: NaiveDate) -> PostDispatch {
        PostDispatch {
            sent_on: today,
            arrives_earliest: add_business_days(today, 5),
            arrives_latest: add_business_days(today, 7),
        }
    }

    fn status(&self, _tracking_number: &str, created_at_ms: i64, now_ms: i64) -> TrackingStatus {
        const DAY: i64 = 24 * 3600 * 1000;
        match now_ms.saturating_sub(created_at_ms) {
            elapsed if elapsed < DAY => TrackingStatus::LabelCreated,
            elapsed if elapsed < 4 * DAY => TrackingStatus::InTransit,
            _ => TrackingStatus::Delivered,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{LabelRequest, for_id};
    use super::*;

    fn monday() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 23).unwrap()
    }

    fn address(country: &str, postal: &str) -> PickupAddress {
        PickupAddress {
            name: "A Shopper".into(),
            address1: "1 Main Street".into(),
            city: "Town".into(),
            postal_code: postal.into(),
            country: country.into(),
            ..PickupAddress::default()
        }
    }

    #[test]
    fn the_drop_off_code_is_deterministic_and_differs_per_return_and_carrier() {
        let rm = for_id("royal-mail").unwrap();
        let code = rm.make_scannable_code("R100");
        assert_eq!(code, rm.make_scannable_code("R100"));
        assert_eq!(code, rm.make_scannable_code(" r100 "));
        assert_ne!(code, rm.make_scannable_code("R101"));
        assert_ne!(code, for_id("postnl").unwrap().make_scannable_code("R100"));
        assert!(code.starts_with("RM-") && code.len() == 12, "{code}");
    }

    #[test]
    fn pickup_slots_are_on_the_next_business_days() {
        let cj = for_id("cj-logistics").unwrap();
        let friday = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        let slots = cj.pickup_slots(friday);
        let dates: Vec<_> = slots.iter().map(|s| s.date.to_string()).collect();
        assert_eq!(dates, ["2026-11-30", "2026-11-30", "2026-12-01", "2026-12-01", "2026-12-02", "2026-12-02"]);
    }

    #[test]
    fn a_pickup_is_booked_for_a_good_address_and_refused_for_bad_ones() {
        let ups = for_id("ups").unwrap();
        let request = |a: PickupAddress| PickupRequest { return_order_number: "R1".into(), address: a, slot: None };
        let booking = ups.book_pickup(&request(address("US", "97005")), monday()).unwrap();
        assert_eq!(booking.slot.date, NaiveDate::from_ymd_opt(2026, 11, 24).unwrap());
        assert!(booking.tracking_number.starts_with("1Z"));
        let cases = [
            (address("US", "9700"), "postalCode"),
            (address("FR", "75002"), "country"),
            (PickupAddress { address1: "PO Box 12".into(), ..address("US", "97005") }, "address1"),
            (PickupAddress { city: " ".into(), ..address("US", "97005") }, "city"),
            (PickupAddress { phone: Some("12".into()), ..address("US", "97005") }, "phone"),
        ];
        for (a, field) in cases {
            match ups.book_pickup(&request(a), monday()) {
                Err(CarrierError::BadAddress { field: f, .. }) => assert_eq!(f, field),
                other => panic!("{field}: {other:?}"),
            }
        }
        let late = PickupSlot { date: NaiveDate::from_ymd_opt(2026, 12, 31).unwrap(), from_hour: 9, to_hour: 13 };
        let answer = ups.book_pickup(&PickupRequest { slot: Some(late), ..request(address("US", "97005")) }, monday());
        assert_eq!(answer, Err(CarrierError::SlotUnavailable));
    }

    #[test]
    fn a_label_by_post_arrives_in_5_to_7_business_days() {
        let dispatch = for_id("la-poste").unwrap().dispatch_by_post("R1", monday());
        assert_eq!(dispatch.arrives_earliest, NaiveDate::from_ymd_opt(2026, 11, 30).unwrap());
        assert_eq!(dispatch.arrives_latest, NaiveDate::from_ymd_opt(2026, 12, 2).unwrap());
    }

    /// A UK return's label request, in English.
    fn uk_label_request() -> LabelRequest {
        LabelRequest {
            return_order_number: "R12345".into(),
            country: "GB".into(),
            language: "en".into(),
            ..LabelRequest::default()
        }
    }

    #[test]
    fn labels_are_pdf_or_the_emea_paperless_png() {
        let request = uk_label_request();
        let rm = for_id("royal-mail").unwrap();
        let pdf = rm.make_label(&request).unwrap();
        assert_eq!(pdf.label_format, "PDF");
        assert!(pdf.bytes.starts_with(b"%PDF"));
        assert_eq!(pdf.drop_off_code, rm.make_scannable_code("R12345"));
        let png = rm.make_label(&LabelRequest { paperless: true, ..request.clone() }).unwrap();
        assert_eq!(png.label_format, "PNG");
        assert!(png.is_emea_paperless);
        assert!(png.bytes.starts_with(b"\x89PNG"));
        let wrong = for_id("usps").unwrap().make_label(&request);
        assert!(matches!(wrong, Err(CarrierError::NotOffered { .. })));
    }

    #[test]
    fn a_label_is_drawn_from_what_the_carrier_issued() {
        let request = uk_label_request();
        let rm = for_id("royal-mail").unwrap();
        let issued = rm.issue_label(&request).unwrap();
        assert_eq!(issued.drop_off_code, rm.make_scannable_code("R12345"));
        assert_eq!(issued.service, "Drop-off");
        // A carrier API's own numbers, not the sandbox's: the drawing prints what was issued.
        let theirs = IssuedLabel {
            tracking_number: "RM000TRACK42".into(),
            drop_off_code: "RM-THEIR-CODE".into(),
            ..issued.clone()
        };
        let pdf = rm.draw_label(&request, &theirs).unwrap();
        assert_eq!((pdf.tracking_number.as_str(), pdf.drop_off_code.as_str()), ("RM000TRACK42", "RM-THEIR-CODE"));
        let doc = lopdf::Document::load_mem(&pdf.bytes).unwrap();
        let page = *doc.get_pages().values().next().unwrap();
        let content = String::from_utf8_lossy(&doc.get_page_content(page).unwrap()).into_owned();
        assert!(content.contains("(Tracking RM000TRACK42)"), "{content}");
        assert_eq!(rm.make_label(&request).unwrap().tracking_number, issued.tracking_number);
    }

    #[test]
    fn tracking_moves_from_created_to_delivered() {
        let ups = for_id("ups").unwrap();
        let day = 24 * 3600 * 1000;
        assert_eq!(ups.status("1Z", 0, 1000), TrackingStatus::LabelCreated);
        assert_eq!(ups.status("1Z", 0, 2 * day), TrackingStatus::InTransit);
        assert_eq!(ups.status("1Z", 0, 5 * day), TrackingStatus::Delivered);
    }

    #[test]
    fn postal_codes_are_checked_per_country() {
        let cases = [
            ("US", "97005", true),
            ("US", "97005-1234", true),
            ("US", "9700", false),
            ("NL", "1012 AB", true),
            ("NL", "1012", false),
            ("PL", "00-950", true),
            ("PT", "1000-001", true),
            ("JP", "100-0001", true),
            ("KR", "04524", true),
            ("GB", "SW1A 1AA", true),
            ("GB", "HELLO", false),
            ("AU", "2000", true),
            ("DE", "1011", false),
        ];
        for (country, code, ok) in cases {
            assert_eq!(postal_code_valid(country, code), ok, "{country} {code}");
        }
    }
}
