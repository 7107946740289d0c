//! An order as the retailer's order system sends it (`POST /ops/v1/orders`, the bulk import, the seed):
//! serde structs made of types that only hold valid values. A broken rule
//! answers 400 `validation-failed` naming its field (`lines[1].quantity`); nothing is stored.
//!
//! The order and line bodies take the contract's display fields flattened in (`contract::OrderDetails`,
//! `LineDetails`); any other field is refused by name.

use std::collections::{BTreeMap, HashSet};

use domain::contact;
use domain::order_type::ORDER_CLASSIFICATIONS;
use domain::totals::line_charged_price;
use domain::{Currency, Money, OrderNumber, OrderType};
use serde::Deserialize;
use serde::de::{self, DeserializeOwned, Deserializer};
use serde_json::Value;
use utoipa::ToSchema;

use super::{
    DEFAULT_REGION_REFERENCE, Day, DecimalText, Instant, LineDetails, LinkOrPath, OptText, OrderDetails, Payment,
    StoredLine, StoredOrder, StoredPhone, Text, WebUrl,
};
use crate::error::AppError;

pub const MAX_LINES: usize = 500;
pub const MAX_QUANTITY: i64 = 9_999;
pub const MAX_LINE_NUMBER: i64 = 99_999;
/// The largest order total accepted, in minor units of the order's currency (our choice: 10^12, ten
/// billion dollars or euros; a hundred billion yen would be refused ... no: 10^12 yen, about 6.5 billion
/// dollars). Every sum of an order stays far inside 64 bits.
pub const MAX_ORDER_TOTAL_MINOR: i64 = 1_000_000_000_000;

/// Parses `bytes` as `T`, answering a field-naming 400 for the first broken rule.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, AppError> {
    let value: Value = serde_json::from_slice(bytes).map_err(|error| AppError::InvalidJson(error.to_string()))?;
    // The same rule as every JSON body (`extract::JsonBody`): control characters answer `invalid-characters`.
    if let Some(field) = crate::extract::field_with_control_characters(&value, "") {
        return Err(AppError::ControlCharacters { field });
    }
    serde_path_to_error::deserialize::<_, T>(value).map_err(|error| {
        let path = error.path().to_string();
        let message = error.into_inner().to_string();
        // serde reports a missing field at its parent: name the field itself.
        let field = match message.strip_prefix("missing field `").and_then(|rest| rest.strip_suffix('`')) {
            Some(name) if path == "." => name.to_owned(),
            Some(name) => format!("{path}.{name}"),
            None if path == "." => "body".to_owned(),
            None => path,
        };
        AppError::validation(field, message)
    })
}

/// Parses an order body into the stored record, every rule checked.
pub fn parse_order(bytes: &[u8]) -> Result<StoredOrder, AppError> {
    match parse::<OrderBody>(bytes) {
        Ok(body) => order_record(body),
        Err(AppError::Validation { field, message }) if field == "body" || is_line_path(&field) => {
            Err(locate_in_details(bytes).unwrap_or(AppError::Validation { field, message }))
        }
        Err(other) => Err(other),
    }
}

/// `lines[3]`: where serde reports an error inside a line's flattened details.
fn is_line_path(field: &str) -> bool {
    field.strip_prefix("lines[").and_then(|rest| rest.strip_suffix(']')).is_some_and(|n| n.parse::<usize>().is_ok())
}

fn one_field<T: DeserializeOwned>(key: &str, value: &Value, prefix: &str) -> Option<AppError> {
    let single = Value::Object([(key.to_owned(), value.clone())].into_iter().collect());
    let error = serde_path_to_error::deserialize::<_, T>(single).err()?;
    Some(AppError::validation(format!("{prefix}{}", error.path()), error.into_inner().to_string()))
}

/// serde loses the path of an error inside a flattened struct; find the field by trying each alone.
fn locate_in_details(bytes: &[u8]) -> Option<AppError> {
    let value: Value = serde_json::from_slice(bytes).ok()?;
    let object = value.as_object()?;
    for (key, item) in object {
        if let Some(error) = one_field::<OrderDetails>(key, item, "") {
            return Some(error);
        }
    }
    for (index, line) in object.get("lines")?.as_array()?.iter().enumerate() {
        for (key, item) in line.as_object()? {
            if let Some(error) = one_field::<LineDetails>(key, item, &format!("lines[{index}].")) {
                return Some(error);
            }
        }
    }
    None
}

