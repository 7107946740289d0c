//! Return status e-mails (created, received, refunded) in the 14 languages of the mail templates.
//! `{returnNumber}` is filled in; an unknown language uses English.

use super::notify::StatusMail;

fn texts(kind: StatusMail, language: &str) -> Option<(&'static str, &'static str)> {
    use StatusMail::*;
    Some(match (kind, language) {
        (Created, "en") => (
            "We have your return {returnNumber}",
            "Hello,\n\nWe have created your return {returnNumber}. Follow the return instructions to send your items back.\n\nThank you.",
        ),
        (Received, "en") => (
            "We received your return {returnNumber}",
            "Hello,\n\nYour return {returnNumber} has arrived and is being checked.\n\nThank you.",
        ),
        (Refunded, "en") => (
            "Your refund for {returnNumber} is on its way",
            "Hello,\n\nWe have refunded your return {returnNumber}. The money reaches your original payment method within a few business days.\n\nThank you.",
        ),
        (Created, "fr") => (
            "Votre retour {returnNumber} est enregistré",
            "Bonjour,\n\nnous avons créé votre retour {returnNumber}. Suivez les instructions de retour pour nous renvoyer vos articles.\n\nMerci.",
        ),
        (Received, "fr") => (
            "Nous avons reçu votre retour {returnNumber}",
            "Bonjour,\n\nvotre retour {returnNumber} est arrivé et est en cours de vérification.\n\nMerci.",
        ),
        (Refunded, "fr") => (
            "Votre remboursement pour {returnNumber} est en route",
            "Bonjour,\n\nnous avons remboursé votre retour {returnNumber}. L'argent arrivera sur votre moyen de paiement d'origine sous quelques jours ouvrés.\n\nMerci.",
        ),
        (Created, "de") => (
            "Deine Rücksendung {returnNumber} ist angelegt",
            "Hallo,\n\nwir haben deine Rücksendung {returnNumber} angelegt. Folge den Rücksendeanweisungen, um deine Artikel zurückzuschicken.\n\nVielen Dank.",
        ),
        (Received, "de") => (
            "Wir haben deine Rücksendung {returnNumber} erhalten",
            "Hallo,\n\ndeine Rücksendung {returnNumber} ist angekommen und wird geprüft.\n\nVielen Dank.",
        ),
        (Refunded, "de") => (
            "Deine Erstattung für {returnNumber} ist unterwegs",
            "Hallo,\n\nwir haben deine Rücksendung {returnNumber} erstattet. Das Geld geht innerhalb weniger Werktage auf deinem ursprünglichen Zahlungsmittel ein.\n\nVielen Dank.",
        ),
        (Created, "es") => (
            "Hemos registrado tu devolución {returnNumber}",
            "Hola:\n\nhemos creado tu devolución {returnNumber}. Sigue las instrucciones de devolución para enviarnos tus artículos.\n\nGracias.",
        ),
        (Received, "es") => (
            "Hemos recibido tu devolución {returnNumber}",
            "Hola:\n\ntu devolución {returnNumber} ha llegado y la estamos revisando.\n\nGracias.",
        ),
        (Refunded, "es") => (
            "Tu reembolso de {returnNumber} está en camino",
            "Hola:\n\nhemos reembolsado tu devolución {returnNumber}. El dinero llegará a tu método de pago original en unos días hábiles.\n\nGracias.",
        ),
        (Created, "it") => (
            "Abbiamo registrato il tuo reso {returnNumber}",
            "Ciao,\n\nabbiamo creato il tuo reso {returnNumber}. Segui le istruzioni di reso per rispedirci gli articoli.\n\nGrazie.",
        ),
        (Received, "it") => (
            "Abbiamo ricevuto il tuo reso {returnNumber}",
            "Ciao,\n\nil tuo reso {returnNumber} è arrivato ed è in fase di controllo.\n\nGrazie.",
        ),
        (Refunded, "it") => (
            "Il rimborso per {returnNumber} è in arrivo",
            "Ciao,\n\nabbiamo rimborsato il tuo reso {returnNumber}. L'importo arriverà sul metodo di pagamento originale entro pochi giorni lavorativi.\n\nGrazie.",
        ),
        (Created, "nl") => (
            "Je retour {returnNumber} is aangemaakt",
            "Hallo,\n\nwe hebben je retour {returnNumber} aangemaakt. Volg de retourinstructies om je artikelen terug te sturen.\n\nBedankt.",
        ),
        (Received, "nl") => (
            "We hebben je retour {returnNumber} ontvangen",
            "Hallo,\n\nje retour {returnNumber} is aangekomen en wordt gecontroleerd.\n\nBedankt.",
        ),
        (Refunded, "nl") => (
            "Je terugbetaling voor {returnNumber} is onderweg",
            "Hallo,\n\nwe hebben je retour {returnNumber} terugbetaald. Het geld staat binnen enkele werkdagen op je oorspronkelijke betaalmethode.\n\nBedankt.",
        ),
        (Created, "ja") => (
            "返品 {returnNumber} を受け付けました",
            "こんにちは。\n\n返品 {returnNumber} を作成しました。返品手順に従って商品をご返送ください。\n\nありがとうございます。",
        ),
        (Received, "ja") => (
            "返品 {returnNumber} を受け取りました",
            "こんにちは。\n\n返品 {returnNumber} が到着し、現在確認中です。\n\nありがとうございます。",
        ),
        (Refunded, "ja") => (
            "{returnNumber} の返金手続きが完了しました",
            "こんにちは。\n\n返品 {returnNumber} の返金を行いました。数営業日以内に元のお支払い方法に返金されます。\n\nありがとうございます。",
        ),
        (Created, "ko") => (
            "반품 {returnNumber}이(가) 접수되었습니다",
            "안녕하세요.\n\n반품 {returnNumber}을(를) 생성했습니다. 반품 안내에 따라 상품을 보내 주세요.\n\n감사합니다.",
        ),
        (Received, "ko") => (
            "반품 {returnNumber}을(를) 받았습니다",
            "안녕하세요.\n\n반품 {returnNumber}이(가) 도착하여 검수 중입니다.\n\n감사합니다.",
        ),
        (Refunded, "ko") => (
            "{returnNumber} 환불이 진행되었습니다",
            "안녕하세요.\n\n반품 {returnNumber}의 환불을 완료했습니다. 영업일 기준 며칠 내에 원래 결제 수단으로 입금됩니다.\n\n감사합니다.",
        ),
        (Created, "pt") => (
            "Registámos a sua devolução {returnNumber}",
            "Olá,\n\ncriámos a sua devolução {returnNumber}. Siga as instruções de devolução para nos enviar os artigos.\n\nObrigado.",
        ),
        (Received, "pt") => (
            "Recebemos a sua devolução {returnNumber}",
            "Olá,\n\na sua devolução {returnNumber} chegou e está a ser verificada.\n\nObrigado.",
        ),
        (Refunded, "pt") => (
            "O reembolso de {returnNumber} está a caminho",
            "Olá,\n\nreembolsámos a sua devolução {returnNumber}. O dinheiro chega ao seu método de pagamento original dentro de alguns dias úteis.\n\nObrigado.",
        ),
        (Created, "sv") => (
            "Din retur {returnNumber} är registrerad",
            "Hej!\n\nVi har skapat din retur {returnNumber}. Följ returinstruktionerna för att skicka tillbaka dina varor.\n\nTack.",
        ),
        (Received, "sv") => (
            "Vi har tagit emot din retur {returnNumber}",
            "Hej!\n\nDin retur {returnNumber} har kommit fram och kontrolleras nu.\n\nTack.",
        ),
        (Refunded, "sv") => (
            "Din återbetalning för {returnNumber} är på väg",
            "Hej!\n\nVi har återbetalat din retur {returnNumber}. Pengarna kommer till ditt ursprungliga betalsätt inom några bankdagar.\n\nTack.",
        ),
        (Created, "da") => (
            "Din returnering {returnNumber} er oprettet",
            "Hej\n\nVi har oprettet din returnering {returnNumber}. Følg returvejledningen for at sende dine varer tilbage.\n\nTak.",
        ),
        (Received, "da") => (
            "Vi har modtaget din returnering {returnNumber}",
            "Hej\n\nDin returnering {returnNumber} er ankommet og bliver nu kontrolleret.\n\nTak.",
        ),
        (Refunded, "da") => (
            "Din refusion for {returnNumber} er på vej",
            "Hej\n\nVi har refunderet din returnering {returnNumber}. Pengene når din oprindelige betalingsmetode inden for få hverdage.\n\nTak.",
        ),
        (Created, "fi") => (
            "Palautuksesi {returnNumber} on kirjattu",
            "Hei,\n\nolemme luoneet palautuksesi {returnNumber}. Lähetä tuotteet takaisin palautusohjeiden mukaan.\n\nKiitos.",
        ),
        (Received, "fi") => (
            "Olemme vastaanottaneet palautuksesi {returnNumber}",
            "Hei,\n\npalautuksesi {returnNumber} on saapunut ja se tarkastetaan parhaillaan.\n\nKiitos.",
        ),
        (Refunded, "fi") => (
            "Palautuksen {returnNumber} hyvitys on matkalla",
            "Hei,\n\nolemme hyvittäneet palautuksesi {returnNumber}. Rahat palautuvat alkuperäiseen maksutapaasi muutaman arkipäivän kuluessa.\n\nKiitos.",
        ),
        (Created, "pl") => (
            "Twój zwrot {returnNumber} został zarejestrowany",
            "Dzień dobry,\n\nutworzyliśmy Twój zwrot {returnNumber}. Postępuj zgodnie z instrukcją zwrotu, aby odesłać produkty.\n\nDziękujemy.",
        ),
        (Received, "pl") => (
            "Otrzymaliśmy Twój zwrot {returnNumber}",
            "Dzień dobry,\n\nTwój zwrot {returnNumber} dotarł do nas i jest sprawdzany.\n\nDziękujemy.",
        ),
        (Refunded, "pl") => (
            "Zwrot pieniędzy za {returnNumber} jest w drodze",
            "Dzień dobry,\n\nzwróciliśmy pieniądze za zwrot {returnNumber}. Środki trafią na pierwotną metodę płatności w ciągu kilku dni roboczych.\n\nDziękujemy.",
        ),
        (Created, "cs") => (
            "Vaše vrácení {returnNumber} je zaregistrováno",
            "Dobrý den,\n\nvytvořili jsme vaše vrácení {returnNumber}. Podle pokynů k vrácení nám zboží pošlete zpět.\n\nDěkujeme.",
        ),
        (Received, "cs") => (
            "Vaše vrácení {returnNumber} jsme obdrželi",
            "Dobrý den,\n\nvaše vrácení {returnNumber} dorazilo a právě ho kontrolujeme.\n\nDěkujeme.",
        ),
        (Refunded, "cs") => (
            "Vrácení peněz za {returnNumber} je na cestě",
            "Dobrý den,\n\nvrátili jsme peníze za vrácení {returnNumber}. Na původní platební metodu dorazí během několika pracovních dní.\n\nDěkujeme.",
        ),
        _ => return None,
    })
}

