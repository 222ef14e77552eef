//! Bulk import of parcels from a CSV or Excel (xlsx) file: every row is checked with the same
//! rules as the form, the preview shows each row's errors before anything is written, and the
//! import creates all valid rows or nothing.

use std::collections::{HashMap, HashSet};

use colivra_core::{money, AppError, AppResult, FieldErrors};
use colivra_db::schema::parcels;
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

use crate::parcel::{self, Lookups, ParcelInput, ValidParcel};
use crate::stock::{StockHooks, StockLineInput, ValidLines};

/// Rows one file may hold.
pub const MAX_ROWS: usize = 10_000;

/// The template merchants download: French headers, `;` as Excel in French expects, one example.
/// `stock` (merchants with the stock service) takes `SKU:quantity` pairs separated by commas,
/// e.g. `CAFTAN-BRODE:1, ROBE-ETE-M:2`; empty otherwise.
pub const TEMPLATE_CSV: &str = "boutique;reference;destinataire;telephone;telephone_2;ville;adresse;montant;produit;quantite;note;ouvrable;essayable;fragile;type;colis_origine;article_a_recuperer;stock\r\n\
;CMD-1001;Amina Benali;0612345678;;Casablanca;12 rue des Orangers, Maarif;249,00;Robe d'été taille M;1;Appeler avant 18 h;oui;non;non;standard;;;\r\n";

/// Header names accepted for each field (French template names and the API's names).
const COLUMNS: &[(&str, &[&str])] = &[
    ("shop", &["boutique", "shop"]),
    ("reference", &["reference", "référence", "ref"]),
    (
        "recipient_name",
        &["destinataire", "recipient_name", "nom", "client"],
    ),
    (
        "recipient_phone",
        &["telephone", "téléphone", "recipient_phone", "tel", "phone"],
    ),
    (
        "recipient_phone_alt",
        &["telephone_2", "téléphone_2", "recipient_phone_alt"],
    ),
    ("city", &["ville", "city"]),
    ("address", &["adresse", "address"]),
    ("cod_amount", &["montant", "cod_amount", "prix", "crbt"]),
    ("product", &["produit", "product"]),
    ("quantity", &["quantite", "quantité", "quantity", "qte"]),
    ("note", &["note", "remarque", "commentaire"]),
    ("can_open", &["ouvrable", "can_open"]),
    ("can_try", &["essayable", "can_try"]),
    ("fragile", &["fragile"]),
    ("kind", &["type", "kind"]),
    ("original_parcel", &["colis_origine", "original_parcel"]),
    (
        "item_to_collect",
        &[
            "article_a_recuperer",
            "article_à_récupérer",
            "item_to_collect",
        ],
    ),
    ("stock", &["stock", "stock_lines"]),
];

/// One row of the file as read, with what reading it found wrong.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ImportRow {
    /// The line in the file (the header is line 1).
    pub line: usize,
    pub input: ParcelInput,
    #[schema(value_type = Object)]
    pub errors: FieldErrors,
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

/// The same template as an Excel workbook; the phone columns are text so Excel keeps the
/// leading zero.
pub fn template_xlsx() -> AppResult<Vec<u8>> {
    use rust_xlsxwriter::{Format, Workbook};
    let mut lines = TEMPLATE_CSV.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split(';').collect();
    let example: Vec<&str> = lines.next().unwrap_or_default().split(';').collect();
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    let bold = Format::new().set_bold();
    let text = Format::new().set_num_format("@");
    let fail = |e: rust_xlsxwriter::XlsxError| AppError::internal(e);
    sheet.set_name("Colis").map_err(fail)?;
    for (column, name) in header.iter().enumerate() {
        let column = column as u16;
        sheet
            .write_string_with_format(0, column, *name, &bold)
            .map_err(fail)?;
        sheet.set_column_width(column, 16).map_err(fail)?;
        if name.starts_with("telephone") {
            sheet.set_column_format(column, &text).map_err(fail)?;
        }
        let value = example
            .get(usize::from(column))
            .copied()
            .unwrap_or_default();
        sheet.write_string(1, column, value).map_err(fail)?;
    }
    book.save_to_buffer().map_err(fail)
}

fn parse_bool(value: &str) -> Option<Option<bool>> {
    match value.trim().to_lowercase().as_str() {
        "" => Some(None),
        "oui" | "o" | "yes" | "y" | "1" | "true" | "vrai" | "x" => Some(Some(true)),
        "non" | "n" | "no" | "0" | "false" | "faux" => Some(Some(false)),
        _ => None,
    }
}

