//! Province tables (spec 002 §9: AU, CN, ID, IN, JP, MX, MY, PH, RU, TH, TR, TW, VN; plus KR for the
//! Korea courier pickup, and US and CA whose layouts ask for a state or province), read from
//! `data/addresses/provinces/<table>.json`: code, English name, local name, and the postal-code
//! prefixes that let the validator fill the province from the postal code.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use serde::Deserialize;

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Province {
    pub code: String,
    pub name: String,
    /// The name in the country's script, when it has another one.
    #[serde(default)]
    pub local: Option<String>,
    /// Ranges of leading postal-code digits, "100-208" or "300" (as many digits as written).
    #[serde(default)]
    pub postal: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ProvinceTable {
    #[serde(rename = "_comment", default)]
    pub note: String,
    pub entries: Vec<Province>,
}

const FILES: &[(&str, &str)] = &[
    ("au", include_str!("../../../../data/addresses/provinces/au.json")),
    ("ca", include_str!("../../../../data/addresses/provinces/ca.json")),
    ("cn", include_str!("../../../../data/addresses/provinces/cn.json")),
    ("id", include_str!("../../../../data/addresses/provinces/id.json")),
    ("in", include_str!("../../../../data/addresses/provinces/in.json")),
    ("jp", include_str!("../../../../data/addresses/provinces/jp.json")),
    ("kr", include_str!("../../../../data/addresses/provinces/kr.json")),
    ("mx", include_str!("../../../../data/addresses/provinces/mx.json")),
    ("my", include_str!("../../../../data/addresses/provinces/my.json")),
    ("ph", include_str!("../../../../data/addresses/provinces/ph.json")),
    ("ru", include_str!("../../../../data/addresses/provinces/ru.json")),
    ("th", include_str!("../../../../data/addresses/provinces/th.json")),
    ("tr", include_str!("../../../../data/addresses/provinces/tr.json")),
    ("tw", include_str!("../../../../data/addresses/provinces/tw.json")),
    ("us", include_str!("../../../../data/addresses/provinces/us.json")),
    ("vn", include_str!("../../../../data/addresses/provinces/vn.json")),
];

static TABLES: LazyLock<BTreeMap<&'static str, ProvinceTable>> = LazyLock::new(|| {
    FILES.iter().filter_map(|(name, json)| serde_json::from_str(json).ok().map(|table| (*name, table))).collect()
});

/// The table named `name` (lower case, as layouts name it).
pub fn province_table(name: &str) -> Option<&'static ProvinceTable> {
    TABLES.get(name)
}

/// Names of the tables in the data folder, and of those that parsed (a load check).
pub fn load_check() -> (Vec<&'static str>, Vec<&'static str>) {
    (FILES.iter().map(|(name, _)| *name).collect(), TABLES.keys().copied().collect())
}

fn folded(text: &str) -> String {
    text.trim().to_lowercase()
}

impl ProvinceTable {
    /// The entry `typed` names: its code (also with an ISO country prefix such as "JP-13"), its English
    /// name or its local name, in any case.
    pub fn find(&self, typed: &str) -> Option<&Province> {
        let wanted = folded(typed);
        let without_prefix = wanted.split_once('-').map_or(wanted.as_str(), |(prefix, rest)| {
            if prefix.len() == 2 && prefix.chars().all(|c| c.is_ascii_alphabetic()) { rest } else { wanted.as_str() }
        });
        self.entries.iter().find(|entry| {
            let code = folded(&entry.code);
            code == wanted
                || code == without_prefix
                || folded(&entry.name) == wanted
                || entry.local.as_deref().is_some_and(|local| folded(local) == wanted)
        })
    }

    pub fn by_code(&self, code: &str) -> Option<&Province> {
        self.entries.iter().find(|entry| entry.code == code)
    }

    /// The province a postal code belongs to, when the table knows its prefixes.
    pub fn for_postal_code(&self, postal_code: &str) -> Option<&Province> {
        let digits: String = postal_code.chars().filter(char::is_ascii_digit).collect();
        self.entries.iter().find(|entry| entry.postal.iter().any(|range| prefix_in_range(&digits, range)))
    }
}

