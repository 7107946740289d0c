//! Who is calling, decided once per request: a member (bearer token), a guest (the order's e-mail or
//! phone sent as `filter=email(...)` / `filter=phoneNumber(...)`, or the plain `email=` /
//! `telephoneNumber=` query), both, or nobody. Every area takes a `Caller` and asks
//! `crate::access` whether it may see an object; nobody compares owners by hand.

use std::net::IpAddr;

use domain::access::Viewer;
use domain::guest_filter::{Filter, parse_filter};

use super::{AuthState, MaybeMember, Member};
use crate::error::{AppError, AppResult};
use crate::extract::QueryPairs;

#[derive(Debug, Clone)]
pub struct Caller {
    pub member: Option<Member>,
    /// Guest credentials (e-mail and phone filters only), parsed and normalized.
    pub guest: Vec<Filter>,
    pub client_ip: IpAddr,
}

impl Caller {
    pub fn member_viewer(&self) -> Viewer<'_> {
        self.member.as_ref().map_or(Viewer::Anonymous, |member| Viewer::Member(&member.upm_id))
    }

    pub fn guest_viewer(&self) -> Viewer<'_> {
        if self.guest.is_empty() { Viewer::Anonymous } else { Viewer::Guest(&self.guest) }
    }

    pub fn has_guest_credentials(&self) -> bool {
        !self.guest.is_empty()
    }

    /// The identity a created object (a job, a return, a pickup) is recorded under: the member, or the
    /// first guest credential. `None` for an anonymous caller.
    pub fn owner_key(&self) -> Option<String> {
        self.identity_keys().into_iter().next()
    }

    /// Every identity this caller proves: an object recorded under any of them is theirs.
    pub fn identity_keys(&self) -> Vec<String> {
        let member = self.member.iter().map(|member| format!("member:{}", member.upm_id));
        let guest = self.guest.iter().filter_map(|filter| match filter {
            Filter::Email(email) => Some(format!("email:{email}")),
            Filter::PhoneNumber(digits) => Some(format!("phone:{digits}")),
            Filter::OrderType(_) => None,
        });
        member.chain(guest).collect()
    }
}

impl crate::jobs::view::JobOwner for Caller {
    fn identity_keys(&self) -> Vec<String> {
        Caller::identity_keys(self)
    }
}

/// The `filter` query values, comma-separated or repeated, trimmed.
pub fn filter_values(query: &QueryPairs) -> impl Iterator<Item = &str> {
    query.all("filter").flat_map(|value| value.split(',').map(str::trim).filter(|part| !part.is_empty()))
}

/// The `filter` query values read as guest (and order type) filters.
pub fn filters(query: &QueryPairs) -> AppResult<Vec<Filter>> {
    filter_values(query)
        .map(|part| parse_filter(part).map_err(|error| AppError::InvalidFilter(error.to_string())))
        .collect()
}

/// Guest credentials from the `filter` query, or the plain `email` / `telephoneNumber` query.
pub fn guest_credentials(query: &QueryPairs) -> AppResult<Vec<Filter>> {
    let mut credentials: Vec<Filter> =
        filters(query)?.into_iter().filter(|filter| !matches!(filter, Filter::OrderType(_))).collect();
    let plain = [("email", "email"), ("telephoneNumber", "phoneNumber")];
    for (query_name, filter_name) in plain {
        if let Some(value) = query.first(query_name).filter(|value| !value.trim().is_empty()) {
            let filter = parse_filter(&format!("{filter_name}({value})"))
                .map_err(|error| AppError::InvalidFilter(error.to_string()))?;
            credentials.push(filter);
        }
    }
    Ok(credentials)
}

pub use crate::extract::client_ip;

crate::extract::parts_extractor!(Caller, AuthState, |parts, state| {
    let MaybeMember(member) = super::identity::maybe_member(parts, state).await?;
    let query = QueryPairs::from_request_parts(parts, state).await?;
    let guest = guest_credentials(&query)?;
    // Where the page offers no phone lookup (enableSmsLookup off), no call takes a phone as a credential.
    if guest.iter().any(|filter| matches!(filter, Filter::PhoneNumber(_))) {
        state.site.require(query.first("country"), domain::country::Flag::EnableSmsLookup)?;
    }
    Ok(Caller { member, guest, client_ip: client_ip(parts, &state.trusted_proxies) })
});

#[cfg(test)]
mod tests {
    use std::net::SocketAddr;

    use axum::extract::ConnectInfo;
    use axum::http::request::Parts;

    use super::*;

    fn parts(peer: [u8; 4], forwarded: Option<&str>) -> Parts {
        let mut builder = axum::http::Request::builder().uri("/");
        if let Some(value) = forwarded {
            builder = builder.header("x-forwarded-for", value);
        }
        let (mut parts, ()) = builder.body(()).map(axum::http::Request::into_parts).unwrap_or_else(|_| unreachable!());
        parts.extensions.insert(ConnectInfo(SocketAddr::from((peer, 5000))));
        parts
    }

    #[test]
    fn forwarded_for_is_believed_only_from_a_trusted_proxy() {
        let proxies: Vec<ipnet::IpNet> = vec!["10.0.0.0/8".parse().unwrap_or_else(|_| unreachable!())];
        let from_proxy = parts([10, 0, 0, 5], Some("203.0.113.7, 10.0.0.9"));
        assert_eq!(client_ip(&from_proxy, &proxies), IpAddr::from([203, 0, 113, 7]));
        let spoofed = parts([198, 51, 100, 1], Some("203.0.113.7"));
        assert_eq!(client_ip(&spoofed, &proxies), IpAddr::from([198, 51, 100, 1]), "a stranger's header is ignored");
        let no_proxies = parts([10, 0, 0, 5], Some("203.0.113.7"));
        assert_eq!(client_ip(&no_proxies, &[]), IpAddr::from([10, 0, 0, 5]));
        let forged_chain = parts([10, 0, 0, 5], Some("1.2.3.4, 203.0.113.7"));
        assert_eq!(
            client_ip(&forged_chain, &proxies),
            IpAddr::from([203, 0, 113, 7]),
            "only the nearest untrusted hop"
        );
    }
}
