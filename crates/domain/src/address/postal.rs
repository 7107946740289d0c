//! Postal codes written as masks (9 a digit, A a letter, anything else literal): one list per country
//! in the layouts file. A typed code is read without its spaces and hyphens and written in the first
//! mask its letters and digits fit, so "sw1a1aa" becomes "SW1A 1AA" and "1000001" becomes "100-0001".

/// The canonical form of `typed` under `masks`, or `None` when it fits none.
pub fn format_postal_code(masks: &[String], typed: &str) -> Option<String> {
    let compact: Vec<char> =
        typed.chars().filter(|c| !c.is_whitespace() && *c != '-').map(|c| c.to_ascii_uppercase()).collect();
    if masks.is_empty() {
        return free_form(typed);
    }
    masks.iter().find_map(|mask| fill(mask, &compact))
}

fn fill(mask: &str, compact: &[char]) -> Option<String> {
    let slots = mask.chars().filter(|c| matches!(c, '9' | 'A')).count();
    if slots != compact.len() {
        return None;
    }
    let mut typed = compact.iter();
    let mut out = String::with_capacity(mask.len());
    for slot in mask.chars() {
        match slot {
            '9' => out.push(typed.next().copied().filter(char::is_ascii_digit)?),
            'A' => out.push(typed.next().copied().filter(char::is_ascii_uppercase)?),
            literal => out.push(literal),
        }
    }
    Some(out)
}

/// Countries without masks: 2 to 10 letters, digits, spaces or hyphens, upper-cased, spaces collapsed.
fn free_form(typed: &str) -> Option<String> {
    let text = typed.split_whitespace().collect::<Vec<_>>().join(" ").to_ascii_uppercase();
    let length = text.chars().count();
    let allowed = text.chars().all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-');
    let has_alphanumeric = text.chars().any(|c| c.is_ascii_alphanumeric());
    ((2..=10).contains(&length) && allowed && has_alphanumeric).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::address::layout_for;

    fn format(country: &str, typed: &str) -> Option<String> {
        format_postal_code(&layout_for(country).postal_codes, typed)
    }

    #[test]
    fn postal_codes_are_written_in_each_countrys_canonical_form() {
        let table = [
            ("us", "94105", Some("94105")),
            ("us", "941051234", Some("94105-1234")),
            ("us", "94105-1234", Some("94105-1234")),
            ("us", "9410", None),
            ("us", "9410A", None),
            ("gb", "sw1a1aa", Some("SW1A 1AA")),
            ("gb", "SW1A 1AA", Some("SW1A 1AA")),
            ("gb", "m11ae", Some("M1 1AE")),
            ("gb", "ec1a 1bb", Some("EC1A 1BB")),
            ("gb", "12345", None),
            ("jp", "1000001", Some("100-0001")),
            ("jp", "100-0001", Some("100-0001")),
            ("jp", "100001", None),
            ("ca", "k1a0b1", Some("K1A 0B1")),
            ("ca", "K1A 0B", None),
            ("au", "2000", Some("2000")),
            ("au", "200", None),
            ("nz", "6011", Some("6011")),
            ("za", "8001", Some("8001")),
            ("cn", "100000", Some("100000")),
            ("in", "110001", Some("110001")),
            ("in", "11000", None),
            ("kr", "06236", Some("06236")),
            ("kr", "135-080", None),
            ("tw", "100", Some("100")),
            ("tw", "10048", Some("10048")),
            ("tw", "100048", Some("100048")),
            ("vn", "100000", Some("100000")),
            ("ru", "101000", Some("101000")),
            ("tr", "34000", Some("34000")),
            ("mx", "06600", Some("06600")),
            ("my", "50450", Some("50450")),
            ("ph", "1000", Some("1000")),
            ("id", "10110", Some("10110")),
            ("th", "10200", Some("10200")),
            ("sa", "12345", Some("12345")),
            ("sa", "123456789", Some("12345-6789")),
            ("eg", "11511", Some("11511")),
            ("ar", "c1002aab", Some("C1002AAB")),
            ("ar", "1002", Some("1002")),
            ("pr", "00901", Some("00901")),
            ("default", "75008", Some("75008")),
            ("default", "d02 x285", Some("D02 X285")),
            ("default", "x", None),
            ("default", "<script>", None),
        ];
        for (country, typed, expected) in table {
            assert_eq!(format(country, typed).as_deref(), expected, "{country} {typed:?}");
        }
    }
}
