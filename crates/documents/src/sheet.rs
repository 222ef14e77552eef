//! Spreadsheets merchants upload (CSV or xlsx), read as rows of text cells: the one reader
//! behind the parcel import and the product import.

/// A header cell as the importers compare it: trimmed, without BOM, lower case, `_` for spaces
/// and dashes.
pub fn fold_header(header: &str) -> String {
    header
        .trim()
        .trim_start_matches('\u{feff}')
        .to_lowercase()
        .replace([' ', '-'], "_")
}

/// The file's cells as text rows, header first. xlsx is recognised by its zip signature.
fn read_cells(bytes: &[u8]) -> Result<Vec<Vec<String>>, String> {
    if bytes.starts_with(b"PK") {
        use calamine::{Data, Reader, Xlsx};
        let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes))
            .map_err(|e| format!("Fichier Excel illisible : {e}"))?;
        let range = book
            .worksheet_range_at(0)
            .ok_or("Le classeur ne contient aucune feuille.")?
            .map_err(|e| format!("Feuille illisible : {e}"))?;
        Ok(range
            .rows()
            .map(|row| {
                row.iter()
                    .map(|cell| match cell {
                        // Excel turns 0612345678 into the number 612345678 and 249 into 249.0.
                        Data::Float(f) if f.fract() == 0.0 => format!("{}", *f as i64),
                        Data::Float(f) => format!("{f}"),
                        Data::Int(i) => i.to_string(),
                        Data::Empty => String::new(),
                        other => other.to_string(),
                    })
                    .collect()
            })
            .collect())
    } else {
        let text = std::str::from_utf8(bytes)
            .map_err(|_| "Le fichier CSV doit être encodé en UTF-8.".to_owned())?;
        let first_line = text.lines().next().unwrap_or_default();
        let delimiter = if first_line.matches(';').count() >= first_line.matches(',').count() {
            b';'
        } else {
            b','
        };
        let mut reader = csv::ReaderBuilder::new()
            .delimiter(delimiter)
            .has_headers(false)
            .flexible(true)
            .from_reader(text.as_bytes());
        reader
            .records()
            .map(|record| {
                record
                    .map(|r| r.iter().map(str::to_owned).collect())
                    .map_err(|e| format!("CSV illisible : {e}"))
            })
            .collect()
    }
}

/// The file's cells as text rows, header first; a file with a control character (NUL, …:
/// PostgreSQL refuses them and no spreadsheet means them) is refused naming its line. The
/// error is a French sentence for the `file` field.
pub fn read_rows(bytes: &[u8]) -> Result<Vec<Vec<String>>, String> {
    let cells = read_cells(bytes)?;
    if let Some(line) = cells.iter().position(|row| {
        row.iter().any(|cell| {
            cell.chars()
                .any(|c| (c.is_control() && !matches!(c, '\t' | '\n' | '\r')) || c == '\u{7f}')
        })
    }) {
        return Err(format!(
            "Ligne {} : caractère de contrôle interdit (NUL, …).",
            line + 1
        ));
    }
    Ok(cells)
}
