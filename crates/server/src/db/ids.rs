//! The domain's checked identifiers read back from a row. A stored value passed its rule when it was
//! written, so one that fails it now is a corrupt row (a decode error), never the caller's input.

use sqlx::Row;
use sqlx::any::AnyRow;

/// The column's text as `T`, by `T`'s own parse.
pub fn id<T, E: std::fmt::Display>(
    row: &AnyRow,
    column: &str,
    parse: impl Fn(&str) -> Result<T, E>,
) -> Result<T, sqlx::Error> {
    let text: String = row.try_get(column)?;
    parse(&text).map_err(|error| sqlx::Error::Decode(format!("stored {column} `{text}`: {error}").into()))
}

/// A nullable column's text as `T`.
pub fn optional_id<T, E: std::fmt::Display>(
    row: &AnyRow,
    column: &str,
    parse: impl Fn(&str) -> Result<T, E>,
) -> Result<Option<T>, sqlx::Error> {
    let text: Option<String> = row.try_get(column)?;
    text.map(|text| {
        parse(&text).map_err(|error| sqlx::Error::Decode(format!("stored {column} `{text}`: {error}").into()))
    })
    .transpose()
}
