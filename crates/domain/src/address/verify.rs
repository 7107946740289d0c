//! The sandbox address validator's rules (spec 002 §5, 001 §4.4): normalise case, spacing,
//! abbreviations and the postal code per country, fill the province from the postal code where the
//! table knows the prefixes, answer Korean addresses in Korean. The result is verified (nothing to
//! change), a close match (a suggestion), or unverified (no suggestion).

use std::collections::BTreeMap;
use std::sync::LazyLock;

use serde::Deserialize;

use super::fields::{AddressField, AddressFields};
use super::layout::{Layout, layout_for};
use super::postal::format_postal_code;
use super::provinces::province_table;
use super::validate::ValidAddress;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verification {
    /// The address is right as entered (written canonically).
    Verified(AddressFields),
    /// The address was found after changes: the suggestion.
    CloseMatch(AddressFields),
    /// The address could not be verified; there is no suggestion.
    Unverified,
}

/// The fields whose change makes a suggestion (names and contact details are not checked).
const ADDRESS_PARTS: [AddressField; 7] = [
    AddressField::Line1,
    AddressField::Line2,
    AddressField::Line3,
    AddressField::Locality,
    AddressField::Zone,
    AddressField::Province,
    AddressField::Code,
];

#[derive(Deserialize)]
struct Localities {
    entries: BTreeMap<String, String>,
}

static KR_LOCALITIES: LazyLock<BTreeMap<String, String>> = LazyLock::new(|| {
    serde_json::from_str::<Localities>(include_str!("../../../../data/addresses/kr-localities.json"))
        .map(|file| file.entries)
        .unwrap_or_default()
});

/// Verifies `input` as the sandbox provider would. `language` is the shopper's; Korean addresses are
/// answered in Korean whatever it is (the courier reads Korean).
pub fn verify(input: &AddressFields, _language: &str) -> Verification {
    let layout = layout_for(input.country.as_deref().unwrap_or_default());
    let mut completed = input.clone();
    if completed.province.as_deref().is_none_or(|text| text.trim().is_empty()) {
        completed.province = province_from_postal_code(layout, input.code.as_deref()).map(str::to_owned);
    }
    let Ok(valid) = ValidAddress::parse(&completed) else { return Verification::Unverified };
    let mut suggestion = valid.into_fields();
    for field in
        [AddressField::Line1, AddressField::Line2, AddressField::Line3, AddressField::Locality, AddressField::Zone]
    {
        let normalised = suggestion.get(field).map(|text| normalise_text(layout, text));
        suggestion.set(field, normalised);
    }
    if !fill_province_from_postal_code(layout, &mut suggestion) {
        return Verification::Unverified;
    }
    if layout.country == "kr" {
        let korean = suggestion.locality.as_deref().and_then(|text| KR_LOCALITIES.get(&text.to_lowercase()).cloned());
        if korean.is_some() {
            suggestion.locality = korean;
        }
    }
    let typed = |field: AddressField| input.get(field).map(str::trim).filter(|text| !text.is_empty());
    let unchanged = ADDRESS_PARTS.iter().all(|field| typed(*field) == suggestion.get(*field));
    if unchanged { Verification::Verified(suggestion) } else { Verification::CloseMatch(suggestion) }
}

fn province_from_postal_code(layout: &Layout, typed_code: Option<&str>) -> Option<&'static str> {
    let table = layout.provinces.as_deref().and_then(province_table)?;
    let code = format_postal_code(&layout.postal_codes, typed_code?)?;
    table.for_postal_code(&code).map(|province| province.code.as_str())
}

