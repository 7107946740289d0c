//! One integration-test binary: the real app on port 0, fed through the ops API, called like a client,
//! on SQLite and on PostgreSQL.
#![expect(clippy::expect_used, reason = "a test stops at the first broken step, with its reason")]

mod helpers;

mod addresses;
mod auth;
mod authz_sweep;
mod bulk;
mod cached_access;
mod cancellation;
mod configuration;
mod consent;
mod crash;
mod curbside;
mod database_reads;
mod detail;
mod documents;
mod einvoice;
mod events;
mod faults;
mod flag_effects;
mod gift_cards;
mod hardening;
mod history;
mod history_filters;
mod jobs;
mod kept_gzip;
mod layers;
mod metrics;
mod oidc;
mod oidc_provider;
mod ops;
mod order_entity;
mod orders_contract;
mod own_postgres;
mod parsers;
mod password_reset;
mod payments;
mod providers;
mod ready_details;
mod ready_pages;
mod ready_rows;
mod return_flags;
mod returns;
mod seed;
mod services;
mod session;
mod storage_full;
mod web;
mod write_path;
mod write_transactions;
