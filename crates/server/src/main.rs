use std::io::IsTerminal;

use clap::Parser;
use server::config::{Cli, Command};
use tracing_subscriber::EnvFilter;

/// mimalloc returns freed memory to the system promptly: after a burst of sign-ins (19 MiB Argon2 work
/// areas) the process shrinks back, where glibc's allocator kept gigabytes (docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_env("ORDERS_LOG").unwrap_or_else(|_| EnvFilter::new("info")))
        // Colour escapes only on a terminal: log files and collectors get plain text.
        .with_ansi(std::io::stdout().is_terminal())
        .init();
    let cli = Cli::parse();
    let result = match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(cli.settings).await,
        Command::Migrate => migrate(cli.settings).await,
        Command::Seed(args) => seed(cli.settings, args).await,
        Command::ReadyRows(args) => ready_rows(cli.settings, args).await,
        Command::ReadyDetails(args) => ready_details(cli.settings, args).await,
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
    let done = server::orders::ready_detail::refresh(&state, args.batch as usize).await?;
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