/// (subject, body) in `language` (or English), with the line that links to the return's page.
pub fn compose(kind: StatusMail, language: &str, return_number: &str, public_url: &str) -> (String, String) {
    let base = crate::mail::templates::base_language(language);
    let (subject, body) = texts(kind, &base).or_else(|| texts(kind, "en")).unwrap_or(("", ""));
    let body = body.replace("{returnNumber}", return_number);
    (subject.replace("{returnNumber}", return_number), with_return_link(&body, language, public_url, return_number))
}

/// The return's page in the web app (web/src/app/routes.tsx, `RETURNS`): where an e-mail sends the shopper
/// to see the return, its label and its barcode again.
fn return_page(public_url: &str, return_number: &str) -> String {
    format!("{}/orders/returns/{return_number}", public_url.trim_end_matches('/'))
}

/// "Your return: <link>" in the mail's language, as its own paragraph before the closing line (the walk
/// found the e-mails named the return and linked nowhere).
pub fn with_return_link(body: &str, language: &str, public_url: &str, return_number: &str) -> String {
    let lead = match crate::mail::templates::base_language(language).as_str() {
        "fr" => "Votre retour :",
        "de" => "Deine Rücksendung:",
        "es" => "Tu devolución:",
        "it" => "Il tuo reso:",
        "nl" => "Je retour:",
        "ja" => "返品の詳細：",
        "ko" => "반품 상세:",
        "pt" => "A sua devolução:",
        "sv" => "Din retur:",
        "da" => "Din returnering:",
        "fi" => "Palautuksesi:",
        "pl" => "Twój zwrot:",
        "cs" => "Vaše vrácení:",
        _ => "Your return:",
    };
    let line = format!("{lead} {}", return_page(public_url, return_number));
    match body.rfind("\n\n") {
        Some(closing) => format!("{}\n\n{line}{}", &body[..closing], &body[closing..]),
        None => format!("{body}\n\n{line}"),
    }
}

