//! Demo address books and consents for the demo members: at least one address each in US, GB, JP,
//! KR, CN and AU (one preferred per member), a military address for the store-search rule, and
//! partner-order sharing consent for shopper@example.com (the partner-orders tab shows for them).
//! Every address goes through the same validation as the API, so the demo cannot hold what the API
//! would refuse.

use domain::address::{AddressFields, ValidAddress};

use crate::BoxError;
use crate::db::Db;

/// (member e-mail, address id, preferred, country, given, family, line1, line2, locality, zone, province, code, phone)
type DemoAddress = (
    &'static str,
    &'static str,
    bool,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

#[rustfmt::skip]
const DEMO_ADDRESSES: &[DemoAddress] = &[
    ("shopper@example.com", "demo-us-home", true, "US", "Jane", "Carter", "1 Market Street", "Suite 400", "San Francisco", "", "CA", "94105", "4155550100"),
    ("shopper@example.com", "demo-us-work", false, "US", "Jane", "Carter", "350 5th Avenue", "", "New York", "", "NY", "10118", "2125550100"),
    ("shopper@example.com", "demo-us-apo", false, "US", "Jane", "Carter", "Unit 2050 Box 4190", "", "APO", "", "AP", "96278", "4155550100"),
    ("shopper.gb@example.com", "demo-gb-home", true, "GB", "Amelia", "Evans", "221B Baker Street", "", "London", "", "", "NW1 6XE", "02079460000"),
    ("shopper.gb@example.com", "demo-gb-office", false, "GB", "Amelia", "Evans", "1 Piccadilly", "Floor 3", "Manchester", "", "Greater Manchester", "M1 1AE", "01612345678"),
    ("shopper.jp@example.com", "demo-jp-home", true, "JP", "Yui", "Sato", "丸の内1-9-1", "グラントウキョウノースタワー 10F", "千代田区", "", "13", "100-0005", "0312345678"),
    ("shopper.jp@example.com", "demo-jp-osaka", false, "JP", "Yui", "Sato", "梅田3-1-1", "", "大阪市北区", "", "27", "530-0001", "0661234567"),
    ("shopper.kr@example.com", "demo-kr-home", true, "KR", "서연", "김", "테헤란로 152", "강남파이낸스센터 20층", "강남구", "역삼동", "11", "06236", "01012345678"),
    ("shopper.kr@example.com", "demo-kr-busan", false, "KR", "서연", "김", "센텀남대로 35", "", "해운대구", "우동", "26", "48058", "01012345678"),
    ("shopper.cn@example.com", "demo-cn-home", true, "CN", "伟", "王", "南京东路100号", "5楼", "上海市", "黄浦区", "SH", "200001", "13800138000"),
    ("shopper.cn@example.com", "demo-cn-beijing", false, "CN", "伟", "王", "建国路87号", "", "北京市", "朝阳区", "BJ", "100025", "13800138000"),
    ("shopper.au@example.com", "demo-au-home", true, "AU", "Charlotte", "Wilson", "1 Martin Place", "Level 2", "Sydney", "", "NSW", "2000", "0291234567"),
    ("shopper.au@example.com", "demo-au-melbourne", false, "AU", "Charlotte", "Wilson", "200 Bourke Street", "", "Melbourne", "", "VIC", "3000", "0391234567"),
    ("shopper.fr@example.com", "demo-fr-home", true, "FR", "Camille", "Martin", "8 Rue de Rivoli", "", "Paris", "", "", "75004", "0142000000"),
    ("shopper.de@example.com", "demo-de-home", true, "DE", "Lukas", "Müller", "Unter den Linden 10", "", "Berlin", "", "", "10117", "03012345678"),
    ("shopper.nl@example.com", "demo-nl-home", true, "NL", "Emma", "de Vries", "Damrak 1", "", "Amsterdam", "", "", "1012 LG", "0201234567"),
];

/// (member e-mail, consent type, granted)
const DEMO_CONSENTS: &[(&str, &str, bool)] = &[
    ("shopper@example.com", "partnerOrderDataSharing", true),
    ("shopper@example.com", "performanceCookies", true),
    ("shopper@example.com", "marketingEmail", false),
    ("shopper.gb@example.com", "performanceCookies", true),
    ("shopper.jp@example.com", "partnerOrderDataSharing", false),
];

fn text(value: &str) -> Option<String> {
    (!value.is_empty()).then(|| value.to_owned())
}

async fn member_id(db: &Db, email: &str) -> Result<Option<String>, BoxError> {
    Ok(sqlx::query_scalar("SELECT upm_id FROM members WHERE email = $1").bind(email).fetch_optional(&db.pool).await?)
}

pub async fn write(db: &Db, now_ms: i64) -> Result<(), BoxError> {
    for (index, row) in DEMO_ADDRESSES.iter().enumerate() {
        let &(email, id, preferred, country, given, family, line1, line2, locality, zone, province, code, phone) = row;
        let Some(upm_id) = member_id(db, email).await? else { continue };
        let input = AddressFields {
            country: text(country),
            name_given: text(given),
            name_family: text(family),
            line1: text(line1),
            line2: text(line2),
            locality: text(locality),
            zone: text(zone),
            province: text(province),
            code: text(code),
            phone: text(phone),
            ..AddressFields::default()
        };
        let fields = ValidAddress::parse(&input).map_err(|error| format!("demo address {id}: {error}"))?.into_fields();
        sqlx::query(
            "INSERT INTO member_addresses (id, upm_id, original_id, country, code, email, line1, line2, line3, locality, \
               name, name_family, name_given, phone, province, zone, preferred, created_at, updated_at) \
             VALUES ($1, $2, NULL, $3, $4, $5, $6, $7, NULL, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16) \
             ON CONFLICT DO NOTHING",
        )
        .bind(id)
        .bind(&upm_id)
        .bind(fields.country)
        .bind(fields.code)
        .bind(email)
        .bind(fields.line1)
        .bind(fields.line2)
        .bind(fields.locality)
        .bind(fields.name)
        .bind(fields.name_family)
        .bind(fields.name_given)
        .bind(fields.phone)
        .bind(fields.province)
        .bind(fields.zone)
        .bind(i64::from(preferred))
        // Older first, so each book lists in the order written here.
        .bind(now_ms - 86_400_000 + index as i64)
        .execute(&db.pool)
        .await?;
    }
    for &(email, kind, granted) in DEMO_CONSENTS {
        let Some(upm_id) = member_id(db, email).await? else { continue };
        sqlx::query(
            "INSERT INTO member_consents (upm_id, consent_type, granted, updated_at, updated_by) \
             VALUES ($1, $2, $3, $4, 'seed') ON CONFLICT DO NOTHING",
        )
        .bind(&upm_id)
        .bind(kind)
        .bind(i64::from(granted))
        .bind(now_ms)
        .execute(&db.pool)
        .await?;
    }
    Ok(())
}