/// Fills a missing province from the postal code, and corrects one that contradicts it. Answers false
/// when the postal code belongs to no province of the table although the table knows prefixes.
fn fill_province_from_postal_code(layout: &Layout, address: &mut AddressFields) -> bool {
    let Some(table) = layout.provinces.as_deref().and_then(province_table) else { return true };
    let knows_prefixes = table.entries.iter().any(|entry| !entry.postal.is_empty());
    let Some(code) = address.code.as_deref() else {
        return address.province.is_some() || !layout.uses(AddressField::Province);
    };
    if !knows_prefixes {
        return address.province.is_some();
    }
    match table.for_postal_code(code) {
        Some(province) => {
            address.province = Some(province.code.clone());
            true
        }
        None => false,
    }
}

/// Spells out abbreviations and fixes the case of words typed all in lower or all in upper case.
pub fn normalise_text(layout: &Layout, text: &str) -> String {
    text.split_whitespace().map(|word| normalise_word(layout, word)).collect::<Vec<_>>().join(" ")
}

fn normalise_word(layout: &Layout, word: &str) -> String {
    let (core, trailing_comma) = word.strip_suffix(',').map_or((word, ""), |core| (core, ","));
    let key = core.trim_end_matches('.').to_lowercase();
    if let Some(full) = layout.abbreviations.get(&key).or_else(|| layout.abbreviations.get(&core.to_lowercase())) {
        return format!("{full}{trailing_comma}");
    }
    format!("{}{trailing_comma}", fix_case(core))
}

