//! The HTTP face of Colivra: one route table (paths, roles, permissions), thin handlers calling
//! the domain crates, the middleware every request passes (request log, security headers,
//! sessions, CSRF), the single-page app, OpenAPI, and the server process (`server`). The
//! `colivra` command line is the colivra-cli crate.

pub mod access;
pub mod api;
pub mod app;
pub mod client_address;
pub mod config;
pub mod db;
pub mod error;
pub mod extract;
pub mod handlers;
pub mod merchant_guide;
pub mod metrics;
pub mod middleware;
pub mod openapi;
pub mod proof_bucket;
pub mod replica;
pub mod routes;
pub mod server;
pub mod session_store;
pub mod state;
