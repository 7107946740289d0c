//! The event types and what each carries (`data`). The document lists them (schema `Event`), and
//! docs/events.md describes them. Data carries the ids and fields a receiver acts on, never a PIN, a
//! token or a full IBAN.

use serde::Serialize;
use utoipa::ToSchema;

/// An event as delivered (webhook body, feed entry, NATS message): `{"id", "type", "timestamp", "data"}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Event {
    /// Unique per event (a UUID); the same on every delivery of it (`webhook-id`, `Nats-Msg-Id`).
    pub id: String,
    /// When the effect happened, RFC 3339 UTC.
    pub timestamp: String,
    #[serde(flatten)]
    pub payload: EventData,
}

/// The type and its data.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(tag = "type", content = "data")]
pub enum EventData {
    /// A shopper asked to cancel an order (the cancel job is queued; its outcome follows as
    /// `order.cancelled`, `order.cancel_pending` or `order.cancel_denied`).
    #[serde(rename = "order.cancel_requested")]
    OrderCancelRequested(OrderCancelRequested),
    /// Lines of an order were cancelled (by the shopper's cancel, or by a status event from ops).
    #[serde(rename = "order.cancelled")]
    OrderCancelled(OrderCancelled),
    /// Lines wait for the warehouse to confirm a cancel (raw status pending cancellation): act on it.
    #[serde(rename = "order.cancel_pending")]
    OrderCancelPending(OrderCancelPending),
    /// The shopper's cancel was refused (window over, lines past cancelling, already cancelled).
    #[serde(rename = "order.cancel_denied")]
    OrderCancelDenied(OrderCancelDenied),
    /// A shopper asked to return lines; the units are reserved and the return is being created.
    #[serde(rename = "return.requested")]
    ReturnRequested(ReturnData),
    /// The return order exists (RETURN_ORDER with its number), a pickup booked when one was asked for.
    #[serde(rename = "return.created")]
    ReturnCreated(ReturnData),
    /// The return has a carrier label (with its drop-off code and tracking number).
    #[serde(rename = "return.label_created")]
    ReturnLabelCreated(ReturnLabelCreated),
    /// The return could not be created (e.g. the carrier refused the courier pickup): the units are free
    /// again and the return number will not be used.
    #[serde(rename = "return.refused")]
    ReturnRefused(ReturnRefused),
    /// Ops moved a return along (raw status of 001 §4.1).
    #[serde(rename = "return.status_changed")]
    ReturnStatusChanged(ReturnStatusChanged),
    /// The shopper gave bank details for a refund; only the IBAN's last 4 characters are in the event.
    #[serde(rename = "return.bank_refund_details_added")]
    ReturnBankRefundDetailsAdded(BankRefundDetailsAdded),
    /// A shopper arrived for a curbside pickup (the interaction is SUBMITTED).
    #[serde(rename = "pickup.arrived")]
    PickupArrived(PickupData),
    /// A curbside interaction moved (CLAIMED, COMPLETE, CANCELLED_CONSUMER).
    #[serde(rename = "pickup.status_changed")]
    PickupStatusChanged(PickupData),
    /// A deferred payment was approved by the provider.
    #[serde(rename = "payment.approved")]
    PaymentApproved(PaymentData),
    /// A deferred payment was declined by the provider.
    #[serde(rename = "payment.declined")]
    PaymentDeclined(PaymentData),
    /// A shopper asked for an e-invoice (the issuing job is queued).
    #[serde(rename = "einvoice.requested")]
    EinvoiceRequested(EinvoiceData),
    /// The e-invoice was issued.
    #[serde(rename = "einvoice.issued")]
    EinvoiceIssued(EinvoiceData),
    /// A gift card was locked after too many wrong PINs (the PIN is never in the event).
    #[serde(rename = "gift_card.locked")]
    GiftCardLocked(GiftCardLocked),
    /// A member's address book changed.
    #[serde(rename = "address.changed")]
    AddressChanged(AddressChanged),
    /// A member's consent changed.
    #[serde(rename = "consent.changed")]
    ConsentChanged(ConsentChanged),
}

/// Every event type, in the order of the catalogue (docs/events.md). A webhook subscribes to some of them or `*`.
pub const EVENT_TYPES: &[&str] = &[
    "order.cancel_requested",
    "order.cancelled",
    "order.cancel_pending",
    "order.cancel_denied",
    "return.requested",
    "return.created",
    "return.label_created",
    "return.refused",
    "return.status_changed",
    "return.bank_refund_details_added",
    "pickup.arrived",
    "pickup.status_changed",
    "payment.approved",
    "payment.declined",
    "einvoice.requested",
    "einvoice.issued",
    "gift_card.locked",
    "address.changed",
    "consent.changed",
];

