//! Identity: member sign-in and access tokens, and the extractors that tell who is calling.

pub mod db;
pub mod identity;
pub mod oidc;
mod ops_key;
pub mod password;
pub mod reset;
pub mod routes;
pub mod sign_up;
pub mod token;

pub use db::ensure_provider_member;
pub use identity::{MaybeMember, Member};
pub use ops_key::{Ops, has_ops_key};
pub use token::TokenKeys;
