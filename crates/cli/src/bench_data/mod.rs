//! Benchmark data and the direct measurement `just bench` compares HTTP figures with.
//!
//! `seed-bench` writes realistic volumes fast: multi-row INSERTs of generated values (no user
//! input, so formatting them into SQL is safe), the same statements on SQLite and PostgreSQL.

use chrono::NaiveDateTime;
use rand::rngs::StdRng;
use rand::Rng;

mod measure;
mod seed;

pub use measure::{bench_direct, bench_invoice};
pub use seed::seed_bench;

pub const BENCH_PASSWORD: &str = "Bench#Colivra2026";
const MERCHANTS: usize = 200;
const DELIVERY_PEOPLE: usize = 60;
const FIRST_NAMES: &[&str] = &[
    "Amina", "Youssef", "Salma", "Karim", "Nadia", "Omar", "Imane", "Hamza", "Sara", "Mehdi",
    "Fatima", "Rachid", "Khadija", "Anas", "Meryem", "Ayoub", "Hajar", "Ilyas", "Zineb", "Adil",
];
const LAST_NAMES: &[&str] = &[
    "Benali",
    "Alami",
    "El Amrani",
    "Tazi",
    "Idrissi",
    "Berrada",
    "Chraibi",
    "Bennani",
    "Fassi",
    "Lahlou",
    "Ouazzani",
    "Kettani",
    "Sqalli",
    "Naciri",
    "Zniber",
    "Bouzid",
    "Haddad",
    "Mansouri",
];
/// Status and weight (per 100) of the parcels of a year of activity.
const STATUS_MIX: &[(&str, u32)] = &[
    ("delivered", 55),
    ("returned", 7),
    ("returning", 1),
    ("refused", 4),
    ("cancelled", 4),
    ("out_for_delivery", 5),
    ("no_answer", 2),
    ("postponed", 2),
    ("scheduled", 1),
    ("unreachable", 1),
    ("picked_up", 5),
    ("awaiting_pickup", 4),
    ("new", 9),
];

fn pick<'a>(rng: &mut StdRng, items: &'a [&'a str]) -> &'a str {
    items[rng.gen_range(0..items.len())]
}

fn pick_status(rng: &mut StdRng) -> &'static str {
    let mut roll = rng.gen_range(0..100);
    for (status, weight) in STATUS_MIX {
        if roll < *weight {
            return status;
        }
        roll -= weight;
    }
    "delivered"
}

/// Unique, valid-looking tracking codes: a bijection of the sequence number onto the key space.
fn tracking_code(sequence: u64) -> String {
    const SPACE: u64 = 31u64.pow(10);
    let mut value = (sequence.wrapping_mul(1_000_000_007) + 12_345) % SPACE;
    let alphabet = colivra_core::key::KEY_ALPHABET;
    let mut code = String::from("CL");
    for _ in 0..10 {
        code.push(alphabet[(value % 31) as usize] as char);
        value /= 31;
    }
    code
}

fn sql_text(value: &str) -> String {
    format!("'{}'", value.replace('\'', "''"))
}

fn sql_time(at: NaiveDateTime) -> String {
    format!("'{}'", at.format("%Y-%m-%d %H:%M:%S%.6f"))
}

#[cfg(test)]
mod tests {
    use super::tracking_code;

    #[test]
    fn bench_codes_are_distinct_and_look_like_real_ones() {
        let codes: std::collections::HashSet<String> = (0..10_000).map(tracking_code).collect();
        assert_eq!(codes.len(), 10_000);
        assert!(codes.iter().all(|c| c.len() == 12 && c.starts_with("CL")));
    }
}
