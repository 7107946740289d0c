//! The carrier calls that leave the process, made by jobs: booking a courier pickup and creating a return
//! label. With `--carrier-api-url` they are `POST {url}/carriers/{carrierId}/pickups` and
//! `POST {url}/carriers/{carrierId}/labels` (the protocol `orders sandbox-providers` speaks; ADR 0020,
//! ADR 0025), each with `Idempotency-Key: <return number>`; without it the sandbox carrier answers in
//! process, as before.
//!
//! Why a gateway beside the [`Carrier`] trait rather than an async trait: the trait's other methods
//! (slots, drop-off codes, post dispatch, tracking, drawing a stored label) are pure functions of the
//! carrier's data file that the option and view code calls synchronously in many places; only the booking
//! and the label's creation wait on the carrier, and only the return job makes them.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::{
    Carrier, CarrierError, IssuedLabel, LabelRequest, PickupAddress, PickupBooking, PickupRequest, PickupSlot,
};
use crate::documents::LabelAddress;
use crate::outbound::{CallError, ProviderClient, Providers};

/// A pickup slot on the wire.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireSlot {
    /// YYYY-MM-DD.
    #[serde(with = "iso_date")]
    pub date: NaiveDate,
    pub from_hour: u32,
    pub to_hour: u32,
}

impl From<PickupSlot> for WireSlot {
    fn from(slot: PickupSlot) -> Self {
        Self { date: slot.date, from_hour: slot.from_hour, to_hour: slot.to_hour }
    }
}

impl From<WireSlot> for PickupSlot {
    fn from(slot: WireSlot) -> Self {
        Self { date: slot.date, from_hour: slot.from_hour, to_hour: slot.to_hour }
    }
}

/// The body of `POST /carriers/{carrierId}/pickups`; `Idempotency-Key` is the return order number.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PickupBody {
    pub return_order_number: String,
    pub address: PickupAddress,
    /// None: the first slot the carrier has.
    pub slot: Option<WireSlot>,
    /// The day the slots count from (the return's creation day), so a rerun books the same slot.
    #[serde(with = "iso_date")]
    pub today: NaiveDate,
}

/// The 200 answer.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BookedPickup {
    pub carrier_id: String,
    pub confirmation: String,
    pub slot: WireSlot,
    pub tracking_number: String,
}

impl From<BookedPickup> for PickupBooking {
    fn from(booked: BookedPickup) -> Self {
        Self {
            carrier_id: booked.carrier_id,
            confirmation: booked.confirmation,
            slot: booked.slot.into(),
            tracking_number: booked.tracking_number,
        }
    }
}

impl From<PickupBooking> for BookedPickup {
    fn from(booking: PickupBooking) -> Self {
        Self {
            carrier_id: booking.carrier_id,
            confirmation: booking.confirmation,
            slot: booking.slot.into(),
            tracking_number: booking.tracking_number,
        }
    }
}

/// The body of `POST /carriers/{carrierId}/labels`; `Idempotency-Key` is the return order number, so a job
/// run again gets the label it was given before. The 200 answer is an [`IssuedLabel`].
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LabelBody {
    pub return_order_number: String,
    /// The shopper's country (ISO alpha-2).
    pub country: String,
    pub from: WireAddress,
    pub to: WireAddress,
}

/// A label's address on the wire.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireAddress {
    pub name: String,
    pub lines: Vec<String>,
}

impl From<&LabelAddress> for WireAddress {
    fn from(address: &LabelAddress) -> Self {
        Self { name: address.name.clone(), lines: address.lines.clone() }
    }
}

impl From<WireAddress> for LabelAddress {
    fn from(address: WireAddress) -> Self {
        Self { name: address.name, lines: address.lines }
    }
}

/// A refusal's body (4xx): `error` is `bad-address` (with `field`) or `slot-unavailable`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Refusal {
    pub error: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    pub message: String,
}

impl Refusal {
    pub const BAD_ADDRESS: &'static str = "bad-address";
    pub const SLOT_UNAVAILABLE: &'static str = "slot-unavailable";

    pub fn of(error: &CarrierError) -> Self {
        match error {
            CarrierError::BadAddress { field, message } => {
                Self { error: Self::BAD_ADDRESS.to_owned(), field: Some(field.clone()), message: message.clone() }
            }
            CarrierError::SlotUnavailable => {
                Self { error: Self::SLOT_UNAVAILABLE.to_owned(), field: None, message: error.to_string() }
            }
            other => Self { error: "refused".to_owned(), field: None, message: other.to_string() },
        }
    }
}