/// The feed's country and e-mail are the domain's checked types: normalized and checked where they enter.
pub use domain::{CountryCode, Email};

fn bounded<'de, D: Deserializer<'de>>(deserializer: D, name: &str, low: i64, high: i64) -> Result<i64, D::Error> {
    let value =
        i64::deserialize(deserializer).map_err(|_| de::Error::custom(format!("{name} must be a whole number")))?;
    if (low..=high).contains(&value) { Ok(value) } else { Err(de::Error::custom(format!("{name} is {low} to {high}"))) }
}

fn line_number<'de, D: Deserializer<'de>>(deserializer: D) -> Result<i64, D::Error> {
    bounded(deserializer, "lineNumber", 1, MAX_LINE_NUMBER)
}

fn quantity<'de, D: Deserializer<'de>>(deserializer: D) -> Result<i64, D::Error> {
    bounded(deserializer, "quantity", 1, MAX_QUANTITY)
}

fn classification<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    match OptText::deserialize(deserializer)?.0 {
        None => Ok(None),
        Some(text) if ORDER_CLASSIFICATIONS.contains(&text.as_str()) => Ok(Some(text)),
        Some(_) => Err(de::Error::custom("orderClassification is CONSUMER, STANDARD or STORE")),
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PhoneBody {
    // 1 to 3 digits, a leading + allowed.
    #[schema(schema_with = calling_code)]
    pub country_code: Text,
    // 3 to 16 digits; spaces and hyphens are dropped.
    #[schema(schema_with = subscriber_number)]
    pub subscriber_number: Text,
}

fn calling_code() -> utoipa::openapi::schema::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::Type::String)
        .pattern(Some("^\\+?[0-9]{1,3}$"))
        .description(Some("The country calling code, 1 to 3 digits, a leading + allowed (1, +44)."))
        .build()
}

fn subscriber_number() -> utoipa::openapi::schema::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::Type::String)
        .pattern(Some("^[ -]*([0-9][ -]*){3,16}$"))
        .max_length(Some(crate::orders::fields::MAX_TEXT))
        .description(Some("3 to 16 digits; spaces and hyphens between them are dropped."))
        .build()
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PaymentBody {
    // A code such as credit_card, paypal, alipay, realtime_bank.
    #[schema(inline)]
    pub payment_type: Text,
    // Only the last four characters are kept.
    #[schema(inline)]
    #[serde(default)]
    pub payment_display_number: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub payment_type_image_url: Option<LinkOrPath>,
}

/// One line of an order as the ops API takes it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineBody {
    #[serde(deserialize_with = "line_number")]
    pub line_number: i64,
    #[schema(inline)]
    #[serde(default)]
    pub gtin: OptText,
    #[schema(inline)]
    #[serde(default)]
    pub sku_id: OptText,
    #[schema(inline)]
    #[serde(default)]
    pub product_id: OptText,
    #[schema(inline)]
    #[serde(default)]
    pub style_color: OptText,
    #[schema(inline)]
    pub title: Text,
    #[schema(inline)]
    #[serde(default)]
    pub category: OptText,
    #[schema(inline)]
    #[serde(default)]
    pub color: OptText,
    #[schema(inline)]
    #[serde(default)]
    pub size: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub image_url: Option<LinkOrPath>,
    #[serde(deserialize_with = "quantity")]
    pub quantity: i64,
    /// Decimal in the order's currency, e.g. 19.99 or "19.99".
    #[schema(value_type = f64)]
    pub unit_price: DecimalText,
    #[schema(value_type = Option<f64>)]
    #[serde(default)]
    pub tax: Option<DecimalText>,
    #[schema(value_type = Option<f64>)]
    #[serde(default)]
    pub fees: Option<DecimalText>,
    // The raw status from the order system.
    #[schema(inline)]
    pub status: Text,
    #[schema(inline)]
    #[serde(default)]
    pub shipment_number: OptText,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub tracking_url: Option<WebUrl>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub estimated_delivery_date: Option<Day>,
    #[serde(flatten)]
    pub details: LineDetails,
    #[serde(flatten)]
    #[schema(ignore)]
    pub unknown: BTreeMap<String, Value>,
}

