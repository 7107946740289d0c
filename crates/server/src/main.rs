use std::io::IsTerminal;

use clap::Parser;
use server::config::{Cli, Command};
use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::writer::BoxMakeWriter;

/// mimalloc returns freed memory to the system promptly: after a burst of sign-ins (19 MiB Argon2 work
/// areas) the process shrinks back, where glibc's allocator kept gigabytes (docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_arena_eager_commit` in mimalloc's `mi_option_t` (mimalloc.h; the same in its v2 and v3).
const MI_OPTION_ARENA_EAGER_COMMIT: libmimalloc_sys::mi_option_t = 4;
/// `mi_option_purge_delay` (mimalloc.h; 15 in its v2 and v3 alike).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Allocator options the binary sets itself, so `orders serve` with no environment behaves as measured
/// (docs/performance.md, "Sign-in memory"):
/// - arena memory committed lazily (`MIMALLOC_ARENA_EAGER_COMMIT=0`);
/// - freed memory purged at once (`MIMALLOC_PURGE_DELAY=0`, default 10 ms): a delayed purge runs only when
///   the allocator is next busy, so a process that went quiet after a burst of sign-ins kept two 19 MiB
///   Argon2 work areas (73.7 MiB after the rounds; 33.6 MiB with the purge at once).
///
/// An operator's own `MIMALLOC_*` variable stays in force.
///
/// It must run before the first allocation: mimalloc reserves its first arena then, and the Rust runtime
/// allocates before `main` (set in `main`, the option reached only later arenas: 92 MiB after the sign-in
/// rounds against 73 MiB with the variable). So it runs from `.init_array`, as a C constructor would, and
/// allocates nothing itself (`getenv` reads the environment in place).
#[cfg(target_os = "linux")]
#[expect(unsafe_code, reason = "a constructor in .init_array, and mimalloc's and libc's C APIs")]
mod allocator_options {
    unsafe extern "C" {
        fn getenv(name: *const std::ffi::c_char) -> *mut std::ffi::c_char;
    }

    extern "C" fn set() {
        // SAFETY: getenv reads the environment without allocating (no thread exists yet that could
        // change it); mi_option_set only stores a value in mimalloc's option table.
        unsafe {
            if getenv(c"MIMALLOC_ARENA_EAGER_COMMIT".as_ptr()).is_null() {
                libmimalloc_sys::mi_option_set(super::MI_OPTION_ARENA_EAGER_COMMIT, 0);
            }
            if getenv(c"MIMALLOC_PURGE_DELAY".as_ptr()).is_null() {
                libmimalloc_sys::mi_option_set(super::MI_OPTION_PURGE_DELAY, 0);
            }
        }
    }

    /// Run by the loader with the other constructors, before the Rust runtime starts.
    #[used]
    #[unsafe(link_section = ".init_array")]
    static SET_AT_LOAD: extern "C" fn() = set;
}

fn main() -> std::process::ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("error: cannot start the runtime: {error}");
            return std::process::ExitCode::FAILURE;
        }
    };
    runtime.block_on(run())
}

async fn run() -> std::process::ExitCode {
    let cli = Cli::parse();
    // `orders import` prints its summary on standard output: its log lines go to standard error.
    let (writer, terminal) = if matches!(cli.command, Some(Command::Import(_))) {
        (BoxMakeWriter::new(std::io::stderr), std::io::stderr().is_terminal())
    } else {
        (BoxMakeWriter::new(std::io::stdout), std::io::stdout().is_terminal())
    };
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_env("ORDERS_LOG").unwrap_or_else(|_| EnvFilter::new("info")))
        .with_writer(writer)
        // Colour escapes only on a terminal: log files and collectors get plain text.
        .with_ansi(terminal)
        .init();
    let result = match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(cli.settings).await,
        Command::Migrate => migrate(cli.settings).await,
        Command::Seed(args) => seed(cli.settings, args).await,
        Command::ReadyRows(args) => ready_rows(cli.settings, args).await,
        Command::ReadyDetails(args) => ready_details(cli.settings, args).await,
        Command::SandboxProviders => sandbox_providers(cli.settings).await,
        Command::Import(args) => match import(cli.settings, args).await {
            // Every line stored or unchanged: 0; a refused line: 1 (the summary names it).
            Ok(true) => Ok(()),
            Ok(false) => return std::process::ExitCode::FAILURE,
            Err(error) => Err(error),
        },
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!(%error, "orders stopped");
            eprintln!("error: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn serve(settings: server::config::Settings) -> Result<(), server::BoxError> {
    let state = server::prepare(&settings).await?;
    let listener = tokio::net::TcpListener::bind(settings.addr).await?;
    let address = listener.local_addr()?;
    tracing::info!(%address, database = state.db.backend.name(), "serving");
    println!("orders is serving on http://{address}/orders");
    server::serve(listener, state, shutdown_signal()).await?;
    Ok(())
}

