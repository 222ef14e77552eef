//! The HTTP face of Colivra: one route table (paths, roles, permissions), thin handlers calling
//! the domain crates, the middleware every request passes (request log, security headers,
//! sessions, CSRF), the single-page app, OpenAPI, and the `colivra` command line.

pub mod access;
pub mod api;
pub mod app;
pub mod bench_data;
pub mod cli;
pub mod client_address;
pub mod config;
pub mod db;
pub mod deliveries_signal;
pub mod demo;
pub mod error;
pub mod extract;
pub mod handlers;
pub mod merchant_guide;
pub mod middleware;
pub mod openapi;
pub mod proof_bucket;
pub mod routes;
pub mod session_store;
pub mod state;
pub mod stock;
pub mod terminal;
pub mod webhook_sender;
