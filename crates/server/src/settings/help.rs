//! The binary's own help pages, for a deployment with no `helpSite` (the demo): `/config/v1/{country}` then
//! links here instead of to the placeholder help centre of `data/countries/help.json`, so no shipped link
//! is dead. One small HTML page per country, language and topic (`GET /help/{country}/{language}/{topic}`),
//! and a start page per country and language (`GET /help/{country}/{language}`): no script, `lang` and
//! `dir` set, one `h1`, the other topics linked. Texts in English, Spanish, French, German, Italian,
//! Portuguese and Dutch; another language reads the English text, marked `lang="en"`.
//!
//! These are pages for people, not API: they are served beside the API (like the catalogue's images) and
//! are not in the OpenAPI document.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use domain::country::{Article, Country, CountryTable};

use super::SiteSettings;
use crate::error::AppError;

pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<SiteSettings>: axum::extract::FromRef<S>,
{
    Router::new()
        .route("/help", get(redirect_start))
        .route("/help/{topic}", get(redirect_topic))
        .route("/help/{country}/{language}", get(get_help_start))
        .route("/help/{country}/{language}/{topic}", get(get_help_topic))
}

/// `?country=..&language=..` of the web app's own fallback links (`web/src/shared/config/site.ts`, used
/// when the configuration could not be loaded): `/help` and `/help/contact` lead to the pages above.
#[derive(Debug, serde::Deserialize)]
pub struct Where {
    country: Option<String>,
    language: Option<String>,
}

/// The country (the default one when unknown) and a language of it (its first when not one of its own).
fn resolve<'a>(table: &'a CountryTable, wanted: &Where) -> (&'a Country, String) {
    let country = table.resolve(wanted.country.as_deref().unwrap_or(""));
    let language = wanted.language.as_deref().unwrap_or("").to_ascii_lowercase();
    let language = if country.languages.contains(&language) { language } else { country.default_language().to_owned() };
    (country, language)
}

fn see_other(location: &str) -> Response {
    match HeaderValue::from_str(location) {
        Ok(value) => (axum::http::StatusCode::SEE_OTHER, [(header::LOCATION, value)]).into_response(),
        Err(_) => AppError::NotFound.into_response(),
    }
}

/// `GET /help?country=..&language=..`: to that country's help start page.
pub async fn redirect_start(State(settings): State<Arc<SiteSettings>>, Query(wanted): Query<Where>) -> Response {
    let (country, language) = resolve(settings.table(), &wanted);
    see_other(&start_path(&country.code, &language))
}

/// `GET /help/{topic}?country=..&language=..` (`/help/contact`, and `/help/returns-policy` that return
/// reasons link): to that topic's page of the country.
pub async fn redirect_topic(
    State(settings): State<Arc<SiteSettings>>,
    Path(topic): Path<String>,
    Query(wanted): Query<Where>,
) -> Response {
    let Some(topic) = Topic::from_slug(&topic) else {
        return AppError::NotFound.into_response();
    };
    let (country, language) = resolve(settings.table(), &wanted);
    see_other(&topic_path(&country.code, &language, topic))
}

/// The topics of the help pages, by their path segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Topic {
    Contact,
    ReturnsPolicy,
    ChangeOrCancelOrder,
    HowToReturn,
}

impl Topic {
    pub const ALL: [Topic; 4] = [Topic::Contact, Topic::ReturnsPolicy, Topic::ChangeOrCancelOrder, Topic::HowToReturn];

    pub fn slug(self) -> &'static str {
        match self {
            Topic::Contact => "contact",
            Topic::ReturnsPolicy => "returns-policy",
            Topic::ChangeOrCancelOrder => "change-or-cancel-order",
            Topic::HowToReturn => "how-to-return",
        }
    }

    fn from_slug(slug: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|topic| topic.slug() == slug)
    }
}

/// The path of the start page of `country` in `language`.
pub fn start_path(country: &str, language: &str) -> String {
    format!("/help/{country}/{language}")
}

/// The path of a topic's page.
pub fn topic_path(country: &str, language: &str, topic: Topic) -> String {
    format!("/help/{country}/{language}/{}", topic.slug())
}

