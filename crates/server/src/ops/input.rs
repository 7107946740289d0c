//! What the ops API accepts, parsed into values that can only hold valid data.

use std::collections::HashSet;

use domain::money::{AmountError, parse_non_negative};
use domain::order_type::ORDER_CLASSIFICATIONS;
use domain::{Currency, Money, OrderNumber, OrderType, contact};
use serde_json::Value;

use super::fields::Fields;
use crate::error::AppError;
use crate::orders::view::{DEFAULT_REGION_REFERENCE, Payment};

pub const MAX_LINES: usize = 500;
pub const MAX_QUANTITY: i64 = 9_999;
pub const MAX_LINE_NUMBER: i64 = 99_999;

pub struct NewPhone {
    pub country_code: String,
    pub subscriber_number: String,
}

pub struct NewLine {
    pub line_number: i64,
    pub gtin: String,
    pub sku_id: String,
    pub product_id: String,
    pub style_color: String,
    pub title: String,
    pub category: String,
    pub color: String,
    pub size: String,
    pub image_url: String,
    pub quantity: i64,
    pub unit_price: Money,
    pub tax: Money,
    pub fees: Money,
    pub status: String,
    pub shipment_number: Option<String>,
    pub tracking_url: Option<String>,
    pub estimated_delivery_date: Option<String>,
}

pub struct NewOrder {
    pub order_number: OrderNumber,
    pub order_type: OrderType,
    pub order_classification: String,
    pub parent_sales_order_number: Option<String>,
    pub partner_name: Option<String>,
    pub country: String,
    pub currency: Currency,
    pub region_reference: String,
    pub upm_id: Option<String>,
    pub email: Option<String>,
    pub phone: Option<NewPhone>,
    pub order_date_millis: i64,
    pub shipping_total: Money,
    pub taxes_included: bool,
    pub payments: Vec<Payment>,
    pub shipping_address: Vec<String>,
    pub pickup_store_id: Option<String>,
    pub lines: Vec<NewLine>,
}

pub fn parse_country(fields: &Fields<'_>, name: &str) -> Result<String, AppError> {
    let country = fields.required_text(name)?.to_ascii_uppercase();
    if country.len() == 2 && country.bytes().all(|byte| byte.is_ascii_alphabetic()) {
        Ok(country)
    } else {
        Err(fields.error(name, "country is a two-letter ISO 3166 code such as US or GB"))
    }
}

fn amount(fields: &Fields<'_>, name: &str, currency: Currency) -> Result<Money, AppError> {
    let Some(text) = fields.optional_amount_text(name)? else {
        return Ok(Money(0));
    };
    parse_non_negative(&text, currency).map_err(|error: AmountError| fields.error(name, error.to_string()))
}

fn web_link(fields: &Fields<'_>, name: &str, allow_relative: bool) -> Result<Option<String>, AppError> {
    let Some(link) = fields.optional_text(name)? else { return Ok(None) };
    let absolute = link.starts_with("https://") || link.starts_with("http://");
    let relative = allow_relative && link.starts_with('/') && !link.starts_with("//");
    if (absolute || relative) && !link.contains(char::is_whitespace) {
        Ok(Some(link))
    } else {
        Err(fields.error(name, "a link is an http or https URL"))
    }
}

fn calendar_date(fields: &Fields<'_>, name: &str) -> Result<Option<String>, AppError> {
    let Some(text) = fields.optional_text(name)? else { return Ok(None) };
    let date_part = text.get(..10).unwrap_or(&text);
    chrono::NaiveDate::parse_from_str(date_part, "%Y-%m-%d")
        .map(|date| Some(date.format("%Y-%m-%d").to_string()))
        .map_err(|_| fields.error(name, "a date is written YYYY-MM-DD"))
}

fn parse_phone(fields: &Fields<'_>) -> Result<Option<NewPhone>, AppError> {
    let Some(value) = fields.raw("phone") else { return Ok(None) };
    let phone = Fields::new(value, &fields.path("phone"))?;
    let code = phone.required_text("countryCode")?;
    let code = code.trim_start_matches('+').to_owned();
    if !contact::is_valid_country_calling_code(&code) {
        return Err(phone.error("countryCode", "countryCode is 1 to 3 digits, e.g. 1 or 44"));
    }
    let number: String = phone.required_text("subscriberNumber")?.replace([' ', '-'], "");
    if !contact::is_valid_phone_digits(&number) {
        return Err(phone.error("subscriberNumber", "subscriberNumber is 3 to 16 digits"));
    }
    Ok(Some(NewPhone { country_code: code, subscriber_number: number }))
}