/// Why a booking or a label was not made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BookingError {
    /// The carrier refused it (a bad address, a slot taken, no label for this country): the return is denied.
    #[error(transparent)]
    Refused(CarrierError),
    /// The carrier did not answer (timeout, refused connection, 5xx, 429): the job tries again.
    #[error("{0}")]
    Unavailable(String),
}

/// Books pickups and creates labels in process (sandbox) or over HTTP.
pub struct Gateway<'a> {
    client: Option<&'a ProviderClient>,
}

pub fn gateway(providers: &Providers) -> Gateway<'_> {
    Gateway { client: providers.carriers.as_ref() }
}

impl Gateway<'_> {
    pub async fn book_pickup(
        &self,
        carrier: &dyn Carrier,
        request: &PickupRequest,
        today: NaiveDate,
    ) -> Result<PickupBooking, BookingError> {
        let Some(client) = self.client else {
            return carrier.book_pickup(request, today).map_err(BookingError::Refused);
        };
        let body = PickupBody {
            return_order_number: request.return_order_number.clone(),
            address: request.address.clone(),
            slot: request.slot.map(WireSlot::from),
            today,
        };
        let path = format!("/carriers/{}/pickups", carrier.info().carrier_id);
        let answer = client.post_json::<_, BookedPickup>(&path, &body, Some(&request.return_order_number)).await;
        match answer {
            Ok(booked) => Ok(booked.into()),
            Err(error @ CallError::Transient { .. }) => Err(BookingError::Unavailable(error.to_string())),
            Err(CallError::Definitive { body, .. }) => Err(BookingError::Refused(refusal(&body))),
        }
    }

    /// Creates the return's label at the carrier: what it answers, to be stored by the caller.
    pub async fn create_label(
        &self,
        carrier: &dyn Carrier,
        request: &LabelRequest,
    ) -> Result<IssuedLabel, BookingError> {
        let Some(client) = self.client else {
            return carrier.issue_label(request).map_err(BookingError::Refused);
        };
        let body = LabelBody {
            return_order_number: request.return_order_number.clone(),
            country: request.country.clone(),
            from: (&request.from).into(),
            to: (&request.to).into(),
        };
        let path = format!("/carriers/{}/labels", carrier.info().carrier_id);
        let answer = client.post_json::<_, IssuedLabel>(&path, &body, Some(&request.return_order_number)).await;
        match answer {
            // A label of another carrier cannot be drawn as this one's: the protocol was not kept.
            Ok(issued) if issued.carrier_id != carrier.info().carrier_id => Err(BookingError::Refused(
                CarrierError::Refused(format!("the carrier answered a label of {}", issued.carrier_id)),
            )),
            Ok(issued) => Ok(issued),
            Err(error @ CallError::Transient { .. }) => Err(BookingError::Unavailable(error.to_string())),
            Err(CallError::Definitive { body, .. }) => Err(BookingError::Refused(refusal(&body))),
        }
    }
}

/// The carrier's refusal as the sandbox carrier would have said it.
fn refusal(body: &str) -> CarrierError {
    match serde_json::from_str::<Refusal>(body) {
        Ok(Refusal { error, field: Some(field), message }) if error == Refusal::BAD_ADDRESS => {
            CarrierError::BadAddress { field, message }
        }
        Ok(Refusal { error, .. }) if error == Refusal::SLOT_UNAVAILABLE => CarrierError::SlotUnavailable,
        Ok(Refusal { message, .. }) => CarrierError::Refused(message),
        Err(_) => CarrierError::Refused(body.to_owned()),
    }
}

/// Dates as YYYY-MM-DD (chrono is built without its serde feature).
mod iso_date {
    use chrono::NaiveDate;
    use serde::{Deserialize, Deserializer, Serializer};

    const FORMAT: &str = "%Y-%m-%d";

    pub fn serialize<S: Serializer>(date: &NaiveDate, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&date.format(FORMAT))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<NaiveDate, D::Error> {
        let text = String::deserialize(deserializer)?;
        NaiveDate::parse_from_str(&text, FORMAT).map_err(serde::de::Error::custom)
    }
}
