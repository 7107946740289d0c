//! Every setting, by flag or environment variable; `orders --help` lists them all.

use std::net::SocketAddr;

use clap::{Args, Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "orders",
    version,
    about = "Order self-service portal: the web app and the order API in one binary",
    after_help = FLAGS_HELP
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub settings: Settings,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the web app and the API (the default).
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Fill the database with deterministic, realistic demo data.
    Seed(SeedArgs),
    /// Write the ready history rows of orders that have none current (after upgrading a database with
    /// orders stored by an earlier version; ADR 0010), then exit. Safe to run beside serving processes.
    ReadyRows(ReadyRowsArgs),
    /// Store the ready details (rendered order detail bodies) of every order that has none current for
    /// this build and these flags (after a seed, an upgrade or a change of flags; ADR 0012), then exit.
    /// Safe to run beside serving processes, which otherwise store them as details are read.
    ReadyDetails(ReadyRowsArgs),
    /// Create or replace orders from NDJSON, one ops order body per line (the body POST /ops/v1/orders
    /// takes), then exit: a summary of created, replaced, unchanged and refused lines; exit status 1 when
    /// a line was refused (nothing of it is stored; the other lines are). Importing a file again changes nothing.
    Import(ImportArgs),
    /// Serve a stand-in for the outside providers on --addr (e.g. 127.0.0.1:9090): payments, carrier
    /// pickups and address validation over the HTTP adapters' protocol, with the sandboxes' answers; PUT
    /// /faults {"delayMs":..,"failNext":..} makes it slow or answer 503 (docs/configuration.md).
    SandboxProviders,
}

#[derive(Debug, Clone, Args)]
pub struct ImportArgs {
    /// The NDJSON file; `-` reads standard input.
    pub file: std::path::PathBuf,
    /// Lines per write transaction (a batch with a failing line is written again one line at a time).
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub batch: u32,
}

#[derive(Debug, Clone, Args)]
pub struct ReadyRowsArgs {
    /// Orders per write transaction.
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub batch: u32,
}

#[derive(Debug, Clone, Args)]
pub struct Settings {
    /// Address to listen on.
    #[arg(long, env = "ORDERS_ADDR", default_value = "127.0.0.1:8080", global = true)]
    pub addr: SocketAddr,

    /// Database: a SQLite file path (created, migrated and filled with demo data when new) or postgres://...
    #[arg(long, env = "ORDERS_DATABASE_URL", default_value = "orders.db", global = true)]
    pub database_url: String,

    /// Largest number of database connections of the main pool. The hot reads open their own: on
    /// PostgreSQL a pool of up to as many again (ADR 0005), on SQLite one per runtime thread (ADR 0006).
    #[arg(long, env = "ORDERS_DB_CONNECTIONS", default_value_t = 8, global = true)]
    pub db_connections: u32,

    /// Key for the ops API (header X-Ops-Key). Without it the ops API answers 404.
    #[arg(long, env = "ORDERS_OPS_KEY", hide_env_values = true, global = true)]
    pub ops_key: Option<String>,

    /// Secret that signs access tokens. Without it one is generated on first start and kept in the database.
    #[arg(long, env = "ORDERS_TOKEN_KEY", hide_env_values = true, global = true)]
    pub token_key: Option<String>,

    /// Lifetime of an access token, in seconds.
    #[arg(long, env = "ORDERS_TOKEN_TTL_SECONDS", default_value_t = 3600, global = true)]
    pub token_ttl_seconds: u64,

    /// Guest lookups and sign-ins one client (IP address) may make per minute.
    #[arg(long, env = "ORDERS_GUEST_LOOKUPS_PER_CLIENT", default_value_t = 60, global = true)]
    pub guest_lookups_per_client: u32,

    /// Guest lookups of one order number (or sign-ins for one e-mail) per minute, from anyone.
    #[arg(long, env = "ORDERS_GUEST_LOOKUPS_PER_ORDER", default_value_t = 10, global = true)]
    pub guest_lookups_per_order: u32,

    /// Memory for answers kept for the spec's 10-minute freshness (order detail and history pages), in MiB; 0 turns it off.
    #[arg(long, env = "ORDERS_RESPONSE_CACHE_MIB", default_value_t = 16, global = true)]
    pub response_cache_mib: usize,

    /// Job workers this process runs (return captures, cancellations, payments ...); 0 runs none here.
    #[arg(long, env = "ORDERS_JOB_WORKERS", default_value_t = 4, global = true)]
    pub job_workers: usize,

