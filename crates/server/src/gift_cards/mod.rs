//! Gift card balance (spec 000 §2, §8; 002 §7): anyone may check a card with its number and PIN; cards
//! and their balance movements are fed by ops. PINs are kept only as Argon2id hashes.

pub mod db;
pub mod routes;