/// Keeps only the last four characters of a payment number: a full card number or IBAN never gets stored.
fn mask_display_number(number: String) -> String {
    let count = number.chars().count();
    number.chars().skip(count.saturating_sub(4)).collect()
}

fn parse_payments(fields: &Fields<'_>) -> Result<Vec<Payment>, AppError> {
    let mut payments = Vec::new();
    for (index, value) in fields.optional_array("payments")?.iter().enumerate() {
        let payment = Fields::new(value, &format!("{}[{index}]", fields.path("payments")))?;
        let payment_type = payment.required_text("paymentType")?.to_ascii_lowercase();
        if payment_type.len() > 40 || !payment_type.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return Err(payment.error("paymentType", "paymentType is a code such as credit_card or paypal"));
        }
        let payment_display_number = payment.optional_text("paymentDisplayNumber")?.map(mask_display_number);
        payments.push(Payment { payment_type, payment_display_number });
    }
    Ok(payments)
}

fn parse_line(value: &Value, path: &str, currency: Currency) -> Result<NewLine, AppError> {
    let line = Fields::new(value, path)?;
    let line_number = line.required_integer("lineNumber")?;
    if !(1..=MAX_LINE_NUMBER).contains(&line_number) {
        return Err(line.error("lineNumber", format!("lineNumber is 1 to {MAX_LINE_NUMBER}")));
    }
    let quantity = line.required_integer("quantity")?;
    if !(1..=MAX_QUANTITY).contains(&quantity) {
        return Err(line.error("quantity", format!("quantity is 1 to {MAX_QUANTITY}")));
    }
    if line.optional_amount_text("unitPrice")?.is_none() {
        return Err(line.error("unitPrice", "unitPrice is required"));
    }
    Ok(NewLine {
        line_number,
        gtin: line.text_or_empty("gtin")?,
        sku_id: line.text_or_empty("skuId")?,
        product_id: line.text_or_empty("productId")?,
        style_color: line.text_or_empty("styleColor")?,
        title: line.required_text("title")?,
        category: line.text_or_empty("category")?,
        color: line.text_or_empty("color")?,
        size: line.text_or_empty("size")?,
        image_url: web_link(&line, "imageUrl", true)?.unwrap_or_default(),
        quantity,
        unit_price: amount(&line, "unitPrice", currency)?,
        tax: amount(&line, "tax", currency)?,
        fees: amount(&line, "fees", currency)?,
        status: line.required_text("status")?,
        shipment_number: line.optional_text("shipmentNumber")?,
        tracking_url: web_link(&line, "trackingUrl", false)?,
        estimated_delivery_date: calendar_date(&line, "estimatedDeliveryDate")?,
    })
}

