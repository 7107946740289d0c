//! The EU right of withdrawal (Directive 2011/83/EU art. 9): for orders from the spec's EU country list
//! (001 §9; it includes the UK, whose Consumer Contracts Regulations give the same 14 days), a shopper may
//! withdraw from the contract without giving a reason within 14 days of delivery. Before delivery it is
//! always open. It is apart from a commercial return: no reason is asked, and it leads into the same
//! return methods.

use super::is_emea;

pub const WITHDRAWAL_DAYS: i64 = 14;
const DAY_MS: i64 = 86_400_000;

pub fn applies(country: &str) -> bool {
    is_emea(country)
}

/// The last moment to withdraw, given when the goods were delivered (None: not yet delivered, no end yet).
pub fn deadline_ms(delivered_ms: Option<i64>) -> Option<i64> {
    delivered_ms.map(|delivered| delivered.saturating_add(WITHDRAWAL_DAYS * DAY_MS))
}

pub fn may_withdraw(country: &str, delivered_ms: Option<i64>, now_ms: i64) -> bool {
    applies(country) && deadline_ms(delivered_ms).is_none_or(|deadline| now_ms <= deadline)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn withdrawal_by_country_and_days() {
        let delivered = 1_700_000_000_000;
        let cases = [
            ("DE", Some(delivered), delivered + 14 * DAY_MS, true),
            ("DE", Some(delivered), delivered + 14 * DAY_MS + 1, false),
            ("FR", None, delivered + 400 * DAY_MS, true),
            ("GB", Some(delivered), delivered + DAY_MS, true),
            ("US", Some(delivered), delivered + DAY_MS, false),
            ("JP", None, delivered, false),
        ];
        for (country, delivered_at, now, open) in cases {
            assert_eq!(may_withdraw(country, delivered_at, now), open, "{country} {delivered_at:?} {now}");
        }
    }
}