/// An order as the retailer's order system sends it; it replaces a stored order of that number whole.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderBody {
    #[schema(inline)]
    pub order_number: OrderNumber,
    #[schema(value_type = domain::OrderType)]
    pub order_type: OrderType,
    #[schema(value_type = Option<String>)]
    #[serde(default, deserialize_with = "classification")]
    pub order_classification: Option<String>,
    #[schema(inline)]
    #[serde(default)]
    pub parent_sales_order_number: Option<OrderNumber>,
    #[schema(inline)]
    #[serde(default)]
    pub partner_name: OptText,
    #[schema(inline)]
    pub country: CountryCode,
    #[schema(inline)]
    pub currency: Currency,
    #[schema(inline)]
    #[serde(default)]
    pub region_reference: OptText,
    #[schema(inline)]
    #[serde(default)]
    pub upm_id: OptText,
    #[schema(inline)]
    #[serde(default)]
    pub email: Option<Email>,
    #[serde(default)]
    pub phone: Option<PhoneBody>,
    /// RFC 3339; a trailing `[UTC]` is accepted.
    #[schema(value_type = String, format = DateTime)]
    pub order_date: Instant,
    #[schema(value_type = Option<f64>)]
    #[serde(default)]
    pub shipping_total: Option<DecimalText>,
    #[serde(default)]
    pub taxes_included: Option<bool>,
    #[serde(default)]
    pub payments: Vec<PaymentBody>,
    #[schema(value_type = Vec<String>)]
    #[serde(default)]
    pub shipping_address: Vec<OptText>,
    #[schema(inline)]
    #[serde(default)]
    pub pickup_store_id: OptText,
    pub lines: Vec<LineBody>,
    #[serde(flatten)]
    pub details: OrderDetails,
    #[serde(flatten)]
    #[schema(ignore)]
    pub unknown: BTreeMap<String, Value>,
}

/// Keeps only the last four characters of a payment number: a full card number or IBAN never gets stored.
fn mask_display_number(number: String) -> String {
    let count = number.chars().count();
    number.chars().skip(count.saturating_sub(4)).collect()
}

fn refuse_unknown(unknown: &BTreeMap<String, Value>, prefix: &str) -> Result<(), AppError> {
    match unknown.keys().next() {
        None => Ok(()),
        Some(name) => {
            Err(AppError::validation(format!("{prefix}{name}"), format!("{name} is not a field of this body")))
        }
    }
}

fn money(amount: Option<&DecimalText>, currency: Currency, field: impl Fn() -> String) -> Result<Money, AppError> {
    match amount {
        None => Ok(Money(0)),
        Some(text) => text.minor(currency).map_err(|message| AppError::validation(field(), message)),
    }
}

fn check_currency(
    amount: Option<&DecimalText>,
    currency: Currency,
    field: impl Fn() -> String,
) -> Result<(), AppError> {
    money(amount, currency, field).map(|_| ())
}

fn too_large(field: String) -> AppError {
    AppError::validation(field, format!("the order total may not exceed {MAX_ORDER_TOTAL_MINOR} minor units"))
}

/// Sums the order with checked arithmetic, naming the field whose amount takes it over the cap.
fn check_totals(order: &StoredOrder) -> Result<(), AppError> {
    let within = |value: Option<i64>| value.filter(|sum| *sum <= MAX_ORDER_TOTAL_MINOR);
    let (mut sub_total, mut taxes, mut fees) = (0_i64, 0_i64, 0_i64);
    for (index, line) in order.lines.iter().enumerate() {
        sub_total = within(line_charged_price(&line.amounts()).and_then(|charged| sub_total.checked_add(charged.0)))
            .ok_or_else(|| too_large(format!("lines[{index}].unitPrice")))?;
        taxes = within(taxes.checked_add(line.tax.0)).ok_or_else(|| too_large(format!("lines[{index}].tax")))?;
        fees = within(fees.checked_add(line.fees.0)).ok_or_else(|| too_large(format!("lines[{index}].fees")))?;
    }
    within(order.totals().map(|totals| totals.order_total.0)).ok_or_else(|| too_large("shippingTotal".to_owned()))?;
    Ok(())
}

