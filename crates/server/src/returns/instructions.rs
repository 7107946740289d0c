//! `GET /order_mgmt/return_instructions/v1/{returnOrderNumber}`: what a created return's instructions and
//! its return detail show (001 §2.1, §2.2, §4.3), read from the stored return. The page used to rebuild
//! this from what the wizard left in session storage, so a return opened in another tab, from an e-mail
//! or the next day lost its barcode and label; now everything comes from here.

use axum::Json;
use axum::extract::{Path, State};
use domain::country::Flag;
use domain::returns::instructions::{self, Variant};
use domain::returns::methods::ReturnMethod;
use domain::returns::methods::Service;
use domain::returns::{pricing, window};
use domain::{OrderType, SimpleStatus, simple_status};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::db::{self, ReturnRow};
use super::labels::find_visible_return;
use crate::caller::Caller;
use crate::carriers::{self, PickupAddress, ServiceType};
use crate::error::{AppError, AppResult};
use crate::orders::OrdersState;
use crate::stores::StoreView;

/// Which instruction text the return gets.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum InstructionsVariant {
    Us,
    Carrier,
    Paperless,
    Store,
}

impl From<Variant> for InstructionsVariant {
    fn from(variant: Variant) -> Self {
        match variant {
            Variant::Us => Self::Us,
            Variant::Carrier => Self::Carrier,
            Variant::Paperless => Self::Paperless,
            Variant::Store => Self::Store,
        }
    }
}

/// The barcode a store scans for a store return: CODE128 of the return number (000 §9).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreBarcode {
    pub value: String,
    /// Always CODE128.
    pub format: String,
    /// The barcode as an SVG image (`data:image/svg+xml;base64,...`), drawn by the server.
    pub image: String,
}

/// One step of a carrier's return instructions, in the return's language.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarrierStep {
    pub title: String,
    pub description: String,
}

/// A mail return's country- and carrier-specific instructions (001 §1 "country-specific carrier
/// instructions", §2.2 "other countries use carrier data"), from `data/carriers/*.json` for the return's
/// carrier and service, in the return's language (English where the carrier has no text in it).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarrierInstructions {
    pub carrier_id: String,
    /// The return confirmation's title (returnConfirmation.title).
    pub title: String,
    /// The title the method had in the wizard (returnMethodSelection.title).
    pub selection_title: String,
    pub steps: Vec<CarrierStep>,
    /// The carrier's page for this service (carrierLink): the call to action.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
}

/// A pickup return's address and window (the courier-pickup variant of the return detail, 001 §2.2).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnPickup {
    pub address: PickupAddress,
    /// YYYY-MM-DD, the day the carrier comes.
    pub date: String,
    /// Local hours, 24-hour clock.
    pub from_hour: u32,
    pub to_hour: u32,
    /// The carrier's booking reference, once the pickup is booked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confirmation: Option<String>,
    /// Whether the page tells how to cancel the pickup (by calling the returns line): while the return is
    /// created and the carrier has not come yet (001 §9, Korea's "return-pickup cancel help").
    pub cancel_help: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnInstructions {
    pub return_order_number: String,
    /// The sales order the return belongs to.
    pub order_number: String,
    pub country: String,
    /// The return method (e.g. returnToStore, PAPERLESS_RETURN, UPS_DROPOFF).
    pub return_method: String,
    pub variant: InstructionsVariant,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub carrier_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub store_id: Option<String>,
    /// Store returns: the chosen store (name, address, phone, opening hours), as the store views show it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub store: Option<StoreView>,
    /// Mail returns outside the US: the carrier's own title, steps and link (the US has its own text).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub carrier_instructions: Option<CarrierInstructions>,
    /// Pickup returns: where and when the carrier collects the parcel.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pickup: Option<ReturnPickup>,
    /// The label actions (download, e-mail, post) are offered: a carrier label or paperless code exists
    /// (`GET /order_mgmt/user_return_labels/v1/{n}`), and the return is still created or in process and
    /// not older than 30 days (001 §4.3).
    pub label_offered: bool,
    /// emeaPaperless on and a paperless return: its detail is the returnInstructionsEmea page (001 §2.2:
    /// the return order details redirect there once loaded).
    pub emea_details: bool,
    /// Paperless returns: minutes until the scannable code can be used.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code_wait_minutes: Option<i64>,
    /// Store returns: the barcode to show at the store.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub barcode: Option<StoreBarcode>,
    /// The step-by-step text is shown (off for store returns where suppressStoreReturnInstructions is on).
    pub show_steps: bool,
    /// The bank-refund form is offered: a cash payment on a non-online order in a bank-refund country.
    pub bank_refund_offered: bool,
    /// enablePaperlessReturnConfirmation on and a paperless return: the confirmation is the paperless one,
    /// which shows the scannable code on the page itself (nothing to print, nothing to open); off, the
    /// code stays in the carrier return-code modal that opens by itself (001 §2.2, §4.3).
    pub paperless_confirmation: bool,
}

#[utoipa::path(get, path = "/order_mgmt/return_instructions/v1/{returnOrderNumber}", tag = "returns",
    params(("returnOrderNumber" = inline(domain::OrderNumber), Path), ("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "guests: email(...) or phoneNumber(...)")),
    responses((status = 200, body = ReturnInstructions),
              (status = 400, body = crate::error::ApiError, description = "invalid-order-number"),
              (status = 404, body = crate::error::ApiError, description = "order-detail-return-failure: no such return, or not the caller's"),
              (status = 429, body = crate::error::ApiError, description = "too-many-requests")))]
