//! What a caller may return from a sales order and how (`GET /order_mgmt/return_options/v1/{orderNumber}`):
//! computed from the stored order, the units earlier returns took, the carriers of the country and the
//! rules of `domain::returns`. The capture checks a request against the same computation.

use std::collections::HashMap;

use domain::country::Flag;
use domain::returns::methods::{self, CarrierOffer, MethodChoice, MethodSettings, ReturnMethod, Service};
use domain::returns::quantity::{LineFacts, returnable};
use domain::returns::{pricing, reasons, window};
use domain::{Currency, Money, OrderType, simple_status};
use serde::Serialize;
use utoipa::ToSchema;

use crate::carriers::{self, ServiceType};
use crate::orders::OrdersState;
use crate::orders::{ReturnDisableReason, StoredLine, StoredOrder, rfc3339_millis};

/// `{"amount","currency"}`: decimal text in the major unit.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, Eq)]
pub struct Amount {
    pub amount: String,
    pub currency: String,
}

impl Amount {
    pub fn of(money: Money, currency: Currency) -> Self {
        Self { amount: domain::money::to_decimal_string(money, currency), currency: currency.code().to_owned() }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OptionLine {
    pub line_number: i64,
    pub gtin: String,
    /// The gtin, as the return request names it.
    pub universal_product_code: String,
    pub title: String,
    pub size: String,
    pub style_color: String,
    pub pbid: Option<String>,
    pub quantity: i64,
    /// Units taken by earlier returns.
    pub returned_quantity: i64,
    pub returnable_quantity: i64,
    pub returnable_flag: bool,
    pub return_disable_reason: Option<ReturnDisableReason>,
    /// What one unit refunds (charged price, plus its tax where prices exclude tax).
    pub unit_refund: Amount,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickupSlotView {
    /// YYYY-MM-DD.
    pub date: String,
    pub from_hour: u32,
    pub to_hour: u32,
}

/// Where the refund goes and when (business days after the return is processed).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundArrivalView {
    /// ORIGINAL_PAYMENT, GIFT_CARD or BANK_TRANSFER.
    pub destination: String,
    pub business_days_min: u32,
    pub business_days_max: u32,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MethodView {
    /// `returnMethod|carrierId`, or the method alone.
    pub id: String,
    pub return_method: String,
    /// PICK_UP, CARRIER_DROP_OFF, PAPERLESS or STORE_DROP_OFF.
    pub service_type: String,
    pub carrier_id: Option<String>,
    pub carrier_name: Option<String>,
    /// The method box's title from the carrier data (001 §3 returnMethodSelection.title), in `language`.
    pub selection_title: Option<String>,
    pub standard_carrier_alpha_code: Option<String>,
    /// PDF, PNG (EMEA paperless), or null when the method has no label.
    pub label_format: Option<String>,
    /// The printable drop-off of the same carrier, hidden behind this paperless method.
    pub paperless_alternative_id: Option<String>,
    /// What the caller pays (members: 0).
    pub price: Amount,
    /// The part of the price taken from the refund.
    pub refund_deduction: Amount,
    /// Every returnable unit × its refund − the deduction.
    pub refund_estimate: Amount,
    pub refund_arrival: RefundArrivalView,
    pub link: Option<String>,
    pub pickup_slots: Vec<PickupSlotView>,
    /// False where choosing the method creates nothing online (a store return in Korea, 001 §4.2): the
    /// page tells the shopper to take the items to the store instead of submitting.
    pub creates_return: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReasonView {
    pub app_code: String,
    pub reason_code: String,
    pub text: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnOptions {
    pub order_number: String,
    pub country: String,
    pub currency: String,
    pub order_date: String,
    pub return_window_days: i64,
    pub return_deadline: String,
    pub within_window: bool,
    pub as_member: bool,
    pub payment_type: Option<String>,
    pub store_return_allowed: bool,
    pub store_refund_to_gift_card: bool,
    /// Non-members returning in a store bring proof of purchase (001 §1).
    pub proof_of_purchase_required: bool,
    /// Guests are offered to sign in for free shipping (001 §1).
    pub login_prompt: bool,
    pub scannable_code_wait_minutes: i64,
    pub comment_max_length: usize,
    pub comment_allowed: bool,
    /// EU right of withdrawal: may be declared now (`POST /order_mgmt/withdrawal/v1`), and until when
    /// (null while not delivered).
    pub withdrawal_available: bool,
    pub withdrawal_deadline: Option<String>,
    /// Where the refund goes and when, before a method is chosen (as for any method but a store return;
    /// each method carries its own): EMEA up to 10 business days, Korea 3, elsewhere 5 (001 §9).
    pub refund_arrival: RefundArrivalView,
    pub order_lines: Vec<OptionLine>,
    pub methods: Vec<MethodView>,
    pub reasons: Vec<ReasonView>,
}

/// What the options depend on besides the order.
pub struct OptionInputs<'a> {
    pub as_member: bool,
    pub now_ms: i64,
    /// The country's method flags (`method_settings`).
    pub methods: MethodSettings,
    /// enableLoginPrompt, for a guest whose credential has an account (`auth::credential`): asked to
    /// sign in for free returns.
    pub login_prompt: bool,
    /// Where a line's not-returnable reason links (`policy_url`).
    pub policy_url: &'a str,
    /// Units taken by earlier returns, by line number.
    pub returned: &'a HashMap<i64, i64>,
    pub language: &'a str,
}

fn service_of(service: ServiceType) -> Service {
    match service {
        ServiceType::Dropoff => Service::Dropoff,
        ServiceType::Pickup => Service::Pickup,
        ServiceType::Paperless => Service::Paperless,
    }
}

/// The carriers serving `country`, with what each offers there, in data-file order.
pub fn carrier_offers(country: &str) -> Vec<CarrierOffer> {
    let country = country.to_ascii_uppercase();
    carriers::all()
        .into_iter()
        .filter_map(|carrier| {
            let services = carrier.info().countries.get(&country)?;
            Some(CarrierOffer {
                carrier_id: carrier.info().carrier_id.clone(),
                services: services.iter().copied().map(service_of).collect(),
            })
        })
        .collect()
}

/// The country's flags that change the methods (001 §6): the one place both the options call and the
/// capture read them, so what is offered is what is accepted.
pub fn method_settings(state: &OrdersState, country: &str) -> MethodSettings {
    let flag = |flag: Flag| state.settings.flag(country, flag);
    MethodSettings {
        usps_enabled: state.usps_enabled,
        returns_barcode: flag(Flag::EnableReturnsBarcode),
        emea_paperless: flag(Flag::EmeaPaperless),
        courier_pickup: flag(Flag::EnableCourierPickup),
        sagawa_pickup: flag(Flag::EnableSagawaReturn),
    }
}

pub fn payment_types(order: &StoredOrder) -> Vec<&str> {
    order.payments.iter().map(|payment| payment.payment_type.as_str()).collect()
}

/// The methods this order offers (after the Klarna rule).
pub fn offered_methods(order: &StoredOrder, settings: MethodSettings) -> Vec<MethodChoice> {
    methods::methods_for_order(&order.country, &carrier_offers(&order.country), settings, &payment_types(order))
}

/// One unit's refund in minor units.
pub fn unit_refund(line: &StoredLine, taxes_included: bool) -> Money {
    let tax_per_unit = if taxes_included || line.quantity <= 0 { 0 } else { line.tax.0 / line.quantity };
    Money(line.unit_price.0.saturating_add(tax_per_unit))
}

/// The carrier's fee for the method's service, when the carrier data gives one in the order's currency.
pub fn carrier_fee(choice: &MethodChoice, currency: Currency) -> Option<Money> {
    let carrier = carriers::for_id(choice.carrier_id.as_deref()?)?;
    let service = match choice.method.service()? {
        Service::Dropoff => ServiceType::Dropoff,
        Service::Pickup => ServiceType::Pickup,
        Service::Paperless => ServiceType::Paperless,
    };
    let price = carrier.info().pricing.get(&service)?;
    (price.currency == currency.code()).then_some(Money(price.amount_minor))
}

pub fn price_for(order: &StoredOrder, choice: &MethodChoice, as_member: bool) -> pricing::CallerPrice {
    pricing::caller_price(
        &order.country,
        order.currency,
        as_member,
        choice.method.is_store(),
        carrier_fee(choice, order.currency),
    )
}

fn label_format(choice: &MethodChoice) -> Option<String> {
    match choice.method {
        ReturnMethod::PaperlessReturn => Some("PNG".to_owned()),
        _ if super::label_offered(choice.method, choice.carrier_id.as_deref()) => Some("PDF".to_owned()),
        _ => None,
    }
}

/// The line facts: returnable quantity, flag and reason.
pub fn line_facts(
    order: &StoredOrder,
    line: &StoredLine,
    returned: i64,
    within: bool,
) -> domain::returns::quantity::Returnability {
    // The displayed status: an order whose payment is on hold shows (and is) payment pending.
    let status = domain::status::displayed_status(
        simple_status(OrderType::SalesOrder, &line.status),
        order.details.payment_hold_flag,
    );
    let facts = LineFacts { ordered: line.quantity, returned, status, pbid: line.details.pbid.as_deref() };
    returnable(&order.country, &facts, within)
}

/// Where `order` is returned instead of here: a global-store order, when the retailer has a returns site
/// for them (001 §6 "global-store orders redirect to an external return URL"). Its `return` actions lead
/// there (`facts`) and the return calls refuse it.
pub fn returned_elsewhere<'a>(state: &'a OrdersState, order: &StoredOrder) -> Option<&'a str> {
    if order.details.is_global_store_order { state.settings.global_store_returns_url() } else { None }
}

/// Why a line may not be returned, linked to the country's returns policy (`/config`'s `returnsPolicy`,
/// the generic help page where the country has none): never a relative link that leads nowhere.
pub fn disable_reason(reason: domain::returns::quantity::DisableReason, policy_url: &str) -> ReturnDisableReason {
    ReturnDisableReason {
        code: reason.code().to_owned(),
        text: reason.text().to_owned(),
        link_text: Some("Return Policy".to_owned()),
        link_url: Some(policy_url.to_owned()),
    }
}

/// The country's returns-policy page, as `/config/v1/{country}` links it.
pub fn policy_url(state: &OrdersState, country: &str) -> String {
    let table = state.settings.table();
    let country = state.settings.country(country);
    country.returns_policy.as_deref().map_or_else(|| table.generic_help_url(), |path| table.help_url(path))
}

pub fn compute(order: &StoredOrder, inputs: &OptionInputs<'_>) -> ReturnOptions {
    let within = window::within_window(order.order_date, inputs.now_ms, &order.country);
    let currency = order.currency;
    let mut returnable_units: Vec<(i64, Money)> = Vec::new();
    let order_lines: Vec<OptionLine> = order
        .lines
        .iter()
        .map(|line| {
            let returned = inputs.returned.get(&line.line_number).copied().unwrap_or(0);
            let result = line_facts(order, line, returned, within);
            let unit = unit_refund(line, order.taxes_included);
            if result.flag() {
                returnable_units.push((result.quantity, unit));
            }
            OptionLine {
                line_number: line.line_number,
                gtin: line.gtin.clone(),
                universal_product_code: line.gtin.clone(),
                title: line.title.clone(),
                size: line.size.clone(),
                style_color: line.style_color.clone(),
                pbid: line.details.pbid.as_deref().map(str::to_owned),
                quantity: line.quantity,
                returned_quantity: returned,
                returnable_quantity: result.quantity,
                returnable_flag: result.flag(),
                return_disable_reason: result.reason.map(|reason| disable_reason(reason, inputs.policy_url)),
                unit_refund: Amount::of(unit, currency),
            }
        })
        .collect();
    let settings = inputs.methods;
    let today = chrono::DateTime::from_timestamp_millis(inputs.now_ms).unwrap_or_default().date_naive();
    let methods = offered_methods(order, settings)
        .into_iter()
        .map(|choice| {
            let price = price_for(order, &choice, inputs.as_member);
            let estimate = pricing::refund_estimate(&returnable_units, price.refund_deduction).unwrap_or_default();
            let carrier = choice.carrier_id.as_deref().and_then(carriers::for_id);
            let service = choice.method.service().map(|s| match s {
                Service::Dropoff => ServiceType::Dropoff,
                Service::Pickup => ServiceType::Pickup,
                Service::Paperless => ServiceType::Paperless,
            });
            let pickup_slots = match (carrier, choice.method.is_pickup()) {
                (Some(carrier), true) => carrier
                    .pickup_slots(today)
                    .into_iter()
                    .map(|slot| PickupSlotView {
                        date: slot.date.format("%Y-%m-%d").to_string(),
                        from_hour: slot.from_hour,
                        to_hour: slot.to_hour,
                    })
                    .collect(),
                _ => Vec::new(),
            };
            MethodView {
                id: choice.id(),
                return_method: choice.method.as_str().to_owned(),
                service_type: choice.method.capture_service().to_owned(),
                carrier_id: choice.carrier_id.clone(),
                carrier_name: carrier.map(|c| c.info().name(inputs.language).to_owned()),
                selection_title: carrier.zip(service).and_then(|(c, s)| {
                    let title = &c.info().return_method_selection.get(&s)?.title;
                    Some(carriers::localized(title, inputs.language).to_owned())
                }),
                standard_carrier_alpha_code: carrier.map(|c| c.info().scac.clone()),
                label_format: label_format(&choice),
                paperless_alternative_id: choice.paperless_alternative.clone(),
                price: Amount::of(price.price, currency),
                refund_deduction: Amount::of(price.refund_deduction, currency),
                refund_estimate: Amount::of(estimate, currency),
                refund_arrival: arrival_view(order, choice.method.is_store()),
                link: carrier.zip(service).and_then(|(c, s)| c.info().links.get(&s).cloned()),
                pickup_slots,
                creates_return: methods::creates_return_online(&order.country, choice.method),
            }
        })
        .collect();
    let payments = payment_types(order);
    let (withdrawal_available, withdrawal_deadline) = super::withdrawal::window(order, inputs.now_ms);
    ReturnOptions {
        refund_arrival: arrival_view(order, false),
        withdrawal_available,
        withdrawal_deadline: withdrawal_deadline.map(rfc3339_millis),
        order_number: order.order_number.to_string(),
        country: order.country.to_string(),
        currency: currency.code().to_owned(),
        order_date: rfc3339_millis(order.order_date),
        return_window_days: window::window_days(&order.country),
        return_deadline: rfc3339_millis(window::deadline_ms(order.order_date, &order.country)),
        within_window: within,
        as_member: inputs.as_member,
        payment_type: payments.first().map(|p| (*p).to_owned()),
        store_return_allowed: methods::store_return_allowed(&payments),
        store_refund_to_gift_card: methods::store_refund_to_gift_card(&payments),
        proof_of_purchase_required: !inputs.as_member,
        login_prompt: !inputs.as_member && inputs.login_prompt,
        scannable_code_wait_minutes: pricing::scannable_code_wait_minutes(&order.country),
        comment_max_length: domain::returns::COMMENT_MAX_CHARS,
        comment_allowed: domain::returns::comment_allowed(&order.country),
        order_lines,
        methods,
        reasons: reasons::reasons_for(&order.country)
            .iter()
            .map(|r| ReasonView {
                app_code: r.app_code.to_owned(),
                reason_code: r.server_code.to_owned(),
                text: r.text.to_owned(),
            })
            .collect(),
    }
}

/// The refund's destination and arrival for this order, by a store return or not.
fn arrival_view(order: &StoredOrder, store_return: bool) -> RefundArrivalView {
    let arrival = pricing::refund_arrival(&order.country, &payment_types(order), store_return);
    RefundArrivalView {
        destination: arrival.destination.to_owned(),
        business_days_min: arrival.days_min,
        business_days_max: arrival.days_max,
    }
}
