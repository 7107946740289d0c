//! Mail texts per language. `compose(kind, language, &vars)` fills `{name}` placeholders from `vars`;
//! a language tag like `fr-CA` or `fr_FR` uses `fr`; an unknown language uses English.

/// Which message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailKind {
    /// vars: returnNumber, carrier. The label PDF is attached.
    ReturnLabel,
    /// vars: returnNumber, carrier, date (the pickup date as the caller formats it).
    PickupBooked,
    /// vars: returnNumber. A label is sent by post (5-7 business days).
    LabelByPost,
    /// vars: link (the one-time password reset link, valid 1 hour).
    PasswordReset,
}

/// Languages with their own texts.
pub const LANGUAGES: &[&str] = &["en", "fr", "de", "es", "it", "nl", "ja", "ko", "pt", "sv", "da", "fi", "pl", "cs"];

/// (subject, body) templates for one kind and language.
fn texts(kind: MailKind, language: &str) -> Option<(&'static str, &'static str)> {
    use MailKind::*;
    Some(match (kind, language) {
        (ReturnLabel, "en") => (
            "Your return label for {returnNumber}",
            "Hello,\n\nYour return {returnNumber} is ready. Print the attached label, stick it on the parcel and take it to {carrier}.\n\nThank you.",
        ),
        (ReturnLabel, "fr") => (
            "Votre étiquette de retour pour {returnNumber}",
            "Bonjour,\n\nvotre retour {returnNumber} est prêt. Imprimez l'étiquette jointe, collez-la sur le colis et déposez-le chez {carrier}.\n\nMerci.",
        ),
        (ReturnLabel, "de") => (
            "Dein Rücksendeetikett für {returnNumber}",
            "Hallo,\n\ndeine Rücksendung {returnNumber} ist bereit. Druck das angehängte Etikett aus, kleb es auf das Paket und gib es bei {carrier} ab.\n\nVielen Dank.",
        ),
        (ReturnLabel, "es") => (
            "Tu etiqueta de devolución para {returnNumber}",
            "Hola:\n\ntu devolución {returnNumber} está lista. Imprime la etiqueta adjunta, pégala en el paquete y llévalo a {carrier}.\n\nGracias.",
        ),
        (ReturnLabel, "it") => (
            "La tua etichetta di reso per {returnNumber}",
            "Ciao,\n\nil tuo reso {returnNumber} è pronto. Stampa l'etichetta allegata, applicala sul pacco e consegnalo a {carrier}.\n\nGrazie.",
        ),
        (ReturnLabel, "nl") => (
            "Je retourlabel voor {returnNumber}",
            "Hallo,\n\nje retour {returnNumber} staat klaar. Print het bijgevoegde label, plak het op het pakket en lever het in bij {carrier}.\n\nBedankt.",
        ),
        (ReturnLabel, "ja") => (
            "返品ラベル（{returnNumber}）",
            "こんにちは。\n\n返品 {returnNumber} の準備ができました。添付のラベルを印刷して荷物に貼り、{carrier} にお持ちください。\n\nありがとうございます。",
        ),
        (ReturnLabel, "ko") => (
            "반품 라벨 ({returnNumber})",
            "안녕하세요.\n\n반품 {returnNumber} 준비가 완료되었습니다. 첨부된 라벨을 인쇄하여 상자에 붙인 후 {carrier}에 맡겨 주세요.\n\n감사합니다.",
        ),
        (ReturnLabel, "pt") => (
            "A sua etiqueta de devolução para {returnNumber}",
            "Olá,\n\na sua devolução {returnNumber} está pronta. Imprima a etiqueta em anexo, cole-a na embalagem e entregue-a na {carrier}.\n\nObrigado.",
        ),
        (ReturnLabel, "sv") => (
            "Din returetikett för {returnNumber}",
            "Hej,\n\ndin retur {returnNumber} är klar. Skriv ut den bifogade etiketten, sätt den på paketet och lämna det hos {carrier}.\n\nTack.",
        ),
        (ReturnLabel, "da") => (
            "Din returlabel til {returnNumber}",
            "Hej,\n\ndin returnering {returnNumber} er klar. Udskriv den vedhæftede label, sæt den på pakken og aflever den hos {carrier}.\n\nTak.",
        ),
        (ReturnLabel, "fi") => (
            "Palautustarrasi tilaukselle {returnNumber}",
            "Hei,\n\npalautuksesi {returnNumber} on valmis. Tulosta liitteenä oleva tarra, kiinnitä se pakettiin ja vie paketti {carrier}-palvelupisteeseen.\n\nKiitos.",
        ),
        (ReturnLabel, "pl") => (
            "Twoja etykieta zwrotna dla {returnNumber}",
            "Dzień dobry,\n\nTwój zwrot {returnNumber} jest gotowy. Wydrukuj załączoną etykietę, naklej ją na paczkę i nadaj ją w {carrier}.\n\nDziękujemy.",
        ),
        (ReturnLabel, "cs") => (
            "Váš štítek pro vrácení {returnNumber}",
            "Dobrý den,\n\nvaše vrácení {returnNumber} je připraveno. Vytiskněte přiložený štítek, nalepte jej na balík a odevzdejte jej u {carrier}.\n\nDěkujeme.",
        ),
        (PickupBooked, "en") => (
            "Pickup booked for return {returnNumber}",
            "Hello,\n\n{carrier} will pick up your return {returnNumber} on {date}. Please have the parcel ready with the label attached.\n\nThank you.",
        ),
        (PickupBooked, "fr") => (
            "Enlèvement réservé pour le retour {returnNumber}",
            "Bonjour,\n\n{carrier} viendra chercher votre retour {returnNumber} le {date}. Préparez le colis avec l'étiquette collée.\n\nMerci.",
        ),
        (PickupBooked, "de") => (
            "Abholung für Rücksendung {returnNumber} gebucht",
            "Hallo,\n\n{carrier} holt deine Rücksendung {returnNumber} am {date} ab. Bitte halte das Paket mit aufgeklebtem Etikett bereit.\n\nVielen Dank.",
        ),
        (PickupBooked, "es") => (
            "Recogida reservada para la devolución {returnNumber}",
            "Hola:\n\n{carrier} recogerá tu devolución {returnNumber} el {date}. Ten el paquete listo con la etiqueta pegada.\n\nGracias.",
        ),
        (PickupBooked, "it") => (
            "Ritiro prenotato per il reso {returnNumber}",
            "Ciao,\n\n{carrier} ritirerà il tuo reso {returnNumber} il {date}. Tieni pronto il pacco con l'etichetta applicata.\n\nGrazie.",
        ),
        (PickupBooked, "nl") => (
            "Ophaling geboekt voor retour {returnNumber}",
            "Hallo,\n\n{carrier} haalt je retour {returnNumber} op {date} op. Zorg dat het pakket klaarstaat met het label erop.\n\nBedankt.",
        ),
        (PickupBooked, "ja") => (
            "返品 {returnNumber} の集荷を予約しました",
            "こんにちは。\n\n{carrier} が {date} に返品 {returnNumber} を集荷します。ラベルを貼った荷物をご用意ください。\n\nありがとうございます。",
        ),
        (PickupBooked, "ko") => (
            "반품 {returnNumber} 수거가 예약되었습니다",
            "안녕하세요.\n\n{carrier}에서 {date}에 반품 {returnNumber}을(를) 수거합니다. 라벨을 붙인 상자를 준비해 주세요.\n\n감사합니다.",
        ),
        (LabelByPost, "en") => (
            "Your return label for {returnNumber} is on its way",
            "Hello,\n\nWe are sending the label for your return {returnNumber} by post. It arrives in 5 to 7 business days.\n\nThank you.",
        ),
        (LabelByPost, "fr") => (
            "Votre étiquette de retour {returnNumber} est en route",
            "Bonjour,\n\nnous vous envoyons l'étiquette de votre retour {returnNumber} par courrier. Elle arrivera sous 5 à 7 jours ouvrés.\n\nMerci.",
        ),
        (LabelByPost, "de") => (
            "Dein Rücksendeetikett für {returnNumber} ist unterwegs",
            "Hallo,\n\nwir senden dir das Etikett für deine Rücksendung {returnNumber} per Post. Es kommt in 5 bis 7 Werktagen an.\n\nVielen Dank.",
        ),
        (LabelByPost, "es") => (
            "Tu etiqueta de devolución {returnNumber} está en camino",
            "Hola:\n\nte enviamos por correo la etiqueta de tu devolución {returnNumber}. Llegará en 5 a 7 días hábiles.\n\nGracias.",
        ),
        (LabelByPost, "it") => (
            "La tua etichetta di reso {returnNumber} è in arrivo",
            "Ciao,\n\nti inviamo per posta l'etichetta del reso {returnNumber}. Arriverà in 5-7 giorni lavorativi.\n\nGrazie.",
        ),
        (LabelByPost, "nl") => (
            "Je retourlabel voor {returnNumber} is onderweg",
            "Hallo,\n\nwe sturen het label voor je retour {returnNumber} per post. Het komt binnen 5 tot 7 werkdagen aan.\n\nBedankt.",
        ),
        (LabelByPost, "ja") => (
            "返品ラベル（{returnNumber}）を郵送しました",
            "こんにちは。\n\n返品 {returnNumber} のラベルを郵送しました。5〜7営業日でお届けします。\n\nありがとうございます。",
        ),
        (LabelByPost, "ko") => (
            "반품 라벨({returnNumber})이 발송되었습니다",
            "안녕하세요.\n\n반품 {returnNumber}의 라벨을 우편으로 보내드립니다. 영업일 기준 5~7일 내에 도착합니다.\n\n감사합니다.",
        ),
        (PasswordReset, "en") => (
            "Reset your password",
            "Hello,\n\nSomeone asked to reset the password of your account. To choose a new password, open this link within 1 hour:\n\n{link}\n\nThe link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.",
        ),
        (PasswordReset, "fr") => (
            "Réinitialisez votre mot de passe",
            "Bonjour,\n\nune réinitialisation du mot de passe de votre compte a été demandée. Pour choisir un nouveau mot de passe, ouvrez ce lien dans l'heure :\n\n{link}\n\nLe lien ne fonctionne qu'une fois. Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
        ),
        (PasswordReset, "de") => (
            "Passwort zurücksetzen",
            "Hallo,\n\nfür dein Konto wurde das Zurücksetzen des Passworts angefordert. Um ein neues Passwort zu wählen, öffne innerhalb von 1 Stunde diesen Link:\n\n{link}\n\nDer Link funktioniert nur einmal. Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.",
        ),
        (PasswordReset, "es") => (
            "Restablece tu contraseña",
            "Hola:\n\nse ha solicitado restablecer la contraseña de tu cuenta. Para elegir una contraseña nueva, abre este enlace antes de 1 hora:\n\n{link}\n\nEl enlace solo funciona una vez. Si no lo has solicitado tú, ignora este e-mail: tu contraseña no cambia.",
        ),
        (PasswordReset, "it") => (
            "Reimposta la password",
            "Ciao,\n\nè stata richiesta la reimpostazione della password del tuo account. Per scegliere una nuova password, apri questo link entro 1 ora:\n\n{link}\n\nIl link funziona una sola volta. Se non sei stato tu a chiederlo, ignora questa e-mail: la tua password resta invariata.",
        ),
        (PasswordReset, "nl") => (
            "Stel je wachtwoord opnieuw in",
            "Hallo,\n\ner is gevraagd het wachtwoord van je account opnieuw in te stellen. Open binnen 1 uur deze link om een nieuw wachtwoord te kiezen:\n\n{link}\n\nDe link werkt één keer. Heb je dit niet gevraagd, negeer deze e-mail dan: je wachtwoord blijft zoals het is.",
        ),
        (PasswordReset, "pt") => (
            "Redefina a sua palavra-passe",
            "Olá,\n\nfoi pedida a redefinição da palavra-passe da sua conta. Para escolher uma nova, abra este link no prazo de 1 hora:\n\n{link}\n\nO link funciona uma vez. Se não fez este pedido, ignore este e-mail: a sua palavra-passe mantém-se.",
        ),
        (PasswordReset, "ja") => (
            "パスワードの再設定",
            "こんにちは。\n\nお客様のアカウントのパスワード再設定のリクエストを受け付けました。1時間以内に次のリンクを開いて、新しいパスワードを設定してください。\n\n{link}\n\nこのリンクは一度だけ使えます。お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。",
        ),
        (PasswordReset, "ko") => (
            "비밀번호 재설정",
            "안녕하세요.\n\n회원님 계정의 비밀번호 재설정이 요청되었습니다. 1시간 이내에 아래 링크를 열어 새 비밀번호를 설정하세요.\n\n{link}\n\n이 링크는 한 번만 사용할 수 있습니다. 요청하지 않으셨다면 이 메일을 무시하세요. 비밀번호는 변경되지 않습니다.",
        ),
        _ => return None,
    })
}

