use std::process::ExitCode;

use clap::Parser;
use tracing_subscriber::EnvFilter;

// glibc's allocator gave 6 % of the server's time to malloc_consolidate and its arenas under
// load (perf, 32 connections): one arena per blocking thread, large libpq buffers freed on
// another thread than the one that took them.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let filter = match std::env::var("RUST_LOG") {
        Ok(value) if !value.trim().is_empty() => match EnvFilter::try_new(&value) {
            Ok(filter) => filter,
            Err(error) => {
                eprintln!("colivra: RUST_LOG: '{value}' is not a valid filter: {error}");
                return ExitCode::FAILURE;
            }
        },
        _ => EnvFilter::new("info"),
    };
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()))
        .init();
    let cli = colivra_cli::commands::Cli::parse();
    match colivra_cli::commands::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("colivra: {error}");
            ExitCode::FAILURE
        }
    }
}
