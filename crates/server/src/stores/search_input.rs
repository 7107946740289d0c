//! Whether a store search may be remembered for the shopper's next visit (spec 001 §4.5, 002 §5):
//! the search text is read as an address ("City, ST 12345" or "City ST 12345") and the domain's
//! `store_search_input` rule refuses military and special addresses (APO, FPO, Guantanamo Bay, AK).

use domain::address::AddressFields;
use domain::address::flow;

/// The search text as the city and state it names: trailing postal digits are dropped, and a last
/// two-letter word after the city is the state.
fn as_address(search: &str) -> AddressFields {
    let (city_part, rest) = search.split_once(',').unwrap_or((search, ""));
    let mut words: Vec<&str> = city_part.split_whitespace().collect();
    let mut state = rest.split_whitespace().find(|word| is_state(word));
    while words.len() > 1 && words.last().is_some_and(|word| word.chars().all(|c| c.is_ascii_digit() || c == '-')) {
        words.pop();
    }
    if state.is_none() && words.len() > 1 && words.last().is_some_and(|word| is_state(word)) {
        state = words.pop();
    }
    AddressFields { locality: Some(words.join(" ")), province: state.map(str::to_owned), ..AddressFields::default() }
}

fn is_state(word: &str) -> bool {
    word.len() == 2 && word.chars().all(|c| c.is_ascii_alphabetic())
}

/// True when the web may keep `search` as the next visit's store search.
pub fn may_remember(search: &str) -> bool {
    flow::store_search_input(&as_address(search), search).is_some()
}

#[cfg(test)]
mod tests {
    use super::may_remember;

    #[test]
    fn military_guantanamo_and_alaska_searches_are_not_remembered() {
        for search in ["APO AE 09012", "apo", "FPO, AP", "Guantanamo Bay", "Anchorage, AK", "Juneau AK 99801"] {
            assert!(!may_remember(search), "{search}");
        }
        for search in ["Portland, OR", "New York NY 10001", "97005", "Seoul", "St Louis", "Akron"] {
            assert!(may_remember(search), "{search}");
        }
    }
}