/// The withdrawal confirmation: `{orderNumber}` and `{declaredAt}` (date and time, UTC) are filled in.
fn withdrawal_texts(language: &str) -> Option<(&'static str, &'static str)> {
    Some(match language {
        "en" => (
            "Withdrawal from your order {orderNumber} received",
            "Hello,\n\nWe received your withdrawal from the contract for order {orderNumber} on {declaredAt} (UTC). Please send the items back using one of the return methods offered.\n\nThank you.",
        ),
        "fr" => (
            "Rétractation de votre commande {orderNumber} reçue",
            "Bonjour,\n\nnous avons reçu votre rétractation du contrat pour la commande {orderNumber} le {declaredAt} (UTC). Veuillez renvoyer les articles avec l'un des modes de retour proposés.\n\nMerci.",
        ),
        "de" => (
            "Widerruf deiner Bestellung {orderNumber} erhalten",
            "Hallo,\n\nwir haben deinen Widerruf des Vertrags für die Bestellung {orderNumber} am {declaredAt} (UTC) erhalten. Bitte sende die Artikel mit einer der angebotenen Rücksendearten zurück.\n\nVielen Dank.",
        ),
        "es" => (
            "Hemos recibido tu desistimiento del pedido {orderNumber}",
            "Hola:\n\nhemos recibido tu desistimiento del contrato del pedido {orderNumber} el {declaredAt} (UTC). Devuelve los artículos con uno de los métodos de devolución ofrecidos.\n\nGracias.",
        ),
        "it" => (
            "Recesso dall'ordine {orderNumber} ricevuto",
            "Ciao,\n\nabbiamo ricevuto il tuo recesso dal contratto per l'ordine {orderNumber} il {declaredAt} (UTC). Rispedisci gli articoli con uno dei metodi di reso proposti.\n\nGrazie.",
        ),
        "nl" => (
            "Herroeping van je bestelling {orderNumber} ontvangen",
            "Hallo,\n\nwe hebben je herroeping van de overeenkomst voor bestelling {orderNumber} ontvangen op {declaredAt} (UTC). Stuur de artikelen terug met een van de aangeboden retourmethoden.\n\nBedankt.",
        ),
        "ja" => (
            "ご注文 {orderNumber} の契約解除を受け付けました",
            "こんにちは。\n\nご注文 {orderNumber} の契約解除のお申し出を {declaredAt} (UTC) に受け付けました。ご案内している返品方法のいずれかで商品をご返送ください。\n\nありがとうございます。",
        ),
        "ko" => (
            "주문 {orderNumber}의 청약 철회가 접수되었습니다",
            "안녕하세요.\n\n주문 {orderNumber}에 대한 청약 철회를 {declaredAt} (UTC)에 접수했습니다. 안내된 반품 방법 중 하나로 상품을 보내 주세요.\n\n감사합니다.",
        ),
        "pt" => (
            "Recebemos a sua resolução da encomenda {orderNumber}",
            "Olá,\n\nrecebemos a sua resolução do contrato da encomenda {orderNumber} em {declaredAt} (UTC). Envie os artigos com um dos métodos de devolução disponíveis.\n\nObrigado.",
        ),
        "sv" => (
            "Din ångerrätt för order {orderNumber} är mottagen",
            "Hej!\n\nVi har tagit emot att du utnyttjar ångerrätten för order {orderNumber} den {declaredAt} (UTC). Skicka tillbaka varorna med något av de erbjudna retursätten.\n\nTack.",
        ),
        "da" => (
            "Din fortrydelse af ordre {orderNumber} er modtaget",
            "Hej\n\nVi har modtaget din fortrydelse af aftalen for ordre {orderNumber} den {declaredAt} (UTC). Send varerne tilbage med en af de tilbudte returmetoder.\n\nTak.",
        ),
        "fi" => (
            "Tilauksen {orderNumber} peruutus vastaanotettu",
            "Hei,\n\nolemme vastaanottaneet tilauksen {orderNumber} sopimuksen peruutuksen {declaredAt} (UTC). Lähetä tuotteet takaisin jollakin tarjotuista palautustavoista.\n\nKiitos.",
        ),
        "pl" => (
            "Otrzymaliśmy odstąpienie od zamówienia {orderNumber}",
            "Dzień dobry,\n\notrzymaliśmy Twoje odstąpienie od umowy dla zamówienia {orderNumber} w dniu {declaredAt} (UTC). Odeślij produkty jedną z oferowanych metod zwrotu.\n\nDziękujemy.",
        ),
        "cs" => (
            "Odstoupení od objednávky {orderNumber} jsme přijali",
            "Dobrý den,\n\npřijali jsme vaše odstoupení od smlouvy k objednávce {orderNumber} dne {declaredAt} (UTC). Zboží nám prosím pošlete zpět jedním z nabízených způsobů vrácení.\n\nDěkujeme.",
        ),
        _ => return None,
    })
}