pub fn parse_order(body: &Value) -> Result<NewOrder, AppError> {
    let fields = Fields::new(body, "")?;
    let order_number = OrderNumber::parse(&fields.required_text("orderNumber")?)
        .map_err(|_| fields.error("orderNumber", "orderNumber is 4 to 32 letters or digits"))?;
    let order_type = OrderType::parse(&fields.required_text("orderType")?)
        .ok_or_else(|| fields.error("orderType", "orderType is SALES_ORDER, PARTNER_SALES_ORDER or RETURN_ORDER"))?;
    let order_classification = fields.optional_text("orderClassification")?.unwrap_or_else(|| "CONSUMER".to_owned());
    if !ORDER_CLASSIFICATIONS.contains(&order_classification.as_str()) {
        return Err(fields.error("orderClassification", "orderClassification is CONSUMER, STANDARD or STORE"));
    }
    let parent_sales_order_number = match fields.optional_text("parentSalesOrderNumber")? {
        Some(parent) => Some(OrderNumber::parse(&parent).map_err(|_| {
            fields.error("parentSalesOrderNumber", "parentSalesOrderNumber is 4 to 32 letters or digits")
        })?),
        None if order_type == OrderType::ReturnOrder => {
            return Err(fields.error("parentSalesOrderNumber", "a return order names its parentSalesOrderNumber"));
        }
        None => None,
    };
    let partner_name = fields.optional_text("partnerName")?;
    if order_type == OrderType::PartnerSalesOrder && partner_name.is_none() {
        return Err(fields.error("partnerName", "a partner sales order names its partnerName"));
    }
    let country = parse_country(&fields, "country")?;
    let currency_code = fields.required_text("currency")?.to_ascii_uppercase();
    let currency = Currency::parse(&currency_code)
        .ok_or_else(|| fields.error("currency", "currency is an ISO 4217 code such as USD or EUR"))?;
    let email = match fields.optional_text("email")? {
        Some(email) => {
            let email = contact::normalize_email(&email);
            if !contact::is_valid_email(&email) {
                return Err(fields.error("email", "email is not a valid address"));
            }
            Some(email)
        }
        None => None,
    };
    let phone = parse_phone(&fields)?;
    let upm_id = fields.optional_text("upmId")?;
    if upm_id.is_none() && email.is_none() && phone.is_none() {
        return Err(fields.error("email", "a guest order needs an email or a phone to be found again"));
    }
    let order_date = fields.required_text("orderDate")?;
    let order_date_millis = chrono::DateTime::parse_from_rfc3339(&order_date)
        .map_err(|_| fields.error("orderDate", "orderDate is an RFC 3339 time such as 2026-11-01T10:00:00Z"))?
        .timestamp_millis();
    let line_values = fields.optional_array("lines")?;
    if line_values.is_empty() || line_values.len() > MAX_LINES {
        return Err(fields.error("lines", format!("an order has 1 to {MAX_LINES} lines")));
    }
    let mut lines = Vec::with_capacity(line_values.len());
    let mut seen = HashSet::new();
    for (index, value) in line_values.iter().enumerate() {
        let path = format!("lines[{index}]");
        let line = parse_line(value, &path, currency)?;
        if !seen.insert(line.line_number) {
            return Err(AppError::validation(format!("{path}.lineNumber"), "lineNumber appears twice"));
        }
        lines.push(line);
    }
    let mut shipping_address = Vec::new();
    for (index, value) in fields.optional_array("shippingAddress")?.iter().enumerate() {
        match value.as_str() {
            Some(text) if text.chars().count() <= super::fields::MAX_TEXT => shipping_address.push(text.to_owned()),
            _ => return Err(AppError::validation(format!("shippingAddress[{index}]"), "an address line is text")),
        }
    }
    Ok(NewOrder {
        order_number,
        order_type,
        order_classification,
        parent_sales_order_number: parent_sales_order_number.map(OrderNumber::into_string),
        partner_name,
        region_reference: fields.optional_text("regionReference")?.unwrap_or_else(|| DEFAULT_REGION_REFERENCE.into()),
        taxes_included: fields
            .optional_bool("taxesIncluded")?
            .unwrap_or_else(|| domain::totals::prices_include_tax_by_default(&country)),
        country,
        currency,
        upm_id,
        email,
        phone,
        order_date_millis,
        shipping_total: amount(&fields, "shippingTotal", currency)?,
        payments: parse_payments(&fields)?,
        shipping_address,
        pickup_store_id: fields.optional_text("pickupStoreId")?,
        lines,
    })
}

pub struct NewMember {
    pub email: String,
    pub password: String,
    pub first_name: String,
    pub last_name: String,
    pub country: String,
}

pub const MIN_PASSWORD: usize = 8;
pub const MAX_PASSWORD: usize = 128;

pub fn parse_member(body: &Value) -> Result<NewMember, AppError> {
    let fields = Fields::new(body, "")?;
    let email = contact::normalize_email(&fields.required_text("email")?);
    if !contact::is_valid_email(&email) {
        return Err(fields.error("email", "email is not a valid address"));
    }
    let password = match fields.raw("password") {
        Some(Value::String(password)) => password.clone(),
        _ => return Err(fields.error("password", "password is required")),
    };
    if !(MIN_PASSWORD..=MAX_PASSWORD).contains(&password.chars().count()) {
        return Err(fields.error("password", format!("a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters")));
    }
    Ok(NewMember {
        email,
        password,
        first_name: fields.required_text("firstName")?,
        last_name: fields.required_text("lastName")?,
        country: parse_country(&fields, "country")?,
    })
}
