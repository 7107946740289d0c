//! Identity: member sign-in and access tokens, and the extractors that tell who is calling.

pub mod caller;
pub mod credential;
pub mod db;
pub mod identity;
pub mod oidc;
pub mod password;
pub mod reset;
pub mod routes;
pub mod sign_up;
pub mod token;

pub use crate::extract::{Ops, has_ops_key};
pub use db::ensure_provider_member;
pub use identity::{AuthState, MaybeMember, Member, SiteRules};
pub use token::TokenKeys;