impl EventData {
    /// The type's name (`order.cancelled`).
    pub fn type_name(&self) -> &'static str {
        match self {
            Self::OrderCancelRequested(_) => "order.cancel_requested",
            Self::OrderCancelled(_) => "order.cancelled",
            Self::OrderCancelPending(_) => "order.cancel_pending",
            Self::OrderCancelDenied(_) => "order.cancel_denied",
            Self::ReturnRequested(_) => "return.requested",
            Self::ReturnCreated(_) => "return.created",
            Self::ReturnLabelCreated(_) => "return.label_created",
            Self::ReturnRefused(_) => "return.refused",
            Self::ReturnStatusChanged(_) => "return.status_changed",
            Self::ReturnBankRefundDetailsAdded(_) => "return.bank_refund_details_added",
            Self::PickupArrived(_) => "pickup.arrived",
            Self::PickupStatusChanged(_) => "pickup.status_changed",
            Self::PaymentApproved(_) => "payment.approved",
            Self::PaymentDeclined(_) => "payment.declined",
            Self::EinvoiceRequested(_) => "einvoice.requested",
            Self::EinvoiceIssued(_) => "einvoice.issued",
            Self::GiftCardLocked(_) => "gift_card.locked",
            Self::AddressChanged(_) => "address.changed",
            Self::ConsentChanged(_) => "consent.changed",
        }
    }

    /// The data alone, as JSON.
    pub fn data_json(&self) -> serde_json::Value {
        serde_json::to_value(self)
            .ok()
            .and_then(|mut whole| whole.get_mut("data").map(serde_json::Value::take))
            .unwrap_or_default()
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderCancelRequested {
    pub order_number: String,
    /// The cancel job (`GET /order_mgmt/ordermods/v1/jobs/{jobId}` for the shopper).
    pub job_id: String,
    pub source_of_request: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderCancelled {
    pub order_number: String,
    /// The lines cancelled by this change.
    pub line_numbers: Vec<i64>,
    /// `shopper` (the cancel job) or `ops` (a status event).
    pub source: String,
    /// Every line of the order is cancelled now.
    pub order_fully_cancelled: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderCancelPending {
    pub order_number: String,
    /// Lines whose cancel the warehouse must confirm (then a CANCELLED status event completes it).
    pub line_numbers: Vec<i64>,
    pub job_id: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderCancelDenied {
    pub order_number: String,
    pub job_id: String,
    /// The catalogue's code (cancel-window-expired, cancel-invalid-state, already-cancelled).
    pub code: String,
    pub message: String,
}

/// One returned line.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnLine {
    /// The line of the original (sales) order.
    pub line_number: i64,
    pub quantity: i64,
    pub reason_code: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnData {
    pub return_order_number: String,
    /// The sales order the lines come from.
    pub order_number: String,
    pub country: String,
    /// The return method (e.g. SHIP_BY_CARRIER, STORE_RETURN, COURIER_PICKUP).
    pub method: String,
    pub carrier_id: Option<String>,
    /// The store, for a store return.
    pub store_id: Option<String>,
    pub lines: Vec<ReturnLine>,
    /// return.created: the carrier's tracking number of a booked pickup, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tracking_number: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnLabelCreated {
    pub return_order_number: String,
    pub order_number: String,
    pub carrier_id: Option<String>,
    /// The drop-off code printed on the label (scanned at the carrier).
    pub drop_off_code: Option<String>,
    pub tracking_number: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnRefused {
    pub return_order_number: String,
    pub order_number: String,
    /// The catalogue's code (e.g. carrier-pickup-refused).
    pub code: String,
    pub message: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnStatusChanged {
    pub return_order_number: String,
    pub order_number: String,
    /// As received (normalised), e.g. RETURN_RECEIVED.
    pub raw_status: String,
    /// The simple status it maps to.
    pub status: String,
    /// The return's lines (original order line numbers).
    pub line_numbers: Vec<i64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankRefundDetailsAdded {
    pub order_number: String,
    /// The IBAN's country.
    pub iban_country: String,
    /// The IBAN's last 4 characters; the full IBAN is never in an event.
    pub iban_last4: String,
    /// The payout provider's reference for the registered account.
    pub payout_reference: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickupData {
    /// The curbside interaction.
    pub pickup_id: String,
    pub order_number: String,
    pub store_id: String,
    /// SUBMITTED, CLAIMED, COMPLETE or CANCELLED_CONSUMER.
    pub status: String,
    /// The status before (pickup.status_changed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous_status: Option<String>,
    /// The shopper's vehicle (pickup.arrived).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vehicle_description: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentData {
    pub order_number: String,
    /// The provider's payment id.
    pub payment_id: String,
    /// The payment method (e.g. KLARNA, WECHAT).
    pub method: String,
    /// Minor units.
    pub amount: i64,
    pub currency: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EinvoiceData {
    pub order_number: String,
    /// The issuing job (einvoice.requested).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub job_id: Option<String>,
    /// The invoice's type as requested (einvoice.requested).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invoice_type: Option<String>,
    /// einvoice.issued.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invoice_number: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GiftCardLocked {
    /// The card number's last 4 digits (never the PIN).
    pub card_last4: String,
    /// Until when it refuses balance checks, RFC 3339 UTC.
    pub locked_until: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressChanged {
    pub upm_id: String,
    pub address_id: String,
    /// created, updated or deleted.
    pub change: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsentChanged {
    pub upm_id: String,
    /// partnerOrderDataSharing, performanceCookies or marketingEmail.
    pub consent_type: String,
    pub granted: bool,
    /// member or ops.
    pub changed_by: String,
}

/// Masks all but the last 4 characters (`****1234`).
pub fn last4(text: &str) -> String {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    chars[chars.len().saturating_sub(4)..].iter().collect()
}
