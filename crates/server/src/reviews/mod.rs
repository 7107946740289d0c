//! Write a review (spec 000 §2, §7): the review provider's user registration answers a signature that
//! the write-a-review link carries. The provider sits behind `ReviewProvider`; the sandbox provider signs
//! with HMAC-SHA256 like a real one and serves the page the link opens, which checks the signature.

pub mod provider;
pub mod routes;
