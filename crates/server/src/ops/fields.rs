//! Reading a JSON object field by field, so that every rule broken names its field
//! (`lines[2].quantity`) instead of answering a generic parse error.

use serde_json::{Map, Value};

use crate::error::AppError;

pub struct Fields<'a> {
    object: &'a Map<String, Value>,
    prefix: String,
}

/// Longest text accepted in any free-text field.
pub const MAX_TEXT: usize = 256;

impl<'a> Fields<'a> {
    pub fn new(value: &'a Value, prefix: &str) -> Result<Self, AppError> {
        let object = value.as_object().ok_or_else(|| {
            let name = if prefix.is_empty() { "body" } else { prefix };
            AppError::validation(name, format!("{name} must be a JSON object"))
        })?;
        Ok(Self { object, prefix: prefix.to_owned() })
    }

    pub fn path(&self, name: &str) -> String {
        if self.prefix.is_empty() { name.to_owned() } else { format!("{}.{name}", self.prefix) }
    }

    pub fn error(&self, name: &str, message: impl Into<String>) -> AppError {
        AppError::validation(self.path(name), message)
    }

    fn present(&self, name: &str) -> Option<&'a Value> {
        self.object.get(name).filter(|value| !value.is_null())
    }

    pub fn raw(&self, name: &str) -> Option<&'a Value> {
        self.present(name)
    }

    pub fn optional_text(&self, name: &str) -> Result<Option<String>, AppError> {
        match self.present(name) {
            None => Ok(None),
            Some(Value::String(text)) if text.chars().count() > MAX_TEXT => {
                Err(self.error(name, format!("{} is longer than {MAX_TEXT} characters", self.path(name))))
            }
            Some(Value::String(text)) => {
                let trimmed = text.trim();
                Ok((!trimmed.is_empty()).then(|| trimmed.to_owned()))
            }
            Some(_) => Err(self.error(name, format!("{} must be text", self.path(name)))),
        }
    }

    pub fn required_text(&self, name: &str) -> Result<String, AppError> {
        self.optional_text(name)?.ok_or_else(|| self.error(name, format!("{} is required", self.path(name))))
    }

    pub fn text_or_empty(&self, name: &str) -> Result<String, AppError> {
        Ok(self.optional_text(name)?.unwrap_or_default())
    }

    pub fn optional_integer(&self, name: &str) -> Result<Option<i64>, AppError> {
        match self.present(name) {
            None => Ok(None),
            Some(value) => value
                .as_i64()
                .map(Some)
                .ok_or_else(|| self.error(name, format!("{} must be a whole number", self.path(name)))),
        }
    }

    pub fn required_integer(&self, name: &str) -> Result<i64, AppError> {
        self.optional_integer(name)?.ok_or_else(|| self.error(name, format!("{} is required", self.path(name))))
    }

    pub fn optional_bool(&self, name: &str) -> Result<Option<bool>, AppError> {
        match self.present(name) {
            None => Ok(None),
            Some(Value::Bool(flag)) => Ok(Some(*flag)),
            Some(_) => Err(self.error(name, format!("{} must be true or false", self.path(name)))),
        }
    }

    /// An amount as its exact decimal text: a JSON number (read from the raw text) or a string.
    pub fn optional_amount_text(&self, name: &str) -> Result<Option<String>, AppError> {
        match self.present(name) {
            None => Ok(None),
            Some(Value::Number(number)) => Ok(Some(number.to_string())),
            Some(Value::String(text)) => Ok(Some(text.trim().to_owned())),
            Some(_) => Err(self.error(name, format!("{} must be a decimal number", self.path(name)))),
        }
    }

    pub fn optional_array(&self, name: &str) -> Result<&'a [Value], AppError> {
        match self.present(name) {
            None => Ok(&[]),
            Some(Value::Array(items)) => Ok(items),
            Some(_) => Err(self.error(name, format!("{} must be a list", self.path(name)))),
        }
    }
}
