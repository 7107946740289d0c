//! Answers kept in memory for the spec's freshness (fetched results expire after 10 minutes), so the two
//! pages shoppers open most, order history and order detail, are served without the database.
//!
//! Bounded by bytes; the oldest entries go first. An order's body is cached with the order's `version`
//! (bumped by every write, `orders::store`) and served only when the version that the access check read
//! from the database (one indexed row, `access.rs`) is the same, or when nothing changed since that was
//! last found (below). A write through this process also drops the entry at once. A history page is cached with the member's version (`member_versions`, moved by every
//! write to any of the member's orders, ADR 0013) read before the page was rendered, and served only
//! after that version is read again and found the same: an order that another process added to the
//! member, moved to someone else or changed is never served from a stale copy.
//!
//! Checking that version costs a query per hit. So an entry also remembers the database's change
//! generation (`Db::change_generation`) at which its version (and, for an order, its owner) was last found
//! current: while the generation has not moved since, no order was written and no job accepted anywhere,
//! and a member's request for it is decided from memory (ADR 0028).
//!
//! A held body also keeps its gzip once a browser asked for it (ADR 0038): every browser asks for gzip, and
//! compressing the same body again at every request cost a cached read two thirds of its throughput. The gzip
//! belongs to the one body it was made from (`keep_gzip` checks), so it goes with it: a new body starts without.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use domain::access::OrderOwner;
use prometheus_client::metrics::counter::Counter;

/// Spec 000 section 9: fetched results expire after 10 minutes.
pub const FRESHNESS: Duration = Duration::from_secs(600);
/// An order number that does not exist is remembered briefly, so a miss costs what a hit does.
pub const ABSENT_FRESHNESS: Duration = Duration::from_secs(30);

/// A rendered order body, the order version it was rendered from, and (by the app's clock, Unix ms) when
/// the earliest action deadline in it passes (then it must be rendered again).
#[derive(Clone, Debug)]
pub enum CachedOrder {
    Found { version: i64, body: Bytes, until: Option<i64> },
    Absent,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Order(String),
    /// `list` names the list and everything else its body depends on (order type, gift cards, filters,
    /// time zone).
    History {
        upm_id: String,
        list: String,
        anchor: Option<String>,
    },
}

/// An order's body packed with lz4 (`HeldBody::Packed`). A JSON answer shrinks about fourfold, so the same
/// budget holds about four times the orders: once the order detail grew to 6.5 KB (issue 31's fields), the
/// benchmark's 3,000 orders no longer fitted 16 MiB raw and a third of the detail reads went to the
/// database (docs/performance.md, "Before and after issue 30"). Packing costs a few microseconds; unpacking a
/// few per hit, outside the lock. History pages stay raw: a member has a few, each up to 40 KB, and unpacking
/// one on every hit cost more than it saved (page 1 fell from 49,538 to 42,809 rps packed).
#[derive(Clone)]
struct Packed(Bytes);

impl Packed {
    fn of(body: &[u8]) -> Self {
        Self(Bytes::from(lz4_flex::block::compress_prepend_size(body)))
    }

    /// The body again; `None` (a miss) should the bytes not unpack, which only a bug could cause. A body this
    /// thread unpacked lately is answered again without unpacking (`UNPACKED`).
    fn unpack(&self) -> Option<Bytes> {
        UNPACKED.with(|kept| {
            let mut kept = kept.borrow_mut();
            let same =
                |(packed, _): &(Bytes, Bytes)| packed.as_ptr() == self.0.as_ptr() && packed.len() == self.0.len();
            if let Some(at) = kept.iter().position(same) {
                let found = kept.remove(at)?;
                let body = found.1.clone();
                kept.push_front(found);
                return Some(body);
            }
            let body = Bytes::from(lz4_flex::block::decompress_size_prepended(&self.0).ok()?);
            kept.truncate(UNPACKED_KEPT - 1);
            kept.push_front((self.0.clone(), body.clone()));
            Some(body)
        })
    }
}

/// How many unpacked bodies a thread keeps (`UNPACKED`): the orders being read most at the moment, at about
/// 8 KB each (6.5 KB unpacked and its packed copy) some 130 KB a thread.
const UNPACKED_KEPT: usize = 16;

thread_local! {
    /// The bodies this thread unpacked last, most recent first, each with the packed buffer it came from.
    /// Unpacking a 6.5 KB detail and copying it was about 6% of a cached read's time (docs/performance.md,
    /// "The cached read's profile"); a hot order is now unpacked once per thread. A packed buffer is never
    /// changed, and the one held here is kept alive by this very entry, so no other body can come to have its
    /// address: the same address and length are the same body.
    static UNPACKED: std::cell::RefCell<VecDeque<(Bytes, Bytes)>> =
        const { std::cell::RefCell::new(VecDeque::new()) };
}

