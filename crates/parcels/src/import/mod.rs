//! Bulk import of parcels from a CSV or Excel (xlsx) file: every row is checked with the same
//! rules as the form, the preview shows each row's errors before anything is written, and the
//! import creates all valid rows or nothing.

use colivra_core::{AppResult, FieldErrors, Language, MerchantId, UserId};
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use serde::Serialize;
use utoipa::ToSchema;

use crate::parcel::{self, ParcelInput};
use crate::stock::StockHooks;

mod check;
mod read;
mod template;

use check::{check, preview_of};
pub use read::parse;
pub use template::template_xlsx;

/// Rows one file may hold.
pub const MAX_ROWS: usize = 10_000;

/// The template's columns, in order, named in French, English and Arabic (the reader's
/// language); the reader accepts every one of these names.
pub(crate) const TEMPLATE_COLUMNS: [(&str, &str, &str); 18] = [
    ("boutique", "shop", "المتجر"),
    ("reference", "reference", "المرجع"),
    ("destinataire", "recipient_name", "المرسل_إليه"),
    ("telephone", "recipient_phone", "الهاتف"),
    ("telephone_2", "recipient_phone_alt", "الهاتف_2"),
    ("ville", "city", "المدينة"),
    ("adresse", "address", "العنوان"),
    ("montant", "cod_amount", "المبلغ"),
    ("produit", "product", "المنتج"),
    ("quantite", "quantity", "الكمية"),
    ("note", "note", "ملاحظة"),
    ("ouvrable", "can_open", "يسمح_بالفتح"),
    ("essayable", "can_try", "يسمح_بالتجربة"),
    ("fragile", "fragile", "قابل_للكسر"),
    ("type", "kind", "النوع"),
    ("colis_origine", "original_parcel", "الطرد_الأصلي"),
    ("article_a_recuperer", "item_to_collect", "السلعة_المسترجعة"),
    ("stock", "stock", "المخزون"),
];

/// The template merchants download, in the reader's language: headers, `;` as Excel in French
/// expects, one example row. `stock` (merchants with the stock service) takes `SKU:quantity`
/// pairs separated by commas, e.g. `CAFTAN-BRODE:1, ROBE-ETE-M:2`; empty otherwise.
pub fn template_csv(language: Language) -> String {
    let header: Vec<&str> = TEMPLATE_COLUMNS
        .iter()
        .map(|&(fr, en, ar)| language.pick(fr, en, ar))
        .collect();
    let example = language.pick(
        ";CMD-1001;Amina Benali;0612345678;;Casablanca;12 rue des Orangers, Maarif;249,00;Robe d'été taille M;1;Appeler avant 18 h;oui;non;non;standard;;;",
        ";CMD-1001;Amina Benali;0612345678;;Casablanca;12 rue des Orangers, Maarif;249.00;Summer dress size M;1;Call before 6 pm;yes;no;no;standard;;;",
        ";CMD-1001;أمينة بنعلي;0612345678;;Casablanca;12 زنقة البرتقال، المعاريف;249,00;فستان صيفي مقاس M;1;الاتصال قبل السادسة مساء;نعم;لا;لا;standard;;;",
    );
    format!("{}\r\n{example}\r\n", header.join(";"))
}

/// One row of the file as read, with what reading it found wrong.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ImportRow {
    /// The line in the file (the header is line 1).
    pub line: usize,
    pub input: ParcelInput,
    pub errors: FieldErrors,
    /// The recipient's history across every merchant, once his phone is valid.
    pub recipient_history: Option<crate::recipients::RecipientHistorySummary>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ImportPreview {
    pub rows: Vec<ImportRow>,
    pub valid_count: usize,
    pub error_count: usize,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ImportResult {
    pub created: usize,
    /// Tracking codes, in file order.
    pub keys: Vec<String>,
}

/// Reads and checks a file without writing anything.
pub fn preview(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    merchant_id: MerchantId,
    default_shop: Option<&str>,
    bytes: &[u8],
) -> AppResult<ImportPreview> {
    let rows = parse(bytes)?;
    let (rows, valid) = check(conn, stock, merchant_id, default_shop, rows)?;
    Ok(preview_of(rows, valid.len()))
}

/// The outcome of an import: created, or refused with the preview showing why.
pub enum Imported {
    Created(ImportResult),
    Refused(ImportPreview),
}

/// A file refused (nothing created): the preview, row by row, and what to do.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ImportRefused {
    pub message: String,
    #[serde(flatten)]
    pub preview: ImportPreview,
}

/// What `POST parcels/import` leads to.
#[derive(Debug, Clone)]
pub enum ImportOutcome {
    /// Every row created.
    Created(ImportResult),
    /// A dry run: the preview, nothing written.
    Checked(ImportPreview),
    /// A row is wrong: nothing created.
    Refused(ImportRefused),
}

/// `POST parcels/import`: a dry run checks the file; otherwise every row is created, or none.
pub fn run(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    actor_id: UserId,
    merchant_id: MerchantId,
    default_shop: Option<&str>,
    bytes: &[u8],
    dry_run: bool,
) -> AppResult<ImportOutcome> {
    if dry_run {
        return preview(conn, stock, merchant_id, default_shop, bytes).map(ImportOutcome::Checked);
    }
    Ok(
        match import(conn, stock, actor_id, merchant_id, default_shop, bytes)? {
            Imported::Created(result) => ImportOutcome::Created(result),
            Imported::Refused(preview) => ImportOutcome::Refused(ImportRefused {
                message: format!(
                    "{} ligne(s) à corriger : aucun colis n'a été créé.",
                    preview.error_count
                ),
                preview,
            }),
        },
    )
}

/// Creates every row of the file in one transaction, or none if any row is wrong.
pub fn import(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    actor_id: UserId,
    merchant_id: MerchantId,
    default_shop: Option<&str>,
    bytes: &[u8],
) -> AppResult<Imported> {
    let rows = parse(bytes)?;
    immediate_transaction(conn, |conn| {
        let (rows, valid) = check(conn, stock, merchant_id, default_shop, rows)?;
        if valid.len() != rows.len() {
            return Ok(Imported::Refused(preview_of(rows, valid.len())));
        }
        let mut keys = Vec::with_capacity(valid.len());
        // Read once for the file, not once per parcel.
        let endpoints = colivra_db::outbox::active_endpoints(conn, merchant_id).map_db_err()?;
        for (parcel, lines, status) in &valid {
            let row = parcel::insert(conn, merchant_id, actor_id, parcel, *status)?;
            stock.reserve(conn, actor_id, row.id, &row.key, lines)?;
            row.record_events_to(conn, &endpoints, &[colivra_db::outbox::PARCEL_CREATED])?;
            keys.push(row.key);
        }
        activities::record(
            conn,
            activities::NewActivity {
                user_id: Some(actor_id),
                action: "parcels.imported",
                subject_type: Some("parcel"),
                subject_key: keys.first().map(String::as_str),
                details: Some(serde_json::json!({ "count": keys.len() })),
            },
        )
        .map_db_err()?;
        Ok(Imported::Created(ImportResult {
            created: keys.len(),
            keys,
        }))
    })
}
