//! `GET /order_mgmt/shipment_service_providers/v1?country=&type=CARRIER&serviceTypes=dropoff,pickup,paperless`
//! -> `{"objects":[{"providerName","nikeServiceTypeCode","serviceSCACCode"}]}`, one object per carrier and
//! service. In the US the list is UPS only, or USPS only when `--usps-enabled` is set (spec 001 §7, §9).

use axum::Json;
use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{ServiceType, all};
use crate::error::{AppError, AppResult};
use crate::platform::Platform;

crate::platform::area_router!(
    states: [Platform],
    routes: [(list_providers)],
);

#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ProvidersQuery {
    /// ISO alpha-2 country (required).
    #[param(value_type = domain::schema::CountryCode, inline)]
    pub country: Option<String>,
    /// Only `CARRIER` is known.
    #[serde(rename = "type")]
    #[param(rename = "type", value_type = Option<ProviderType>, inline)]
    pub provider_type: Option<String>,
    /// Comma-separated: dropoff, pickup, paperless. All three when absent.
    #[serde(rename = "serviceTypes")]
    #[param(rename = "serviceTypes", pattern = "^((dropoff|pickup|paperless)(,(dropoff|pickup|paperless))*)?$")]
    pub service_types: Option<String>,
}

/// The one provider type there is (the document's closed set; the check takes any case).
#[derive(ToSchema)]
#[allow(dead_code, clippy::upper_case_acronyms)]
enum ProviderType {
    CARRIER,
}

#[derive(Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ShipmentServiceProvider {
    pub provider_name: String,
    pub nike_service_type_code: String,
    #[serde(rename = "serviceSCACCode")]
    pub service_scac_code: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ShipmentServiceProviders {
    pub objects: Vec<ShipmentServiceProvider>,
}

/// The providers for a country and service types, with the US rule applied.
pub fn providers(country: &str, services: &[ServiceType], usps_enabled: bool) -> Vec<ShipmentServiceProvider> {
    let country = country.to_ascii_uppercase();
    let mut out = Vec::new();
    for carrier in all() {
        let info = carrier.info();
        if country == "US" {
            let wanted = if usps_enabled { "usps" } else { "ups" };
            if info.carrier_id != wanted {
                continue;
            }
        }
        for &service in services {
            if info.offers(&country, service) {
                out.push(ShipmentServiceProvider {
                    provider_name: info.name("en").to_owned(),
                    nike_service_type_code: service.nike_service_type_code().to_owned(),
                    service_scac_code: info.scac.clone(),
                });
            }
        }
    }
    out
}

#[utoipa::path(get, path = "/order_mgmt/shipment_service_providers/v1", tag = "carriers", params(ProvidersQuery),
    responses((status = 200, body = ShipmentServiceProviders), (status = 400, body = crate::error::ApiError)))]
pub async fn list_providers(
    State(state): State<Platform>,
    query: Result<Query<ProvidersQuery>, axum::extract::rejection::QueryRejection>,
) -> AppResult<Json<ShipmentServiceProviders>> {
    let Query(query) = query.map_err(|e| AppError::InvalidQuery(e.body_text()))?;
    let country = query.country.unwrap_or_default();
    if !domain::rules::is_country_code(&country) {
        return Err(AppError::validation("country", "country must be an ISO alpha-2 code"));
    }
    if let Some(kind) = &query.provider_type
        && !kind.eq_ignore_ascii_case("CARRIER")
    {
        return Err(AppError::validation("type", "type must be CARRIER"));
    }
    let services = match query.service_types.as_deref().filter(|s| !s.trim().is_empty()) {
        None => vec![ServiceType::Dropoff, ServiceType::Pickup, ServiceType::Paperless],
        Some(list) => list
            .split(',')
            .map(|s| {
                ServiceType::parse(s)
                    .ok_or_else(|| AppError::validation("serviceTypes", "serviceTypes are dropoff, pickup, paperless"))
            })
            .collect::<Result<Vec<_>, _>>()?,
    };
    Ok(Json(ShipmentServiceProviders { objects: providers(&country, &services, state.usps_enabled) }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_us_list_is_ups_unless_usps_is_enabled() {
        let all3 = [ServiceType::Dropoff, ServiceType::Pickup, ServiceType::Paperless];
        let names = |v: Vec<ShipmentServiceProvider>| {
            v.into_iter().map(|p| (p.provider_name, p.nike_service_type_code)).collect::<Vec<_>>()
        };
        assert_eq!(
            names(providers("us", &all3, false)),
            [("UPS".to_owned(), "CARRIER_DROP_OFF".to_owned()), ("UPS".to_owned(), "PICK_UP".to_owned())]
        );
        assert_eq!(names(providers("US", &all3, true)), [("USPS".to_owned(), "CARRIER_DROP_OFF".to_owned())]);
    }
}
