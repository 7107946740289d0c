//! `GET /order_mgmt/return_instructions/v1/{returnOrderNumber}`: what a created return's instructions and
//! its return detail show (001 §2.1, §2.2, §4.3), read from the stored return. The page used to rebuild
//! this from what the wizard left in session storage, so a return opened in another tab, from an e-mail
//! or the next day lost its barcode and label; now everything comes from here.

use axum::Json;
use axum::extract::{Path, State};
use domain::country::Flag;
use domain::returns::instructions::{self, Variant};
use domain::returns::methods::ReturnMethod;
use domain::returns::pricing;
use serde::Serialize;
use utoipa::ToSchema;

use super::labels::find_visible_return;
use crate::caller::Caller;
use crate::error::{AppError, AppResult};
use crate::orders::OrdersState;

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
    /// A carrier label (PDF) or paperless code (PNG) exists: `GET /order_mgmt/user_return_labels/v1/{n}`.
    pub label_offered: bool,
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
    let label_offered = super::label_offered(method, ret.carrier_id.as_deref())
        && !super::NO_LABEL_COUNTRIES.contains(&ret.country.to_ascii_uppercase().as_str())
        && !flag(Flag::DisableCreateLabel);
    let barcode = (variant == Variant::Store).then(|| StoreBarcode {
        value: ret.return_order_number.clone(),
        format: "CODE128".to_owned(),
        image: crate::documents::barcode::code128_data_uri(&ret.return_order_number).unwrap_or_default(),
    });
    Ok(Json(ReturnInstructions {
        order_number: ret.parent_order_number.clone(),
        country: ret.country.to_ascii_uppercase(),
        return_method: method.as_str().to_owned(),
        variant: variant.into(),
        carrier_name: carrier.map(|carrier| carrier.info().name(&ret.locale).to_owned()),
        store_id: ret.store_id.clone(),
        label_offered,
        code_wait_minutes: (variant == Variant::Paperless).then(|| pricing::scannable_code_wait_minutes(&ret.country)),
        barcode,
        show_steps: !(variant == Variant::Store && flag(Flag::SuppressStoreReturnInstructions)),
        bank_refund_offered: instructions::bank_refund_offered(&ret.country, &super::options::payment_types(&parent)),
        paperless_confirmation: variant == Variant::Paperless && flag(Flag::EnablePaperlessReturnConfirmation),
        return_order_number: ret.return_order_number,
    }))
}