fn prefix_in_range(digits: &str, range: &str) -> bool {
    let (low, high) = range.split_once('-').unwrap_or((range, range));
    let width = low.len();
    if digits.len() < width || high.len() != width {
        return false;
    }
    let prefix = &digits[..width];
    low <= prefix && prefix <= high
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::address::layout::all_layouts;

    #[test]
    fn every_province_table_loads_with_unique_codes_and_names() {
        let (files, parsed) = load_check();
        assert_eq!(files, parsed);
        for name in files {
            let table = province_table(name).map(|table| &table.entries);
            let entries = table.cloned().unwrap_or_default();
            assert!(!entries.is_empty(), "{name}");
            let mut codes: Vec<_> = entries.iter().map(|entry| entry.code.clone()).collect();
            codes.sort();
            codes.dedup();
            assert_eq!(codes.len(), entries.len(), "{name} repeats a code");
        }
    }

    #[test]
    fn the_tables_hold_the_real_number_of_provinces() {
        let table = [
            ("au", 8),
            ("cn", 34),
            ("id", 38),
            ("in", 36),
            ("jp", 47),
            ("kr", 17),
            ("mx", 32),
            ("my", 16),
            ("ru", 83),
            ("th", 77),
            ("tr", 81),
            ("tw", 22),
            ("vn", 63),
            ("ca", 13),
        ];
        for (name, count) in table {
            assert_eq!(province_table(name).map(|t| t.entries.len()), Some(count), "{name}");
        }
        assert!(province_table("ph").is_some_and(|t| t.entries.len() > 80));
    }

    #[test]
    fn every_table_a_layout_names_exists() {
        for layout in all_layouts() {
            if let Some(name) = &layout.provinces {
                assert!(province_table(name).is_some(), "{} names {name}", layout.country);
            }
        }
    }

    #[test]
    fn a_province_is_found_by_code_name_or_local_name_in_any_case() {
        let jp = province_table("jp");
        let found = |table: Option<&'static ProvinceTable>, typed: &str| {
            table.and_then(|t| t.find(typed)).map(|p| p.code.clone())
        };
        assert_eq!(found(jp, "13").as_deref(), Some("13"));
        assert_eq!(found(jp, "JP-13").as_deref(), Some("13"));
        assert_eq!(found(jp, "tokyo").as_deref(), Some("13"));
        assert_eq!(found(jp, "東京都").as_deref(), Some("13"));
        assert_eq!(found(province_table("kr"), "서울특별시").as_deref(), Some("11"));
        assert_eq!(found(province_table("us"), "california").as_deref(), Some("CA"));
        assert_eq!(found(province_table("cn"), "广东省").as_deref(), Some("GD"));
        assert_eq!(found(province_table("tr"), "İstanbul").as_deref(), Some("34"));
        assert_eq!(found(jp, "Atlantis"), None);
    }

    #[test]
    fn the_province_follows_from_the_postal_code_where_the_table_knows_the_prefixes() {
        let table = [
            ("jp", "100-0001", Some("13")),
            ("jp", "530-0001", Some("27")),
            ("jp", "060-0001", Some("01")),
            ("kr", "06236", Some("11")),
            ("kr", "48058", Some("26")),
            ("cn", "100000", Some("BJ")),
            ("cn", "200000", Some("SH")),
            ("au", "2000", Some("NSW")),
            ("au", "2600", Some("ACT")),
            ("au", "3000", Some("VIC")),
            ("tw", "10048", Some("TPE")),
            ("tr", "34000", Some("34")),
            ("us", "94105", Some("CA")),
            ("us", "10118", Some("NY")),
            ("us", "05501", Some("MA")),
            ("us", "05401", Some("VT")),
            ("us", "34001", Some("AA")),
            ("us", "96278", Some("AP")),
            ("us", "00901", None),
        ];
        for (name, code, expected) in table {
            let found = province_table(name).and_then(|t| t.for_postal_code(code)).map(|p| p.code.as_str());
            assert_eq!(found, expected, "{name} {code}");
        }
    }
}
