//! Address layouts per country (spec 002 §9), read from `data/addresses/layouts.json`: which fields,
//! in which order, which are required, the postal-code masks, the province table, the name order.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use super::fields::AddressField;

const LAYOUTS_JSON: &str = include_str!("../../../../data/addresses/layouts.json");
const LABELS_JSON: &str = include_str!("../../../../data/addresses/labels.json");

/// Whose name is written first when the full name is formed (spec: family first for cn, tw, vn).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum NameOrder {
    GivenFirst,
    FamilyFirst,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LayoutField {
    pub field: AddressField,
    /// A label id; `label_text` gives its English text, the web app translates it.
    pub label: String,
    #[serde(default)]
    pub required: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Layout {
    /// Lower-case country code, or `default`.
    #[serde(default)]
    pub country: String,
    pub name_order: NameOrder,
    pub fields: Vec<LayoutField>,
    /// Masks (9 a digit, A a letter, other characters literal); the first is not special: every mask is
    /// a canonical form of its own length. Empty: any 2 to 10 letters, digits, spaces or hyphens.
    pub postal_codes: Vec<String>,
    /// The province table's name, when the province must be one of a list.
    #[serde(default)]
    pub provinces: Option<String>,
    /// What the sandbox validator spells out (lower-case abbreviation to full word).
    #[serde(default)]
    pub abbreviations: BTreeMap<String, String>,
}

impl Layout {
    pub fn field(&self, field: AddressField) -> Option<&LayoutField> {
        self.fields.iter().find(|entry| entry.field == field)
    }

    pub fn uses(&self, field: AddressField) -> bool {
        self.field(field).is_some()
    }

    pub fn requires(&self, field: AddressField) -> bool {
        self.field(field).is_some_and(|entry| entry.required)
    }
}

fn read_table<T: serde::de::DeserializeOwned>(json: &str) -> BTreeMap<String, T> {
    let raw: BTreeMap<String, serde_json::Value> = serde_json::from_str(json).unwrap_or_default();
    raw.into_iter()
        .filter(|(key, _)| !key.starts_with('_'))
        .filter_map(|(key, value)| serde_json::from_value(value).ok().map(|parsed| (key, parsed)))
        .collect()
}

static LAYOUTS: LazyLock<BTreeMap<String, Layout>> = LazyLock::new(|| {
    let mut layouts: BTreeMap<String, Layout> = read_table(LAYOUTS_JSON);
    for (country, layout) in &mut layouts {
        layout.country.clone_from(country);
    }
    layouts
});

static LABELS: LazyLock<BTreeMap<String, String>> = LazyLock::new(|| read_table(LABELS_JSON));

static FALLBACK: LazyLock<Layout> = LazyLock::new(|| Layout {
    country: "default".into(),
    name_order: NameOrder::GivenFirst,
    fields: Vec::new(),
    postal_codes: Vec::new(),
    provinces: None,
    abbreviations: BTreeMap::new(),
});

/// The layout of `country` (any case), or the default layout for a country without its own.
pub fn layout_for(country: &str) -> &'static Layout {
    let key = country.trim().to_ascii_lowercase();
    LAYOUTS.get(&key).or_else(|| LAYOUTS.get("default")).unwrap_or(&FALLBACK)
}

/// Every layout in the data file, `default` included.
pub fn all_layouts() -> impl Iterator<Item = &'static Layout> {
    LAYOUTS.values()
}

/// English text of a label id (the id itself when the data file lacks it).
pub fn label_text(label: &str) -> &str {
    LABELS.get(label).map_or(label, String::as_str)
}

