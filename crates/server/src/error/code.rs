//! The error catalogue: every stable code an answer, a job outcome or a stored outcome may carry, with its
//! HTTP status, in ONE list. The OpenAPI document lists the codes (schema `Code`), the web's TypeScript union
//! is generated from that document, and the table in docs/API.md is checked against this list
//! (`tests::the_api_doc_lists_every_code`). Add a code here, never as a string at the place that answers it.

use axum::http::StatusCode;

/// Declares `Code` with one line per code: variant, the code's text, its HTTP status, what it means.
macro_rules! codes {
    ($( $variant:ident = $text:literal, $status:ident, $meaning:literal; )*) => {
        /// A stable error code. The web app chooses its texts by it (`error.<code>` message keys).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        pub enum Code {
            $( #[doc = $meaning] #[serde(rename = $text)] $variant, )*
        }

        impl Code {
            /// Every code, in catalogue order.
            pub const ALL: &'static [Code] = &[$( Code::$variant, )*];

            pub const fn as_str(self) -> &'static str {
                match self { $( Code::$variant => $text, )* }
            }

            /// The status an answer with this code carries.
            pub const fn status(self) -> StatusCode {
                match self { $( Code::$variant => StatusCode::$status, )* }
            }

            /// When the code is given (docs/API.md's table).
            pub const fn meaning(self) -> &'static str {
                match self { $( Code::$variant => $meaning, )* }
            }
        }
    };
}