/// An article's page in every language of the country (what `/config` serves as the article's variants).
pub fn article_paths(country: &Country, article: Article) -> BTreeMap<String, String> {
    let topic = match article {
        Article::ChangeOrCancelOrder => Topic::ChangeOrCancelOrder,
        Article::HowToReturn => Topic::HowToReturn,
    };
    country.languages.iter().map(|language| (language.clone(), topic_path(&country.code, language, topic))).collect()
}

/// The texts of the pages in one language.
struct Texts {
    lang: &'static str,
    help: &'static str,
    orders: &'static str,
    phone: &'static str,
    returns_phone: &'static str,
    topics: [(&'static str, &'static str); 4],
}

const EN: Texts = Texts {
    lang: "en",
    help: "Help",
    orders: "Go to your orders",
    phone: "Call us",
    returns_phone: "Returns",
    topics: [
        (
            "Contact us",
            "Questions about an order? Have your order number at hand (it is in your confirmation e-mail) and contact our customer service. Signed-in members find every order under Orders; guests look an order up with its number and e-mail or phone number.",
        ),
        (
            "Returns policy",
            "Most items can be returned within the return period shown on the order. Items must be unused, with their labels. Customised items cannot be returned. Your refund goes to the original payment method once the return has been received and checked.",
        ),
        (
            "Change or cancel an order",
            "An order can be cancelled while it is still being processed: open the order and choose Cancel. Once it has shipped it can no longer be cancelled or changed, but you can return it after it arrives.",
        ),
        (
            "How to return",
            "Open the order, choose Return items, pick the items and a reason, then choose how to send them back (drop-off, pickup or in store, where offered). Print the label or show the code, and pack the items securely.",
        ),
    ],
};

const ES: Texts = Texts {
    lang: "es",
    help: "Ayuda",
    orders: "Ir a tus pedidos",
    phone: "Llámanos",
    returns_phone: "Devoluciones",
    topics: [
        (
            "Contacto",
            "¿Tienes preguntas sobre un pedido? Ten a mano el número de pedido (está en el e-mail de confirmación) y contacta con nuestro servicio de atención al cliente. Los miembros con sesión iniciada encuentran todos sus pedidos en Pedidos; los invitados buscan un pedido con su número y su e-mail o teléfono.",
        ),
        (
            "Política de devoluciones",
            "La mayoría de los artículos se pueden devolver dentro del plazo que indica el pedido. Deben estar sin usar y con sus etiquetas. Los artículos personalizados no se pueden devolver. El reembolso se hace al método de pago original cuando se ha recibido y revisado la devolución.",
        ),
        (
            "Modificar o cancelar un pedido",
            "Un pedido se puede cancelar mientras se está procesando: abre el pedido y elige Cancelar. Cuando ya se ha enviado no se puede cancelar ni modificar, pero puedes devolverlo cuando llegue.",
        ),
        (
            "Cómo hacer una devolución",
            "Abre el pedido, elige Devolver artículos, selecciona los artículos y un motivo y elige cómo enviarlos (punto de entrega, recogida o en tienda, donde se ofrezca). Imprime la etiqueta o muestra el código y embala bien los artículos.",
        ),
    ],
};

const FR: Texts = Texts {
    lang: "fr",
    help: "Aide",
    orders: "Voir vos commandes",
    phone: "Appelez-nous",
    returns_phone: "Retours",
    topics: [
        (
            "Nous contacter",
            "Une question sur une commande ? Munissez-vous du numéro de commande (il figure dans l'e-mail de confirmation) et contactez notre service client. Les membres connectés retrouvent toutes leurs commandes dans Commandes ; les invités recherchent une commande avec son numéro et leur e-mail ou téléphone.",
        ),
        (
            "Politique de retour",
            "La plupart des articles peuvent être retournés pendant la période de retour indiquée sur la commande. Ils doivent être neufs, avec leurs étiquettes. Les articles personnalisés ne peuvent pas être retournés. Le remboursement est fait sur le moyen de paiement d'origine une fois le retour reçu et vérifié.",
        ),
        (
            "Modifier ou annuler une commande",
            "Une commande peut être annulée tant qu'elle est en cours de traitement : ouvrez la commande et choisissez Annuler. Une fois expédiée, elle ne peut plus être annulée ni modifiée, mais vous pourrez la retourner à sa réception.",
        ),
        (
            "Comment retourner un article",
            "Ouvrez la commande, choisissez Retourner des articles, sélectionnez les articles et un motif, puis le mode de renvoi (point de dépôt, enlèvement ou en magasin, selon l'offre). Imprimez l'étiquette ou présentez le code, et emballez soigneusement les articles.",
        ),
    ],
};