/// The base language of a tag: `fr-CA` -> `fr`.
pub fn base_language(tag: &str) -> String {
    tag.split(['-', '_']).next().unwrap_or("en").to_ascii_lowercase()
}

/// (subject, body) in `language` (or English), with `{name}` replaced by the value of `name` in `vars`.
pub fn compose(kind: MailKind, language: &str, vars: &[(&str, &str)]) -> (String, String) {
    let base = base_language(language);
    let (subject, body) = texts(kind, &base).or_else(|| texts(kind, "en")).unwrap_or(("", ""));
    let fill = |template: &str| {
        vars.iter().fold(template.to_owned(), |text, (name, value)| text.replace(&format!("{{{name}}}"), value))
    };
    (fill(subject), fill(body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_required_language_has_all_three_messages() {
        for language in ["en", "fr", "de", "es", "it", "nl", "ja", "ko"] {
            for kind in [MailKind::ReturnLabel, MailKind::PickupBooked, MailKind::LabelByPost] {
                assert!(texts(kind, language).is_some(), "{kind:?} {language}");
            }
        }
        for language in LANGUAGES {
            assert!(texts(MailKind::ReturnLabel, language).is_some(), "{language}");
        }
    }

    #[test]
    fn placeholders_are_filled_and_regional_tags_use_their_language() {
        let (subject, body) =
            compose(MailKind::ReturnLabel, "fr-CA", &[("returnNumber", "R1"), ("carrier", "La Poste")]);
        assert_eq!(subject, "Votre étiquette de retour pour R1");
        assert!(body.contains("chez La Poste"));
        assert!(!body.contains('{'));
    }

    #[test]
    fn an_unknown_language_falls_back_to_english() {
        let (subject, _) = compose(MailKind::PickupBooked, "xx", &[("returnNumber", "R2")]);
        assert_eq!(subject, "Pickup booked for return R2");
        let (subject, _) = compose(MailKind::PickupBooked, "sv", &[("returnNumber", "R2")]);
        assert_eq!(subject, "Pickup booked for return R2");
    }
}