async fn sandbox_providers(settings: server::config::Settings) -> Result<(), server::BoxError> {
    let listener = tokio::net::TcpListener::bind(settings.addr).await?;
    let address = listener.local_addr()?;
    println!("sandbox providers on http://{address} (PUT /faults to make them slow or failing)");
    server::sandbox_providers::serve(listener, server::sandbox_providers::Sandbox::default(), shutdown_signal())
        .await?;
    Ok(())
}

async fn migrate(settings: server::config::Settings) -> Result<(), server::BoxError> {
    let connected = server::db::connect(&settings.database_url, 2).await?;
    let applied = server::prepare_database(&connected.db).await?;
    println!("applied {applied} migration(s)");
    Ok(())
}

async fn ready_rows(
    settings: server::config::Settings,
    args: server::config::ReadyRowsArgs,
) -> Result<(), server::BoxError> {
    let connected = server::db::connect(&settings.database_url, 2).await?;
    server::prepare_database(&connected.db).await?;
    let started = std::time::Instant::now();
    let refreshed = server::orders::ready::refresh(&connected.db, args.batch as usize).await?;
    println!("wrote the ready history rows of {refreshed} orders in {:.1}s", started.elapsed().as_secs_f64());
    Ok(())
}

async fn ready_details(
    mut settings: server::config::Settings,
    args: server::config::ReadyRowsArgs,
) -> Result<(), server::BoxError> {
    // The flags are those of the processes that will read the details: the same settings as theirs.
    settings.no_demo_data = true;
    let state = server::prepare(&settings).await?;
    let started = std::time::Instant::now();
    let done = server::orders::ready_detail::refresh(&state.orders, args.batch as usize).await?;
    println!(
        "stored the ready details of {} orders in {:.1}s ({} orders left to render when read: their view still \
         changes with the clock, or a job of theirs is pending)",
        done.stored,
        started.elapsed().as_secs_f64(),
        done.unsettled
    );
    Ok(())
}

async fn seed(settings: server::config::Settings, args: server::config::SeedArgs) -> Result<(), server::BoxError> {
    let connected = server::db::connect(&settings.database_url, 1).await?;
    server::prepare_database(&connected.db).await?;
    let plan = server::seed::SeedPlan::from_args(&args)?;
    let started = std::time::Instant::now();
    let report = server::seed::run(&connected.db, &plan).await?;
    println!(
        "seeded {} members, {} orders, {} lines in {:.1}s; heaviest member {} has {} orders",
        report.members,
        report.orders,
        report.lines,
        started.elapsed().as_secs_f64(),
        report.heaviest_email,
        report.heaviest_orders
    );
    Ok(())
}

