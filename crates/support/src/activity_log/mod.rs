//! The activity log as people read it: who did what, on which code, when, each kind and each
//! recorded value rendered in the reader's language. The rows are written by every domain crate
//! (`colivra_db::activities`) following one convention for their details: public keys, codes
//! and numbers only; money in centimes under `amount`, `total`, `difference`, `balance` or a key
//! ending in `_amount` / `_total`; a change as `{"<field>": {"old": v, "new": v}}`.
//!
//! This module is the one formatter: the API's `detail_lines` and the CSV export both come from
//! [`render_details`].
//!
//! `labels` names each kind of action, `details` renders recorded values, `reader` lists and
//! filters the log, `export` writes it as CSV.

mod details;
mod export;
mod labels;
mod reader;

use chrono::{NaiveDate, NaiveDateTime};
use colivra_core::{time, AppError, AppResult, Centimes, Language, ListQuery, Paginated, Scope};
use colivra_db::activities::{self, Activity, ActivityFilter, Audit};
use colivra_db::schema::{merchant_staff, users};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use crate::people;

use details::public_details;
pub use details::{is_money, render_details, DetailLine};
pub use export::{export_chunk, export_file_name, export_header, EXPORT_CHUNK};
pub use labels::{kinds, label, ActionKind, ACTIONS};
use reader::views;
pub use reader::{audit, filter, list, reader_audit};

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ActivityUser {
    pub key: String,
    pub name: String,
    pub role: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ActivityView {
    /// Its opaque key.
    pub key: String,
    /// Null for the server's own actions or a deleted account.
    pub user: Option<ActivityUser>,
    pub action: String,
    /// The kind's label in the `Accept-Language` language (French unless it prefers English or Arabic).
    pub action_label: String,
    pub subject_type: Option<String>,
    /// The subject's opaque key.
    pub subject_key: Option<String>,
    /// The code people see for the subject: a parcel's or voucher's code, an invoice's number
    /// (once validated), a stock movement's or ticket's code; else its key.
    pub subject_code: Option<String>,
    /// The recorded values as written (public keys, codes, centimes).
    #[schema(value_type = Option<std::collections::HashMap<String, serde_json::Value>>)]
    pub details: Option<Value>,
    /// The same values rendered in the request's language.
    pub detail_lines: Vec<DetailLine>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct ActivityFilters {
    /// A user's key.
    pub user: Option<String>,
    /// An action, e.g. `parcel.created`.
    pub action: Option<String>,
    /// The code people see of what was acted on, or its start: a tracking code, a voucher code,
    /// an invoice number, a stock movement or ticket code (any case); or its whole key.
    pub subject_key: Option<String>,
    /// On or after this day (`YYYY-MM-DD`).
    #[param(value_type = Option<String>, format = Date)]
    #[serde(default, deserialize_with = "colivra_core::time::optional_day")]
    pub from: Option<NaiveDate>,
    /// On or before this day.
    #[param(value_type = Option<String>, format = Date)]
    #[serde(default, deserialize_with = "colivra_core::time::optional_day")]
    pub to: Option<NaiveDate>,
    /// `true`: only the caller's scope, even for staff who see everything (their own actions).
    pub mine: Option<bool>,
    /// The language of the export (`fr` or `en`) when a download link cannot send
    /// `Accept-Language`; it wins over the header.
    pub lang: Option<String>,
}

impl ActivityFilters {
    /// The language the reader asked for: `lang` when it names one, else `header`.
    pub fn language(&self, header: Language) -> Language {
        self.lang
            .as_deref()
            .and_then(Language::from_tag)
            .unwrap_or(header)
    }
}

#[cfg(test)]
mod tests {
    use super::export::{amount_cell, cell};
    use super::*;
    use serde_json::json;

    #[test]
    fn every_kind_has_one_row_and_three_labels() {
        let mut keys: Vec<&str> = ACTIONS.iter().map(|(k, ..)| *k).collect();
        keys.sort_unstable();
        let before = keys.len();
        keys.dedup();
        assert_eq!(keys.len(), before);
        let arabic = |text: &str| text.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c));
        for (key, fr, en, ar) in ACTIONS {
            assert!(
                !fr.is_empty() && !en.is_empty() && fr != key && en != key && arabic(ar),
                "{key}"
            );
        }
        // No two kinds share a label in any language: the filter could not tell them apart.
        for language in Language::ALL {
            let mut labels: Vec<String> =
                ACTIONS.iter().map(|(k, ..)| label(k, language)).collect();
            labels.sort_unstable();
            let before = labels.len();
            labels.dedup();
            assert_eq!(labels.len(), before, "{language:?}");
        }
        assert_eq!(label("ticket.closed", Language::Ar), "إغلاق تذكرة");
        assert_eq!(label("ticket.closed", Language::Fr), "Ticket fermé");
        assert_eq!(label("ticket.closed", Language::En), "Ticket closed");
        assert_eq!(label("made.up", Language::En), "made.up");
        assert_eq!(kinds(Language::En)[0].label, "Signed in");
    }

    /// Every kind written as a literal (`"family.verb"`) in a source file that writes activities
    /// (`activities::…`) has its labels. Kinds put together at run time (vouchers, invoices) are
    /// checked by the gateway's tests, whose databases are all read when their app stops.
    #[test]
    fn every_written_kind_has_labels() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut missing = Vec::new();
        let mut stack = vec![root];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap().flatten() {
                let path = entry.path();
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                if path.is_dir() {
                    if name != "target" && name != "tests" {
                        stack.push(path);
                    }
                    continue;
                }
                // This module itself (its tests name made-up kinds) is left out.
                if !name.ends_with(".rs") || dir.ends_with("activity_log") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                if !text.contains("activities::") {
                    continue;
                }
                for literal in text.split('"').skip(1).step_by(2) {
                    let Some((family, verb)) = literal.split_once('.') else {
                        continue;
                    };
                    let a_kind = !family.is_empty()
                        && !verb.is_empty()
                        && !verb.contains('.')
                        && literal
                            .chars()
                            .all(|c| c.is_ascii_lowercase() || c == '_' || c == '.')
                        && !matches!(verb, "rs" | "sql" | "db" | "pdf" | "html" | "csv" | "js");
                    if a_kind && !ACTIONS.iter().any(|(key, ..)| *key == literal) {
                        missing.push(format!("{literal} ({})", path.display()));
                    }
                }
            }
        }
        assert!(missing.is_empty(), "kinds without labels: {missing:?}");
    }

    #[test]
    fn money_reads_as_money_in_both_languages() {
        let money = |centimes, language| Centimes::new(centimes).in_language(language);
        assert_eq!(money(58050, Language::Fr), "580,50\u{a0}DH");
        assert_eq!(money(158050, Language::Fr), "1\u{202f}580,50\u{a0}DH");
        assert_eq!(money(-5, Language::Fr), "-0,05\u{a0}DH");
        assert_eq!(money(123456789, Language::En), "1,234,567.89\u{a0}DH");
    }

    #[test]
    fn details_render_money_changes_labels_and_hide_ids() {
        let lines = render_details(
            Some("delivery_invoice"),
            &json!({"counted_amount": 58050, "total": 58000, "difference": 50, "parcels": 3}),
            Language::Fr,
        );
        let shown: Vec<(&str, &str)> = lines
            .iter()
            .map(|l| (l.label.as_str(), l.value.as_str()))
            .collect();
        assert!(shown.contains(&("Espèces comptées", "580,50\u{a0}DH")));
        assert!(shown.contains(&("Écart", "0,50\u{a0}DH")));
        assert!(shown.contains(&("Colis", "3")));
        let status = render_details(
            Some("parcel"),
            &json!({"status": {"old": "new", "new": "picked_up"}, "forced": true}),
            Language::En,
        );
        assert_eq!(status[0].value, "New parcel → Picked up");
        assert_eq!(status[1].value, "yes");
        let cod = render_details(
            Some("parcel"),
            &json!({"cod_amount": {"old": 10000, "new": 12550}}),
            Language::Fr,
        );
        assert_eq!(cod[0].value, "100,00\u{a0}DH → 125,50\u{a0}DH");
        let legacy = render_details(
            Some("inventory_movement"),
            &json!({"parcel": 12, "quantity": 2, "shop_id": 4}),
            Language::Fr,
        );
        assert_eq!(legacy.len(), 1);
        assert_eq!(legacy[0].field, "quantity");
        let many: Vec<String> = (0..25).map(|n| format!("CL{n}")).collect();
        let listed = render_details(
            Some("pickup_voucher"),
            &json!({ "parcels": many }),
            Language::En,
        );
        assert!(
            listed[0].value.ends_with("CL19, and 5 more"),
            "{}",
            listed[0].value
        );
        let ticket = render_details(
            Some("ticket"),
            &json!({"status": {"old": "answered", "new": "closed"}, "category": "pickup"}),
            Language::Fr,
        );
        assert_eq!(ticket[0].value, "Ramassage");
        assert_eq!(ticket[1].value, "Répondu → Fermé");
    }

    #[test]
    fn csv_cells_never_run_as_formulas() {
        assert_eq!(cell("=HYPERLINK(\"x\")".into()), "'=HYPERLINK(\"x\")");
        assert_eq!(cell("Amina".into()), "Amina");
        let header = String::from_utf8(export_header(Language::En)).unwrap();
        assert_eq!(
            header,
            "\u{feff}Date (UTC);Person;Role;Action;Subject;Details;Amount (DH)\r\n"
        );
    }

    #[test]
    fn the_amount_column_is_a_plain_number_in_the_readers_notation() {
        let details = json!({"amount": -150_050, "balance": 20});
        assert_eq!(amount_cell(Some(&details), Language::Fr), "-1500,50");
        assert_eq!(amount_cell(Some(&details), Language::En), "-1500.50");
        assert_eq!(
            amount_cell(Some(&json!({"total": 5})), Language::Fr),
            "0,05"
        );
        assert_eq!(amount_cell(Some(&json!({"status": "x"})), Language::Fr), "");
        assert_eq!(amount_cell(None, Language::Fr), "");
    }
}