fn line_record(line: LineBody, index: usize, currency: Currency) -> Result<StoredLine, AppError> {
    let path = |name: &str| format!("lines[{index}].{name}");
    refuse_unknown(&line.unknown, &format!("lines[{index}]."))?;
    check_currency(line.details.msrp.as_ref(), currency, || path("msrp"))?;
    for (promotion_index, promotion) in line.details.promotions.iter().enumerate() {
        check_currency(promotion.amount.as_ref(), currency, || path(&format!("promotions[{promotion_index}].amount")))?;
    }
    Ok(StoredLine {
        line_number: line.line_number,
        gtin: line.gtin.0.unwrap_or_default(),
        sku_id: line.sku_id.0.unwrap_or_default(),
        product_id: line.product_id.0.unwrap_or_default(),
        style_color: line.style_color.0.unwrap_or_default(),
        title: line.title.0,
        category: line.category.0.unwrap_or_default(),
        color: line.color.0.unwrap_or_default(),
        size: line.size.0.unwrap_or_default(),
        image_url: line.image_url.map(|link| link.0).unwrap_or_default(),
        quantity: line.quantity,
        unit_price: money(Some(&line.unit_price), currency, || path("unitPrice"))?,
        tax: money(line.tax.as_ref(), currency, || path("tax"))?,
        fees: money(line.fees.as_ref(), currency, || path("fees"))?,
        status: line.status.0,
        shipment_number: line.shipment_number.0,
        tracking_url: line.tracking_url.map(|link| link.0),
        estimated_delivery_date: line.estimated_delivery_date.map(|day| day.0),
        details: line.details,
    })
}

/// The contract fields that hold codes: the ship-from country's ISO code, a return order's method.
/// A method code is kept in its canonical spelling.
fn check_contract_codes(details: &mut OrderDetails, order_type: OrderType) -> Result<(), AppError> {
    if let Some(address) = details.ship_from.as_mut().map(|ship_from| &mut ship_from.address)
        && let Some(code) = address.iso2_country.as_deref()
    {
        if code.len() != 2 || !code.bytes().all(|byte| byte.is_ascii_alphabetic()) {
            return Err(AppError::validation(
                "shipFrom.address.iso2Country",
                "iso2Country is a two-letter ISO 3166 code such as US or GB",
            ));
        }
        address.iso2_country = OptText::some(code.to_ascii_uppercase());
    }
    if let Some(code) = details.return_method.as_deref() {
        if order_type != OrderType::ReturnOrder {
            return Err(AppError::validation("returnMethod", "only a return order has a returnMethod"));
        }
        let method = domain::returns::methods::ReturnMethod::parse(code).ok_or_else(|| {
            AppError::validation("returnMethod", "returnMethod is a return method code such as DROPOFF_RETURN")
        })?;
        details.return_method = OptText::some(method.as_str());
    }
    Ok(())
}

