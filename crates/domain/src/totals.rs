//! The price summary of an order (spec 000 sections 3 and 5).
//!
//! Tax on a sales order is the sum of line taxes. Where prices include tax (VAT countries) the tax
//! is reported as `inclusive_tax_total` and not added again; where they do not (sales-tax countries)
//! it is added to the total.

use crate::Money;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineAmounts {
    pub unit_price: Money,
    pub quantity: i64,
    pub tax: Money,
    pub fees: Money,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Totals {
    pub sub_total: Money,
    pub shipping_total: Money,
    pub total_taxes: Money,
    pub total_fees: Money,
    pub inclusive_tax_total: Money,
    pub order_total: Money,
}

/// Countries whose shelf prices exclude tax (sales tax added at checkout). Our choice; every other
/// country is treated as tax-inclusive (VAT/GST/consumption tax) unless the order says otherwise.
const TAX_EXCLUSIVE_COUNTRIES: [&str; 2] = ["US", "CA"];

pub fn prices_include_tax_by_default(country: &str) -> bool {
    !TAX_EXCLUSIVE_COUNTRIES.contains(&country)
}

/// The charged price of a line: unit price times quantity.
pub fn line_charged_price(line: &LineAmounts) -> Option<Money> {
    line.unit_price.0.checked_mul(line.quantity).map(Money)
}

/// Sums the lines; `None` only if the amounts overflow (input validation keeps them far below).
pub fn order_totals(lines: &[LineAmounts], shipping_total: Money, taxes_included: bool) -> Option<Totals> {
    let mut totals = Totals { shipping_total, ..Totals::default() };
    for line in lines {
        totals.sub_total.0 = totals.sub_total.0.checked_add(line_charged_price(line)?.0)?;
        totals.total_taxes.0 = totals.total_taxes.0.checked_add(line.tax.0)?;
        totals.total_fees.0 = totals.total_fees.0.checked_add(line.fees.0)?;
    }
    let added_tax = if taxes_included {
        totals.inclusive_tax_total = totals.total_taxes;
        0
    } else {
        totals.total_taxes.0
    };
    totals.order_total.0 =
        totals.sub_total.0.checked_add(shipping_total.0)?.checked_add(totals.total_fees.0)?.checked_add(added_tax)?;
    Some(totals)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(unit: i64, quantity: i64, tax: i64) -> LineAmounts {
        LineAmounts { unit_price: Money(unit), quantity, tax: Money(tax), fees: Money(0) }
    }

    #[test]
    fn tax_is_the_sum_of_line_taxes_and_is_added_where_prices_exclude_it() {
        let totals = order_totals(&[line(12000, 1, 960), line(2500, 2, 400)], Money(799), false);
        assert_eq!(
            totals,
            Some(Totals {
                sub_total: Money(17000),
                shipping_total: Money(799),
                total_taxes: Money(1360),
                total_fees: Money(0),
                inclusive_tax_total: Money(0),
                order_total: Money(19159),
            })
        );
    }

    #[test]
    fn included_tax_is_reported_but_not_added_again() {
        let totals = order_totals(&[line(10000, 1, 1667)], Money(0), true);
        assert_eq!(totals.map(|t| (t.order_total, t.inclusive_tax_total)), Some((Money(10000), Money(1667))));
    }

    #[test]
    fn fees_are_added_to_the_total() {
        let with_fee = LineAmounts { fees: Money(150), ..line(1000, 1, 0) };
        assert_eq!(order_totals(&[with_fee], Money(0), true).map(|t| t.order_total), Some(Money(1150)));
    }

    #[test]
    fn overflowing_amounts_give_none_instead_of_wrapping() {
        assert_eq!(order_totals(&[line(i64::MAX, 2, 0)], Money(0), true), None);
    }

    #[test]
    fn sales_tax_countries_exclude_tax_and_the_rest_include_it() {
        assert!(!prices_include_tax_by_default("US"));
        assert!(prices_include_tax_by_default("GB"));
        assert!(prices_include_tax_by_default("JP"));
    }
}
