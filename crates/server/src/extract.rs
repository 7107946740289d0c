//! Request extractors whose rejections are our error shape.

use std::net::{IpAddr, SocketAddr};

use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use crate::error::AppError;
use crate::platform::Platform;

/// JSON body; malformed JSON or a wrong shape answers 400 `invalid-json` with serde's reason, and text
/// with control characters answers 400 `invalid-characters` naming the field, on every database alike
/// (PostgreSQL refuses NUL in text; SQLite would store it).
pub struct JsonBody<T>(pub T);

impl<S, T> FromRequest<S> for JsonBody<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let value = match axum::Json::<serde_json::Value>::from_request(request, state).await {
            Ok(axum::Json(value)) => value,
            Err(rejection) => return Err(json_rejection(rejection)),
        };
        if let Some(field) = field_with_control_characters(&value, "") {
            return Err(AppError::ControlCharacters { field });
        }
        serde_json::from_value(value).map(Self).map_err(|error| AppError::InvalidJson(error.to_string()))
    }
}

/// `is_forbidden_control` as the inside of a regular-expression character class, for the API document's
/// patterns (`openapi::NO_CONTROL_CHARACTERS`, the ops body's text fields).
pub const FORBIDDEN_CONTROL_CLASS: &str = "\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u2028\\u2029";

/// Every control character (`char::is_control`, tab and line breaks included) and the line and paragraph
/// separators: what fields that hold one line of text refuse (`orders::fields`, product texts).
pub const ANY_CONTROL_CLASS: &str = "\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029";

/// The document's shape of a field the server trims and requires: at most `max` characters, not only
/// white space, none of `class` (`FORBIDDEN_CONTROL_CLASS` or `ANY_CONTROL_CLASS`). For
/// `#[schema(schema_with = ...)]` through a small named fn.
pub fn non_blank_text(max: usize, class: &str) -> utoipa::openapi::schema::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::Type::String)
        .pattern(Some(format!("^[^{class}]*[^\\s{class}][^{class}]*$")))
        .min_length(Some(1))
        .max_length(Some(max))
        .build()
}

/// The document's shape of an amount the ops API takes as decimal text or a JSON number, non-negative (the
/// currency's decimals are checked against the currency named beside it).
pub fn decimal_amount() -> utoipa::openapi::schema::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::SchemaType::from_iter([
            utoipa::openapi::Type::String,
            utoipa::openapi::Type::Number,
        ]))
        .description(Some("a non-negative decimal in the currency's major unit, as text (\"19.99\") or a number"))
        .build()
}

/// Letters, digits, `-` and `_`, 1 to 64: the ids and codes the ops API takes (product, style colour,
/// SKU, address ids).
pub const CODE_PATTERN: &str = "^[A-Za-z0-9_-]{1,64}$";

/// C0 and C1 control characters, except the line breaks and tab that free text may hold.
pub fn is_forbidden_control(c: char) -> bool {
    (c.is_control() && !matches!(c, '\n' | '\r' | '\t')) || c == '\u{2028}' || c == '\u{2029}'
}

/// The path (`lines[1].title`) of the first string, or object key, holding a forbidden control character.
pub fn field_with_control_characters(value: &serde_json::Value, path: &str) -> Option<String> {
    let bad = |text: &str| text.chars().any(is_forbidden_control);
    match value {
        serde_json::Value::String(text) if bad(text) => {
            Some(if path.is_empty() { "body".to_owned() } else { path.to_owned() })
        }
        serde_json::Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(index, item)| field_with_control_characters(item, &format!("{path}[{index}]"))),
        serde_json::Value::Object(fields) => fields.iter().find_map(|(name, item)| {
            let child = if path.is_empty() { name.clone() } else { format!("{path}.{name}") };
            if bad(name) { Some(child) } else { field_with_control_characters(item, &child) }
        }),
        _ => None,
    }
}

fn json_rejection(rejection: JsonRejection) -> AppError {
    if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        return AppError::PayloadTooLarge;
    }
    let message = match rejection {
        JsonRejection::MissingJsonContentType(_) => "send the body as application/json".to_owned(),
        JsonRejection::JsonDataError(error) => error.body_text(),
        JsonRejection::JsonSyntaxError(error) => error.body_text(),
        other => other.body_text(),
    };
    AppError::InvalidJson(message)
}

/// A typed query string whose rejection (a wrong type, a number out of range, an unknown name) is our
/// error shape, 400 `invalid-query` as JSON, not axum's plain-text answer; control characters answer
/// `invalid-characters` first, as with `QueryPairs`.
pub struct QueryOf<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for QueryOf<T> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        QueryPairs::from_request_parts(parts, state).await?;
        axum::extract::Query::<T>::try_from_uri(&parts.uri)
            .map(|axum::extract::Query(query)| Self(query))
            .map_err(|rejection| AppError::InvalidQuery(rejection.body_text()))
    }
}

