//! The demo company beyond the first morning each crate seeds in its own `demo` module:
//! `week`, the company in the middle of a week (`colivra seed-demo --week`). Demo data: the
//! server-message catalogue's scan leaves this folder out (the notes and comments it writes are
//! what people would type, not the server's messages).

pub mod week;
