//! The fields of a delivery address (spec 002 §3) as text, before and after validation.

use serde::{Deserialize, Serialize};

/// A field a layout can place on the form. `name` is not one: it is written from the name parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum AddressField {
    NameGiven,
    NameFamily,
    Line1,
    Line2,
    Line3,
    Locality,
    Zone,
    Province,
    Code,
    Phone,
    Email,
}

impl AddressField {
    pub const ALL: [Self; 11] = [
        Self::NameGiven,
        Self::NameFamily,
        Self::Line1,
        Self::Line2,
        Self::Line3,
        Self::Locality,
        Self::Zone,
        Self::Province,
        Self::Code,
        Self::Phone,
        Self::Email,
    ];

    /// The JSON name, which is also the `field` of an error.
    pub fn json_name(self) -> &'static str {
        match self {
            Self::NameGiven => "nameGiven",
            Self::NameFamily => "nameFamily",
            Self::Line1 => "line1",
            Self::Line2 => "line2",
            Self::Line3 => "line3",
            Self::Locality => "locality",
            Self::Zone => "zone",
            Self::Province => "province",
            Self::Code => "code",
            Self::Phone => "phone",
            Self::Email => "email",
        }
    }

    /// Longest accepted value, in characters.
    pub fn max_chars(self) -> usize {
        match self {
            Self::NameGiven | Self::NameFamily => 40,
            Self::Line1 | Self::Line2 | Self::Line3 => 100,
            Self::Locality | Self::Zone | Self::Province => 60,
            Self::Code => 12,
            Self::Phone => 24,
            Self::Email => 254,
        }
    }
}

/// The address's text fields (no id, no preferred flag: those belong to the address book).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AddressFields {
    pub code: Option<String>,
    pub country: Option<String>,
    pub email: Option<String>,
    pub line1: Option<String>,
    pub line2: Option<String>,
    pub line3: Option<String>,
    pub locality: Option<String>,
    pub name: Option<String>,
    pub name_family: Option<String>,
    pub name_given: Option<String>,
    pub phone: Option<String>,
    pub province: Option<String>,
    pub zone: Option<String>,
}

impl AddressFields {
    pub fn get(&self, field: AddressField) -> Option<&str> {
        self.slot(field).as_deref()
    }

    pub fn set(&mut self, field: AddressField, value: Option<String>) {
        *self.slot_mut(field) = value;
    }

    fn slot(&self, field: AddressField) -> &Option<String> {
        match field {
            AddressField::NameGiven => &self.name_given,
            AddressField::NameFamily => &self.name_family,
            AddressField::Line1 => &self.line1,
            AddressField::Line2 => &self.line2,
            AddressField::Line3 => &self.line3,
            AddressField::Locality => &self.locality,
            AddressField::Zone => &self.zone,
            AddressField::Province => &self.province,
            AddressField::Code => &self.code,
            AddressField::Phone => &self.phone,
            AddressField::Email => &self.email,
        }
    }

    fn slot_mut(&mut self, field: AddressField) -> &mut Option<String> {
        match field {
            AddressField::NameGiven => &mut self.name_given,
            AddressField::NameFamily => &mut self.name_family,
            AddressField::Line1 => &mut self.line1,
            AddressField::Line2 => &mut self.line2,
            AddressField::Line3 => &mut self.line3,
            AddressField::Locality => &mut self.locality,
            AddressField::Zone => &mut self.zone,
            AddressField::Province => &mut self.province,
            AddressField::Code => &mut self.code,
            AddressField::Phone => &mut self.phone,
            AddressField::Email => &mut self.email,
        }
    }
}