    /// The deployment is served over TLS (by a proxy in front): answers carry HSTS.
    #[arg(long, env = "ORDERS_BEHIND_TLS", global = true)]
    pub behind_tls: bool,

    /// Proxies whose X-Forwarded-For is believed, as comma-separated addresses or CIDR ranges
    /// (e.g. 10.0.0.0/8,127.0.0.1). From any other peer the header is ignored: the peer is the client.
    #[arg(long, env = "ORDERS_TRUSTED_PROXIES", value_delimiter = ',', value_parser = parse_proxy, global = true)]
    pub trusted_proxies: Vec<ipnet::IpNet>,

    /// Send cookies without `Secure`, for a plain-http host other than localhost (never behind TLS).
    #[arg(long, env = "ORDERS_INSECURE_COOKIES", global = true)]
    pub insecure_cookies: bool,

    /// Who may read GET /metrics (Prometheus text format).
    #[arg(long, env = "ORDERS_METRICS", value_enum, default_value_t = crate::metrics::MetricsAccess::Off, global = true)]
    pub metrics: crate::metrics::MetricsAccess,

    /// Seconds a stopping process (SIGTERM) gives requests in flight before it exits anyway.
    #[arg(long, env = "ORDERS_SHUTDOWN_GRACE_SECONDS", default_value_t = 20, global = true)]
    pub shutdown_grace_seconds: u64,

    /// Seconds a client has to send a whole request head (also how long an idle keep-alive connection stays).
    #[arg(long, env = "ORDERS_HEADER_READ_TIMEOUT_SECONDS", default_value_t = 10, global = true)]
    pub header_read_timeout_seconds: u64,

    /// Connections served at once; more wait in the listen queue.
    #[arg(long, env = "ORDERS_MAX_CONNECTIONS", default_value_t = 4096, global = true)]
    pub max_connections: usize,

    /// Requests handled at once; more wait for a turn, holding only their parsed head (0: no limit).
    #[arg(long, env = "ORDERS_MAX_REQUESTS_IN_FLIGHT", default_value_t = 128, global = true)]
    pub max_requests_in_flight: usize,

    /// Do not fill a newly created SQLite database with demo data.
    #[arg(long, env = "ORDERS_NO_DEMO_DATA", global = true)]
    pub no_demo_data: bool,

    /// SMTP server for e-mail (smtp://host:port, smtp://host:port?tls=required, smtps://user:pass@host).
    /// Without it e-mails are stored in the outbox table (GET /ops/v1/outbox).
    #[arg(long, env = "ORDERS_SMTP_URL", hide_env_values = true, global = true)]
    pub smtp_url: Option<String>,

