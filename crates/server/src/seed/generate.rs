//! Generating members and orders from a seed.

use domain::status::raw_statuses;
use domain::{Currency, Money, OrderType, SimpleStatus};

use super::data::{APPAREL_SIZES, CARRIERS, MARKETS, Market, PARTNERS, PRODUCTS, SHOE_SIZES, STORES};
use super::rng::{Rng, stable_hash};
use super::{SeedPlan, catalogue};
use crate::orders::contract::TransactionAlt;
use crate::orders::fields::{DecimalText, OptText};
use crate::orders::store::{StoredLine, StoredOrder, StoredPhone};

/// Every demo sign-in uses this password (README). Generated members share its one hash.
pub const DEMO_PASSWORD: &str = "orders-demo";

/// (e-mail, country, first name, last name). The first is the heaviest member; the last has no orders.
pub const DEMO_MEMBERS: &[(&str, &str, &str, &str)] = &[
    ("shopper@example.com", "US", "Jane", "Carter"),
    ("shopper.gb@example.com", "GB", "Amelia", "Evans"),
    ("shopper.fr@example.com", "FR", "Camille", "Martin"),
    ("shopper.de@example.com", "DE", "Lukas", "Müller"),
    ("shopper.nl@example.com", "NL", "Emma", "de Vries"),
    ("shopper.jp@example.com", "JP", "Yui", "Sato"),
    ("shopper.kr@example.com", "KR", "Seoyeon", "Kim"),
    ("shopper.cn@example.com", "CN", "Wei", "Wang"),
    ("shopper.au@example.com", "AU", "Charlotte", "Wilson"),
    ("new.shopper@example.com", "US", "Sam", "Rivera"),
];

/// Guest orders with fixed numbers for the README: (order number, country, e-mail, phone code, phone).
pub const DEMO_GUEST_ORDERS: &[(&str, &str, &str, &str, &str)] = &[
    ("C00000000001", "US", "guest@example.com", "1", "5035550100"),
    ("C00000000002", "GB", "guest.gb@example.com", "44", "7700900123"),
    ("C00000000003", "JP", "guest.jp@example.com", "81", "9012345678"),
];

/// Gift cards: (number, PIN, currency, balance in minor units).
pub const GIFT_CARDS: &[(&str, &str, &str, i64)] = &[
    ("6060123456789012345", "123456", "USD", 5000),
    ("6060123456789012346", "654321", "USD", 0),
    ("6060987654321098765", "111222", "GBP", 2550),
    ("6060555544443333222", "909090", "EUR", 10000),
    ("6060111122223333444", "246810", "JPY", 300000),
];

pub struct SeedMember {
    pub upm_id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub country: &'static str,
    pub password_hash: String,
}

fn market(country: &str) -> &'static Market {
    MARKETS.iter().find(|m| m.country == country).unwrap_or(&MARKETS[0])
}

pub(super) fn upm_id_for(email: &str) -> String {
    let high = stable_hash(email);
    let low = stable_hash(&format!("{email}#upm"));
    format!(
        "{:08x}-{:04x}-4{:03x}-a{:03x}-{:012x}",
        high >> 32,
        (high >> 16) & 0xffff,
        high & 0xfff,
        low >> 52,
        low & 0xffff_ffff_ffff
    )
}

pub fn members(plan: &SeedPlan, password_hash: &str) -> Vec<SeedMember> {
    let mut rng = Rng::new(plan.seed);
    let mut members = Vec::with_capacity(plan.members as usize);
    for &(email, country, first, last) in DEMO_MEMBERS {
        members.push(SeedMember {
            upm_id: upm_id_for(email),
            email: email.to_owned(),
            first_name: first.to_owned(),
            last_name: last.to_owned(),
            country,
            password_hash: password_hash.to_owned(),
        });
    }
    for index in members.len()..plan.members as usize {
        let market = &MARKETS[index % MARKETS.len()];
        let email = format!("member{index}@example.com");
        members.push(SeedMember {
            upm_id: upm_id_for(&email),
            email,
            first_name: (*rng.pick(&market.first_names)).to_owned(),
            last_name: (*rng.pick(&market.last_names)).to_owned(),
            country: market.country,
            password_hash: password_hash.to_owned(),
        });
    }
    members
}