pub async fn get_return_instructions(
    State(state): State<OrdersState>,
    Path(return_order_number): Path<String>,
    caller: Caller,
) -> AppResult<Json<ReturnInstructions>> {
    let (ret, parent) = find_visible_return(&state, &caller, &return_order_number).await?;
    let method = ReturnMethod::parse(&ret.return_method).ok_or(AppError::ReturnNotFound)?;
    let variant = instructions::variant(&ret.country, method);
    let flag = |flag: Flag| state.settings.flag(&ret.country, flag);
    let carrier = ret.carrier_id.as_deref().and_then(crate::carriers::for_id);
    // Return buttons only while the return is created or in process and at most 30 days old (001 §4.3):
    // this answer is made for each request and never stored, so the clock decides here (ADR 0013 keeps
    // the clock out of stored line actions only).
    let status = simple_status(OrderType::ReturnOrder, &ret.raw_status);
    let label_offered = super::label_offered(method, ret.carrier_id.as_deref())
        && !super::NO_LABEL_COUNTRIES.contains(&ret.country.to_ascii_uppercase().as_str())
        && !flag(Flag::DisableCreateLabel)
        && window::return_buttons_shown(status, ret.created_at, state.clock.now_ms());
    // 001 §6 barcode rule: a store return's barcode needs enableReturnsBarcode (this is the instructions
    // page, not the return order's detail, so suppressReturnDetailsBarcode does not apply); without it the
    // page shows the store's details instead (001 §9 "No return label").
    let barcode = (variant == Variant::Store && flag(Flag::EnableReturnsBarcode)).then(|| StoreBarcode {
        value: ret.return_order_number.to_string(),
        format: "CODE128".to_owned(),
        image: crate::documents::barcode::code128_data_uri(&ret.return_order_number).unwrap_or_default(),
    });
    let store = match ret.store_id.as_deref() {
        Some(id) if variant == Variant::Store => {
            crate::stores::find(&state.db, id).await?.map(|store| store.view(state.clock.now()))
        }
        _ => None,
    };
    let carrier_instructions = match (carrier, variant) {
        (Some(carrier), Variant::Carrier | Variant::Paperless) => carrier_text(carrier.info(), method, &ret.locale),
        _ => None,
    };
    let pickup =
        if method.is_pickup() { pickup_of(&state, &ret, status == SimpleStatus::ReturnCreated).await? } else { None };
    Ok(Json(ReturnInstructions {
        order_number: ret.parent_order_number.to_string(),
        country: ret.country.to_ascii_uppercase(),
        return_method: method.as_str().to_owned(),
        variant: variant.into(),
        carrier_name: carrier.map(|carrier| carrier.info().name(&ret.locale).to_owned()),
        store_id: ret.store_id.clone(),
        store,
        carrier_instructions,
        pickup,
        label_offered,
        emea_details: variant == Variant::Paperless && flag(Flag::EmeaPaperless),
        code_wait_minutes: (variant == Variant::Paperless).then(|| pricing::scannable_code_wait_minutes(&ret.country)),
        barcode,
        show_steps: !(variant == Variant::Store && flag(Flag::SuppressStoreReturnInstructions)),
        bank_refund_offered: instructions::bank_refund_offered(&ret.country, &super::options::payment_types(&parent)),
        paperless_confirmation: variant == Variant::Paperless && flag(Flag::EnablePaperlessReturnConfirmation),
        return_order_number: ret.return_order_number.to_string(),
    }))
}

fn service_type(service: Service) -> ServiceType {
    match service {
        Service::Dropoff => ServiceType::Dropoff,
        Service::Pickup => ServiceType::Pickup,
        Service::Paperless => ServiceType::Paperless,
    }
}

/// The carrier's instructions for the method's service, in `locale`'s language.
fn carrier_text(info: &carriers::CarrierInfo, method: ReturnMethod, locale: &str) -> Option<CarrierInstructions> {
    let service = service_type(method.service()?);
    let steps = info.instructions.get(&service)?;
    Some(CarrierInstructions {
        carrier_id: info.carrier_id.clone(),
        title: carriers::localized(&info.return_confirmation.title, locale).to_owned(),
        selection_title: info
            .return_method_selection
            .get(&service)
            .map(|selection| carriers::localized(&selection.title, locale).to_owned())
            .unwrap_or_default(),
        steps: steps
            .iter()
            .map(|step| CarrierStep {
                title: carriers::localized(&step.title, locale).to_owned(),
                description: carriers::localized(&step.description, locale).to_owned(),
            })
            .collect(),
        link: info.links.get(&service).cloned(),
    })
}

/// What the capture job stored of a booking (`job::book_pickup`).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Booked {
    confirmation: Option<String>,
    date: String,
    from_hour: u32,
    to_hour: u32,
}

/// A pickup return's address and window: the booking once the job made it, the requested slot before.
async fn pickup_of(state: &OrdersState, ret: &ReturnRow, cancel_help: bool) -> AppResult<Option<ReturnPickup>> {
    let Ok(request) = serde_json::from_value::<super::capture::StoredRequest>(ret.request.clone()) else {
        return Ok(None);
    };
    let Some(address) = request.pickup_address else { return Ok(None) };
    let booked = db::effect_detail(&state.db, &ret.return_order_number, "pickup")
        .await?
        .flatten()
        .and_then(|detail| serde_json::from_str::<Booked>(&detail).ok());
    Ok(match (booked, request.pickup_slot) {
        (Some(booked), _) => Some(ReturnPickup {
            address,
            date: booked.date,
            from_hour: booked.from_hour,
            to_hour: booked.to_hour,
            confirmation: booked.confirmation,
            cancel_help,
        }),
        (None, Some((date, from_hour, to_hour))) => {
            Some(ReturnPickup { address, date, from_hour, to_hour, confirmation: None, cancel_help })
        }
        (None, None) => None,
    })
}
