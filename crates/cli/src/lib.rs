//! The `colivra` command line, outside the gateway: it starts the gateway's server (`serve`) and
//! runs the work that is no request: migrations, accounts, the demo data (`demo`, `demo::week`),
//! the bench's million parcels and direct timings (`bench_data`), backup and restore, the
//! OpenAPI document the web app's types are generated from.

pub mod bench_data;
pub mod commands;
pub mod demo;
pub mod terminal;