/// An order's body as the cache holds it: raw while the budget has room, packed once it has not. Unpacking a
/// 6.5 KB detail with its copy costs about 4.5 us a hit, as much as the whole gap between a cached detail and a
/// cached history page against nginx (docs/performance.md, eighteenth session); packing is what lets a full
/// cache hold four times the orders. So a body is held raw, and when the budget is full the oldest raw bodies
/// are packed before anything is evicted (`Inner::make_room`, ADR 0035): a hit costs no unpacking until the
/// orders read no longer fit raw, and no order leaves the cache that packing could have kept.
#[derive(Clone)]
enum HeldBody {
    Raw(Bytes),
    Packed(Packed),
}

impl HeldBody {
    /// Whether this is `body`: the same buffer, or the same bytes (a body packed since, or rendered again alike).
    fn is(&self, body: &Bytes) -> bool {
        match self {
            Self::Raw(held) => held.as_ptr() == body.as_ptr() && held.len() == body.len() || held == body,
            Self::Packed(packed) => packed.unpack().is_some_and(|held| held == body),
        }
    }

    fn len(&self) -> usize {
        match self {
            Self::Raw(body) => body.len(),
            Self::Packed(packed) => packed.0.len(),
        }
    }

    /// The body as answered (`None`: a packed body that does not unpack, which only a bug could cause).
    fn body(&self) -> Option<Bytes> {
        match self {
            Self::Raw(body) => Some(body.clone()),
            Self::Packed(packed) => packed.unpack(),
        }
    }
}

/// A held order: its body, the version and until of `CachedOrder::Found`, and the owner and the
/// change generation at which that version was last found current (`trust_order`).
#[derive(Clone)]
struct HeldOrder {
    version: i64,
    body: HeldBody,
    until: Option<i64>,
    trusted: Option<(OrderOwner, u64)>,
    /// The body gzipped, once a caller that accepts gzip read it (`ResponseCache::keep_gzip`).
    gzip: Option<Bytes>,
}

enum Value {
    /// A held order, or `None` for an order that does not exist (`CachedOrder::Absent`).
    Order(Option<HeldOrder>),
    /// A history page (raw), the member's version it was rendered at, the change generation at which
    /// that version was last found current, and the page gzipped once a caller that accepts gzip read it.
    History { body: Bytes, version: i64, trusted: Option<u64>, gzip: Option<Bytes> },
}

impl Value {
    fn order(order: &CachedOrder) -> Self {
        match order {
            CachedOrder::Found { version, body, until } => Self::Order(Some(HeldOrder {
                version: *version,
                body: HeldBody::Raw(body.clone()),
                until: *until,
                trusted: None,
                gzip: None,
            })),
            CachedOrder::Absent => Self::Order(None),
        }
    }
}

/// A held body as a caller is answered: as it is, or the gzip kept beside it for a caller that accepts gzip.
#[derive(Debug, PartialEq, Eq)]
pub enum HeldAnswer {
    Plain(Bytes),
    Gzip(Bytes),
}

impl HeldAnswer {
    fn of(body: &HeldBody, gzip: Option<&Bytes>) -> Option<Self> {
        match gzip {
            Some(gzip) => Some(Self::Gzip(gzip.clone())),
            None => body.body().map(Self::Plain),
        }
    }
}

/// What the cache keeps beside a body a caller accepting gzip is about to be answered (`ResponseCache::kept_gzip`).
#[derive(Debug, PartialEq, Eq)]
pub enum KeptGzip {
    /// The body is held, and so is its gzip.
    Gzip(Bytes),
    /// The body is held without a gzip: one made now is kept (`ResponseCache::keep_gzip`).
    Missing,
    /// The body is not held (another version, gone, or never put): nothing to keep a gzip beside.
    NotHeld,
}

/// Which held body: an order's, or a member's history page (`ResponseCache::order_key`, `history_key`).
pub struct BodyKey(Key);

/// An order body a caller may be answered from memory (`ResponseCache::trusted_order`).
pub struct TrustedOrder {
    pub body: HeldAnswer,
    /// When the earliest action deadline in it passes (Unix ms), as in `CachedOrder::Found`.
    pub until: Option<i64>,
}

struct Entry {
    value: Value,
    expires: Instant,
    size: usize,
}

struct Inner {
    entries: HashMap<Key, Entry>,
    order: VecDeque<Key>,
    /// The history pages held for each member: a write drops its members' pages without looking at
    /// every entry while every reader waits for the lock (a 512 MiB cache holds some 100,000 entries).
    pages: HashMap<String, HashSet<Key>>,
    /// The orders put with a raw body, oldest first: the ones packed first when the budget is full. May hold
    /// keys since packed, replaced or gone (`make_room` skips them).
    raw: VecDeque<Key>,
    used: usize,
}

