//! Reading and writing the few cookies the server sets (the member session, the guest bag).

use axum::http::{HeaderMap, HeaderValue, header};

/// The value of cookie `name` in the request, if sent.
pub fn get<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|text| text.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value)
}

/// A `Set-Cookie` value: HttpOnly, SameSite=Lax, the whole site, and Secure unless told otherwise
/// (browsers keep Secure cookies on http://localhost too; `--insecure-cookies` is for plain-http hosts).
pub fn set(name: &str, value: &str, max_age_seconds: i64, secure: bool) -> Option<HeaderValue> {
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!("{name}={value}; Path=/; Max-Age={max_age_seconds}; HttpOnly; SameSite=Lax{secure}"))
        .ok()
}