/// `#[serde(deserialize_with = "crate::extract::object")]` for a field whose type has only optional fields:
/// serde reads a struct from a JSON array too (`[null, null]` fills the first two fields), and the
/// document says object. The contract test's negative data found it.
pub fn object<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: DeserializeOwned,
{
    use serde::Deserialize;
    let fields = serde_json::Map::<String, serde_json::Value>::deserialize(deserializer)?;
    serde_json::from_value(serde_json::Value::Object(fields)).map_err(serde::de::Error::custom)
}

/// The query string as (name, value) pairs, repeated names kept (e.g. several `filter`s).
pub struct QueryPairs(pub Vec<(String, String)>);

impl QueryPairs {
    pub fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.0.iter().filter(move |(key, _)| key == name).map(|(_, value)| value.as_str())
    }

    pub fn first<'a>(&'a self, name: &'a str) -> Option<&'a str> {
        self.all(name).next()
    }
}

impl<S: Send + Sync> FromRequestParts<S> for QueryPairs {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or("");
        let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
        if let Some((name, _)) =
            pairs.iter().find(|(name, value)| name.chars().chain(value.chars()).any(is_forbidden_control))
        {
            return Err(AppError::ControlCharacters { field: name.clone() });
        }
        Ok(Self(pairs))
    }
}

/// Reads a JSON body taken as raw bytes (endpoints with an Idempotency-Key hash the raw body first) with
/// the same rules as `JsonBody`: 400 `invalid-json` for a bad shape, 400 `invalid-characters` for control
/// characters.
pub fn parse_json_bytes<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, AppError> {
    let value: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|error| AppError::InvalidJson(error.to_string()))?;
    if let Some(field) = field_with_control_characters(&value, "") {
        return Err(AppError::ControlCharacters { field });
    }
    serde_json::from_value(value).map_err(|error| AppError::InvalidJson(error.to_string()))
}

/// The client's address: the connection's peer, unless that peer is a configured proxy; then the
/// nearest address in X-Forwarded-For that is not itself a trusted proxy (what a client sends beyond that
/// is not believed). Every limiter keys on this one function.
pub fn client_ip(parts: &Parts, trusted_proxies: &[ipnet::IpNet]) -> IpAddr {
    let peer = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::from([127, 0, 0, 1]), |ConnectInfo(peer)| peer.ip());
    let trusted = |ip: &IpAddr| trusted_proxies.iter().any(|net| net.contains(ip));
    if !trusted(&peer) {
        return peer;
    }
    let forwarded: Vec<IpAddr> = parts
        .headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|text| text.split(','))
        .filter_map(|part| part.trim().parse().ok())
        .collect();
    forwarded.into_iter().rev().find(|ip| !trusted(ip)).unwrap_or(peer)
}

/// The retailer's own systems, proven by the `X-Ops-Key` header. Without a configured key the whole
/// ops API answers 404, as if it did not exist. A platform extractor: it needs only the configured key,
/// so the platform's own routes (`/metrics`, the mail outbox) use it without the identity layer.
pub struct Ops;

pub(crate) fn constant_time_equal(left: &[u8], right: &[u8]) -> bool {
    left.len() == right.len() && left.iter().zip(right).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

/// Whether the request carries the configured ops key (false when none is configured).
pub fn has_ops_key(platform: &Platform, headers: &axum::http::HeaderMap) -> bool {
    let Some(expected) = platform.ops_key.as_deref() else {
        return false;
    };
    let given = headers.get("x-ops-key").map(|value| value.as_bytes()).unwrap_or_default();
    constant_time_equal(given, expected.as_bytes())
}

/// Implements axum's `FromRequestParts` for an extractor that needs the request's parts and one part of
/// the app's state (`$part: FromRef<S>`, so it works on any app state that has it) and refuses with an
/// `AppError`. `$body` sees `$parts: &mut Parts` and `$state: &$part`.
macro_rules! parts_extractor {
    ($extractor:ty, $part:ty, |$parts:ident, $state:ident| $body:block) => {
        impl<S> axum::extract::FromRequestParts<S> for $extractor
        where
            S: Send + Sync,
            $part: axum::extract::FromRef<S>,
        {
            type Rejection = crate::error::AppError;

            async fn from_request_parts(
                $parts: &mut axum::http::request::Parts,
                state: &S,
            ) -> Result<Self, Self::Rejection> {
                let $state = &<$part as axum::extract::FromRef<S>>::from_ref(state);
                $body
            }
        }
    };
}
pub(crate) use parts_extractor;

parts_extractor!(Ops, Platform, |parts, platform| {
    if platform.ops_key.is_none() {
        return Err(AppError::NotFound);
    }
    if has_ops_key(platform, &parts.headers) { Ok(Ops) } else { Err(AppError::Unauthorized) }
});