fn parse_kind(value: &str) -> String {
    match value.trim().to_lowercase().as_str() {
        "" | "standard" | "normal" => "standard".to_owned(),
        "echange" | "échange" | "exchange" => "exchange".to_owned(),
        "remboursement" | "refund" => "refund".to_owned(),
        other => other.to_owned(),
    }
}

/// The `stock` column: `SKU:qty;SKU:qty` (spaces allowed); a malformed pair is an error on
/// `stock`.
fn parse_stock(raw: &str, errors: &mut FieldErrors) -> Vec<StockLineInput> {
    let mut lines = Vec::new();
    for pair in raw
        .split([';', ','])
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        match pair.rsplit_once(':') {
            Some((sku, quantity)) if !sku.trim().is_empty() => match quantity.trim().parse() {
                Ok(q) => lines.push(StockLineInput {
                    inventory: Some(sku.trim().to_owned()),
                    quantity: Some(q),
                }),
                Err(_) => {
                    errors.add(
                        "stock",
                        format!("« {pair} » : la quantité n'est pas un nombre."),
                    );
                }
            },
            _ => {
                errors.add("stock", format!("« {pair} » : écrivez SKU:quantité."));
            }
        }
    }
    lines
}

/// A phone typed into Excel loses its leading zero.
fn restore_phone(value: &str) -> String {
    let value = value.trim();
    if value.len() == 9
        && value.bytes().all(|b| b.is_ascii_digit())
        && matches!(value.as_bytes()[0], b'5'..=b'7')
    {
        format!("0{value}")
    } else {
        value.to_owned()
    }
}

