//! One integration-test binary: the real app on port 0, fed through the ops API, called like a client,
//! on SQLite and on PostgreSQL.
#![expect(clippy::expect_used, reason = "a test stops at the first broken step, with its reason")]

mod helpers;

mod addresses;
mod auth;
mod consent;
mod detail;
mod documents;
mod gift_cards;
mod hardening;
mod history;
mod jobs;
mod metrics;
mod ops;
mod orders_contract;
mod returns;
mod seed;
mod services;
mod session;
mod web;