/// The cross-field rules, and the stored record.
pub fn order_record(body: OrderBody) -> Result<StoredOrder, AppError> {
    refuse_unknown(&body.unknown, "")?;
    let order_type = body.order_type;
    if order_type == OrderType::ReturnOrder && body.parent_sales_order_number.is_none() {
        return Err(AppError::validation("parentSalesOrderNumber", "a return order names its parentSalesOrderNumber"));
    }
    if order_type == OrderType::PartnerSalesOrder && body.partner_name.is_none() {
        return Err(AppError::validation("partnerName", "a partner sales order names its partnerName"));
    }
    let phone = match body.phone {
        None => None,
        Some(phone) => {
            let code = phone.country_code.0.trim_start_matches('+').to_owned();
            if !contact::is_valid_country_calling_code(&code) {
                return Err(AppError::validation("phone.countryCode", "countryCode is 1 to 3 digits, e.g. 1 or 44"));
            }
            let number = phone.subscriber_number.0.replace([' ', '-'], "");
            if !contact::is_valid_phone_digits(&number) {
                return Err(AppError::validation("phone.subscriberNumber", "subscriberNumber is 3 to 16 digits"));
            }
            Some(StoredPhone { country_code: code, subscriber_number: number })
        }
    };
    let email = body.email;
    let upm_id = match body.upm_id.0.as_deref() {
        Some(id) => Some(domain::UpmId::parse(id).map_err(|error| AppError::validation("upmId", error.to_string()))?),
        None => None,
    };
    if upm_id.is_none() && email.is_none() && phone.is_none() {
        return Err(AppError::validation("email", "a guest order needs an email or a phone to be found again"));
    }
    if body.lines.is_empty() || body.lines.len() > MAX_LINES {
        return Err(AppError::validation("lines", format!("an order has 1 to {MAX_LINES} lines")));
    }
    let currency = body.currency;
    let mut seen = HashSet::new();
    let mut lines = Vec::with_capacity(body.lines.len());
    for (index, line) in body.lines.into_iter().enumerate() {
        if !seen.insert(line.line_number) {
            return Err(AppError::validation(format!("lines[{index}].lineNumber"), "lineNumber appears twice"));
        }
        lines.push(line_record(line, index, currency)?);
    }
    let mut details = body.details;
    let alt_currency = match details.currency_alt.as_deref() {
        None => None,
        Some(code) => Some(
            Currency::parse(&code.to_ascii_uppercase())
                .ok_or_else(|| AppError::validation("currencyAlt", "currencyAlt is an ISO 4217 code such as EUR"))?,
        ),
    };
    if let Some(alt) = &details.transaction_alt {
        let alt_currency = alt_currency
            .ok_or_else(|| AppError::validation("transactionAlt", "transactionAlt needs its currencyAlt"))?;
        for (name, amount) in [
            ("subTotal", &alt.sub_total),
            ("shippingTotal", &alt.shipping_total),
            ("totalTaxes", &alt.total_taxes),
            ("totalFees", &alt.total_fees),
            ("orderTotal", &alt.order_total),
        ] {
            check_currency(amount.as_ref(), alt_currency, || format!("transactionAlt.{name}"))?;
        }
    }
    check_currency(details.promotional_code_discount.as_ref(), currency, || "promotionalCodeDiscount".to_owned())?;
    check_contract_codes(&mut details, order_type)?;
    let shipping_total = money(body.shipping_total.as_ref(), currency, || "shippingTotal".to_owned())?;
    let taxes_included =
        body.taxes_included.unwrap_or_else(|| domain::totals::prices_include_tax_by_default(&body.country));
    let mut order = StoredOrder {
        order_number: body.order_number,
        order_type,
        order_classification: body.order_classification.unwrap_or_else(|| "CONSUMER".to_owned()),
        parent_sales_order_number: body.parent_sales_order_number,
        partner_name: body.partner_name.0,
        country: body.country,
        currency,
        region_reference: body.region_reference.0.unwrap_or_else(|| DEFAULT_REGION_REFERENCE.to_owned()),
        upm_id,
        email,
        phone,
        order_date: body.order_date.0,
        shipping_total,
        taxes_included,
        payments: Vec::new(),
        shipping_address: body.shipping_address.into_iter().filter_map(|line| line.0).collect(),
        pickup_store_id: body.pickup_store_id.0,
        details,
        lines,
    };
    // The totals are checked before the payments, so an order wrong in both names its amounts.
    check_totals(&order)?;
    order.payments = body
        .payments
        .into_iter()
        .enumerate()
        .map(|(index, payment)| {
            let payment_type = payment.payment_type.0.to_ascii_lowercase();
            if payment_type.len() > 40 || !payment_type.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                return Err(AppError::validation(
                    format!("payments[{index}].paymentType"),
                    "paymentType is a code such as credit_card or paypal",
                ));
            }
            Ok(Payment {
                payment_type,
                payment_display_number: payment.payment_display_number.0.map(mask_display_number),
                payment_type_image_url: payment.payment_type_image_url.map(|link| link.0),
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(order)
}
