//! China e-invoice (issue 12): request as member or guest, the job issues a real PDF holding the order's
//! lines, one per order, only in China once shipped or delivered, validation naming the field.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, order};
use crate::on_both_backends;

pub(crate) fn china_order(number: &str, upm_id: Option<&str>, status: &str) -> Value {
    let mut body = order(number, upm_id, "2026-11-01T10:00:00Z");
    body["country"] = json!("CN");
    body["currency"] = json!("CNY");
    body["email"] = json!("cn.guest@example.com");
    body["lines"][0]["title"] = json!("跑步鞋 Stride Runner 4");
    body["lines"][0]["status"] = json!(status);
    body["lines"][1]["status"] = json!(status);
    body
}

pub(crate) async fn post(app: &TestApp, path: &str, token: Option<&str>, body: &Value) -> (StatusCode, Value) {
    app.call(reqwest::Method::POST, path, token, Some(body)).await
}

pub(crate) async fn wait_issued(app: &TestApp, path: &str, token: Option<&str>) -> Value {
    for _ in 0..100 {
        let (status, state) = app.get_json(path, token).await;
        assert_eq!(status, StatusCode::OK, "{state}");
        if state["status"] == "ISSUED" {
            return state;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the e-invoice was not issued in 5 s");
}

/// Every string the page shows (operands of Tj), read as UTF-16BE when it is (the CJK font) and else as
/// Latin-1 (Helvetica), joined by spaces.
fn shown_text(document: &lopdf::Document) -> String {
    // Each text object is one piece of text; inside it, runs in the CJK font (C1: UTF-16BE) and in Helvetica
    // (F1: WinAnsi, Latin-1 here) follow each other as the reader places them.
    let mut shown = Vec::new();
    for page in document.get_pages().values() {
        let content = document.get_and_decode_page_content(*page).expect("page content");
        let (mut font, mut piece) = (Vec::new(), String::new());
        for operation in &content.operations {
            match (operation.operator.as_str(), operation.operands.first()) {
                ("Tf", Some(lopdf::Object::Name(name))) => font.clone_from(name),
                ("Tj", Some(lopdf::Object::String(bytes, _))) if font == b"C1" => {
                    let utf16: Vec<u16> =
                        bytes.chunks(2).map(|pair| u16::from_be_bytes([pair[0], *pair.get(1).unwrap_or(&0)])).collect();
                    piece.push_str(&String::from_utf16_lossy(&utf16));
                }
                ("Tj", Some(lopdf::Object::String(bytes, _))) => piece.extend(bytes.iter().map(|&b| char::from(b))),
                ("ET", _) => shown.push(std::mem::take(&mut piece)),
                _ => {}
            }
        }
    }
    shown.join(" ")
}

async fn members_and_guests_get_a_real_pdf_once(app: &TestApp) {
    let (upm_id, token) = app.member("cn.member@example.com").await;
    app.put_order(&china_order("C8800001", Some(&upm_id), "Delivered")).await;
    let path = "/orders/einvoice/v1/C8800001";

    let (_, detail) = app.get_json("/orders/history/v1/C8800001", Some(&token)).await;
    assert_eq!(detail["actions"]["requestEinvoice"]["enabled"], true, "the order offers the e-invoice");
    let (status, before) = app.get_json(path, Some(&token)).await;
    assert_eq!(
        (status, before["status"].clone(), before["offered"].clone()),
        (StatusCode::OK, json!("NONE"), json!(true))
    );

    let bad =
        post(app, path, Some(&token), &json!({"titleType": "COMPANY", "title": "上海示例", "taxpayerId": "123"})).await;
    assert_eq!(bad.0, StatusCode::BAD_REQUEST);
    assert_eq!(bad.1["field"], "taxpayerId");
    let body = json!({"titleType": "COMPANY", "title": "上海示例贸易有限公司", "taxpayerId": "91310000ma1fl4xq3k"});
    let (status, requested) = post(app, path, Some(&token), &body).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{requested}");
    assert!(requested["jobId"].is_string());
    let again = post(app, path, Some(&token), &body).await;
    assert_eq!((again.0, again.1["code"].clone()), (StatusCode::CONFLICT, json!("einvoice-already-requested")));

    let issued = wait_issued(app, path, Some(&token)).await;
    assert_eq!(issued["taxpayerId"], "91310000MA1FL4XQ3K");
    let number = issued["invoiceNumber"].as_str().expect("invoice number");
    assert_eq!(number.len(), 20);

    let pdf = app.client.get(app.url(&format!("{path}?format=pdf"))).bearer_auth(&token).send().await.expect("pdf");
    assert_eq!(pdf.status(), StatusCode::OK);
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    let bytes = pdf.bytes().await.expect("bytes");
    let document = lopdf::Document::load_mem(&bytes).expect("the invoice parses as PDF");
    assert_eq!(document.get_pages().len(), 1);
    let text = shown_text(&document);
    for expected in ["跑步鞋 Stride Runner 4", "Dri-Tech Training Tee", "上海示例贸易有限公司", number, "电子发票"]
    {
        assert!(text.contains(expected), "the PDF shows {expected}: {text}");
    }

    // A guest with the order's e-mail sees the same state; another member sees a 404.
    let guest = format!("{path}?filter=email(cn.guest@example.com)");
    let (status, as_guest) = app.get_json(&guest, None).await;
    assert_eq!((status, as_guest["invoiceNumber"].clone()), (StatusCode::OK, json!(number)));
    let (_, stranger) = app.member("cn.stranger@example.com").await;
    let (status, _) = app.get_json(path, Some(&stranger)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
on_both_backends!(einvoice_flow, members_and_guests_get_a_real_pdf_once);

async fn only_china_orders_that_have_shipped(app: &TestApp) {
    app.put_order(&china_order("C8800002", None, "created")).await;
    let mut us = order("C8800003", None, "2026-11-01T10:00:00Z");
    us["email"] = json!("cn.guest@example.com");
    us["lines"][0]["status"] = json!("Delivered");
    app.put_order(&us).await;
    let body = json!({"titleType": "PERSONAL", "title": "张三"});
    for number in ["C8800002", "C8800003"] {
        let path = format!("/orders/einvoice/v1/{number}?filter=email(cn.guest@example.com)");
        let (status, answer) = post(app, &path, None, &body).await;
        assert_eq!(
            (status, answer["code"].clone()),
            (StatusCode::CONFLICT, json!("einvoice-not-available")),
            "{number}"
        );
        let (_, state) = app.get_json(&path, None).await;
        assert_eq!((state["status"].clone(), state["offered"].clone()), (json!("NONE"), json!(false)));
    }
    let wrong = post(app, "/orders/einvoice/v1/C8800002?filter=email(other@example.com)", None, &body).await;
    assert_eq!(wrong.0, StatusCode::NOT_FOUND);
}
on_both_backends!(einvoice_rules, only_china_orders_that_have_shipped);