impl Inner {
    fn remove(&mut self, key: &Key) {
        let Some(old) = self.entries.remove(key) else { return };
        self.used -= old.size;
        if let Key::History { upm_id, .. } = key
            && let Some(keys) = self.pages.get_mut(upm_id)
        {
            keys.remove(key);
            if keys.is_empty() {
                self.pages.remove(upm_id);
            }
        }
    }

    fn insert(&mut self, key: Key, entry: Entry) {
        self.used += entry.size;
        if let Value::Order(Some(HeldOrder { body: HeldBody::Raw(_), .. })) = &entry.value {
            self.raw.push_back(key.clone());
        }
        self.order.push_back(key.clone());
        if let Key::History { upm_id, .. } = &key {
            self.pages.entry(upm_id.clone()).or_default().insert(key.clone());
        }
        self.entries.insert(key, entry);
    }

    /// Frees `size` bytes within `budget`: first by packing the oldest raw order bodies, then by evicting the
    /// oldest entries. Packing runs under the lock (about 10 us for a 6.5 KB body), and only when an answer
    /// that was not held is put into a full cache, after the database was read for it.
    fn make_room(&mut self, size: usize, budget: usize) {
        while self.used + size > budget {
            if self.pack_oldest_raw() {
                continue;
            }
            let Some(oldest) = self.order.pop_front() else { break };
            self.remove(&oldest);
        }
    }

    /// Packs the oldest order body held raw; false when none is left.
    fn pack_oldest_raw(&mut self) -> bool {
        while let Some(key) = self.raw.pop_front() {
            let Some(entry) = self.entries.get_mut(&key) else { continue };
            let Value::Order(Some(held)) = &mut entry.value else { continue };
            let HeldBody::Raw(body) = &held.body else { continue };
            let packed = Packed::of(body);
            let freed = held.body.len().saturating_sub(packed.0.len());
            held.body = HeldBody::Packed(packed);
            entry.size -= freed;
            self.used -= freed;
            return true;
        }
        false
    }
}

pub struct ResponseCache {
    budget: usize,
    inner: Mutex<Inner>,
    /// Lookups that found a fresh answer, and those that did not (`/metrics`: the hit ratio).
    hits: Counter,
    misses: Counter,
}

fn value_size(key: &Key, value: &Value) -> usize {
    let key_size = match key {
        Key::Order(number) => number.len(),
        Key::History { upm_id, list, anchor } => upm_id.len() + list.len() + anchor.as_ref().map_or(0, String::len),
    };
    let body = match value {
        Value::Order(Some(held)) => {
            held.body.len()
                + 16
                + held.trusted.as_ref().map_or(0, |(owner, _)| owner_size(owner))
                + held.gzip.as_ref().map_or(0, Bytes::len)
        }
        Value::Order(None) => 0,
        Value::History { body, gzip, .. } => body.len() + 16 + gzip.as_ref().map_or(0, Bytes::len),
    };
    key_size + body + 96
}

fn owner_size(owner: &OrderOwner) -> usize {
    [&owner.upm_id, &owner.email, &owner.phone_digits].iter().map(|part| part.as_ref().map_or(0, String::len)).sum()
}

impl ResponseCache {
    /// `budget_bytes` 0 turns the cache off.
    pub fn new(budget_bytes: usize) -> Self {
        Self {
            budget: budget_bytes,
            inner: Mutex::new(Inner {
                entries: HashMap::new(),
                order: VecDeque::new(),
                pages: HashMap::new(),
                raw: VecDeque::new(),
                used: 0,
            }),
            hits: Counter::default(),
            misses: Counter::default(),
        }
    }

    /// Whether it keeps anything (a budget of 0 turns it off).
    pub fn is_on(&self) -> bool {
        self.budget > 0
    }