/// (subject, body) of the withdrawal confirmation in `language` (or English).
pub fn compose_withdrawal(language: &str, order_number: &str, declared_at: &str) -> (String, String) {
    let base = crate::mail::templates::base_language(language);
    let (subject, body) = withdrawal_texts(&base).or_else(|| withdrawal_texts("en")).unwrap_or(("", ""));
    let fill = |text: &str| text.replace("{orderNumber}", order_number).replace("{declaredAt}", declared_at);
    (fill(subject), fill(body))
}

/// (subject, body) of the bank-refund confirmation: the account named by its last four digits only.
fn bank_refund_texts(language: &str) -> Option<(&'static str, &'static str)> {
    Some(match language {
        "en" => (
            "We have your bank details for order {orderNumber}",
            "Hello,\n\nWe have your bank details for the refund of order {orderNumber}. The refund goes to the account ending {last4} once your return has been checked.\n\nThank you.",
        ),
        "fr" => (
            "Nous avons vos coordonnées bancaires pour la commande {orderNumber}",
            "Bonjour,\n\nnous avons vos coordonnées bancaires pour le remboursement de la commande {orderNumber}. Le remboursement sera versé sur le compte se terminant par {last4} une fois votre retour vérifié.\n\nMerci.",
        ),
        "de" => (
            "Wir haben deine Bankdaten für die Bestellung {orderNumber}",
            "Hallo,\n\nwir haben deine Bankdaten für die Erstattung der Bestellung {orderNumber} erhalten. Die Erstattung geht nach Prüfung deiner Rücksendung an das Konto mit der Endung {last4}.\n\nVielen Dank.",
        ),
        "es" => (
            "Tenemos tus datos bancarios para el pedido {orderNumber}",
            "Hola:\n\ntenemos tus datos bancarios para el reembolso del pedido {orderNumber}. El reembolso irá a la cuenta que termina en {last4} cuando hayamos revisado tu devolución.\n\nGracias.",
        ),
        "it" => (
            "Abbiamo i tuoi dati bancari per l'ordine {orderNumber}",
            "Ciao,\n\nabbiamo i tuoi dati bancari per il rimborso dell'ordine {orderNumber}. Il rimborso andrà sul conto che termina con {last4} dopo il controllo del reso.\n\nGrazie.",
        ),
        "nl" => (
            "We hebben je bankgegevens voor bestelling {orderNumber}",
            "Hallo,\n\nwe hebben je bankgegevens voor de terugbetaling van bestelling {orderNumber}. De terugbetaling gaat naar de rekening eindigend op {last4} zodra je retour is gecontroleerd.\n\nBedankt.",
        ),
        "ja" => (
            "ご注文 {orderNumber} の口座情報を受け付けました",
            "こんにちは。\n\nご注文 {orderNumber} の返金先口座情報を受け付けました。返品の確認後、末尾 {last4} の口座に返金いたします。\n\nありがとうございます。",
        ),
        "ko" => (
            "주문 {orderNumber}의 계좌 정보를 받았습니다",
            "안녕하세요.\n\n주문 {orderNumber} 환불을 위한 계좌 정보를 받았습니다. 반품 확인 후 끝자리가 {last4}인 계좌로 환불됩니다.\n\n감사합니다.",
        ),
        "pt" => (
            "Temos os seus dados bancários para o pedido {orderNumber}",
            "Olá,\n\ntemos os seus dados bancários para o reembolso do pedido {orderNumber}. O reembolso será feito para a conta terminada em {last4} depois de verificada a sua devolução.\n\nObrigado.",
        ),
        "sv" => (
            "Vi har dina bankuppgifter för order {orderNumber}",
            "Hej!\n\nVi har dina bankuppgifter för återbetalningen av order {orderNumber}. Återbetalningen går till kontot som slutar på {last4} när din retur har kontrollerats.\n\nTack.",
        ),
        "da" => (
            "Vi har dine bankoplysninger til ordre {orderNumber}",
            "Hej\n\nVi har dine bankoplysninger til refusionen af ordre {orderNumber}. Refusionen går til kontoen, der slutter på {last4}, når din returnering er kontrolleret.\n\nTak.",
        ),
        "fi" => (
            "Pankkitietosi tilaukselle {orderNumber} on vastaanotettu",
            "Hei,\n\nolemme vastaanottaneet pankkitietosi tilauksen {orderNumber} hyvitystä varten. Hyvitys maksetaan tilille, jonka numero päättyy {last4}, kun palautuksesi on tarkistettu.\n\nKiitos.",
        ),
        "pl" => (
            "Mamy Twoje dane bankowe do zamówienia {orderNumber}",
            "Dzień dobry,\n\nmamy Twoje dane bankowe do zwrotu pieniędzy za zamówienie {orderNumber}. Zwrot trafi na konto kończące się na {last4} po sprawdzeniu zwrotu.\n\nDziękujemy.",
        ),
        "cs" => (
            "Máme vaše bankovní údaje k objednávce {orderNumber}",
            "Dobrý den,\n\nmáme vaše bankovní údaje pro vrácení peněz za objednávku {orderNumber}. Peníze pošleme na účet končící {last4} po kontrole vašeho vrácení.\n\nDěkujeme.",
        ),
        _ => return None,
    })
}

