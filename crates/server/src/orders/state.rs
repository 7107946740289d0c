//! The orders area's state: the platform, the country settings, the response cache and the ready-row
//! writers, and the contributors of the order view. Derived from the app's state (`FromRef`, one
//! reference count per clone: it is taken for every request). The areas that work on orders (returns,
//! cancellation, payments, pickups, ops) take it too: every write of theirs must forget the cached
//! answers it holds.

use std::sync::Arc;

use super::behind::Writer;
use super::cache::ResponseCache;
use super::hooks::OrderDetailContributors;
use super::{ready_detail, ready_page};
use crate::platform::{Part, Platform};
use crate::settings::SiteSettings;

pub type OrdersState = Part<OrdersParts>;

/// What `OrdersState` holds.
pub struct OrdersParts {
    pub platform: Platform,
    /// Countries and feature flags (`state.settings.flag(country, Flag::X)`).
    pub settings: Arc<SiteSettings>,
    pub cache: Arc<ResponseCache>,
    /// Stores rendered order details behind their answers (`orders::ready_detail`).
    pub ready_details: Writer<ready_detail::Ready>,
    /// Stores rendered history pages behind their answers (`orders::ready_page`).
    pub ready_pages: Writer<ready_page::Ready>,
    /// What returns, cancellation and payments add to an order's detail (`OrderDetailContributor`).
    pub order_contributors: OrderDetailContributors,
}

impl std::ops::Deref for OrdersParts {
    type Target = Platform;

    fn deref(&self) -> &Platform {
        &self.platform
    }
}