/// `orders import FILE`: the lines in batches through `ops::import` (the code of POST /ops/v1/orders/bulk),
/// a progress bar on a terminal, a summary at the end. True when no line was refused.
async fn import(
    settings: server::config::Settings,
    args: server::config::ImportArgs,
) -> Result<bool, server::BoxError> {
    use std::io::BufRead;

    use server::ops::import::{self, Counts, LineResult, LineStatus};

    // Whose orders may come in: as `serve` with these settings decides it (any member id of the retailer's
    // provider, or the portal's own members). The provider itself is not asked: its id is all it takes.
    let env = std::env::vars_os()
        .filter_map(|(key, value)| Some((key.into_string().ok()?, value.to_string_lossy().into_owned())));
    let site = server::settings::SiteSettings::load(settings.config_file.as_deref(), env, &settings.flags)?;
    let default_country = site.table().default.code.to_ascii_uppercase();
    let owners = if settings.oidc_issuer.as_deref().is_some_and(|issuer| !issuer.trim().is_empty()) {
        import::Owners::Provider { default_country: &default_country }
    } else {
        import::Owners::Portal
    };
    let connected = server::db::connect(&settings.database_url, 2).await?;
    server::prepare_database(&connected.db).await?;
    let db = connected.db;
    let (reader, size): (Box<dyn BufRead>, Option<u64>) = if args.file.as_os_str() == "-" {
        (Box::new(std::io::stdin().lock()), None)
    } else {
        let file =
            std::fs::File::open(&args.file).map_err(|error| format!("cannot read {}: {error}", args.file.display()))?;
        let size = file.metadata().ok().map(|metadata| metadata.len());
        (Box::new(std::io::BufReader::with_capacity(1 << 20, file)), size)
    };
    // Drawn on standard error, and only when it is a terminal (indicatif hides it otherwise).
    let progress = match size {
        Some(bytes) => indicatif::ProgressBar::new(bytes).with_style(
            indicatif::ProgressStyle::with_template("{bar:40} {percent:>3}% {msg} ({elapsed}, {eta} left)")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        ),
        None => indicatif::ProgressBar::new_spinner(),
    };
    if !std::io::stderr().is_terminal() {
        progress.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let started = std::time::Instant::now();
    let batch_size = args.batch as usize;
    let mut counts = Counts::default();
    let mut refused: Vec<LineResult> = Vec::new();
    let mut batch: Vec<(usize, Vec<u8>)> = Vec::with_capacity(batch_size);
    let mut reader = reader;
    let mut number = 0usize;
    let mut read = 0u64;
    loop {
        let mut line = Vec::new();
        let length = reader.read_until(b'\n', &mut line)?;
        let done = length == 0;
        if !done {
            number += 1;
            read += length as u64;
            if line.last() == Some(&b'\n') {
                line.pop();
            }
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            if !import::is_blank(&line) {
                batch.push((number, line));
            }
        }
        if batch.len() >= batch_size || (done && !batch.is_empty()) {
            let lines: Vec<(usize, &[u8])> = batch.iter().map(|(number, line)| (*number, line.as_slice())).collect();
            let now = chrono::Utc::now().timestamp_millis();
            let outcome = import::import_batch(&db, owners, &lines, now).await;
            counts.add(&outcome.results);
            refused.extend(outcome.results.into_iter().filter(|result| result.status == LineStatus::Refused));
            batch.clear();
            progress.set_position(read);
            progress.set_message(format!("{} orders, {} refused", counts.lines(), counts.refused));
        }
        if done {
            break;
        }
    }
    progress.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "imported {} lines in {seconds:.1}s ({:.0} a second): {} created, {} replaced, {} unchanged, {} refused",
        counts.lines(),
        counts.lines() as f64 / seconds.max(0.001),
        counts.created,
        counts.replaced,
        counts.unchanged,
        counts.refused
    );
    if !refused.is_empty() {
        println!("refused (nothing of these lines was stored):");
        for result in &refused {
            let order = result.order_number.as_deref().map(|number| format!(" (order {number})")).unwrap_or_default();
            let code = result.code.map(|code| code.as_str()).unwrap_or("refused");
            let field = result.field.as_deref().map(|field| format!(" {field}")).unwrap_or_default();
            println!("  line {}{order}: {code}{field}: {}", result.line, result.message.as_deref().unwrap_or(""));
        }
    }
    Ok(refused.is_empty())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! { () = ctrl_c => {}, () = terminate => {} }
}

#[cfg(test)]
mod tests {
    /// `orders` with no environment runs with arena eager commit off (what MIMALLOC_ARENA_EAGER_COMMIT=0 did):
    /// the test binary carries the same constructor, so the option is already set when a test runs.
    #[test]
    #[cfg(target_os = "linux")]
    #[expect(unsafe_code, reason = "reads the option back through mimalloc's C API")]
    fn the_binary_sets_its_allocator_options_itself() {
        for (option, variable) in [
            (super::MI_OPTION_ARENA_EAGER_COMMIT, "MIMALLOC_ARENA_EAGER_COMMIT"),
            (super::MI_OPTION_PURGE_DELAY, "MIMALLOC_PURGE_DELAY"),
        ] {
            // SAFETY: mi_option_get only reads mimalloc's option table.
            let value = unsafe { libmimalloc_sys::mi_option_get(option) };
            match std::env::var(variable) {
                // An operator's own setting stays in force.
                Ok(set) => assert_eq!(value.to_string(), set.trim(), "{variable}"),
                Err(_) => assert_eq!(value, 0, "{variable}"),
            }
        }
    }
}