/// (subject, body) of the bank-refund confirmation in `language` (or English).
pub fn compose_bank_refund(language: &str, order_number: &str, last4: &str) -> (String, String) {
    let base = crate::mail::templates::base_language(language);
    let (subject, body) = bank_refund_texts(&base).or_else(|| bank_refund_texts("en")).unwrap_or(("", ""));
    let fill = |text: &str| text.replace("{orderNumber}", order_number).replace("{last4}", last4);
    (fill(subject), fill(body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_every_status_mail() {
        for language in crate::mail::templates::LANGUAGES {
            for kind in [StatusMail::Created, StatusMail::Received, StatusMail::Refunded] {
                assert!(texts(kind, language).is_some(), "{kind:?} {language}");
            }
        }
        let (subject, body) = compose(StatusMail::Received, "de-AT", "R123", "https://shop.example");
        assert!(subject.contains("R123") && body.contains("R123") && subject.starts_with("Wir haben"));
        assert!(compose(StatusMail::Created, "xx", "R1", "https://shop.example").0.starts_with("We have"));
        for language in crate::mail::templates::LANGUAGES {
            assert!(withdrawal_texts(language).is_some(), "{language}");
        }
        let (_, body) = compose_withdrawal("nl", "C1", "2026-11-23 10:00");
        assert!(body.contains("C1") && body.contains("2026-11-23 10:00"));
        for language in crate::mail::templates::LANGUAGES {
            assert!(bank_refund_texts(language).is_some(), "{language}");
        }
        let (subject, body) = compose_bank_refund("de-DE", "C1", "4300");
        assert!(subject.contains("C1") && body.contains("4300") && !body.contains('{'));
    }

    #[test]
    fn a_status_mail_links_to_the_return_before_its_closing_line() {
        let (_, body) = compose(StatusMail::Created, "en-US", "R42", "https://shop.example/");
        assert_eq!(
            body.rsplit("\n\n").take(2).collect::<Vec<_>>(),
            ["Thank you.", "Your return: https://shop.example/orders/returns/R42"]
        );
        // Sentence case after the greeting in English (the walk found "Hello,\n\nyour return").
        assert!(body.starts_with("Hello,\n\nWe have created"));
        let (_, body) = compose(StatusMail::Refunded, "ja-JP", "R42", "https://shop.example");
        assert!(body.contains("返品の詳細： https://shop.example/orders/returns/R42\n\n"));
    }
}