/// Reads the file into rows of inputs. A file-level problem (unreadable, no header, too many
/// rows) is a 422 on `file`.
pub fn parse(bytes: &[u8]) -> AppResult<Vec<ImportRow>> {
    let file_error = |message: String| AppError::validation("file", message);
    let cells = colivra_documents::sheet::read_rows(bytes).map_err(file_error)?;
    let mut lines = cells.into_iter().enumerate();
    let (_, header) = lines
        .next()
        .ok_or_else(|| file_error("Le fichier est vide.".to_owned()))?;
    let mut positions: HashMap<&str, usize> = HashMap::new();
    for (index, name) in header.iter().enumerate() {
        let name = colivra_documents::sheet::fold_header(name);
        if let Some((field, _)) = COLUMNS
            .iter()
            .find(|(_, names)| names.iter().any(|n| *n == name))
        {
            positions.entry(field).or_insert(index);
        }
    }
    let missing: Vec<&str> = [
        "recipient_name",
        "recipient_phone",
        "city",
        "address",
        "cod_amount",
    ]
    .into_iter()
    .filter(|f| !positions.contains_key(f))
    .collect();
    if !missing.is_empty() {
        return Err(file_error(format!(
            "Colonnes manquantes : {}. Partez du modèle à télécharger.",
            missing.join(", ")
        )));
    }
    let mut rows = Vec::new();
    for (index, cells) in lines {
        if cells.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        if rows.len() == MAX_ROWS {
            return Err(file_error(format!(
                "{MAX_ROWS} lignes au plus par fichier : découpez-le."
            )));
        }
        let cell = |field: &str| -> Option<String> {
            positions
                .get(field)
                .and_then(|&i| cells.get(i))
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let mut errors = FieldErrors::new();
        let cod_amount = match cell("cod_amount") {
            Some(raw) => {
                match money::parse_dirhams(&raw.replace([' ', '\u{a0}'], "").replace("DH", "")) {
                    Some(v) => Some(v),
                    None => {
                        errors.add("cod_amount", format!("« {raw} » n'est pas un montant."));
                        None
                    }
                }
            }
            None => None,
        };
        let quantity = match cell("quantity") {
            Some(raw) => match raw.parse::<i64>() {
                Ok(q) => Some(q),
                Err(_) => {
                    errors.add("quantity", format!("« {raw} » n'est pas un nombre."));
                    None
                }
            },
            None => None,
        };
        let mut flag = |field: &str| match cell(field) {
            Some(raw) => parse_bool(&raw).unwrap_or_else(|| {
                errors.add(field, "Répondez oui ou non.");
                None
            }),
            None => None,
        };
        let (can_open, can_try, fragile) = (flag("can_open"), flag("can_try"), flag("fragile"));
        rows.push(ImportRow {
            line: index + 1,
            input: ParcelInput {
                shop: cell("shop"),
                reference: cell("reference"),
                recipient_name: cell("recipient_name"),
                recipient_phone: cell("recipient_phone").map(|p| restore_phone(&p)),
                recipient_phone_alt: cell("recipient_phone_alt").map(|p| restore_phone(&p)),
                city: cell("city"),
                address: cell("address"),
                cod_amount,
                product: cell("product").or_else(|| Some("Colis".to_owned())),
                quantity,
                note: cell("note"),
                can_open,
                can_try,
                fragile,
                kind: Some(parse_kind(&cell("kind").unwrap_or_default())),
                original_parcel: cell("original_parcel"),
                item_to_collect: cell("item_to_collect"),
                stock_lines: cell("stock").map(|raw| parse_stock(&raw, &mut errors)),
            },
            errors,
        });
    }
    if rows.is_empty() {
        return Err(file_error(
            "Le fichier ne contient aucune ligne de colis.".to_owned(),
        ));
    }
    Ok(rows)
}

/// The rows with their errors, and the valid parcels with their stock lines in file order.
type Checked = (Vec<ImportRow>, Vec<(ValidParcel, ValidLines)>);

/// Checks every row (form rules, plus references unique in the file and in the shop). Returns
/// the rows with their errors and the valid parcels in file order.
fn check(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    merchant_id: i64,
    default_shop: Option<&str>,
    mut rows: Vec<ImportRow>,
) -> AppResult<Checked> {
    let lookups = Lookups::load(conn, merchant_id)?;
    let mut valid = Vec::with_capacity(rows.len());
    let mut stock_lines: Vec<ValidLines> = Vec::with_capacity(rows.len());
    for row in rows.iter_mut() {
        if row.input.shop.is_none() {
            row.input.shop = default_shop.map(str::to_owned);
        }
        let lines = stock.check_lines(
            conn,
            merchant_id,
            row.input.stock_lines.as_deref().unwrap_or_default(),
            &mut row.errors,
        )?;
        stock_lines.push(lines);
        match parcel::validate(conn, &lookups, &row.input, None)? {
            Ok(parcel) if row.errors.is_empty() => valid.push(Some(parcel)),
            Ok(_) => valid.push(None),
            Err(errors) => {
                for (field, messages) in errors.0 {
                    if !row.errors.contains(&field) {
                        for message in messages {
                            row.errors.add(field.clone(), message);
                        }
                    }
                }
                valid.push(None);
            }
        }
    }
    // References: unique per shop, within the file and against what exists.
    let mut seen: HashSet<(i64, String)> = HashSet::new();
    let wanted: Vec<(i64, String)> = valid
        .iter()
        .flatten()
        .filter_map(|p| p.reference.clone().map(|r| (p.shop_id, r)))
        .collect();
    let mut existing: HashSet<(i64, String)> = HashSet::new();
    for chunk in wanted.chunks(500) {
        let references: Vec<&str> = chunk.iter().map(|(_, r)| r.as_str()).collect();
        let shop_ids: Vec<i64> = chunk.iter().map(|(s, _)| *s).collect();
        for found in parcels::table
            .filter(parcels::shop_id.eq_any(&shop_ids))
            .filter(parcels::reference.eq_any(&references))
            .select((parcels::shop_id, parcels::reference.assume_not_null()))
            .load::<(i64, String)>(conn)
            .map_db_err()?
        {
            existing.insert(found);
        }
    }
    for (row, parcel) in rows.iter_mut().zip(valid.iter_mut()) {
        let Some(p) = parcel else { continue };
        if let Some(reference) = &p.reference {
            let pair = (p.shop_id, reference.clone());
            if existing.contains(&pair) {
                row.errors.add(
                    "reference",
                    "Cette référence existe déjà pour cette boutique.",
                );
            } else if !seen.insert(pair) {
                row.errors
                    .add("reference", "Référence en double dans le fichier.");
            }
        }
        if !row.errors.is_empty() {
            *parcel = None;
        }
    }
    // Stock: what the whole file asks of each product, within what is available now.
    let wanted: Vec<i64> = stock_lines
        .iter()
        .flat_map(|l| l.0.iter().map(|(id, _)| *id))
        .collect();
    let mut left = stock.available(conn, &wanted)?;
    for ((row, parcel), lines) in rows.iter_mut().zip(valid.iter_mut()).zip(&stock_lines) {
        for (n, (id, quantity)) in lines.0.iter().enumerate() {
            let available = left.get(id).copied().unwrap_or(0);
            if *quantity > available {
                row.errors.add(
                    format!("stock_lines.{n}.quantity"),
                    stock.insufficient(available),
                );
            } else {
                left.insert(*id, available - quantity);
            }
        }
        if !row.errors.is_empty() {
            *parcel = None;
        }
    }
    let valid: Vec<(ValidParcel, ValidLines)> = valid
        .into_iter()
        .zip(stock_lines)
        .filter_map(|(parcel, lines)| parcel.map(|p| (p, lines)))
        .collect();
    Ok((rows, valid))
}

fn preview_of(rows: Vec<ImportRow>, valid_count: usize) -> ImportPreview {
    ImportPreview {
        error_count: rows.len() - valid_count,
        valid_count,
        rows,
    }
}

/// Reads and checks a file without writing anything.
pub fn preview(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    merchant_id: i64,
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
    actor_id: i64,
    merchant_id: i64,
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
    actor_id: i64,
    merchant_id: i64,
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
        for (parcel, lines) in &valid {
            let row = parcel::insert(conn, merchant_id, actor_id, parcel)?;
            stock.reserve(conn, actor_id, row.id, &row.key, lines)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_template_parses_into_one_row() {
        let rows = parse(TEMPLATE_CSV.as_bytes()).unwrap();
        assert_eq!(rows.len(), 1);
        let row = &rows[0];
        assert_eq!(row.line, 2);
        assert!(row.errors.is_empty(), "{:?}", row.errors);
        assert_eq!(row.input.cod_amount, Some(24_900));
        assert_eq!(row.input.can_open, Some(true));
        assert_eq!(row.input.city.as_deref(), Some("Casablanca"));
    }

    #[test]
    fn comma_files_api_headers_and_bad_cells() {
        let csv = "recipient_name,recipient_phone,city,address,cod_amount,fragile,quantity\n\
                   Ali,612345678,Rabat,1 rue A,abc,peut-être,deux\n\n";
        let rows = parse(csv.as_bytes()).unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].input.recipient_phone.as_deref(), Some("0612345678"));
        for field in ["cod_amount", "fragile", "quantity"] {
            assert!(rows[0].errors.contains(field), "{field}");
        }
    }

    #[test]
    fn the_excel_template_reads_back_like_the_csv_one() {
        let rows = parse(&template_xlsx().unwrap()).unwrap();
        assert_eq!(rows.len(), 1);
        assert!(rows[0].errors.is_empty(), "{:?}", rows[0].errors);
        assert_eq!(rows[0].input.recipient_phone.as_deref(), Some("0612345678"));
        assert_eq!(rows[0].input.cod_amount, Some(24_900));
    }

    #[test]
    fn excel_numbers_come_back_as_phones_and_amounts() {
        use rust_xlsxwriter::Workbook;
        let mut book = Workbook::new();
        let sheet = book.add_worksheet();
        for (column, name) in ["destinataire", "telephone", "ville", "adresse", "montant"]
            .iter()
            .enumerate()
        {
            sheet.write_string(0, column as u16, *name).unwrap();
        }
        sheet.write_string(1, 0, "Ali").unwrap();
        sheet.write_number(1, 1, 612_345_678.0).unwrap();
        sheet.write_string(1, 2, "Rabat").unwrap();
        sheet.write_string(1, 3, "1 rue A").unwrap();
        sheet.write_number(1, 4, 249.5).unwrap();
        let rows = parse(&book.save_to_buffer().unwrap()).unwrap();
        assert_eq!(rows[0].input.recipient_phone.as_deref(), Some("0612345678"));
        assert_eq!(rows[0].input.cod_amount, Some(24_950));
    }

    #[test]
    fn a_control_character_in_a_cell_refuses_the_file_naming_the_line() {
        let csv = format!(
            "{}\nAmina;06123\u{0}45678;Casablanca;Rue 1;150\n",
            "name;phone;city;address;price"
        );
        let error = parse(csv.as_bytes()).unwrap_err();
        let AppError::Validation(errors) = error else {
            panic!("{error:?}")
        };
        let text = serde_json::to_string(&errors).unwrap();
        assert!(text.contains("Ligne 2"), "{text}");
    }

    #[test]
    fn files_without_the_needed_columns_are_refused() {
        assert!(parse(b"nom;ville\nAli;Rabat\n").is_err());
        assert!(parse(b"").is_err());
        assert!(parse(TEMPLATE_CSV.lines().next().unwrap().as_bytes()).is_err());
    }
}