/// Orders per member: weight ((N - i - 0.5) / N)^19, so member 0 is the heaviest (about 2,000 of a
/// million orders over 10,000 members) and three in four members have fewer than ten.
fn order_counts(member_count: usize, member_orders: u64) -> Vec<u64> {
    let n = member_count as f64;
    let weights: Vec<f64> = (0..member_count).map(|i| ((n - i as f64 - 0.5) / n).powi(19)).collect();
    let total: f64 = weights.iter().sum();
    let mut counts: Vec<u64> = weights.iter().map(|w| (member_orders as f64 * w / total).floor() as u64).collect();
    if let Some(last_demo) = counts.get_mut(DEMO_MEMBERS.len() - 1) {
        *last_demo = 0; // new.shopper@example.com shows the empty history
    }
    // Every other demo member has room for the showcase orders, taken from the heaviest member.
    for index in 1..(DEMO_MEMBERS.len() - 1).min(member_count) {
        let short = (SHOWCASE_ORDERS as u64 + 2).saturating_sub(counts[index]);
        let spare = counts[0].saturating_sub(SHOWCASE_ORDERS as u64 + 80);
        let moved = short.min(spare);
        counts[index] += moved;
        counts[0] -= moved;
    }
    let mut missing = member_orders.saturating_sub(counts.iter().sum());
    let mut index = 0;
    while missing > 0 && member_count > DEMO_MEMBERS.len() {
        if index != DEMO_MEMBERS.len() - 1 {
            counts[index % member_count] += 1;
            missing -= 1;
        }
        index = (index + 1) % member_count;
    }
    counts
}

const DAY_MS: i64 = 86_400_000;
/// Showcase orders per demo member (see `OrderGenerator::showcase`).
const SHOWCASE_ORDERS: usize = 5;
const ORDER_NUMBER_SPACE: u64 = 99_000_000_000;
/// Coprime with ORDER_NUMBER_SPACE, so (offset + i * STEP) mod space never repeats.
const ORDER_NUMBER_STEP: u64 = 4_294_967_311;

pub struct OrderGenerator<'a> {
    plan: &'a SeedPlan,
    members: &'a [SeedMember],
    counts: Vec<u64>,
    rng: Rng,
    member_index: usize,
    made_for_member: u64,
    guests_left: u64,
    serial: u64,
    coverage: Vec<(OrderType, &'static str)>,
    demo_guests_left: usize,
    pending_return: Option<StoredOrder>,
    /// The next showcase order of the current demo member (see `showcase`).
    showcase_next: usize,
}

