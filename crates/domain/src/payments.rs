//! Deferred payment (spec 002 §3, §4, §5): which payment types pay later, when a QR code shows, and
//! where the browser goes after the provider answered with a form.

/// Payment types that pay after the order is placed (002 §5).
pub const DEFERRED_PAYMENT_TYPES: &[&str] = &["alipay", "wechat", "unionpay", "realtime_bank", "klarna"];

/// The bank shown by default for realtime bank payments: its QR code is hidden (002 §5).
/// The spec does not name it; iDEAL (realtime_bank's display name) is paid in the bank's own app.
pub const DEFAULT_BANK: &str = "ideal";

pub fn is_deferred(payment_type: &str) -> bool {
    DEFERRED_PAYMENT_TYPES.iter().any(|kind| kind.eq_ignore_ascii_case(payment_type))
}

/// Whether a QR code shows for `payment_type` (with the bank, for realtime bank payments).
pub fn shows_qr_code(payment_type: &str, bank: Option<&str>) -> bool {
    if !is_deferred(payment_type) {
        return false;
    }
    !(payment_type.eq_ignore_ascii_case("realtime_bank")
        && bank.is_none_or(|bank| bank.eq_ignore_ascii_case(DEFAULT_BANK)))
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormField {
    pub name: String,
    pub value: String,
}

/// Where the browser goes after the provider's form came back (002 §4 "Deferred payment redirect").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Redirect {
    /// Inside a chat app's in-app browser: that app's payment page.
    ChatApp { url: String },
    /// A GET form: its action with the fields as a query string.
    Url(String),
    /// Anything else: no redirect (the page posts the hidden form).
    None,
}

fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(char::from(byte)),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// The query string of `fields`, percent-encoded.
pub fn query_string(fields: &[FormField]) -> String {
    fields.iter().map(|field| format!("{}={}", encode(&field.name), encode(&field.value))).collect::<Vec<_>>().join("&")
}

/// The chat app's payment page; ids come from the order and the visit (002 §4).
pub struct ChatAppVisit<'a> {
    pub order_id: &'a str,
    pub payment_id: &'a str,
    pub visit_id: &'a str,
    pub visitor_id: &'a str,
}

/// The chat app's payment page path (the spec does not show it; ours is documented in docs/cancellation-payments.md).
pub fn chat_app_url(visit: &ChatAppVisit<'_>) -> String {
    let fields = [
        FormField { name: "orderId".into(), value: visit.order_id.into() },
        FormField { name: "paymentId".into(), value: visit.payment_id.into() },
        FormField { name: "visitId".into(), value: visit.visit_id.into() },
        FormField { name: "visitorId".into(), value: visit.visitor_id.into() },
    ];
    format!("weixin://dl/business/?{}", query_string(&fields))
}

pub fn redirect(in_chat_app: Option<&ChatAppVisit<'_>>, method: &str, action: &str, fields: &[FormField]) -> Redirect {
    if let Some(visit) = in_chat_app {
        return Redirect::ChatApp { url: chat_app_url(visit) };
    }
    if method.eq_ignore_ascii_case("GET") && !action.is_empty() {
        let query = query_string(fields);
        let joiner = if action.contains('?') { '&' } else { '?' };
        return Redirect::Url(if query.is_empty() { action.to_owned() } else { format!("{action}{joiner}{query}") });
    }
    Redirect::None
}

/// The confirmation path pushed into history before submitting (002 §2: order id with payment=success).
pub fn confirmation_path(order_id: &str) -> String {
    format!("/orders/{}?payment=success", encode(order_id))
}

/// Days until money given back (a release or a refund) reaches the shopper, by payment method. The spec
/// does not give them; these are the times retailers commonly quote. One table, easy to change.
pub fn expected_arrival_days(method: &str) -> i64 {
    match method.to_ascii_lowercase().as_str() {
        "gift_certificate" | "store_credit" | "store_giftcert" | "promo_voucher" => 0,
        "paypal" | "alipay" | "wechat" | "tenpay" | "unionpay" => 1,
        "realtime_bank" | "sofort" | "klarna" => 3,
        "offline_bank" | "bank_transfer" | "cod" | "cash" => 7,
        // cards: a release of an authorisation or a card refund, 3 to 5 business days; the later bound
        _ => 5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(name: &str, value: &str) -> FormField {
        FormField { name: name.into(), value: value.into() }
    }

    #[test]
    fn qr_codes_show_for_deferred_types_except_the_default_bank() {
        let table = [
            ("alipay", None, true),
            ("WECHAT", None, true),
            ("unionpay", None, true),
            ("klarna", None, true),
            ("realtime_bank", None, false),
            ("realtime_bank", Some("ideal"), false),
            ("realtime_bank", Some("bancontact"), true),
            ("credit_card", None, false),
        ];
        for (kind, bank, expected) in table {
            assert_eq!(shows_qr_code(kind, bank), expected, "{kind} {bank:?}");
        }
    }

    #[test]
    fn redirect_rules() {
        let fields = [field("a", "1 2"), field("b", "x&y")];
        assert_eq!(
            redirect(None, "get", "https://pay.example/p", &fields),
            Redirect::Url("https://pay.example/p?a=1%202&b=x%26y".into())
        );
        assert_eq!(
            redirect(None, "GET", "https://pay.example/p?x=1", &fields[..1]),
            Redirect::Url("https://pay.example/p?x=1&a=1%202".into())
        );
        assert_eq!(redirect(None, "POST", "https://pay.example/p", &fields), Redirect::None);
        assert_eq!(redirect(None, "GET", "", &fields), Redirect::None);
        let visit = ChatAppVisit { order_id: "C1", payment_id: "P 1", visit_id: "3", visitor_id: "v" };
        assert_eq!(
            redirect(Some(&visit), "POST", "https://pay.example/p", &fields),
            Redirect::ChatApp { url: "weixin://dl/business/?orderId=C1&paymentId=P%201&visitId=3&visitorId=v".into() }
        );
    }

    #[test]
    fn arrival_depends_on_the_method() {
        assert_eq!(expected_arrival_days("credit_card"), 5);
        assert_eq!(expected_arrival_days("ALIPAY"), 1);
        assert_eq!(expected_arrival_days("klarna"), 3);
        assert_eq!(expected_arrival_days("gift_certificate"), 0);
        assert_eq!(expected_arrival_days("bank_transfer"), 7);
    }

    #[test]
    fn the_confirmation_path_carries_payment_success() {
        assert_eq!(confirmation_path("C123"), "/orders/C123?payment=success");
    }
}
