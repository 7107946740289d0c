//! Gift card balance: the right PIN answers the balance; a wrong PIN, an unknown card and a locked card
//! answer alike; 10 failed PINs lock a card for 30 minutes, counted exactly under parallel guesses.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::TestApp;
use crate::on_both_backends;

pub(crate) const CARD: &str = "6060123456789012345";

pub(crate) async fn load_card(app: &TestApp) {
    let body = json!({"number": "6060 1234 5678 9012 345", "pin": "123456", "currency": "USD", "balance": "50.00",
                      "expiresOn": "2030-12-31"});
    let (status, answer) = app.post_json("/ops/v1/gift_cards", &body, true).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["lastFour"], "2345");
    assert!(answer.get("pin").is_none() && !answer.to_string().contains("123456"), "the PIN is never answered");
}

pub(crate) async fn balance(app: &TestApp, number: &str, pin: &str) -> (StatusCode, Value) {
    app.post_json(
        "/payment/giftcard_balance/v1",
        &json!({"accountNumber": number, "pin": pin, "currency": "USD"}),
        false,
    )
    .await
}

async fn the_right_pin_answers_the_balance(app: &TestApp) {
    load_card(app).await;
    let (status, answer) = balance(app, "6060 1234 5678 9012 345", "123456").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer, json!({"balance": 50.0, "currency": "USD", "expiresOn": "2030-12-31"}));
}
on_both_backends!(right_pin, the_right_pin_answers_the_balance);

async fn wrong_pin_unknown_card_and_locked_card_answer_alike(app: &TestApp) {
    load_card(app).await;
    let wrong_pin = balance(app, CARD, "000000").await;
    let unknown = balance(app, "6060000000000000000", "123456").await;
    assert_eq!(wrong_pin.0, StatusCode::BAD_REQUEST);
    assert_eq!(wrong_pin, unknown, "same status and body");
    assert_eq!(wrong_pin.1["code"], "gift-card-invalid");
    for _ in 0..9 {
        balance(app, CARD, "000000").await;
    }
    let locked = balance(app, CARD, "123456").await;
    assert_eq!(locked, wrong_pin, "a locked card answers like a wrong PIN, even to the right one");
}
on_both_backends!(answers_alike, wrong_pin_unknown_card_and_locked_card_answer_alike);

async fn parallel_guesses_lock_the_card_with_at_most_ten_evaluated(app: &TestApp) {
    load_card(app).await;
    let guesses = (0..100).map(|i| {
        let pin = format!("{:06}", 200_000 + i);
        async move { balance(app, CARD, &pin).await.0 }
    });
    let statuses = futures_util::future::join_all(guesses).await;
    // 400 for every guess that was checked; 503 (busy, try again) when more PIN checks wait than the queue takes.
    assert!(
        statuses.iter().all(|status| *status == StatusCode::BAD_REQUEST || *status == StatusCode::SERVICE_UNAVAILABLE),
        "{statuses:?}"
    );
    let failed: i64 = {
        let pool = sqlx::AnyPool::connect(&app_database_url(app)).await.expect("connect");
        let failed = sqlx::query_scalar("SELECT failed_pins FROM gift_cards WHERE card_number = $1")
            .bind(CARD)
            .fetch_one(&pool)
            .await
            .expect("card");
        pool.close().await;
        failed
    };
    assert_eq!(failed, 10, "exactly ten PINs were evaluated");
    assert_eq!(balance(app, CARD, "123456").await.0, StatusCode::BAD_REQUEST, "locked");
    app.clock.advance(31 * 60 * 1000);
    assert_eq!(balance(app, CARD, "123456").await.0, StatusCode::OK, "the lock ends after 30 minutes");
}
on_both_backends!(parallel_guesses, parallel_guesses_lock_the_card_with_at_most_ten_evaluated);

fn app_database_url(app: &TestApp) -> String {
    let url = &app.database_url;
    if url.starts_with("postgres") { url.clone() } else { format!("sqlite://{url}") }
}

async fn malformed_input_names_the_field(app: &TestApp) {
    let (status, answer) = balance(app, "6060 1234", "123456").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["field"], "accountNumber");
    let (status, answer) = balance(app, CARD, "12ab56").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["field"], "pin");
}
on_both_backends!(malformed, malformed_input_names_the_field);

async fn ops_events_move_the_balance_once_and_never_below_zero(app: &TestApp) {
    load_card(app).await;
    let path = format!("/ops/v1/gift_cards/{CARD}/events");
    let redeem = json!({"eventId": "ev-1", "kind": "redeem", "amount": "20.50"});
    let (status, answer) = app.post_json(&path, &redeem, true).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["balance"], json!(29.5));
    let (_, again) = app.post_json(&path, &redeem, true).await;
    assert_eq!(again["balance"], json!(29.5), "the same event applies once");
    assert_eq!(again["applied"], json!(false));
    let too_much = json!({"eventId": "ev-2", "kind": "redeem", "amount": 100});
    assert_eq!(app.post_json(&path, &too_much, true).await.0, StatusCode::CONFLICT);
    let (_, answer) = balance(app, CARD, "123456").await;
    assert_eq!(answer["balance"], json!(29.5));
    let unknown = app.post_json("/ops/v1/gift_cards/6060000000000000000/events", &redeem, true).await.0;
    assert_eq!(unknown, StatusCode::NOT_FOUND);
}
on_both_backends!(ops_events, ops_events_move_the_balance_once_and_never_below_zero);
