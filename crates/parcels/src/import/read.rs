//! Reading an import file (CSV or Excel) into rows: columns, cells, stock lines.

use std::collections::HashMap;

use colivra_core::{money, AppError, AppResult, FieldErrors};

use crate::parcel::ParcelInput;
use crate::stock::StockLineInput;

use super::{ImportRow, MAX_ROWS, TEMPLATE_COLUMNS};

/// Header names accepted for each field (French template names and the API's names; the
/// Arabic template's names are read from [`TEMPLATE_COLUMNS`]).
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

fn parse_bool(value: &str) -> Option<Option<bool>> {
    match value.trim().to_lowercase().as_str() {
        "" => Some(None),
        "oui" | "o" | "yes" | "y" | "1" | "true" | "vrai" | "x" | "نعم" => Some(Some(true)),
        "non" | "n" | "no" | "0" | "false" | "faux" | "لا" => Some(Some(false)),
        _ => None,
    }
}

fn parse_kind(value: &str) -> String {
    match value.trim().to_lowercase().as_str() {
        "" | "standard" | "normal" | "عادي" => "standard".to_owned(),
        "echange" | "échange" | "exchange" | "استبدال" => "exchange".to_owned(),
        "remboursement" | "refund" | "استرداد" => "refund".to_owned(),
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
        if let Some((field, _)) = COLUMNS.iter().find(|(field, names)| {
            names.iter().any(|n| *n == name)
                || TEMPLATE_COLUMNS
                    .iter()
                    .any(|(_, en, ar)| en == field && *ar == name)
        }) {
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
            recipient_history: None,
        });
    }
    if rows.is_empty() {
        return Err(file_error(
            "Le fichier ne contient aucune ligne de colis.".to_owned(),
        ));
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::{template_csv, template_xlsx};
    use colivra_core::Language;

    #[test]
    fn the_template_parses_into_one_row_in_each_language() {
        for language in Language::ALL {
            let template = template_csv(language);
            let rows = parse(template.as_bytes()).unwrap();
            assert_eq!(rows.len(), 1, "{language:?}");
            let row = &rows[0];
            assert_eq!(row.line, 2);
            assert!(row.errors.is_empty(), "{language:?}: {:?}", row.errors);
            assert_eq!(row.input.cod_amount, Some(24_900));
            assert_eq!(row.input.can_open, Some(true));
            assert_eq!(row.input.can_try, Some(false));
            assert_eq!(row.input.city.as_deref(), Some("Casablanca"));
            assert_eq!(row.input.reference.as_deref(), Some("CMD-1001"));
        }
        let arabic = template_csv(Language::Ar);
        assert!(arabic.starts_with("المتجر;المرجع;المرسل_إليه;"), "{arabic}");
        let rows = parse(arabic.as_bytes()).unwrap();
        assert_eq!(rows[0].input.recipient_name.as_deref(), Some("أمينة بنعلي"));
        // A header typed with a space instead of the underscore is the same column.
        let spaced = arabic.replacen("المرسل_إليه", "المرسل إليه", 1);
        assert!(parse(spaced.as_bytes()).unwrap()[0].errors.is_empty());
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
        let rows = parse(&template_xlsx(Language::Fr).unwrap()).unwrap();
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
        let french = template_csv(Language::Fr);
        assert!(parse(french.lines().next().unwrap().as_bytes()).is_err());
    }
}