    /// How long connecting to the SMTP server may take; a whole try may take four times this. Past either,
    /// the try counts as failed (the e-mail then waits in the outbox for its next try). A message a killed process was handing over is taken up again after
    /// four and a half times this (its lease). The default is `mail::smtp::SMTP_TIMEOUT`.
    #[arg(long, env = "ORDERS_SMTP_TIMEOUT_SECONDS", default_value_t = 20,
          value_parser = clap::value_parser!(u64).range(1..=300), global = true)]
    pub smtp_timeout_seconds: u64,

    /// The address shoppers reach this deployment at (https://shop.example), for links in e-mails (password
    /// resets). Defaults to http://<--addr>. Never taken from a request's Host header (a forged one would
    /// send a reset link to another site).
    #[arg(long, env = "ORDERS_PUBLIC_URL", global = true)]
    pub public_url: Option<String>,

    /// Sender address of e-mails.
    #[arg(long, env = "ORDERS_MAIL_FROM", default_value = "Orders <no-reply@orders.example>", global = true)]
    pub mail_from: String,

    /// Configuration file (TOML if it ends in .toml, else JSON): feature flags for every country or per country, and the help site
    /// (docs/configuration.md; the flags are listed below).
    #[arg(long, env = "ORDERS_CONFIG_FILE", global = true)]
    pub config_file: Option<std::path::PathBuf>,

    /// Set a feature flag in every country, NAME=true|false (repeatable; beats ORDERS_FLAG_<NAME> and the file).
    #[arg(long = "flag", value_name = "NAME=VALUE", global = true)]
    pub flags: Vec<String>,

    /// The retailer's OpenID Connect provider (its issuer URL). With it, member access tokens are the
    /// provider's JWTs (keys from its discovery document's jwks_uri) and the web signs in through it;
    /// the built-in password sign-in is off (docs/adr/0016-oidc.md).
    #[arg(long, env = "ORDERS_OIDC_ISSUER", global = true)]
    pub oidc_issuer: Option<String>,

    /// The audience the provider's access tokens must name in `aud` (required with --oidc-issuer).
    #[arg(long, env = "ORDERS_OIDC_AUDIENCE", global = true)]
    pub oidc_audience: Option<String>,

    /// The access token claim whose value is the member id (upmId).
    #[arg(long, env = "ORDERS_OIDC_MEMBER_CLAIM", default_value = "sub", global = true)]
    pub oidc_member_claim: String,

    /// This portal's client id at the provider, for the web sign-in (authorization code flow with PKCE).
    #[arg(long, env = "ORDERS_OIDC_CLIENT_ID", global = true)]
    pub oidc_client_id: Option<String>,

    /// This portal's client secret at the provider.
    #[arg(long, env = "ORDERS_OIDC_CLIENT_SECRET", hide_env_values = true, global = true)]
    pub oidc_client_secret: Option<String>,

    /// The callback URL registered at the provider (https://shop.example/auth/v1/oidc/callback). Without it
    /// the URL is built from the request's Host (https when --behind-tls).
    #[arg(long, env = "ORDERS_OIDC_REDIRECT_URL", global = true)]
    pub oidc_redirect_url: Option<String>,

    /// In the US, offer USPS instead of UPS (shipment service providers).
    #[arg(long, env = "ORDERS_USPS_ENABLED", global = true)]
    pub usps_enabled: bool,

    /// NATS server to publish every event to (JetStream stream ORDERS_EVENTS, subjects orders.events.{type};
    /// created when missing), e.g. nats://127.0.0.1:4222. Without it no message bus is used.
    #[arg(long, env = "ORDERS_EVENTS_NATS_URL", hide_env_values = true, global = true)]
    pub events_nats_url: Option<String>,

    /// Delays between attempts at a webhook delivery that failed, comma-separated (ms, s, m, h, d); after
    /// the last the endpoint is marked failing and tried at the last delay. Default: the Standard Webhooks
    /// schedule, about 3 days (5s,5m,30m,2h,5h,10h,10h,10h,10h,10h,14h).
    #[arg(long, env = "ORDERS_WEBHOOK_RETRY_DELAYS", value_delimiter = ',', value_parser = crate::clock::parse_duration,
          hide = true, global = true)]
    pub webhook_retry_delays: Vec<std::time::Duration>,

    /// The payment provider's API (docs/configuration.md, "Outside providers"): deferred payments are
    /// started by an HTTP call from the payment job. Without it the built-in sandbox provider answers.
    #[arg(long, env = "ORDERS_PAYMENT_PROVIDER_URL", global = true)]
    pub payment_provider_url: Option<String>,

    /// The carrier API: courier pickups are booked by an HTTP call from the return job. Without it the
    /// built-in sandbox carriers answer.
    #[arg(long, env = "ORDERS_CARRIER_API_URL", global = true)]
    pub carrier_api_url: Option<String>,

    /// The address validator's API, called while the shopper waits (POST /address/validation/v1). Without
    /// it addresses are checked against the country data built in.
    #[arg(long, env = "ORDERS_ADDRESS_VALIDATOR_URL", global = true)]
    pub address_validator_url: Option<String>,

    /// Milliseconds a call to an outside provider may take in all (connecting, sending, the whole answer);
    /// a slower one counts as not answering (a job tries again later, a shopper's request answers 503).
    #[arg(long, env = "ORDERS_PROVIDER_TIMEOUT_MS", default_value_t = 5000,
          value_parser = clap::value_parser!(u64).range(50..=120_000), global = true)]
    pub provider_timeout_ms: u64,

    /// Milliseconds to wait for a provider's connection to open (at most the total timeout).
    #[arg(long, env = "ORDERS_PROVIDER_CONNECT_TIMEOUT_MS", default_value_t = 2000,
          value_parser = clap::value_parser!(u64).range(10..=120_000), global = true)]
    pub provider_connect_timeout_ms: u64,

    /// The first delay before a job that met a dependency not answering is tried again, in milliseconds;
    /// it doubles with each try, up to 30 s (tests shorten it).
    #[arg(long, env = "ORDERS_JOB_RETRY_BASE_MS", default_value_t = 250,
          value_parser = clap::value_parser!(u64).range(1..=30_000), hide = true, global = true)]
    pub job_retry_base_ms: u64,

    /// Tries before a job that keeps meeting a dependency not answering ends FAILED `service-unavailable`.
    #[arg(long, env = "ORDERS_JOB_MAX_ATTEMPTS", default_value_t = 8,
          value_parser = clap::value_parser!(u32).range(1..=50), hide = true, global = true)]
    pub job_max_attempts: u32,

    /// Event delivery workers this process runs (webhooks and the message bus); 0 runs none here.
    #[arg(long, env = "ORDERS_EVENT_WORKERS", default_value_t = 2, global = true)]
    pub event_workers: usize,

    /// Days the event outbox keeps an event: the pull feed and webhook replays reach back this far, and
    /// older events are deleted (hourly, by processes with event workers). 0 keeps every event.
    #[arg(long, env = "ORDERS_EVENTS_RETENTION_DAYS", default_value_t = 30, global = true)]
    pub events_retention_days: u32,
}

