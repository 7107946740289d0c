//! The fields of the order contract (spec 000 section 3) that nothing queries on: kept as one JSON
//! document per order (`orders.details`) and per line (`order_lines.details`).
//!
//! The same structs are what the ops API accepts (flattened into its order and line bodies), what the
//! stored-order record holds, and what the view places into the answer. Adding a field of this kind is
//! one field here and one line in `view/` where it is shown; no migration, no SQL.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::fields::{DecimalText, FlexDate, OptText, WebUrl};

/// A promotion applied to an order or a line.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Promotion {
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub id: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub promo_type: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub display_name: OptText,
    /// Discount in the order's currency, decimal.
    #[schema(value_type = Option<f64>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<DecimalText>,
}

/// Order totals in the alternate currency (`currencyAlt`), as the order system computed them.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TransactionAlt {
    #[schema(value_type = Option<f64>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sub_total: Option<DecimalText>,
    #[schema(value_type = Option<f64>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shipping_total: Option<DecimalText>,
    #[schema(value_type = Option<f64>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_taxes: Option<DecimalText>,
    #[schema(value_type = Option<f64>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_fees: Option<DecimalText>,
    #[schema(value_type = Option<f64>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order_total: Option<DecimalText>,
}

/// Line amounts in the alternate currency.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LineTransactionAlt {
    #[schema(value_type = Option<f64>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit_price: Option<DecimalText>,
    #[schema(value_type = Option<f64>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line_item_charged_price: Option<DecimalText>,
    #[schema(value_type = Option<f64>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line_item_taxes: Option<DecimalText>,
    #[schema(value_type = Option<f64>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line_item_fees: Option<DecimalText>,
    #[schema(value_type = Option<f64>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub msrp: Option<DecimalText>,
}

/// Return-to-store information (000 section 3: header, subheader, barcodeNumber, linkSource, linkDisplayText).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReturnToStore {
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub header: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub subheader: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub barcode_number: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link_source: Option<WebUrl>,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub link_display_text: OptText,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ContactInformation {
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub day_phone_number: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub email: OptText,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Recipient {
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub first_name: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub middle_name: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub last_name: OptText,
    #[serde(default)]
    pub contact_information: ContactInformation,
}

/// The address a return is picked up from or sent from (001 §3: city, state, country, iso2Country,
/// zipCode), structured beside the printed `lines`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ShipFromAddress {
    #[schema(value_type = Vec<String>)]
    #[serde(default)]
    pub lines: Vec<OptText>,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub city: OptText,
    /// State, province or region.
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub state: OptText,
    /// Postal code.
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub zip_code: OptText,
    /// The country as the order system names it.
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub country: OptText,
    /// Two-letter ISO 3166 code of the country (checked by the ops feed).
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub iso2_country: OptText,
}

/// Where a partner or store shipped the order from.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ShipFrom {
    #[serde(default)]
    pub address: ShipFromAddress,
    #[serde(default)]
    pub recipient: Recipient,
}

/// One package of a shipment: the lines in it and its own tracking link. The answer adds the
/// package's `shipmentNumber` (`view::PackageView`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Package {
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub package_id: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tracking_url: Option<WebUrl>,
    /// The carrier's name as the shopper knows it ("UPS", "DHL Paket"), when the order system sends it.
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub carrier_name: OptText,
    /// The carrier's tracking number, to quote to the carrier or type into its site.
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub tracking_number: OptText,
    /// Line numbers of the items in this package.
    #[serde(default)]
    pub items: Vec<i64>,
}

/// A shipment of the order as the order system sends it (000 section 3: shipmentNumber, status,
/// packages); the answer adds `orderNumber` and `simpleStatus` (`view::ShipmentView`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Shipment {
    #[schema(value_type = String)]
    pub shipment_number: OptText,
    /// Raw status as received.
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub status: OptText,
    #[serde(default)]
    pub packages: Vec<Package>,
}