codes! {
    // Requests the server cannot take as sent.
    InvalidOrderNumber = "invalid-order-number", BAD_REQUEST, "The order number in the path is not 4 to 32 letters or digits (checked before any lookup).";
    InvalidFilter = "invalid-filter", BAD_REQUEST, "The `filter` query is malformed (not `email(...)`, `phoneNumber(...)`, `orderType(...)` ...).";
    InvalidQuery = "invalid-query", BAD_REQUEST, "Another query parameter is malformed (e.g. `anchor`).";
    InvalidJson = "invalid-json", BAD_REQUEST, "The body is not valid JSON, has the wrong shape or an unknown field.";
    ValidationFailed = "validation-failed", BAD_REQUEST, "The body breaks a rule; `field` names it.";
    InvalidCharacters = "invalid-characters", BAD_REQUEST, "A text field holds control characters; `field` names it.";
    InvalidIdempotencyKey = "invalid-idempotency-key", BAD_REQUEST, "The Idempotency-Key header is not 1 to 255 visible ASCII characters.";
    IdempotencyKeyReused = "idempotency-key-reused", UNPROCESSABLE_ENTITY, "The Idempotency-Key was used before with another body.";
    IdempotencyRequestInProgress = "idempotency-request-in-progress", CONFLICT, "A request with this Idempotency-Key is still being processed.";
    PayloadTooLarge = "payload-too-large", PAYLOAD_TOO_LARGE, "The body is larger than the endpoint takes.";
    BulkTooManyLines = "bulk-too-many-lines", PAYLOAD_TOO_LARGE, "A bulk order body (NDJSON) has more than 10,000 lines; send it in parts.";
    // Who is calling.
    Unauthorized = "unauthorized", UNAUTHORIZED, "The access token or session is missing, invalid or expired where a member is required.";
    InvalidCredentials = "invalid-credentials", UNAUTHORIZED, "Sign-in with a wrong e-mail or password.";
    PasswordResetInvalid = "password-reset-invalid", BAD_REQUEST, "The password reset token is unknown (or malformed).";
    PasswordResetExpired = "password-reset-expired", GONE, "The password reset token has expired (after 1 hour) or was used already.";
    OidcStateInvalid = "oidc-state-invalid", BAD_REQUEST, "The provider sign-in's callback has no state, or one that is unknown, used, expired or not this browser's.";
    OidcSignInFailed = "oidc-sign-in-failed", UNAUTHORIZED, "The provider refused the sign-in, or its code exchange or ID token did not verify.";
    PasswordSignInOff = "password-sign-in-off", NOT_FOUND, "The built-in password sign-in is off: members sign in through the retailer's OpenID provider.";
    CsrfTokenInvalid = "csrf-token-invalid", FORBIDDEN, "A write made with the session cookie lacks the session's X-CSRF-Token.";
    StoreKeyInvalid = "store-key-invalid", UNAUTHORIZED, "The store console's key is missing, unknown, revoked or for another store.";
    RateLimited = "rate-limited", TOO_MANY_REQUESTS, "Too many attempts (guest lookups, sign-ins, gift card PINs); `Retry-After` says when to try again.";
    // What is not there (or may not be seen: the same answer).
    ServiceOrderDetailFailure = "service-order-detail-failure", NOT_FOUND, "The order does not exist or the caller may not see it (one answer for both).";
    ServiceOrderSummaryFailure = "service-order-summary-failure", NOT_FOUND, "The summary route's answer for an order that does not exist or may not be seen.";
    StoreViewsServiceFailure = "store-views-service-failure", NOT_FOUND, "The store does not exist.";
    NotFound = "not-found", NOT_FOUND, "Nothing is at this path, or the object does not exist for this caller.";
    FeatureDisabled = "feature-disabled", NOT_FOUND, "The feature is off in the request's country by a flag; `field` names the flag.";
    // Orders, bag and products.
    Conflict = "conflict", CONFLICT, "The request conflicts with the stored state; `field` names what.";
    StatusConflict = "status-conflict", CONFLICT, "A cancelled line takes no other status event.";
    NoPricingInfo = "no-pricing-info", UNPROCESSABLE_ENTITY, "Add to bag: the product has no price in the bag's currency.";
    OutOfStock = "out-of-stock", CONFLICT, "Add to bag: the size is out of stock.";
    BagCurrencyMismatch = "bag-currency-mismatch", CONFLICT, "Add to bag: the bag holds items priced in another currency.";
    BagLimit = "bag-limit", CONFLICT, "Add to bag: a bag holds at most 10 of one size.";
    GetShopSimilarFailure = "get-shop-similar-failure", SERVICE_UNAVAILABLE, "Similar products could not be loaded.";
    GiftCardInvalid = "gift-card-invalid", BAD_REQUEST, "Unknown card, wrong PIN or locked card (one answer for all three).";
    AddressLimitReached = "address-limit-reached", CONFLICT, "A member with the most saved addresses adds another.";
    // Cancellation.
    AlreadyCancelled = "already-cancelled", CONFLICT, "Job outcome: every line of the order is cancelled already.";
    CancelWindowExpired = "cancel-window-expired", UNPROCESSABLE_ENTITY, "Job outcome: the time to cancel has passed.";
    CancelInvalidState = "cancel-invalid-state", UNPROCESSABLE_ENTITY, "Job outcome: a line is past cancelling.";
    // Returns.
    ReturnQuantityExceeded = "return-quantity-exceeded", CONFLICT, "More units than the line may still return.";
    ReturnMethodUnavailable = "return-method-unavailable", CONFLICT, "The return method is not offered for this order, or no carrier serves the pickup; as a job outcome, the carrier refused to make the return's label.";
    ReturnWindowClosed = "return-window-closed", CONFLICT, "The return period of the line has ended.";
    ItemNotReturnable = "item-not-returnable", CONFLICT, "The line cannot be returned (e.g. a customised item).";
    StoreCountryMismatch = "store-country-mismatch", CONFLICT, "An in-store return in another country than the order's.";
    ReturnNotReady = "return-not-ready", CONFLICT, "The return is still being created.";
    LabelNotAvailable = "label-not-available", CONFLICT, "The return has no carrier label.";
    StoreReturnEmailFailure = "store-return-email-failure", BAD_REQUEST, "The store-return e-mail could not be sent (the mail server refused it or is down); nothing was sent and the page says 'Take the next step'.";
    WithdrawalNotAvailable = "withdrawal-not-available", CONFLICT, "The order can no longer be withdrawn from.";
    WithdrawalAlreadyDeclared = "withdrawal-already-declared", CONFLICT, "A withdrawal was declared for this order already.";
    CarrierPickupRefused = "carrier-pickup-refused", CONFLICT, "Job outcome: the carrier refused the courier pickup.";
    ServiceCancellationFailure = "service-cancellation-failure", BAD_GATEWAY, "Job outcome: the cancellation could not be carried out after its tries (the database or the order kept failing); the order is unchanged and the page offers to try again.";
    OrderDetailReturnFailure = "order-detail-return-failure", NOT_FOUND, "The return order does not exist or the caller may not see it (one answer for both): its label, instructions and documents.";
    ServiceDorisCommsFailure = "service-doris-comms-failure", BAD_GATEWAY, "Stored outcome: the return notification to the retailer's system failed; the return goes on.";
    // Payments and e-invoices.
    ServiceDeferredPaymentFailure = "service-deferred-payment-failure", BAD_GATEWAY, "Job outcome: the payment provider refused to start the payment (it answered 4xx) or answered something unreadable; trying again would not help.";
    NoPaymentHold = "no-payment-hold", CONFLICT, "Job outcome: the order has no payment to make.";
    OrderCancelled = "order-cancelled", CONFLICT, "Job outcome: the order was cancelled.";
    WebhookReplayed = "webhook-replayed", CONFLICT, "A payment provider callback was received before.";
    EinvoiceNotAvailable = "einvoice-not-available", CONFLICT, "No e-invoice for this order (China, once an item has shipped).";
    EinvoiceAlreadyRequested = "einvoice-already-requested", CONFLICT, "An e-invoice was requested for this order already.";
    EinvoiceRenderFailure = "einvoice-render-failure", UNPROCESSABLE_ENTITY, "Job outcome: the e-invoice could not be drawn.";
    // Curbside pickup.
    CurbsideMissingParameters = "curbside-missing-parameters", BAD_REQUEST, "orderNumber, storeId, storeServiceId or validationCode.code is missing.";
    CurbsideStoreClosed = "curbside-store-closed", UNPROCESSABLE_ENTITY, "The store is not open now in its own time zone.";
    CurbsideNotOffered = "curbside-not-offered", UNPROCESSABLE_ENTITY, "The store does not offer curbside pickup.";
    CurbsideOrderNotReady = "curbside-order-not-ready", UNPROCESSABLE_ENTITY, "The order has no line ready for pickup at this store.";
    CurbsideInvalidValidationCode = "curbside-invalid-validation-code", UNPROCESSABLE_ENTITY, "The validation code is not the order's own QR id.";
    PickupDuplicate = "pickup-duplicate", CONFLICT, "The order has an open pickup interaction; `Location` names it.";
    PickupInvalidTransition = "pickup-invalid-transition", CONFLICT, "The pickup interaction no longer allows this change.";
    // Events out (webhooks, the feed).
    InvalidEventCursor = "invalid-event-cursor", BAD_REQUEST, "The feed's `after` is not a cursor the feed gave out.";
    WebhookInvalidUrl = "webhook-invalid-url", UNPROCESSABLE_ENTITY, "A webhook's `url` is not an absolute http or https URL.";
    WebhookNoEvents = "webhook-no-events", UNPROCESSABLE_ENTITY, "A webhook's `events` is empty (name event types, or `*`).";
    UnknownEventType = "unknown-event-type", UNPROCESSABLE_ENTITY, "A webhook names an event type that does not exist; `field` names which.";
    // Jobs in general.
    InvalidJob = "invalid-job", BAD_REQUEST, "Job outcome: the job's payload names nothing it can work on.";
    Retrying = "retrying", SERVICE_UNAVAILABLE, "Job state: the last try met a dependency that did not answer; the job is tried again.";
    UnknownJobKind = "unknown-job-kind", INTERNAL_SERVER_ERROR, "Job outcome: no handler is registered for the job's kind (a job written by another build).";
    // The server itself.
    ServiceBusy = "service-busy", SERVICE_UNAVAILABLE, "Too much work at once (e.g. sign-ins being checked); `Retry-After` says when to try again.";
    StorageFull = "storage-full", SERVICE_UNAVAILABLE, "The database's disk (or its configured size) is full: nothing was written, reads go on; `Retry-After` says when to try again.";
    ServiceUnavailable = "service-unavailable", SERVICE_UNAVAILABLE, "The database, or an outside provider (payment provider, carrier, address validator), is not answering: an answer carries `Retry-After`; a job ends FAILED with it after its tries.";
    Internal = "internal", INTERNAL_SERVER_ERROR, "An unexpected failure (logged once on the server).";
}

