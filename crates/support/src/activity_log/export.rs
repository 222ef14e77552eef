//! The log as a CSV file, written in chunks.

use super::*;

/// The export's file name in `language`, dated today.
pub fn export_file_name(language: Language) -> String {
    let name = language.pick("activites", "activities", "activities");
    format!("{name}-{}.csv", time::now().date())
}

/// Rows an export reads from the database at a time. Each chunk runs on whichever blocking thread
/// is free, and each thread's allocator keeps what its last chunk used: the server's growth over an
/// export is about a chunk's working set per thread, so a chunk is kept small (1,000 rows grew a
/// server by 21 MB on the seeded million, against the bench's 20 MB bound; a round trip per 250
/// rows costs little beside the rows themselves).
pub const EXPORT_CHUNK: i64 = 250;

/// The export's first bytes: a BOM (Excel then reads UTF-8) and the header row, `;`-separated as
/// Excel expects in French.
pub fn export_header(language: Language) -> Vec<u8> {
    let names: [&str; 7] = language.pick(
        [
            "Date (UTC)",
            "Personne",
            "Rôle",
            "Action",
            "Objet",
            "Détails",
            "Montant (DH)",
        ],
        [
            "Date (UTC)",
            "Person",
            "Role",
            "Action",
            "Subject",
            "Details",
            "Amount (DH)",
        ],
        [
            "التاريخ (UTC)",
            "الشخص",
            "الدور",
            "العملية",
            "الموضوع",
            "التفاصيل",
            "المبلغ (درهم)",
        ],
    );
    let mut out = "\u{feff}".as_bytes().to_vec();
    out.extend(csv_line(&names.map(str::to_owned)));
    out
}

/// A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first)
/// is kept as text by a leading apostrophe.
pub(super) fn cell(text: String) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text
    }
}

/// The amount an activity moved, as its own column a spreadsheet adds up: the first of the
/// recorded money values (`amount`, `total`, `cash_at_stake`, `difference`), in dirhams with the
/// reader's decimal separator and no thousands separator; empty when none.
pub(super) fn amount_cell(details: Option<&serde_json::Value>, language: Language) -> String {
    let Some(centimes) = ["amount", "total", "cash_at_stake", "difference"]
        .iter()
        .find_map(|field| details.and_then(|d| d.get(field)).and_then(|v| v.as_i64()))
    else {
        return String::new();
    };
    let decimal = language.pick(',', '.', ',');
    let sign = if centimes < 0 { "-" } else { "" };
    let abs = centimes.unsigned_abs();
    // A plain number, never a formula: no guard apostrophe needed for its minus sign.
    format!("{sign}{}{decimal}{:02}", abs / 100, abs % 100)
}

pub(super) fn csv_line(cells: &[String]) -> Vec<u8> {
    let mut writer = csv::WriterBuilder::new()
        .delimiter(b';')
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    // Writing into memory cannot fail.
    let _ = writer.write_record(cells);
    writer.into_inner().unwrap_or_default()
}

pub(super) fn role_label(role: &str, language: Language) -> &'static str {
    match role {
        "admin" => language.pick("Administrateur", "Administrator", "مسؤول"),
        "client" => language.pick("Client", "Merchant", "تاجر"),
        "delivery-admin" => language.pick("Livreur", "Delivery person", "عامل توصيل"),
        _ => "",
    }
}

/// The next rows of an export below the id `before` (from the newest when `None`), as CSV lines,
/// with the cursor of the chunk after (`None`: nothing more).
pub fn export_chunk(
    conn: &mut DbConnection,
    audit: &Audit,
    filter: &ActivityFilter,
    before: Option<i64>,
    language: Language,
) -> AppResult<(Vec<u8>, Option<i64>)> {
    let rows = activities::chunk(conn, audit, filter, before, EXPORT_CHUNK).map_db_err()?;
    let next = if rows.len() as i64 == EXPORT_CHUNK {
        rows.last().map(|row| row.id)
    } else {
        None
    };
    let system = language.pick("Système", "System", "النظام");
    let mut out = Vec::with_capacity(rows.len() * 160);
    for view in views(conn, rows, language)? {
        let details = view
            .detail_lines
            .iter()
            .map(|line| {
                if line.label.is_empty() {
                    line.value.clone()
                } else {
                    format!("{} : {}", line.label, line.value)
                }
            })
            .collect::<Vec<_>>()
            .join(" · ");
        let (name, role) = match &view.user {
            Some(user) => (user.name.clone(), role_label(&user.role, language)),
            None => (system.to_owned(), ""),
        };
        out.extend(csv_line(&[
            view.created_at.format("%Y-%m-%d %H:%M:%S").to_string(),
            cell(name),
            role.to_owned(),
            cell(view.action_label),
            cell(view.subject_code.unwrap_or_default()),
            cell(details),
            amount_cell(view.details.as_ref(), language),
        ]));
    }
    Ok((out, next))
}
