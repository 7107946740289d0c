//! The address flow (spec 002 §4 "Address flow", §5; 001 §4.4, §4.5): which addresses apply in the
//! current country, whether saving adds or updates, contact fallbacks, and the store search input.

use super::fields::AddressFields;

/// The id of the order's ship-from address when it is offered as an address (its value is not shown
/// in the spec; this is ours). Saving it always adds a new address.
pub const SHIP_FROM_ADDRESS_ID: &str = "shipFrom";

/// The id a validator's suggestion carries; the entered address's id is kept as `originalId`.
pub const SUGGESTED_ADDRESS_ID: &str = "suggested";

/// An address applies only in its own country: it must equal the current country, ignoring case.
pub fn applies_in_country(address_country: &str, current_country: &str) -> bool {
    let address = address_country.trim();
    !address.is_empty() && address.eq_ignore_ascii_case(current_country.trim())
}

/// The addresses of `addresses` that apply in `current_country` (others are dropped).
pub fn in_current_country<'a, T>(
    addresses: &'a [T],
    country_of: impl Fn(&T) -> &str + 'a,
    current_country: &'a str,
) -> impl Iterator<Item = &'a T> + 'a {
    addresses.iter().filter(move |address| applies_in_country(country_of(address), current_country))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveAction {
    Add,
    Update,
}

/// An address is added if it is new, if adding is forced, or if it is the ship-from address;
/// otherwise the stored one is updated.
pub fn save_action(id: Option<&str>, forced_add: bool) -> SaveAction {
    match id.map(str::trim).filter(|id| !id.is_empty()) {
        None => SaveAction::Add,
        Some(_) if forced_add => SaveAction::Add,
        Some(SHIP_FROM_ADDRESS_ID) => SaveAction::Add,
        Some(_) => SaveAction::Update,
    }
}

/// E-mail and phone fall back to the order's contact details when the address has none.
pub fn with_contact_fallback(
    mut address: AddressFields,
    order_email: Option<&str>,
    order_phone: Option<&str>,
) -> AddressFields {
    let missing = |value: &Option<String>| value.as_deref().is_none_or(|text| text.trim().is_empty());
    if missing(&address.email) {
        address.email = order_email.map(str::to_owned);
    }
    if missing(&address.phone) {
        address.phone = order_phone.map(str::to_owned);
    }
    address
}

/// Military and special addresses (city APO, FPO or Guantanamo Bay, or state AK) are not saved as the
/// store search input; any other address gives `search` back to be saved.
pub fn store_search_input<'a>(address: &AddressFields, search: &'a str) -> Option<&'a str> {
    let city = address.locality.as_deref().unwrap_or_default().trim();
    let special_city = ["APO", "FPO", "Guantanamo Bay"].iter().any(|name| city.eq_ignore_ascii_case(name));
    let alaska = address.province.as_deref().is_some_and(|state| state.trim().eq_ignore_ascii_case("AK"));
    (!special_city && !alaska).then_some(search)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_applies_only_in_its_own_country_ignoring_case() {
        let table =
            [("US", "us", true), ("us", "US", true), ("GB", "US", false), ("", "US", false), (" jp ", "JP", true)];
        for (address, current, expected) in table {
            assert_eq!(applies_in_country(address, current), expected, "{address} in {current}");
        }
        let book = [("US", 1), ("GB", 2), ("us", 3)];
        let kept: Vec<i32> = in_current_country(&book, |entry| entry.0, "US").map(|entry| entry.1).collect();
        assert_eq!(kept, [1, 3]);
    }

    #[test]
    fn new_forced_and_ship_from_addresses_are_added_others_updated() {
        let table = [
            (None, false, SaveAction::Add),
            (Some(""), false, SaveAction::Add),
            (Some("a1"), true, SaveAction::Add),
            (Some(SHIP_FROM_ADDRESS_ID), false, SaveAction::Add),
            (Some("a1"), false, SaveAction::Update),
        ];
        for (id, forced, expected) in table {
            assert_eq!(save_action(id, forced), expected, "{id:?} forced {forced}");
        }
    }

    #[test]
    fn e_mail_and_phone_fall_back_to_the_orders() {
        let bare = AddressFields { email: Some(" ".into()), ..AddressFields::default() };
        let filled = with_contact_fallback(bare, Some("order@example.com"), Some("5035550100"));
        assert_eq!(filled.email.as_deref(), Some("order@example.com"));
        assert_eq!(filled.phone.as_deref(), Some("5035550100"));
        let own = AddressFields { email: Some("me@example.com".into()), ..AddressFields::default() };
        assert_eq!(
            with_contact_fallback(own, Some("order@example.com"), None).email.as_deref(),
            Some("me@example.com")
        );
    }

    #[test]
    fn military_guantanamo_and_alaska_addresses_are_not_saved_as_store_search_input() {
        let at = |city: &str, state: &str| AddressFields {
            locality: Some(city.into()),
            province: Some(state.into()),
            ..AddressFields::default()
        };
        assert_eq!(store_search_input(&at("APO", "AE"), "APO AE"), None);
        assert_eq!(store_search_input(&at("fpo", "AP"), "x"), None);
        assert_eq!(store_search_input(&at("Guantanamo Bay", ""), "x"), None);
        assert_eq!(store_search_input(&at("Anchorage", "AK"), "x"), None);
        assert_eq!(store_search_input(&at("Portland", "OR"), "Portland, OR"), Some("Portland, OR"));
    }
}
