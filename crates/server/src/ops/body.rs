//! What the ops API accepts besides orders (those are `orders::body`): serde structs made of types that
//! only hold valid values. A broken rule answers 400 `validation-failed` naming its field.

use serde::Deserialize;
use serde::de::{self, Deserializer};
use utoipa::ToSchema;

use crate::orders::{CountryCode, Email, Text};

/// `POST /ops/v1/members`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MemberBody {
    #[schema(inline)]
    pub email: Email,
    /// 8 to 128 characters.
    #[schema(min_length = 8, max_length = 128)] // MIN_PASSWORD, MAX_PASSWORD (a literal is all the attribute takes)
    #[serde(deserialize_with = "password")]
    pub password: String,
    #[schema(inline)]
    pub first_name: Text,
    #[schema(inline)]
    pub last_name: Text,
    #[schema(inline)]
    pub country: CountryCode,
}

pub const MIN_PASSWORD: usize = 8;
pub const MAX_PASSWORD: usize = 128;

fn password<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    let password = String::deserialize(deserializer).map_err(|_| de::Error::custom("password is required"))?;
    if (MIN_PASSWORD..=MAX_PASSWORD).contains(&password.chars().count()) {
        Ok(password)
    } else {
        Err(de::Error::custom(format!("a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters")))
    }
}
