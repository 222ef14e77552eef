//! The Excel version of the import template.

use colivra_core::{AppError, AppResult};

use colivra_core::Language;

use super::template_csv;

/// The same template as an Excel workbook, in the reader's language; the phone columns are text
/// so Excel keeps the leading zero.
pub fn template_xlsx(language: Language) -> AppResult<Vec<u8>> {
    use rust_xlsxwriter::{Format, Workbook};
    let template = template_csv(language);
    let mut lines = template.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split(';').collect();
    let example: Vec<&str> = lines.next().unwrap_or_default().split(';').collect();
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    let bold = Format::new().set_bold();
    let text = Format::new().set_num_format("@");
    let fail = |e: rust_xlsxwriter::XlsxError| AppError::internal(e);
    sheet
        .set_name(language.pick("Colis", "Parcels", "الطرود"))
        .map_err(fail)?;
    for (column, name) in header.iter().enumerate() {
        let column = column as u16;
        sheet
            .write_string_with_format(0, column, *name, &bold)
            .map_err(fail)?;
        sheet.set_column_width(column, 16).map_err(fail)?;
        if name.starts_with("telephone")
            || name.starts_with("recipient_phone")
            || name.starts_with("الهاتف")
        {
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
