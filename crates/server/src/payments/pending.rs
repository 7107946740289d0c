//! `deferredPaymentData` of the order detail (000 §3, 002 §3): the deferred payment the shopper started
//! and has not finished, as its job answered it (the form, or the QR code URL), so the page can send the
//! shopper back to it. Read only for an order whose payment is on hold with a type that pays later (most
//! orders: no read); the payment job and a declined callback move the order's version, so a cached
//! detail never shows a payment that is no longer open, nor misses one just started.

use futures_util::future::BoxFuture;

use crate::db::Param;
use crate::error::AppResult;
use crate::orders::{DeferredPaymentData, DeferredPaymentForm, OrdersState, StoredOrder};

/// What the job answered, as stored in `deferred_payments.response` (`jobs::PaymentStarted`).
#[derive(serde::Deserialize)]
struct Stored {
    #[serde(default)]
    form: Option<DeferredPaymentForm>,
    #[serde(rename = "qrCodeURL", default)]
    qr_code_url: Option<String>,
}

fn payment_due(order: &StoredOrder) -> bool {
    order.details.payment_hold_flag
        && order.payments.iter().any(|payment| domain::payments::is_deferred(&payment.payment_type))
}

/// The newest open deferred payment of `order`, if it has one.
pub async fn open_payment(state: &OrdersState, order: &StoredOrder) -> AppResult<Option<DeferredPaymentData>> {
    if !payment_due(order) {
        return Ok(None);
    }
    let mut found = None;
    state
        .db
        .read(
            "SELECT id, payment_type, response FROM deferred_payments WHERE order_number = $1 AND status = 'OPEN' \
             ORDER BY created_at DESC, id DESC LIMIT 1",
            &[Param::Text(&order.order_number)],
            |row| {
                let response = row.optional_text(2)?;
                // A payment stored before its answer was kept (migration 0023 copies it from the job) shows
                // with its id and type only.
                let stored = response.and_then(|text| serde_json::from_str::<Stored>(&text).ok());
                let (form, qr_code_url) = stored.map_or((None, None), |stored| (stored.form, stored.qr_code_url));
                found = Some(DeferredPaymentData {
                    payment_id: row.text(0)?,
                    payment_type: row.text(1)?,
                    form,
                    qr_code_url,
                });
                Ok(())
            },
        )
        .await?;
    Ok(found)
}

/// The payments flow's `deferredPaymentData`, through the order detail's contributor.
pub fn contribute<'a>(
    state: &'a OrdersState,
    order: &'a StoredOrder,
) -> BoxFuture<'a, AppResult<Option<DeferredPaymentData>>> {
    Box::pin(open_payment(state, order))
}