const DE: Texts = Texts {
    lang: "de",
    help: "Hilfe",
    orders: "Zu deinen Bestellungen",
    phone: "Ruf uns an",
    returns_phone: "Rücksendungen",
    topics: [
        (
            "Kontakt",
            "Fragen zu einer Bestellung? Halte deine Bestellnummer bereit (sie steht in der Bestätigungs-E-Mail) und wende dich an unseren Kundenservice. Angemeldete Mitglieder finden jede Bestellung unter Bestellungen; Gäste suchen eine Bestellung mit ihrer Nummer und ihrer E-Mail-Adresse oder Telefonnummer.",
        ),
        (
            "Rückgaberichtlinie",
            "Die meisten Artikel können innerhalb der auf der Bestellung angegebenen Rückgabefrist zurückgegeben werden. Sie müssen ungetragen sein und ihre Etiketten haben. Personalisierte Artikel sind von der Rückgabe ausgeschlossen. Die Erstattung erfolgt auf die ursprüngliche Zahlungsart, sobald die Rücksendung eingegangen und geprüft ist.",
        ),
        (
            "Bestellung ändern oder stornieren",
            "Eine Bestellung kann storniert werden, solange sie bearbeitet wird: Öffne die Bestellung und wähle Stornieren. Nach dem Versand kann sie nicht mehr storniert oder geändert werden, du kannst sie aber nach Erhalt zurückgeben.",
        ),
        (
            "So funktioniert die Rücksendung",
            "Öffne die Bestellung, wähle Artikel zurückgeben, wähle die Artikel und einen Grund und dann die Art der Rücksendung (Abgabestelle, Abholung oder im Store, wo angeboten). Drucke das Etikett oder zeige den Code vor und verpacke die Artikel sicher.",
        ),
    ],
};

const IT: Texts = Texts {
    lang: "it",
    help: "Assistenza",
    orders: "Vai ai tuoi ordini",
    phone: "Chiamaci",
    returns_phone: "Resi",
    topics: [
        (
            "Contattaci",
            "Domande su un ordine? Tieni a portata di mano il numero dell'ordine (è nell'e-mail di conferma) e contatta il nostro servizio clienti. I membri che hanno effettuato l'accesso trovano tutti gli ordini in Ordini; gli ospiti cercano un ordine con il numero e l'e-mail o il telefono.",
        ),
        (
            "Politica di reso",
            "La maggior parte degli articoli può essere resa entro il periodo di reso indicato nell'ordine. Gli articoli devono essere inutilizzati e con le etichette. Gli articoli personalizzati non possono essere resi. Il rimborso avviene sul metodo di pagamento originale una volta ricevuto e controllato il reso.",
        ),
        (
            "Modificare o annullare un ordine",
            "Un ordine può essere annullato finché è in lavorazione: apri l'ordine e scegli Annulla. Dopo la spedizione non può più essere annullato né modificato, ma puoi renderlo dopo averlo ricevuto.",
        ),
        (
            "Come effettuare un reso",
            "Apri l'ordine, scegli Restituisci articoli, seleziona gli articoli e un motivo, poi scegli come rispedirli (punto di consegna, ritiro o in negozio, dove previsto). Stampa l'etichetta o mostra il codice e imballa bene gli articoli.",
        ),
    ],
};