#[derive(Debug, Clone, Args)]
pub struct SeedArgs {
    /// Members to create (the demo sign-ins come first).
    #[arg(long, default_value_t = 50)]
    pub members: u32,
    /// Orders to create across those members and guests.
    #[arg(long, default_value_t = 2000)]
    pub orders: u32,
    /// Seed of the generator: the same seed gives the same data.
    #[arg(long, default_value_t = 42)]
    pub seed: u64,
    /// Day the generated history ends on (YYYY-MM-DD, UTC): the same seed and day give the same data. Defaults to now.
    #[arg(long)]
    pub until: Option<String>,
}

/// One `--trusted-proxies` value: a CIDR range, or a single address (the range of just that address).
/// `ipnet` alone reads only ranges, so `127.0.0.1`, the help's own example, was refused.
fn parse_proxy(text: &str) -> Result<ipnet::IpNet, String> {
    let text = text.trim();
    text.parse::<ipnet::IpNet>()
        .or_else(|_| text.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
        .map_err(|_| format!("{text} is neither an IP address nor a CIDR range"))
}

/// `orders --help` ends with this (a test checks that it names every flag).
pub const FLAGS_HELP: &str = "\
Feature flags (default; per-country values in data/countries/countries.json):
  enablePartnerOrders (on)  enableCourierPickup  emeaPaperless  useQuickActionCta  enableEdd (on)
  disableChat  enableSmsLookup (on)  isAustralia  disableGiftCardLookup  disableReturns
  enableShopSimilar (on)  enableReturnsBarcode  enableCurbsidePickup  enableDeferredPayment
  enableDeferredPaymentV2  enableStoreSelector (on)  enableDorisCommunication  enableFakeReturn
  enableLoginPrompt (on)  enableOrderMismatchModal (on)  sendReturnMethodGlobally  sendStoreReturnEmail
  showReturnTaxTotal  enableSagawaReturn  suppressStoreReturnInstructions  suppressReturnDetailsBarcode
  enablePaperlessReturnConfirmation  disableCreateLabel  enableWriteReview  enableAbTesting
  hideMemberHeader
Set one for every country with --flag NAME=true|false or the environment variable ORDERS_FLAG_<NAME>
in upper snake case (ORDERS_FLAG_DISABLE_GIFT_CARD_LOOKUP=true); per country, and the help site, in the
configuration file (--config-file / ORDERS_CONFIG_FILE; TOML when it ends in .toml, else JSON):
  helpSite = \"https://help.example.com\"
  embedParentOrigin = \"https://shop.example.com\"   (the retailer page that may frame the app)
  [flags]
  enableEdd = false
  [countries.au.flags]
  enableCurbsidePickup = true
  [analytics]   enabled = true, dataLayer = \"dataLayer\"   (where the web app's events go)
Precedence: default < country data < file flags < file countries.<cc>.flags < ORDERS_FLAG_* < --flag.
The header's brand (name, logo or logoUrl, colors) is the file's [brand] section (docs/configuration.md);
ORDERS_BRAND_NAME replaces its name. Without helpSite, help links lead to the binary's own pages
(/help/<country>/<language>). allowSignUp = true lets shoppers create accounts (POST /auth/v1/members).";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trusted_proxies_take_addresses_and_ranges() {
        let cli = Cli::try_parse_from(["orders", "serve", "--trusted-proxies", "10.0.0.0/8,127.0.0.1,::1"])
            .expect("the help's example parses");
        let proxies: Vec<String> = cli.settings.trusted_proxies.iter().map(ToString::to_string).collect();
        assert_eq!(proxies, ["10.0.0.0/8", "127.0.0.1/32", "::1/128"]);
        assert!(Cli::try_parse_from(["orders", "serve", "--trusted-proxies", "10.0.0.300"]).is_err());
    }
}
