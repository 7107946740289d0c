//! Request extractors whose rejections are our error shape.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use crate::error::AppError;

/// JSON body; malformed JSON or a wrong shape answers 400 `invalid-json` with serde's reason.
pub struct JsonBody<T>(pub T);

impl<S, T> FromRequest<S> for JsonBody<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(request, state).await {
            Ok(axum::Json(value)) => Ok(Self(value)),
            Err(rejection) => Err(json_rejection(rejection)),
        }
    }
}

fn json_rejection(rejection: JsonRejection) -> AppError {
    let message = match rejection {
        JsonRejection::MissingJsonContentType(_) => "send the body as application/json".to_owned(),
        JsonRejection::JsonDataError(error) => error.body_text(),
        JsonRejection::JsonSyntaxError(error) => error.body_text(),
        other => other.body_text(),
    };
    AppError::InvalidJson(message)
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
        Ok(Self(form_urlencoded::parse(query.as_bytes()).into_owned().collect()))
    }
}