/// Written by hand: utoipa's derive does not see a `serde(rename)` that a `macro_rules!` pastes in, and the
/// document must list the codes as answered (`invalid-order-number`), not the variants' names.
impl utoipa::PartialSchema for Code {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .description(Some("A stable error code (docs/API.md lists when each is given)."))
            .enum_values(Some(Code::ALL.iter().map(|code| code.as_str())))
            .into()
    }
}

impl utoipa::ToSchema for Code {}

impl std::fmt::Display for Code {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(self.as_str())
    }
}

/// The catalogue as the Markdown table of docs/API.md (between its `error-codes` markers).
pub fn markdown_table() -> String {
    let mut table = String::from("| status | code | when |\n|---|---|---|\n");
    for code in Code::ALL {
        table.push_str(&format!("| {} | {} | {} |\n", code.status().as_u16(), code.as_str(), code.meaning()));
    }
    table
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn every_code_is_listed_once_and_reads_back() {
        let texts: HashSet<&str> = Code::ALL.iter().map(|code| code.as_str()).collect();
        assert_eq!(texts.len(), Code::ALL.len(), "two codes share a text");
        for code in Code::ALL {
            let json = serde_json::to_string(code).unwrap_or_default();
            assert_eq!(json, format!("\"{}\"", code.as_str()));
            let back: Code = serde_json::from_str(&json).unwrap_or(Code::Internal);
            assert_eq!(back, *code);
        }
    }

    #[test]
    fn codes_are_kebab_case() {
        for code in Code::ALL {
            let text = code.as_str();
            assert!(
                text.chars().all(|c| c.is_ascii_lowercase() || c == '-') && !text.starts_with('-'),
                "{text} is not kebab-case"
            );
        }
    }

    /// docs/API.md's error table is this catalogue; regenerate it with
    /// `ORDERS_WRITE_DOCS=1 cargo test -p server error::code` after adding a code.
    #[test]
    fn the_api_doc_lists_every_code() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/API.md");
        let doc = std::fs::read_to_string(path).unwrap_or_default();
        let (start, end) = ("<!-- error-codes:start -->\n", "<!-- error-codes:end -->");
        let (Some(from), Some(to)) = (doc.find(start), doc.find(end)) else {
            panic!("docs/API.md has no error-codes markers");
        };
        let table = markdown_table();
        let current = &doc[from + start.len()..to];
        if current != table {
            if std::env::var_os("ORDERS_WRITE_DOCS").is_some() {
                let written = format!("{}{}{}", &doc[..from + start.len()], table, &doc[to..]);
                std::fs::write(path, written).unwrap_or_default();
            } else {
                panic!(
                    "docs/API.md's error table differs from error::Code; run ORDERS_WRITE_DOCS=1 cargo test -p server error::code"
                );
            }
        }
    }
}