/// Order-level contract fields without a column of their own.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct OrderDetails {
    /// Alternate currency for display (ISO 4217), with `transactionAlt` in it.
    #[schema(value_type = Option<String>)]
    #[serde(skip_serializing_if = "OptText::is_none")]
    pub currency_alt: OptText,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transaction_alt: Option<TransactionAlt>,
    #[schema(value_type = Option<String>)]
    #[serde(skip_serializing_if = "OptText::is_none")]
    pub day_phone_number: OptText,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub return_to_store: Option<ReturnToStore>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ship_from: Option<ShipFrom>,
    pub show_barcode_flag: bool,
    /// The return travels on the retailer's own label, not one of ours: no return barcode is shown
    /// (000 §5 "no custom return label").
    pub custom_return_label: bool,
    pub is_global_store_order: bool,
    #[schema(value_type = Option<String>)]
    #[serde(skip_serializing_if = "OptText::is_none")]
    pub payment_approval_id: OptText,
    /// Payment not yet taken (deferred payment): the order shows as payment pending.
    pub payment_hold_flag: bool,
    /// A finer status text under the order's status.
    #[schema(value_type = Option<String>)]
    #[serde(skip_serializing_if = "OptText::is_none")]
    pub sub_status: OptText,
    /// A message shown with the price summary.
    #[schema(value_type = Option<String>)]
    #[serde(skip_serializing_if = "OptText::is_none")]
    pub transaction_message: OptText,
    #[schema(value_type = Option<f64>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promotional_code_discount: Option<DecimalText>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub promotions: Vec<Promotion>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub shipments: Vec<Shipment>,
    /// A return order: how the shopper sends it back (a method code of 001 §9: `returnToStore`,
    /// `DROPOFF_RETURN` ...). Set by the return capture for returns made here; the order system may
    /// send it for returns made elsewhere.
    #[schema(value_type = Option<String>)]
    #[serde(skip_serializing_if = "OptText::is_none")]
    pub return_method: OptText,
    /// A brand's legacy: the page of the retailer's former payment system where an order placed there
    /// before this portal pays its deferred payment. Passed through as sent; orders placed since have
    /// none and pay through `deferredPaymentData`.
    #[schema(value_type = Option<String>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legacy_deferred_payment_url: Option<WebUrl>,
}

/// Per-group display fields, sent on a line and taken by the group the line falls in (first line wins).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GroupDetails {
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub heading_variant: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub subheading: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub message: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub encoded_message: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub return_url: Option<WebUrl>,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub ship_from_country: OptText,
}

/// The dates of an item (000 section 3, "Item dates"); each an RFC 3339 time or a YYYY-MM-DD day.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ItemDates {
    /// Free text such as "Nov 5 - Nov 8" or two dates joined by "/".
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "OptText::is_none")]
    pub arrive_date_range: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cancelled: Option<FlexDate>,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delivered: Option<FlexDate>,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ordered: Option<FlexDate>,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub picked_up: Option<FlexDate>,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ready_for_pickup: Option<FlexDate>,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub return_completed: Option<FlexDate>,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub return_created: Option<FlexDate>,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub return_denied: Option<FlexDate>,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub return_in_process: Option<FlexDate>,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shipped: Option<FlexDate>,
}

/// Line-level contract fields without a column of their own.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct LineDetails {
    #[schema(value_type = Option<f64>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub msrp: Option<DecimalText>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub promotions: Vec<Promotion>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line_item_transaction_alt: Option<LineTransactionAlt>,
    #[schema(value_type = Option<String>)]
    #[serde(skip_serializing_if = "OptText::is_none")]
    pub customized_product_reference: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(rename = "valueAddedServiceID", skip_serializing_if = "OptText::is_none")]
    pub value_added_service_id: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(skip_serializing_if = "OptText::is_none")]
    pub description: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(skip_serializing_if = "OptText::is_none")]
    pub pid: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(skip_serializing_if = "OptText::is_none")]
    pub metric_id: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(skip_serializing_if = "OptText::is_none")]
    pub pbid: OptText,
    /// The customised product's path name (000 §3 item product `nikeIdPathName`, the brand's name for it):
    /// passed through to the item's product.
    #[schema(value_type = Option<String>)]
    #[serde(skip_serializing_if = "OptText::is_none")]
    pub nike_id_path_name: OptText,
    /// The estimated delivery date as a translated text, when the order system sends one.
    #[schema(value_type = Option<String>)]
    #[serde(skip_serializing_if = "OptText::is_none")]
    pub edd_translated: OptText,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub item_dates: Option<ItemDates>,
    /// Display fields for the group this line falls in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<GroupDetails>,
    /// Member gated product (partner history).
    pub member_gated_flag: bool,
}