const PT: Texts = Texts {
    lang: "pt",
    help: "Ajuda",
    orders: "Ir para os seus pedidos",
    phone: "Ligue para nós",
    returns_phone: "Devoluções",
    topics: [
        (
            "Fale conosco",
            "Dúvidas sobre um pedido? Tenha o número do pedido em mãos (ele está no e-mail de confirmação) e fale com o nosso atendimento. Membros conectados encontram todos os pedidos em Pedidos; convidados consultam um pedido com o número e o e-mail ou telefone.",
        ),
        (
            "Política de devolução",
            "A maioria dos itens pode ser devolvida dentro do prazo indicado no pedido. Os itens devem estar sem uso e com as etiquetas. Itens personalizados não podem ser devolvidos. O reembolso é feito no meio de pagamento original depois que a devolução for recebida e verificada.",
        ),
        (
            "Alterar ou cancelar um pedido",
            "Um pedido pode ser cancelado enquanto estiver em processamento: abra o pedido e escolha Cancelar. Depois de enviado, não pode mais ser cancelado nem alterado, mas você pode devolvê-lo quando chegar.",
        ),
        (
            "Como devolver",
            "Abra o pedido, escolha Devolver itens, selecione os itens e um motivo e escolha como enviá-los (ponto de entrega, coleta ou na loja, onde houver). Imprima a etiqueta ou mostre o código e embale bem os itens.",
        ),
    ],
};

const NL: Texts = Texts {
    lang: "nl",
    help: "Hulp",
    orders: "Naar je bestellingen",
    phone: "Bel ons",
    returns_phone: "Retouren",
    topics: [
        (
            "Contact",
            "Vragen over een bestelling? Houd je bestelnummer bij de hand (het staat in de bevestigingsmail) en neem contact op met onze klantenservice. Ingelogde leden vinden elke bestelling onder Bestellingen; gasten zoeken een bestelling op met het nummer en hun e-mailadres of telefoonnummer.",
        ),
        (
            "Retourbeleid",
            "De meeste artikelen kun je retourneren binnen de retourtermijn die bij de bestelling staat. Ze moeten ongedragen zijn en hun labels hebben. Gepersonaliseerde artikelen kunnen niet worden geretourneerd. Het geld wordt teruggestort via de oorspronkelijke betaalmethode zodra de retour is ontvangen en gecontroleerd.",
        ),
        (
            "Bestelling wijzigen of annuleren",
            "Een bestelling kan worden geannuleerd zolang ze in behandeling is: open de bestelling en kies Annuleren. Na verzending kan ze niet meer worden geannuleerd of gewijzigd, maar je kunt ze retourneren als ze is aangekomen.",
        ),
        (
            "Zo retourneer je",
            "Open de bestelling, kies Artikelen retourneren, selecteer de artikelen en een reden en kies hoe je ze terugstuurt (inleverpunt, ophalen of in de winkel, waar aangeboden). Print het label of laat de code zien en verpak de artikelen goed.",
        ),
    ],
};

fn texts(language: &str) -> &'static Texts {
    match language {
        "es" => &ES,
        "fr" => &FR,
        "de" => &DE,
        "it" => &IT,
        "pt" => &PT,
        "nl" => &NL,
        _ => &EN,
    }
}

/// Text for an HTML text node or a double-quoted attribute.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    out
}

/// The country and language of a page's path, when the country is in the table and the language is one
/// of its languages (anything else is not a page: 404).
fn page_of<'a>(table: &'a CountryTable, country: &str, language: &str) -> Option<(&'a Country, String)> {
    let code = country.to_ascii_lowercase();
    let found = table.countries.get(&code)?;
    let language = language.to_ascii_lowercase();
    found.languages.iter().any(|known| known.eq_ignore_ascii_case(&language)).then_some((found, language))
}