impl<'a> OrderGenerator<'a> {
    pub fn new(plan: &'a SeedPlan, members: &'a [SeedMember]) -> Self {
        let demo_guests = DEMO_GUEST_ORDERS.len().min(plan.orders as usize);
        let rest = u64::from(plan.orders) - demo_guests as u64;
        let member_orders = if members.len() > 1 { rest * 95 / 100 } else { 0 };
        let counts = order_counts(members.len(), member_orders);
        let guests_left = rest - counts.iter().sum::<u64>();
        let mut coverage: Vec<(OrderType, &'static str)> = Vec::new();
        for kind in [OrderType::SalesOrder, OrderType::ReturnOrder] {
            coverage.extend(raw_statuses(kind).map(|(raw, _)| (kind, raw)));
        }
        coverage.reverse();
        Self {
            plan,
            members,
            counts,
            rng: Rng::new(plan.seed.wrapping_mul(31).wrapping_add(7)),
            member_index: 0,
            made_for_member: 0,
            guests_left,
            serial: 0,
            coverage,
            demo_guests_left: demo_guests,
            pending_return: None,
            showcase_next: 0,
        }
    }

    pub fn heaviest(&self) -> (String, usize) {
        let email = self.members.first().map(|m| m.email.clone()).unwrap_or_default();
        (email, self.counts.first().copied().unwrap_or(0) as usize)
    }

    fn number(&mut self, prefix: char) -> String {
        self.serial += 1;
        let offset = self.plan.seed.wrapping_mul(1_000_003) % ORDER_NUMBER_SPACE;
        let value =
            (offset + (self.serial % ORDER_NUMBER_SPACE) * ORDER_NUMBER_STEP % ORDER_NUMBER_SPACE) % ORDER_NUMBER_SPACE;
        format!("{prefix}{:011}", 1_000_000_000 + value)
    }

    pub fn next_order(&mut self) -> Option<StoredOrder> {
        if let Some(order) = self.pending_return.take() {
            return Some(order);
        }
        if self.demo_guests_left > 0 {
            self.demo_guests_left -= 1;
            let (number, country, email, code, phone) = DEMO_GUEST_ORDERS[self.demo_guests_left];
            // Fixed stages for the README: shipped with tracking, delivered, preparing shipment.
            let (days_ago, stage) =
                [(3, SimpleStatus::Shipped), (12, SimpleStatus::Delivered), (1, SimpleStatus::PreparingShipment)]
                    [self.demo_guests_left % 3];
            let mut order = self.sales_order_in(number.to_owned(), market(country), None, days_ago, Some(stage));
            order.email = Some(super::email(email));
            order.phone = Some(StoredPhone { country_code: code.to_owned(), subscriber_number: phone.to_owned() });
            return Some(order);
        }
        while self.member_index < self.members.len() {
            let wanted = self.counts[self.member_index];
            if self.made_for_member < wanted {
                self.made_for_member += 1;
                return Some(self.member_order(self.member_index, wanted - self.made_for_member));
            }
            self.member_index += 1;
            self.made_for_member = 0;
            self.showcase_next = 0;
        }
        if self.guests_left > 0 {
            self.guests_left -= 1;
            return Some(self.guest_order());
        }
        None
    }

    fn member_order(&mut self, index: usize, left_after_this: u64) -> StoredOrder {
        let member = &self.members[index];
        let (upm_id, email, home) = (member.upm_id.clone(), member.email.clone(), market(member.country));
        let days_ago = self.rng.below(730) as i64;
        // Each demo member first gets the orders the README shows (returnable, too old to return, partner,
        // the country's special case, cancellable now).
        if index < DEMO_MEMBERS.len() - 1 {
            while self.showcase_next < SHOWCASE_ORDERS {
                let ordinal = self.showcase_next;
                self.showcase_next += 1;
                if let Some(mut order) = self.showcase(ordinal, upm_id.clone(), email.clone(), home) {
                    // The first three cases show delivered orders (returnable, too old, partner).
                    if ordinal < 3 {
                        for line in &mut order.lines {
                            line.status = "Delivered".to_owned();
                        }
                    }
                    return order;
                }
            }
        }
        // The heaviest member first walks through every raw status of both tables.
        if index == 0
            && let Some((kind, raw)) = self.coverage.pop()
        {
            let simple = raw_statuses(kind).find(|(r, _)| *r == raw).map_or(SimpleStatus::Unknown, |(_, s)| s);
            let age = if is_early(simple) { self.rng.below(4) as i64 } else { 20 + self.rng.below(60) as i64 };
            if kind == OrderType::ReturnOrder {
                // A return needs its parent: a delivered sales order first, then the return of it.
                let number = self.number('C');
                let mut parent =
                    self.sales_order_in(number, home, Some((upm_id, email)), age, Some(SimpleStatus::Delivered));
                if left_after_this > 0 {
                    let mut returned = self.return_of(&mut parent);
                    for line in &mut returned.lines {
                        line.status = display_case(raw, &mut self.rng);
                    }
                    self.made_for_member += 1;
                    self.pending_return = Some(returned);
                }
                return parent;
            }
            let number = self.number('C');
            let mut order = self.sales_order_in(number, home, Some((upm_id, email)), age, Some(simple));
            for line in &mut order.lines {
                line.status = display_case(raw, &mut self.rng);
            }
            return order;
        }
        let roll = self.rng.below(100);
        if roll < 6 {
            let number = self.number('P');
            let mut order = self.sales_order(number, home, Some((upm_id, email)), days_ago);
            order.order_type = OrderType::PartnerSalesOrder;
            order.partner_name = Some((*self.rng.pick(PARTNERS)).to_owned());
            return order;
        }
        let store = STORES.iter().find(|store| store.address.country == home.country);
        if roll < 10
            && let Some(store) = store
        {
            let number = self.number('C');
            let mut order = self.sales_order(number, home, Some((upm_id, email)), days_ago.min(30));
            order.pickup_store_id = Some(store.store_id.to_owned());
            order.shipping_address = Vec::new();
            let status = *self.rng.pick(&["Ready for Pickup", "Picked Up", "Picked Up", "Created"]);
            for line in &mut order.lines {
                line.status = status.to_owned();
                line.shipment_number = None;
                line.tracking_url = None;
            }
            return order;
        }
        let number = self.number('C');
        let mut order = self.sales_order(number, home, Some((upm_id, email)), days_ago);
        let delivered = order.lines.iter().all(|l| l.status == "Delivered");
        if delivered && days_ago > 14 && left_after_this > 0 && self.rng.chance(12) {
            self.made_for_member += 1;
            self.pending_return = Some(self.return_of(&mut order));
        }
        order
    }

    /// A demo member's showcase order number `ordinal` (0 to SHOWCASE_ORDERS - 1), or `None` when the
    /// member's country has no such case.
    fn showcase(
        &mut self,
        ordinal: usize,
        upm_id: String,
        email: String,
        home: &'static Market,
    ) -> Option<StoredOrder> {
        let member = Some((upm_id, email));
        match ordinal {
            // Delivered ten days ago: inside the return window.
            0 => {
                let number = self.number('C');
                Some(self.sales_order_in(number, home, member, 10, Some(SimpleStatus::Delivered)))
            }
            // Delivered four months ago: outside the return window.
            1 => {
                let number = self.number('C');
                Some(self.sales_order_in(number, home, member, 120, Some(SimpleStatus::Delivered)))
            }
            // A partner's order.
            2 => {
                let number = self.number('P');
                let mut order = self.sales_order_in(number, home, member, 20, Some(SimpleStatus::Delivered));
                order.order_type = OrderType::PartnerSalesOrder;
                order.partner_name = Some((*self.rng.pick(PARTNERS)).to_owned());
                Some(order)
            }
            // The country's special case.
            3 => match home.country {
                "US" => {
                    // Ready for curbside pickup at the Portland store.
                    let number = self.number('C');
                    let mut order = self.sales_order_in(number, home, member, 1, Some(SimpleStatus::ReadyForPickUp));
                    order.pickup_store_id = Some("US-PDX-DT".to_owned());
                    order.shipping_address = Vec::new();
                    for line in &mut order.lines {
                        line.status = "Ready for Pickup".to_owned();
                        line.shipment_number = None;
                        line.tracking_url = None;
                    }
                    Some(order)
                }
                "CN" | "NL" => {
                    // Deferred payment not yet made: shows as payment pending.
                    let number = self.number('C');
                    let mut order = self.sales_order_in(number, home, member, 0, Some(SimpleStatus::Ordered));
                    let payment_type = if home.country == "CN" { "alipay" } else { "realtime_bank" };
                    order.payments = vec![crate::orders::view::Payment {
                        payment_type: payment_type.to_owned(),
                        payment_display_number: None,
                        payment_type_image_url: None,
                    }];
                    order.details.payment_hold_flag = true;
                    order.details.payment_approval_id = OptText::some(format!("PA-{}", order.order_number));
                    for line in &mut order.lines {
                        line.status = "Created".to_owned();
                    }
                    Some(order)
                }
                "GB" => {
                    // Shown in an alternate currency as well (euros at an illustrative 1.15).
                    let number = self.number('C');
                    let mut order = self.sales_order_in(number, home, member, 6, Some(SimpleStatus::Shipped));
                    let shipping = order.shipping_total.0;
                    let total: i64 = order.lines.iter().map(|l| l.unit_price.0 * l.quantity).sum::<i64>() + shipping;
                    let in_euros = |minor: i64| {
                        let euro = domain::Currency::parse("EUR").unwrap_or(domain::Currency::USD);
                        DecimalText(domain::money::to_decimal_string(domain::Money(minor * 115 / 100), euro))
                    };
                    order.details.currency_alt = OptText::some("EUR");
                    order.details.transaction_alt = Some(TransactionAlt {
                        sub_total: Some(in_euros(total - shipping)),
                        shipping_total: Some(in_euros(shipping)),
                        order_total: Some(in_euros(total)),
                        ..TransactionAlt::default()
                    });
                    Some(order)
                }
                _ => None,
            },
            // Placed five minutes before the seed ran: inside the cancellation window.
            4 => {
                let number = self.number('C');
                let mut order = self.sales_order_in(number, home, member, 0, Some(SimpleStatus::Ordered));
                order.order_date = self.plan.until_millis - 5 * 60_000;
                for line in &mut order.lines {
                    line.status = "Created".to_owned();
                    line.shipment_number = None;
                    line.tracking_url = None;
                }
                Some(order)
            }
            _ => None,
        }
    }

    fn guest_order(&mut self) -> StoredOrder {
        let home = *self.rng.pick(&MARKETS.iter().collect::<Vec<_>>());
        let number = self.number('C');
        let days_ago = self.rng.below(730) as i64;
        let mut order = self.sales_order(number, home, None, days_ago);
        let guest = self.serial;
        order.email = Some(super::email(&format!("guest{guest}@example.com")));
        order.phone = Some(StoredPhone {
            country_code: home.calling_code.to_owned(),
            subscriber_number: format!("555{:07}", guest % 10_000_000),
        });
        order
    }

    /// A return order for some delivered lines of `parent`; marks those lines on the parent too.
    fn return_of(&mut self, parent: &mut StoredOrder) -> StoredOrder {
        let (sales_raw, return_raw) = *self.rng.pick(&[
            ("Return Created", "Return Created"),
            ("Received at Return Center", "Received At Return Center"),
            ("Return Processed", "Return Processed"),
            ("Return Denied", "Return Denied"),
            ("Returned at Store", "Returned at Store"),
        ]);
        let returned = 1 + self.rng.index(parent.lines.len());
        let mut lines = Vec::new();
        for line in parent.lines.iter_mut().take(returned) {
            line.status = sales_raw.to_owned();
            lines.push(StoredLine {
                status: return_raw.to_owned(),
                shipment_number: None,
                tracking_url: None,
                estimated_delivery_date: None,
                ..line.clone()
            });
        }
        let number = self.number('R');
        let order_date = (parent.order_date + (7 + self.rng.below(10) as i64) * DAY_MS).min(self.plan.until_millis);
        StoredOrder::return_of(parent, super::order_number(&number), order_date, lines)
    }

    fn sales_order(
        &mut self,
        order_number: String,
        market: &'static Market,
        member: Option<(String, String)>,
        days_ago: i64,
    ) -> StoredOrder {
        self.sales_order_in(order_number, market, member, days_ago, None)
    }

    /// A sales order whose shipments are in `forced` status, or in statuses that fit its age.
    fn sales_order_in(
        &mut self,
        order_number: String,
        market: &'static Market,
        member: Option<(String, String)>,
        days_ago: i64,
        forced: Option<SimpleStatus>,
    ) -> StoredOrder {
        let rng = &mut self.rng;
        let order_date = self.plan.until_millis - days_ago * DAY_MS - rng.below(DAY_MS as u64) as i64;
        let line_count = *rng.pick(&[1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6, 8]);
        let shipments = if line_count >= 3 && rng.chance(25) { 2 } else { 1 };
        let mut lines = Vec::with_capacity(line_count);
        let mut subtotal = 0;
        let phases: Vec<SimpleStatus> =
            (0..shipments).map(|_| forced.unwrap_or_else(|| phase(days_ago, rng))).collect();
        for line_index in 0..line_count {
            let shipment = line_index % shipments;
            let line = product_line(rng, market, &order_number, line_index, shipment, phases[shipment], order_date);
            subtotal += line.unit_price.0 * line.quantity;
            lines.push(line);
        }
        let free_over = 50 * market.minor_per_usd;
        let shipping_total = if subtotal >= free_over { 0 } else { round_price(7 * market.minor_per_usd, market) };
        let payment_type = *rng.pick(&market.payments);
        let display = payment_type.contains("card").then(|| format!("{:04}", rng.below(10_000)));
        let (first, last) = (rng.pick(&market.first_names), rng.pick(&market.last_names));
        let address = vec![
            format!("{first} {last}"),
            market.street.to_owned(),
            format!("{} {}", market.postal_code, market.city),
            market.country.to_owned(),
        ];
        let (upm_id, email) = member.map_or((None, None), |(upm, email)| (Some(upm), Some(email)));
        StoredOrder {
            order_number: super::order_number(&order_number),
            order_type: OrderType::SalesOrder,
            order_classification: "CONSUMER".to_owned(),
            parent_sales_order_number: None,
            partner_name: None,
            country: super::country(market.country),
            currency: Currency::parse(market.currency).unwrap_or(Currency::USD),
            region_reference: crate::orders::view::DEFAULT_REGION_REFERENCE.to_owned(),
            upm_id: upm_id.as_deref().map(super::member_id),
            email: email.as_deref().map(super::email),
            phone: None,
            order_date,
            shipping_total: Money(shipping_total),
            taxes_included: !market.tax_exclusive,
            payments: vec![crate::orders::view::Payment {
                payment_type: payment_type.to_owned(),
                payment_display_number: display,
                payment_type_image_url: None,
            }],
            shipping_address: address,
            pickup_store_id: None,
            lines,
            details: Default::default(),
        }
    }
}

fn is_early(status: SimpleStatus) -> bool {
    use SimpleStatus::*;
    matches!(status, Ordered | OrderConfirmed | PreparingShipment | Shipped | CancellationPending | ReadyForPickUp)
}

/// The simple status a shipment has reached, by the age of the order.
fn phase(days_ago: i64, rng: &mut Rng) -> SimpleStatus {
    use SimpleStatus::*;
    let roll = rng.below(100);
    match days_ago {
        0 => [Ordered, Ordered, OrderConfirmed, PreparingShipment, CancellationPending][(roll % 5) as usize],
        1..=2 => {
            if roll < 50 {
                PreparingShipment
            } else if roll < 90 {
                Shipped
            } else {
                Ordered
            }
        }
        3..=7 => {
            if roll < 60 {
                Shipped
            } else if roll < 95 {
                Delivered
            } else {
                Cancelled
            }
        }
        _ => {
            if roll < 90 {
                Delivered
            } else if roll < 98 {
                Cancelled
            } else {
                Unknown
            }
        }
    }
}

/// Raw status text as order systems send it: mostly Title Case, sometimes SCREAMING_SNAKE.
fn display_case(raw: &str, rng: &mut Rng) -> String {
    if rng.chance(15) {
        return raw.to_uppercase().replace(' ', "_");
    }
    raw.split(' ')
        .map(|word| match word {
            "dc" | "po" | "wms" => word.to_uppercase(),
            _ => {
                let mut chars = word.chars();
                chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn raw_for(status: SimpleStatus, rng: &mut Rng) -> String {
    if status == SimpleStatus::Unknown {
        return (*rng.pick(&["Lost In Network", "Address Query"])).to_owned();
    }
    let names: Vec<&str> =
        raw_statuses(OrderType::SalesOrder).filter(|(_, s)| *s == status).map(|(raw, _)| raw).collect();
    let common = match status {
        SimpleStatus::Delivered => "delivered",
        SimpleStatus::Shipped => "in transit",
        SimpleStatus::Ordered => "created",
        _ => names.first().copied().unwrap_or("created"),
    };
    let raw = if rng.chance(70) { common } else { rng.pick(&names) };
    display_case(raw, rng)
}

/// The drawing the demo image server uses for a product.
pub(super) fn round_price(minor: i64, market: &Market) -> i64 {
    ((minor + market.round_to / 2) / market.round_to).max(1) * market.round_to
}

fn gtin14(seed: u64) -> String {
    let body = format!("0{:012}", seed % 1_000_000_000_000);
    let sum: u32 =
        body.bytes().rev().enumerate().map(|(i, b)| u32::from(b - b'0') * if i % 2 == 0 { 3 } else { 1 }).sum();
    format!("{body}{}", (10 - sum % 10) % 10)
}

fn product_line(
    rng: &mut Rng,
    market: &'static Market,
    order_number: &str,
    line_index: usize,
    shipment: usize,
    status: SimpleStatus,
    order_date: i64,
) -> StoredLine {
    let product_index = rng.index(PRODUCTS.len());
    let product = &PRODUCTS[product_index];
    let color_index = rng.index(product.colors.len());
    let size = *rng.pick(if product.shoe { SHOE_SIZES } else { APPAREL_SIZES });
    let style_color = catalogue::style_color(product_index, color_index);
    let quantity = *rng.pick(&[1, 1, 1, 1, 1, 1, 1, 1, 2, 3]);
    let unit_price = catalogue::market_price(product, market);
    let gross = unit_price * quantity;
    let tax = if market.tax_exclusive {
        gross * market.tax_percent / 100
    } else {
        gross - gross * 100 / (100 + market.tax_percent)
    };
    let shipped = matches!(status, SimpleStatus::Shipped | SimpleStatus::Delivered);
    let in_warehouse = shipped || status == SimpleStatus::PreparingShipment;
    let tracking_base = CARRIERS.iter().find(|(c, _)| *c == market.country).map_or(CARRIERS[0].1, |(_, url)| url);
    let tracking_number = stable_hash(&format!("{order_number}/{shipment}")) % 10_000_000_000;
    let edd = matches!(status, SimpleStatus::Ordered | SimpleStatus::PreparingShipment | SimpleStatus::Shipped)
        .then(|| {
            chrono::DateTime::from_timestamp_millis(order_date + (4 + (tracking_number % 4) as i64) * DAY_MS)
                .map(|date| date.format("%Y-%m-%d").to_string())
        })
        .flatten();
    let sku_seed = stable_hash(&format!("{style_color}/{size}"));
    StoredLine {
        line_number: line_index as i64 + 1,
        gtin: gtin14(sku_seed),
        sku_id: catalogue::sku_id(&style_color, size),
        product_id: format!("{:016x}", stable_hash(product.style)),
        image_url: catalogue::image_url(product, color_index, &style_color),
        style_color,
        title: product.title.to_owned(),
        category: product.category.to_owned(),
        color: product.colors[color_index].to_owned(),
        size: size.to_owned(),
        quantity,
        unit_price: Money(unit_price),
        tax: Money(tax),
        fees: Money(0),
        status: raw_for(status, rng),
        shipment_number: in_warehouse.then(|| format!("{order_number}-{}", shipment + 1)),
        tracking_url: shipped.then(|| format!("{tracking_base}1Z{tracking_number:010}")),
        estimated_delivery_date: edd,
        details: Default::default(),
    }
}