    /// Counts its lookups in `hits` and `misses` (the process's metrics).
    #[must_use]
    pub fn counted_in(self, (hits, misses): (Counter, Counter)) -> Self {
        Self { hits, misses, ..self }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn get(&self, key: &Key) -> Option<Value> {
        if self.budget == 0 {
            return None;
        }
        let found = {
            let inner = self.lock();
            inner.entries.get(key).filter(|entry| entry.expires > Instant::now()).map(|entry| match &entry.value {
                Value::Order(order) => Value::Order(order.clone()),
                Value::History { body, version, trusted, gzip } => {
                    Value::History { body: body.clone(), version: *version, trusted: *trusted, gzip: gzip.clone() }
                }
            })
        };
        if found.is_some() { &self.hits } else { &self.misses }.inc();
        found
    }

    /// A cached order, unpacked.
    fn get_order(&self, key: &Key) -> Option<CachedOrder> {
        match self.get(key)? {
            Value::Order(Some(HeldOrder { version, body, until, .. })) => {
                Some(CachedOrder::Found { version, body: body.body()?, until })
            }
            Value::Order(None) => Some(CachedOrder::Absent),
            Value::History { .. } => None,
        }
    }

    fn put(&self, key: Key, mut value: Value, freshness: Duration) {
        if self.budget == 0 {
            return;
        }
        let mut size = value_size(&key, &value);
        // A body too large to be held raw may still be held packed.
        if let Value::Order(Some(held)) = &mut value
            && size > self.budget / 4
            && let HeldBody::Raw(body) = &held.body
        {
            held.body = HeldBody::Packed(Packed::of(body));
            size = value_size(&key, &value);
        }
        if size > self.budget / 4 {
            return;
        }
        let mut inner = self.lock();
        inner.remove(&key);
        inner.make_room(size, self.budget);
        inner.insert(key, Entry { value, expires: Instant::now() + freshness, size });
        // The queues may hold keys replaced, packed or dropped since; keep them from growing without bound.
        if inner.order.len() > inner.entries.len() * 2 + 64 {
            let Inner { entries, order, .. } = &mut *inner;
            order.retain(|key| entries.contains_key(key));
        }
        if inner.raw.len() > inner.entries.len() * 2 + 64 {
            let Inner { entries, raw, .. } = &mut *inner;
            raw.retain(|key| {
                matches!(
                    entries.get(key),
                    Some(Entry { value: Value::Order(Some(HeldOrder { body: HeldBody::Raw(_), .. })), .. })
                )
            });
        }
    }

    pub fn order(&self, order_number: &str) -> Option<CachedOrder> {
        self.get_order(&Key::Order(order_number.to_owned()))
    }

    /// Whether anything (a body, or "no such order") is held for the order, without unpacking it. A miss
    /// is counted here; a hit where the held body is then read (`order`).
    pub fn holds_order(&self, order_number: &str) -> bool {
        let held = self.budget > 0 && {
            let inner = self.lock();
            inner.entries.get(&Key::Order(order_number.to_owned())).is_some_and(|entry| entry.expires > Instant::now())
        };
        if !held {
            self.misses.inc();
        }
        held
    }

    /// The order's body, when its version was last found current at change generation `generation` (so
    /// nothing changed since) and `may_see` says yes to the owner held with it: its kept gzip when `gzip` (the
    /// caller accepts it) and there is one. Decided before the body is copied or unpacked, so a refusal costs
    /// only the lookup.
    pub fn trusted_order(
        &self,
        order_number: &str,
        generation: u64,
        gzip: bool,
        may_see: impl FnOnce(&OrderOwner) -> bool,
    ) -> Option<TrustedOrder> {
        if self.budget == 0 {
            return None;
        }
        let (body, gzip, until) = {
            let inner = self.lock();
            let entry = inner.entries.get(&Key::Order(order_number.to_owned()))?;
            let Value::Order(Some(held)) = &entry.value else { return None };
            match &held.trusted {
                Some((owner, at)) if *at == generation && entry.expires > Instant::now() && may_see(owner) => {
                    (held.body.clone(), held.gzip.clone().filter(|_| gzip), held.until)
                }
                _ => return None,
            }
        };
        self.hits.inc();
        Some(TrustedOrder { body: HeldAnswer::of(&body, gzip.as_ref())?, until })
    }

    /// The key of an order's held body.
    pub fn order_key(order_number: &str) -> BodyKey {
        BodyKey(Key::Order(order_number.to_owned()))
    }

    /// The key of a member's held history page (as in `history`).
    pub fn history_key(upm_id: &str, list: &str, anchor: Option<&str>) -> BodyKey {
        BodyKey(Key::History { upm_id: upm_id.to_owned(), list: list.to_owned(), anchor: anchor.map(str::to_owned) })
    }

    /// Whether `body` is the body held under `key`, and its gzip when one is kept beside it.
    pub fn kept_gzip(&self, key: &BodyKey, body: &Bytes) -> KeptGzip {
        if self.budget == 0 {
            return KeptGzip::NotHeld;
        }
        let inner = self.lock();
        match inner.entries.get(&key.0).filter(|entry| entry.expires > Instant::now()).map(|entry| &entry.value) {
            Some(Value::Order(Some(held))) if held.body.is(body) => {
                held.gzip.clone().map_or(KeptGzip::Missing, KeptGzip::Gzip)
            }
            Some(Value::History { body: held, gzip, .. }) if held == body => {
                gzip.clone().map_or(KeptGzip::Missing, KeptGzip::Gzip)
            }
            _ => KeptGzip::NotHeld,
        }
    }

    /// Keeps `gzip`, made from `body`, beside the body held under `key` when that is still `body` and has none:
    /// a body put since (another version, or rendered again) is not this gzip's. Counted in the budget like
    /// the body; room is made as for a new entry.
    pub fn keep_gzip(&self, key: &BodyKey, body: &Bytes, gzip: Bytes) {
        if self.budget == 0 {
            return;
        }
        let mut inner = self.lock();
        let holds = |value: &Value| match value {
            Value::Order(Some(held)) => held.gzip.is_none() && held.body.is(body),
            Value::History { body: held, gzip, .. } => gzip.is_none() && held == body,
            Value::Order(None) => false,
        };
        if !inner.entries.get(&key.0).is_some_and(|entry| holds(&entry.value)) {
            return;
        }
        let grown = gzip.len();
        inner.make_room(grown, self.budget);
        // Making room may have evicted the body itself, or packed it (the same bytes still).
        let Some(entry) = inner.entries.get_mut(&key.0) else { return };
        match &mut entry.value {
            Value::Order(Some(HeldOrder { gzip: kept, .. })) | Value::History { gzip: kept, .. } => *kept = Some(gzip),
            Value::Order(None) => return,
        }
        entry.size += grown;
        inner.used += grown;
    }

    /// Records that the held order's body at `version` was found current, with `owner`, at change
    /// generation `generation` (taken before the database was read). Nothing happens when another version
    /// is held.
    pub fn trust_order(&self, order_number: &str, version: i64, owner: &OrderOwner, generation: u64) {
        let mut inner = self.lock();
        let Some(entry) = inner.entries.get_mut(&Key::Order(order_number.to_owned())) else { return };
        let Value::Order(Some(held)) = &mut entry.value else { return };
        if held.version != version {
            return;
        }
        let grown = if held.trusted.is_none() { owner_size(owner) } else { 0 };
        held.trusted = Some((owner.clone(), generation));
        entry.size += grown;
        inner.used += grown;
    }

    pub fn put_order(&self, order_number: &str, order: CachedOrder) {
        self.put_order_for(order_number, order, None);
    }

    /// Like `put_order`, kept no longer than `at_most` when given.
    pub fn put_order_for(&self, order_number: &str, order: CachedOrder, at_most: Option<Duration>) {
        if self.budget == 0 {
            return;
        }
        let freshness = if matches!(order, CachedOrder::Absent) { ABSENT_FRESHNESS } else { FRESHNESS };
        let freshness = at_most.map_or(freshness, |limit| freshness.min(limit));
        self.put(Key::Order(order_number.to_owned()), Value::order(&order), freshness);
    }

    /// A cached page (its kept gzip when `gzip`, the caller accepting it, and there is one), the member's
    /// version it was rendered at, and whether that version was last found current at change generation
    /// `generation` (then it is current now: nothing changed since).
    pub fn history(
        &self,
        upm_id: &str,
        list: &str,
        anchor: Option<&str>,
        generation: Option<u64>,
        gzip: bool,
    ) -> Option<(HeldAnswer, i64, bool)> {
        let key = Key::History { upm_id: upm_id.to_owned(), list: list.to_owned(), anchor: anchor.map(str::to_owned) };
        match self.get(&key)? {
            Value::History { body, version, trusted, gzip: kept } => {
                let answer = match kept.filter(|_| gzip) {
                    Some(kept) => HeldAnswer::Gzip(kept),
                    None => HeldAnswer::Plain(body),
                };
                Some((answer, version, trusted.is_some() && trusted == generation))
            }
            Value::Order(_) => None,
        }
    }

    /// Keeps a page rendered at the member's `member_version`; `trusted_at`: the change generation taken
    /// before that version was read, when there was one.
    pub fn put_history(
        &self,
        upm_id: &str,
        list: &str,
        anchor: Option<&str>,
        body: Bytes,
        member_version: i64,
        trusted_at: Option<u64>,
    ) {
        if self.budget == 0 {
            return;
        }
        let key = Key::History { upm_id: upm_id.to_owned(), list: list.to_owned(), anchor: anchor.map(str::to_owned) };
        self.put(key, Value::History { body, version: member_version, trusted: trusted_at, gzip: None }, FRESHNESS);
    }

    /// Records that the held page at `member_version` was found current at change generation `generation`.
    pub fn trust_history(&self, upm_id: &str, list: &str, anchor: Option<&str>, member_version: i64, generation: u64) {
        let key = Key::History { upm_id: upm_id.to_owned(), list: list.to_owned(), anchor: anchor.map(str::to_owned) };
        let mut inner = self.lock();
        if let Some(Entry { value: Value::History { version, trusted, .. }, .. }) = inner.entries.get_mut(&key)
            && *version == member_version
        {
            *trusted = Some(generation);
        }
    }

    /// Drops an order and every history page of the members it belongs (or belonged) to.
    pub fn forget_order(&self, order_number: &str, members: &[&str]) {
        let mut inner = self.lock();
        inner.remove(&Key::Order(order_number.to_owned()));
        for member in members {
            let Some(keys) = inner.pages.remove(*member) else { continue };
            for key in keys {
                inner.remove(&key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(body: &str) -> CachedOrder {
        CachedOrder::Found { version: 0, body: Bytes::from(body.to_owned()), until: None }
    }

    #[test]
    fn a_body_unpacked_again_on_a_thread_is_the_one_unpacked_before_and_each_body_stays_itself() {
        let packed = Packed::of(br#"{"orderNumber":"C1"}"#);
        let first = packed.unpack().expect("unpacks");
        assert_eq!(packed.unpack().expect("unpacks").as_ptr(), first.as_ptr(), "not unpacked twice");
        // More bodies than a thread keeps, twice over: each unpacks to itself, kept or not.
        let many: Vec<Packed> =
            (0..UNPACKED_KEPT * 2).map(|n| Packed::of(format!("{{\"n\":{n}}}").as_bytes())).collect();
        for _ in 0..2 {
            for (n, packed) in many.iter().enumerate() {
                assert_eq!(packed.unpack().expect("unpacks"), format!("{{\"n\":{n}}}").as_bytes());
            }
        }
        assert_eq!(packed.unpack().expect("unpacks"), first, "the first body again, unpacked anew");
    }

    #[test]
    fn an_order_is_served_until_it_is_forgotten() {
        let cache = ResponseCache::new(1 << 20);
        cache.put_order("C001", found("{}"));
        assert!(matches!(cache.order("C001"), Some(CachedOrder::Found { .. })));
        cache.forget_order("C001", &[]);
        assert!(cache.order("C001").is_none());
    }

    #[test]
    fn a_write_drops_the_history_pages_of_its_members_only() {
        let cache = ResponseCache::new(1 << 20);
        cache.put_history("m1", "SALES_ORDER", None, Bytes::from_static(b"[]"), 0, None);
        cache.put_history("m1", "SALES_ORDER", Some("anchor"), Bytes::from_static(b"[]"), 0, None);
        cache.put_history("m2", "SALES_ORDER", None, Bytes::from_static(b"[]"), 0, None);
        cache.forget_order("C001", &["m1"]);
        assert!(cache.history("m1", "SALES_ORDER", None, None, false).is_none());
        assert!(cache.history("m1", "SALES_ORDER", Some("anchor"), None, false).is_none());
        assert!(cache.history("m2", "SALES_ORDER", None, None, false).is_some());
    }

    #[test]
    fn history_pages_of_other_filters_or_time_zones_are_kept_apart() {
        let cache = ResponseCache::new(1 << 20);
        let list = "filter=orderType(SALES_ORDER)|false|UTC";
        cache.put_history("m1", list, None, Bytes::from_static(b"all"), 0, None);
        assert!(
            cache
                .history("m1", "filter=orderType(SALES_ORDER)&filter=status(delivered)|false|UTC", None, None, false)
                .is_none()
        );
        assert!(
            cache.history("m1", "filter=orderType(SALES_ORDER)|false|America/New_York", None, None, false).is_none()
        );
        assert_eq!(
            cache.history("m1", list, None, None, false).map(|(body, ..)| body),
            Some(HeldAnswer::Plain(Bytes::from_static(b"all")))
        );
    }

    #[test]
    fn the_oldest_entries_leave_when_the_budget_is_full() {
        let cache = ResponseCache::new(2_000);
        for number in 0..20 {
            cache.put_order(&format!("C{number:03}"), found(&"x".repeat(200)));
        }
        assert!(cache.order("C000").is_none(), "the first went first");
        assert!(cache.order("C019").is_some(), "the newest stays");
        assert!(cache.lock().used <= 2_000);
    }

    #[test]
    fn forgetting_and_replacing_keep_the_byte_count_and_the_member_index_exact() {
        let cache = ResponseCache::new(1 << 20);
        cache.put_order("C001", found("{}"));
        cache.put_history("m1", "SALES_ORDER", None, Bytes::from_static(b"[1]"), 0, None);
        cache.put_history("m1", "SALES_ORDER", None, Bytes::from_static(b"[1,2]"), 0, None);
        cache.put_history("m2", "SALES_ORDER", None, Bytes::from_static(b"[]"), 0, None);
        cache.forget_order("C001", &["m1", "m2"]);
        let inner = cache.lock();
        assert_eq!(inner.used, 0, "every byte counted in was counted out");
        assert!(inner.entries.is_empty());
        assert!(inner.pages.is_empty(), "no member keeps an index of pages that are gone");
    }

    #[test]
    fn an_evicted_page_leaves_the_member_index() {
        let cache = ResponseCache::new(2_000);
        for page in 0..20 {
            cache.put_history("m1", "SALES_ORDER", Some(&format!("a{page}")), Bytes::from("x".repeat(200)), 0, None);
        }
        let inner = cache.lock();
        assert_eq!(inner.pages.get("m1").map(HashSet::len), Some(inner.entries.len()));
    }

    /// A detail-like body: compressible, distinct per order.
    fn detail(number: u32) -> String {
        let line = r#"{"lineNumber":1,"actions":{"return":{"enabled":true,"appCallback":{"type":"orders:action"}}}},"#;
        format!("[{{\"orderNumber\":\"C{number:03}\"}},{}]", line.repeat(40))
    }

    fn held_raw(cache: &ResponseCache, number: &str) -> bool {
        matches!(
            cache.lock().entries.get(&Key::Order(number.to_owned())),
            Some(Entry { value: Value::Order(Some(HeldOrder { body: HeldBody::Raw(_), .. })), .. })
        )
    }

    #[test]
    fn bodies_are_held_raw_while_the_budget_has_room_and_come_back_byte_for_byte() {
        let cache = ResponseCache::new(1 << 20);
        let body = detail(1);
        cache.put_order("C001", found(&body));
        cache.put_history("m1", "SALES_ORDER", None, Bytes::from(body.clone()), 3, None);
        let Some(CachedOrder::Found { body: order, .. }) = cache.order("C001") else { panic!("cached") };
        assert_eq!(order, body.as_bytes());
        assert_eq!(
            cache.history("m1", "SALES_ORDER", None, None, false),
            Some((HeldAnswer::Plain(Bytes::from(body.clone())), 3, false))
        );
        assert!(held_raw(&cache, "C001"), "room enough: raw, nothing to unpack on a hit");
        assert!(cache.lock().used >= body.len() * 2, "both raw");
    }

    #[test]
    fn a_full_budget_packs_the_oldest_bodies_before_it_evicts_any() {
        let body_size = detail(0).len();
        // Raw, ten fit; packed (about a tenth of the size), all forty do.
        let budget = body_size * 10 + 1_000;
        let cache = ResponseCache::new(budget);
        for number in 0..40 {
            cache.put_order(&format!("C{number:03}"), found(&detail(number)));
        }
        for number in 0..40 {
            let Some(CachedOrder::Found { body, .. }) = cache.order(&format!("C{number:03}")) else {
                panic!("C{number:03} evicted while packing could keep it")
            };
            assert_eq!(body, detail(number).as_bytes(), "C{number:03} comes back byte for byte");
        }
        assert!(held_raw(&cache, "C039"), "the newest stays raw");
        assert!(!held_raw(&cache, "C000"), "the oldest was packed");
        let inner = cache.lock();
        assert!(inner.used <= budget);
        let counted: usize = inner.entries.values().map(|entry| entry.size).sum();
        assert_eq!(inner.used, counted, "packing counted its bytes out");
    }

    fn owner(upm_id: &str) -> OrderOwner {
        OrderOwner { upm_id: Some(upm_id.to_owned()), email: None, phone_digits: None }
    }

    #[test]
    fn an_order_is_trusted_at_the_generation_its_version_was_found_current_only() {
        let cache = ResponseCache::new(1 << 20);
        cache.put_order("C001", found("{}"));
        let anyone = |_: &OrderOwner| true;
        let m1 = |owner: &OrderOwner| owner.upm_id.as_deref() == Some("m1");
        assert!(cache.trusted_order("C001", 7, false, anyone).is_none(), "held, never checked");
        cache.trust_order("C001", 1, &owner("m1"), 7);
        assert!(cache.trusted_order("C001", 7, false, anyone).is_none(), "another version was checked");
        cache.trust_order("C001", 0, &owner("m1"), 7);
        let trusted = cache.trusted_order("C001", 7, false, m1).expect("trusted");
        assert_eq!(trusted.body, HeldAnswer::Plain(Bytes::from_static(b"{}")));
        assert!(
            cache.trusted_order("C001", 7, false, |owner| owner.upm_id.as_deref() == Some("m2")).is_none(),
            "not m2's"
        );
        assert!(cache.trusted_order("C001", 8, false, anyone).is_none(), "something changed since");
        cache.put_order("C001", found("{}"));
        assert!(cache.trusted_order("C001", 7, false, anyone).is_none(), "a new body starts untrusted");
    }

    #[test]
    fn a_page_is_trusted_at_the_generation_its_version_was_found_current_only() {
        let cache = ResponseCache::new(1 << 20);
        cache.put_history("m1", "SALES_ORDER", None, Bytes::from_static(b"[]"), 4, Some(2));
        assert_eq!(cache.history("m1", "SALES_ORDER", None, Some(2), false).map(|(.., trusted)| trusted), Some(true));
        assert_eq!(cache.history("m1", "SALES_ORDER", None, Some(3), false).map(|(.., trusted)| trusted), Some(false));
        assert_eq!(cache.history("m1", "SALES_ORDER", None, None, false).map(|(.., trusted)| trusted), Some(false));
        cache.trust_history("m1", "SALES_ORDER", None, 5, 3);
        assert_eq!(cache.history("m1", "SALES_ORDER", None, Some(3), false).map(|(.., trusted)| trusted), Some(false));
        cache.trust_history("m1", "SALES_ORDER", None, 4, 3);
        assert_eq!(cache.history("m1", "SALES_ORDER", None, Some(3), false).map(|(.., trusted)| trusted), Some(true));
    }

    #[test]
    fn a_zero_budget_keeps_nothing() {
        let cache = ResponseCache::new(0);
        cache.put_order("C001", found("{}"));
        assert!(cache.order("C001").is_none());
    }

    fn counted_exactly(cache: &ResponseCache) -> usize {
        let inner = cache.lock();
        assert_eq!(inner.used, inner.entries.values().map(|entry| entry.size).sum::<usize>(), "every byte counted");
        inner.used
    }

    #[test]
    fn a_gzip_is_kept_beside_its_own_body_only_and_leaves_with_it() {
        let cache = ResponseCache::new(1 << 20);
        let body = Bytes::from(detail(1));
        cache.put_order("C001", CachedOrder::Found { version: 0, body: body.clone(), until: None });
        let key = ResponseCache::order_key("C001");
        assert_eq!(cache.kept_gzip(&key, &body), KeptGzip::Missing);
        let before = counted_exactly(&cache);
        let gzip = Bytes::from_static(b"gzip of C001");
        cache.keep_gzip(&key, &body, gzip.clone());
        assert_eq!(cache.kept_gzip(&key, &body), KeptGzip::Gzip(gzip.clone()));
        assert_eq!(counted_exactly(&cache), before + gzip.len(), "the gzip counts in the budget");
        // A body alike but another buffer (rendered again the same) is the same body.
        assert_eq!(cache.kept_gzip(&key, &Bytes::from(detail(1))), KeptGzip::Gzip(gzip.clone()));

        cache.trust_order("C001", 0, &owner("m1"), 7);
        let answer = |gzip| cache.trusted_order("C001", 7, gzip, |_| true).map(|held| held.body);
        assert_eq!(answer(true), Some(HeldAnswer::Gzip(gzip.clone())), "a caller that accepts gzip");
        assert_eq!(answer(false), Some(HeldAnswer::Plain(body.clone())), "one that does not");

        // A new body (another version) starts without, and the old body's gzip is never put beside it.
        let changed = Bytes::from(detail(2));
        cache.put_order("C001", CachedOrder::Found { version: 1, body: changed.clone(), until: None });
        assert_eq!(cache.kept_gzip(&key, &body), KeptGzip::NotHeld);
        cache.keep_gzip(&key, &body, gzip.clone());
        assert_eq!(cache.kept_gzip(&key, &changed), KeptGzip::Missing, "the old body's gzip was refused");
        cache.forget_order("C001", &[]);
        assert_eq!(cache.kept_gzip(&key, &changed), KeptGzip::NotHeld);
        assert_eq!(counted_exactly(&cache), 0);
    }

    #[test]
    fn a_page_keeps_its_gzip_until_a_write_drops_the_page() {
        let cache = ResponseCache::new(1 << 20);
        let page = Bytes::from_static(b"[page]");
        cache.put_history("m1", "SALES_ORDER", None, page.clone(), 3, Some(2));
        let key = ResponseCache::history_key("m1", "SALES_ORDER", None);
        cache.keep_gzip(&key, &Bytes::from_static(b"[other]"), Bytes::from_static(b"not its gzip"));
        assert_eq!(cache.kept_gzip(&key, &page), KeptGzip::Missing, "a gzip of another page is refused");
        cache.keep_gzip(&key, &page, Bytes::from_static(b"gzip"));
        assert_eq!(
            cache.history("m1", "SALES_ORDER", None, Some(2), true),
            Some((HeldAnswer::Gzip(Bytes::from_static(b"gzip")), 3, true))
        );
        assert_eq!(
            cache.history("m1", "SALES_ORDER", None, Some(2), false),
            Some((HeldAnswer::Plain(page.clone()), 3, true))
        );
        cache.forget_order("C001", &["m1"]);
        assert!(cache.history("m1", "SALES_ORDER", None, Some(2), true).is_none());
        assert_eq!(counted_exactly(&cache), 0);
    }

    #[test]
    fn keeping_a_gzip_in_a_full_budget_makes_room_first() {
        let body_size = detail(0).len();
        let budget = body_size * 4;
        let cache = ResponseCache::new(budget);
        for number in 0..40 {
            let body = Bytes::from(detail(number));
            let name = format!("C{number:03}");
            cache.put_order(&name, CachedOrder::Found { version: 0, body: body.clone(), until: None });
            cache.keep_gzip(&ResponseCache::order_key(&name), &body, Bytes::from(vec![b'z'; body_size / 8]));
            assert!(counted_exactly(&cache) <= budget, "within the budget after C{number:03}");
        }
        let newest = Bytes::from(detail(39));
        assert!(matches!(cache.kept_gzip(&ResponseCache::order_key("C039"), &newest), KeptGzip::Gzip(_)));
    }
}