/// Title case for a word of Latin letters typed all lower or all upper case ("MARKET" -> "Market");
/// words mixing digits ("4B", "SW1A") and words already in mixed case are kept.
fn fix_case(word: &str) -> String {
    let letters_only = word.chars().all(|c| c.is_alphabetic() || c == '\'' || c == '-');
    let latin = word.chars().all(|c| c.is_ascii() || ('\u{c0}'..='\u{24f}').contains(&c));
    let uniform = word == word.to_lowercase() || word == word.to_uppercase();
    if !letters_only || !latin || !uniform || word.chars().count() < 2 {
        return word.to_owned();
    }
    let mut out = String::with_capacity(word.len());
    let mut start = true;
    for c in word.chars() {
        if start {
            out.extend(c.to_uppercase());
        } else {
            out.extend(c.to_lowercase());
        }
        start = c == '-' || c == '\'';
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn address(country: &str, pairs: &[(AddressField, &str)]) -> AddressFields {
        let mut fields = AddressFields {
            country: Some(country.into()),
            name_given: Some("Test".into()),
            name_family: Some("Shopper".into()),
            phone: Some("5035550100".into()),
            ..AddressFields::default()
        };
        for (field, value) in pairs {
            fields.set(*field, Some((*value).to_owned()));
        }
        fields
    }

    fn suggestion(result: &Verification) -> Option<&AddressFields> {
        match result {
            Verification::CloseMatch(fields) => Some(fields),
            _ => None,
        }
    }

    use AddressField::*;

    #[test]
    fn a_us_address_gets_street_words_spelled_out_and_zip_plus_four() {
        let typed = address(
            "us",
            &[(Line1, "1600 amphitheatre pkwy"), (Locality, "MOUNTAIN VIEW"), (Province, "ca"), (Code, "940431351")],
        );
        let result = verify(&typed, "en");
        let fields = suggestion(&result).cloned().unwrap_or_default();
        assert_eq!(fields.line1.as_deref(), Some("1600 Amphitheatre Parkway"));
        assert_eq!(fields.locality.as_deref(), Some("Mountain View"));
        assert_eq!(fields.province.as_deref(), Some("CA"));
        assert_eq!(fields.code.as_deref(), Some("94043-1351"));
    }

    #[test]
    fn a_us_state_that_contradicts_the_zip_code_is_corrected() {
        let typed =
            address("us", &[(Line1, "350 Fifth Avenue"), (Locality, "New York"), (Province, "NJ"), (Code, "10118")]);
        let fields = suggestion(&verify(&typed, "en")).cloned().unwrap_or_default();
        assert_eq!(fields.province.as_deref(), Some("NY"));
    }

    #[test]
    fn an_address_already_right_is_verified_without_a_suggestion() {
        let typed = address(
            "us",
            &[(Line1, "1 Market Street"), (Locality, "San Francisco"), (Province, "CA"), (Code, "94105")],
        );
        assert!(matches!(verify(&typed, "en"), Verification::Verified(_)));
    }

    #[test]
    fn a_gb_postcode_is_written_with_its_space_and_in_capitals() {
        let typed = address("gb", &[(Line1, "10 downing st"), (Locality, "london"), (Code, "sw1a2aa")]);
        let fields = suggestion(&verify(&typed, "en")).cloned().unwrap_or_default();
        assert_eq!(fields.code.as_deref(), Some("SW1A 2AA"));
        assert_eq!(fields.line1.as_deref(), Some("10 Downing Street"));
        assert_eq!(fields.locality.as_deref(), Some("London"));
    }

    #[test]
    fn a_japanese_postal_code_gets_its_hyphen_and_fills_the_prefecture() {
        let typed = address("jp", &[(Code, "1000001"), (Locality, "千代田区"), (Line1, "千代田1-1")]);
        let fields = suggestion(&verify(&typed, "ja")).cloned().unwrap_or_default();
        assert_eq!(fields.code.as_deref(), Some("100-0001"));
        assert_eq!(fields.province.as_deref(), Some("13"));
        assert_eq!(fields.line1.as_deref(), Some("千代田1-1"), "Japanese text is kept as typed");
    }

    #[test]
    fn a_prefecture_that_contradicts_the_postal_code_is_corrected() {
        let typed =
            address("jp", &[(Code, "100-0001"), (Province, "Osaka"), (Locality, "千代田区"), (Line1, "千代田1-1")]);
        let fields = suggestion(&verify(&typed, "ja")).cloned().unwrap_or_default();
        assert_eq!(fields.province.as_deref(), Some("13"));
    }

    #[test]
    fn a_korean_address_is_answered_in_korean() {
        let typed = address("kr", &[(Code, "06236"), (Locality, "gangnam-gu"), (Line1, "테헤란로 152")]);
        let fields = suggestion(&verify(&typed, "en")).cloned().unwrap_or_default();
        assert_eq!(fields.locality.as_deref(), Some("강남구"));
        assert_eq!(fields.province.as_deref(), Some("11"));
    }

    #[test]
    fn a_chinese_address_gets_its_province_from_the_postal_code() {
        let typed = address(
            "cn",
            &[(Code, "200001"), (Province, "北京市"), (Locality, "上海市"), (Zone, "黄浦区"), (Line1, "南京东路100号")],
        );
        let fields = suggestion(&verify(&typed, "zh")).cloned().unwrap_or_default();
        assert_eq!(fields.province.as_deref(), Some("SH"));
    }

    #[test]
    fn an_address_that_cannot_be_verified_gets_no_suggestion() {
        let bad_code =
            address("us", &[(Line1, "1 Market Street"), (Locality, "San Francisco"), (Province, "CA"), (Code, "9410")]);
        assert_eq!(verify(&bad_code, "en"), Verification::Unverified);
        let unknown_prefix = address("jp", &[(Code, "000-0001"), (Province, "13"), (Locality, "x"), (Line1, "y")]);
        assert_eq!(verify(&unknown_prefix, "ja"), Verification::Unverified, "no prefecture owns 000");
        let missing_line = address("gb", &[(Locality, "London"), (Code, "SW1A 2AA")]);
        assert_eq!(verify(&missing_line, "en"), Verification::Unverified);
    }

    #[test]
    fn words_are_title_cased_only_when_typed_in_one_case() {
        let layout = layout_for("gb");
        assert_eq!(normalise_text(layout, "flat 4b,  MARKET   square"), "Flat 4b, Market Square");
        assert_eq!(normalise_text(layout, "McDonald Road"), "McDonald Road");
        assert_eq!(
            normalise_text(layout_for("mx"), "av. reforma 222, col. juárez"),
            "Avenida Reforma 222, Colonia Juárez"
        );
    }
}