/// One page: the topic's text, or (no topic) the start page listing the topics.
fn render(settings: &SiteSettings, country: &Country, language: &str, topic: Option<Topic>) -> String {
    let texts = texts(language);
    let table = settings.table();
    let index = |topic: Topic| Topic::ALL.iter().position(|each| *each == topic).unwrap_or(0);
    let title = match topic {
        Some(topic) => texts.topics[index(topic)].0,
        None => texts.help,
    };
    let dir = if matches!(texts.lang, "ar" | "he") { "rtl" } else { "ltr" };
    let mut body = String::new();
    body.push_str(&format!("<h1>{}</h1>\n", escape(title)));
    body.push_str(&format!("<p>{}</p>\n", escape(&country.name)));
    if let Some(topic) = topic {
        body.push_str(&format!("<p>{}</p>\n", escape(texts.topics[index(topic)].1)));
    }
    if topic.is_none() || topic == Some(Topic::Contact) {
        if let Some(phone) = table.phones.get(&country.code) {
            body.push_str(&format!(
                "<p>{}: <a href=\"tel:{phone}\">{phone}</a></p>\n",
                escape(texts.phone),
                phone = escape(phone)
            ));
        }
        if country.code == "kr" {
            let phone = escape(&table.korea_returns_phone);
            body.push_str(&format!("<p>{}: <a href=\"tel:{phone}\">{phone}</a></p>\n", escape(texts.returns_phone)));
        }
    }
    body.push_str("<nav aria-label=\"Help\">\n<h2>");
    body.push_str(&escape(texts.help));
    body.push_str("</h2>\n<ul>\n");
    for other in Topic::ALL.into_iter().filter(|other| Some(*other) != topic) {
        body.push_str(&format!(
            "<li><a href=\"{}\">{}</a></li>\n",
            escape(&topic_path(&country.code, language, other)),
            escape(texts.topics[index(other)].0)
        ));
    }
    if topic.is_some() {
        body.push_str(&format!(
            "<li><a href=\"{}\">{}</a></li>\n",
            escape(&start_path(&country.code, language)),
            escape(texts.help)
        ));
    }
    body.push_str(&format!("<li><a href=\"/orders\">{}</a></li>\n</ul>\n</nav>\n", escape(texts.orders)));
    // The page's language is the language its text is in: a language without texts reads English.
    format!(
        "<!doctype html>\n<html lang=\"{lang}\" dir=\"{dir}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{title}{brand}</title>\n\
         <style>body{{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#111}}\
         a{{color:#1d4ed8}}</style>\n</head>\n<body>\n<main>\n{body}</main>\n</body>\n</html>\n",
        lang = texts.lang,
        title = escape(title),
        brand = settings.brand().name.as_deref().map(|name| format!(" - {}", escape(name))).unwrap_or_default(),
    )
}

/// Pages without script: the CSP allows the inline style and nothing else.
const HELP_CSP: &str = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

fn page(html: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8")),
            (header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=300")),
            (header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(HELP_CSP)),
        ],
        html,
    )
        .into_response()
}

/// `GET /help/{country}/{language}`: the help start page of a country in one of its languages.
pub async fn get_help_start(
    State(settings): State<Arc<SiteSettings>>,
    Path((country, language)): Path<(String, String)>,
) -> Result<Response, AppError> {
    let (country, language) = page_of(settings.table(), &country, &language).ok_or(AppError::NotFound)?;
    Ok(page(render(&settings, country, &language, None)))
}

/// `GET /help/{country}/{language}/{topic}`: contact, returns-policy, change-or-cancel-order, how-to-return.
pub async fn get_help_topic(
    State(settings): State<Arc<SiteSettings>>,
    Path((country, language, topic)): Path<(String, String, String)>,
) -> Result<Response, AppError> {
    let (country, language) = page_of(settings.table(), &country, &language).ok_or(AppError::NotFound)?;
    let topic = Topic::from_slug(&topic).ok_or(AppError::NotFound)?;
    Ok(page(render(&settings, country, &language, Some(topic))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_escape_and_set_their_language() {
        let settings = match SiteSettings::load(None, Vec::new(), &[]) {
            Ok(settings) => settings,
            Err(error) => panic!("{error}"),
        };
        let table = settings.table();
        let Some((germany, language)) = page_of(table, "DE", "de") else { panic!("Germany in German is a page") };
        let html = render(&settings, germany, &language, Some(Topic::ReturnsPolicy));
        assert!(html.contains("<html lang=\"de\""), "{html}");
        assert!(html.contains("<h1>Rückgaberichtlinie</h1>"));
        assert!(!html.contains("<script"));
        // Japanese has no texts here: the page says it is in English.
        let Some((japan, language)) = page_of(table, "jp", "ja") else { panic!("Japan in Japanese is a page") };
        assert!(render(&settings, japan, &language, None).contains("<html lang=\"en\""));
        assert!(page_of(table, "de", "ja").is_none(), "a language the country does not have is no page");
        assert!(page_of(table, "zz", "en").is_none());
        assert_eq!(escape("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
    }
}