/// Raw counts for a load check: entries in the file versus entries that parsed.
pub fn load_check() -> (usize, usize) {
    let raw: BTreeMap<String, serde_json::Value> = serde_json::from_str(LAYOUTS_JSON).unwrap_or_default();
    (raw.keys().filter(|key| !key.starts_with('_')).count(), LAYOUTS.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use AddressField::*;

    fn order(country: &str) -> Vec<AddressField> {
        layout_for(country).fields.iter().map(|entry| entry.field).collect()
    }

    const LISTED: [&str; 22] = [
        "ar", "au", "ca", "cn", "eg", "gb", "id", "in", "jp", "mx", "my", "nz", "ph", "pr", "ru", "sa", "th", "tr",
        "tw", "us", "vn", "za",
    ];

    #[test]
    fn every_layout_in_the_data_file_parses() {
        let (in_file, parsed) = load_check();
        assert_eq!(in_file, parsed);
        assert!(parsed >= 24, "22 countries of the spec, kr and the default");
    }

    #[test]
    fn every_country_of_the_spec_has_its_own_layout_and_unknown_ones_get_the_default() {
        for country in LISTED {
            assert_eq!(layout_for(country).country, country);
            assert_eq!(layout_for(&country.to_uppercase()).country, country);
        }
        assert_eq!(layout_for("fr").country, "default");
        assert_eq!(layout_for("").country, "default");
    }

    #[test]
    fn every_layout_asks_for_names_a_first_line_and_a_phone_and_has_labels() {
        for layout in all_layouts() {
            for field in [NameGiven, NameFamily, Line1, Phone] {
                assert!(layout.requires(field), "{} requires {field:?}", layout.country);
            }
            for entry in &layout.fields {
                assert_ne!(label_text(&entry.label), entry.label, "{} label {}", layout.country, entry.label);
            }
            let mut seen = layout.fields.iter().map(|entry| entry.field).collect::<Vec<_>>();
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), layout.fields.len(), "{} lists a field twice", layout.country);
        }
    }

    #[test]
    fn the_family_name_comes_first_in_china_taiwan_and_vietnam_only_among_the_listed_countries() {
        for country in LISTED {
            let family_first = ["cn", "tw", "vn"].contains(&country);
            let expected = if family_first { NameOrder::FamilyFirst } else { NameOrder::GivenFirst };
            assert_eq!(layout_for(country).name_order, expected, "{country}");
            let names: Vec<_> = order(country).into_iter().filter(|f| matches!(f, NameGiven | NameFamily)).collect();
            let expected_fields = if family_first { [NameFamily, NameGiven] } else { [NameGiven, NameFamily] };
            assert_eq!(names, expected_fields, "{country}");
        }
    }

    #[test]
    fn layouts_order_their_fields_the_way_the_country_writes_addresses() {
        let table: &[(&str, &[AddressField])] = &[
            ("us", &[NameGiven, NameFamily, Line1, Line2, Locality, Province, Code, Phone]),
            ("jp", &[NameGiven, NameFamily, Code, Province, Locality, Line1, Line2, Phone]),
            ("cn", &[NameFamily, NameGiven, Province, Locality, Zone, Line1, Line2, Code, Phone]),
            ("tw", &[NameFamily, NameGiven, Code, Province, Locality, Line1, Line2, Phone]),
            ("kr", &[NameFamily, NameGiven, Code, Province, Locality, Zone, Line1, Line2, Phone]),
            ("gb", &[NameGiven, NameFamily, Line1, Line2, Locality, Province, Code, Phone]),
            ("in", &[NameGiven, NameFamily, Line1, Line2, Line3, Locality, Province, Code, Phone]),
            ("my", &[NameGiven, NameFamily, Line1, Line2, Code, Locality, Province, Phone]),
        ];
        for (country, expected) in table {
            assert_eq!(order(country), expected.to_vec(), "{country}");
        }
    }

    #[test]
    fn required_fields_follow_each_country() {
        let table: &[(&str, &[AddressField], &[AddressField])] = &[
            ("us", &[Locality, Province, Code], &[Line2]),
            ("gb", &[Locality, Code], &[Province, Line2]),
            ("cn", &[Province, Locality, Zone], &[Code, Line2]),
            ("jp", &[Code, Province, Locality], &[Line2]),
            ("vn", &[Zone, Locality, Province], &[Code]),
            ("pr", &[Locality, Code], &[Line2]),
            ("sa", &[Zone, Locality, Code], &[Line2]),
            ("eg", &[Locality, Province], &[Code, Zone]),
            ("nz", &[Locality, Code], &[Zone]),
            ("default", &[Locality], &[Province, Code]),
        ];
        for (country, required, optional) in table {
            let layout = layout_for(country);
            for field in *required {
                assert!(layout.requires(*field), "{country} requires {field:?}");
            }
            for field in *optional {
                assert!(layout.uses(*field) && !layout.requires(*field), "{country} offers {field:?}");
            }
        }
    }

    #[test]
    fn countries_without_a_province_table_take_free_text_or_none() {
        for country in ["gb", "nz", "za", "pr", "ar", "eg", "sa", "default"] {
            assert_eq!(layout_for(country).provinces, None, "{country}");
        }
        assert!(!layout_for("pr").uses(Province));
        assert!(!layout_for("sa").uses(Province));
    }
}
