//! Parcel labels: what is stuck on the parcel and read by the hub and the delivery person.
//!
//! Reading order on the label follows the job: who sent it (company, date, kind banner), the
//! barcode scanned at every step, then who gets it and where, the cash to collect, handling marks,
//! what is inside, and the sender to call back. Every string is fitted to its box (shrunk,
//! wrapped, or cut with an ellipsis), so no input makes text spill over the label's edge.

use colivra_core::Centimes;

use crate::barcode::{Code128, QUIET_ZONE};
use crate::canvas::{fit_line, fit_paragraph, fit_size, line_height, Canvas};
use crate::metrics::Font;
use crate::words::{words, Words};
use crate::{pdf, DocumentError, Language};

/// The kind of a parcel, as in the domain (`standard`, `exchange`, `refund`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ParcelKind {
    #[default]
    Standard,
    /// Deliver a new item and bring the old one back.
    Exchange,
    /// Collect the item and hand the customer money.
    Refund,
}

impl ParcelKind {
    /// Parses the domain's key (`"standard"`, `"exchange"`, `"refund"`).
    pub fn from_key(key: &str) -> Option<Self> {
        match key {
            "standard" => Some(Self::Standard),
            "exchange" => Some(Self::Exchange),
            "refund" => Some(Self::Refund),
            _ => None,
        }
    }

    /// The banner printed across the label, if any.
    fn banner(self, words: &Words) -> Option<&'static str> {
        match self {
            Self::Standard => None,
            Self::Exchange => Some(words.exchange),
            Self::Refund => Some(words.refund),
        }
    }
}

/// Everything printed on one parcel label. Plain strings: the caller formats dates and looks up
/// names, this crate knows nothing of the database.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ParcelLabel {
    /// The delivery company's name, printed at the top (e.g. "Colivra").
    pub company_name: String,
    /// The parcel's key, printed as a Code128 barcode and in clear beneath it.
    pub tracking_code: String,
    /// When the parcel was created, already formatted for people (e.g. "21/11/2026").
    pub created_at: String,
    pub kind: ParcelKind,
    pub recipient_name: String,
    pub recipient_phone: String,
    pub city: String,
    pub address: String,
    /// Cash to collect (or, for a refund, to hand over), in centimes.
    pub cod_amount: Centimes,
    pub merchant_name: String,
    pub shop_name: String,
    pub shop_phone: String,
    pub product: Option<String>,
    pub note: Option<String>,
    /// The recipient may open the parcel before paying.
    pub can_open: bool,
    pub fragile: bool,
}

/// How labels are laid out on paper.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LabelLayout {
    /// One label per A6 page (105 × 148 mm), for label printers.
    A6,
    /// Four A6 labels per A4 portrait page, two by two, with dashed cut lines, for office
    /// printers.
    A4x4,
}

const A4: (f32, f32) = (210.0, 297.0);
const A6: (f32, f32) = (105.0, 148.0);
/// Blank border inside each label: room for the cut and for printers' unprintable edges.
const MARGIN: f32 = 5.0;
/// Widest barcode module: 0.5 mm (4 dots on a 203 dpi thermal printer) scans from a distance.
const MAX_MODULE: f32 = 0.5;

/// Renders parcel labels, in the order given.
///
/// Fails on an empty list (a PDF without pages helps nobody) and on a tracking code that
/// Code128 cannot carry (see [`DocumentError::Barcode`]).
pub fn parcel_labels(
    labels: &[ParcelLabel],
    layout: LabelLayout,
    language: Language,
) -> Result<Vec<u8>, DocumentError> {
    let words = words(language);
    if labels.is_empty() {
        return Err(DocumentError::Empty("no labels to print"));
    }
    let mut pages = Vec::new();
    match layout {
        LabelLayout::A6 => {
            for label in labels {
                let mut canvas = Canvas::for_language(A6.0, A6.1, language);
                draw_label(&mut canvas, label, words, 0.0, 0.0, A6.0, A6.1)?;
                pages.push(canvas.into_page());
            }
        }
        LabelLayout::A4x4 => {
            let (w, h) = (A4.0 / 2.0, A4.1 / 2.0);
            for sheet in labels.chunks(4) {
                let mut canvas = Canvas::for_language(A4.0, A4.1, language);
                for (i, label) in sheet.iter().enumerate() {
                    let (col, row) = (i % 2, i / 2);
                    draw_label(
                        &mut canvas,
                        label,
                        words,
                        col as f32 * w,
                        row as f32 * h,
                        w,
                        h,
                    )?;
                }
                draw_cut_lines(&mut canvas);
                pages.push(canvas.into_page());
            }
        }
    }
    pdf::render(words.labels_title, pages)
}

fn draw_cut_lines(canvas: &mut Canvas) {
    let (w, h) = (canvas.width(), canvas.height());
    canvas.stroke(0.6, 0.2);
    canvas.dash(Some((2.0, 2.0)));
    canvas.line(w / 2.0, 0.0, w / 2.0, h);
    canvas.line(0.0, h / 2.0, w, h / 2.0);
    canvas.dash(None);
    canvas.stroke(0.0, 0.3);
}

/// Draws one label in the `w` × `h` box whose top-left corner is (`ox`, `oy`).
fn draw_label(
    canvas: &mut Canvas,
    label: &ParcelLabel,
    words: &Words,
    ox: f32,
    oy: f32,
    w: f32,
    h: f32,
) -> Result<(), DocumentError> {
    let code = Code128::new(&label.tracking_code)?;
    let left = ox + MARGIN;
    let right = ox + w - MARGIN;
    let width = right - left;
    let bottom = oy + h - MARGIN;
    let mut y = oy + MARGIN;

    canvas.fill_grey(0.0);
    canvas.stroke(0.0, 0.3);

    // Company and date.
    let date = fit_line(&label.created_at, Font::Regular, 8.0, width / 3.0);
    canvas.text_right(right, y + 4.5, Font::Regular, 8.0, &date);
    let company = fit_line(
        &label.company_name,
        Font::Bold,
        13.0,
        width * 2.0 / 3.0 - 2.0,
    );
    canvas.text(left, y + 4.5, Font::Bold, 13.0, &company);
    y += 7.0;

    // Exchange and refund parcels need different handling at the door: make it unmissable.
    if let Some(banner) = label.kind.banner(words) {
        canvas.fill_rect(left, y, width, 7.0);
        canvas.fill_grey(1.0);
        canvas.text_center(left + width / 2.0, y + 5.2, Font::Bold, 13.0, banner);
        canvas.fill_grey(0.0);
        y += 8.0;
    }

    // Barcode, with its quiet zones inside the label's width, and the code in clear beneath.
    let module = code.module_for(width, MAX_MODULE);
    let bars_x = left + (width - code.width(module)) / 2.0;
    debug_assert!(bars_x - left >= QUIET_ZONE as f32 * module - 1e-3);
    y += 1.0;
    code.draw(canvas, bars_x, y, module, 16.0);
    y += 16.0;
    let clear = fit_line(&label.tracking_code, Font::MonoBold, 12.0, width);
    canvas.text_center(left + width / 2.0, y + 4.5, Font::MonoBold, 12.0, &clear);
    y += 7.0;
    canvas.line(left, y, right, y);
    y += 1.0;

    // Recipient.
    y = caption(canvas, left, y, words.recipient);
    y += line_height(11.0);
    let name = fit_line(&label.recipient_name, Font::Bold, 11.0, width);
    canvas.text(left, y, Font::Bold, 11.0, &name);
    y += line_height(11.0);
    let phone = fit_line(
        &format!("{} : {}", words.phone, label.recipient_phone),
        Font::Regular,
        11.0,
        width,
    );
    canvas.text(left, y, Font::Regular, 11.0, &phone);
    y += line_height(14.0);
    let city = fit_line(&label.city, Font::Bold, 14.0, width);
    canvas.text(left, y, Font::Bold, 14.0, &city);
    y += 1.0;
    y = paragraph(
        canvas,
        left,
        y,
        width,
        15.0,
        &label.address,
        &[10.0, 9.0, 8.0, 7.0],
    );
    y += 2.0;

    // Cash to collect: the one number nobody may misread.
    canvas.stroke_rect(left, y, width, 13.0);
    let what = match label.kind {
        ParcelKind::Refund => words.to_refund,
        _ => words.to_collect,
    };
    canvas.text(left + 2.0, y + 7.8, Font::Bold, 9.0, what);
    // An amount is never cut: it shrinks to fit (only absurd amounts need to).
    let amount = label.cod_amount.on_document();
    let size = fit_size(
        &amount,
        Font::Bold,
        &[18.0, 14.0, 11.0, 9.0, 7.0],
        width - 30.0,
    );
    let size = size.unwrap_or(6.0);
    canvas.text_right(right - 2.0, y + 9.0, Font::Bold, size, &amount);
    y += 15.0;

    // Handling marks.
    let half = (width - 2.0) / 2.0;
    let open = if label.can_open {
        words.may_open
    } else {
        words.do_not_open
    };
    canvas.stroke_rect(left, y, half, 8.0);
    canvas.text_center(left + half / 2.0, y + 5.5, Font::Bold, 10.0, open);
    if label.fragile {
        let x = right - half;
        canvas.fill_rect(x, y, half, 8.0);
        canvas.fill_grey(1.0);
        canvas.text_center(x + half / 2.0, y + 6.0, Font::Bold, 14.0, words.fragile);
        canvas.fill_grey(0.0);
    }
    y += 10.0;

    // Sender, anchored at the bottom; product and note share what is left above it.
    let sender_top = bottom - 12.0;
    let extras: Vec<(&str, &str)> = [(words.product, &label.product), (words.note, &label.note)]
        .into_iter()
        .filter_map(|(k, v)| {
            v.as_deref()
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(|v| (k, v))
        })
        .collect();
    if !extras.is_empty() {
        // Each gets at most an equal share, and takes only the lines it needs.
        let n = extras.len() as f32;
        let share = (sender_top - 1.0 - y - 1.5 * n) / n;
        for (caption_text, text) in extras {
            if share < line_height(7.0) {
                break;
            }
            let (size, lines) = fit_paragraph(
                &format!("{caption_text} : {text}"),
                Font::Regular,
                &[9.0, 8.0, 7.0],
                width,
                share,
            );
            for line in &lines {
                y += line_height(size);
                canvas.text(left, y, Font::Regular, size, line);
            }
            y += 1.5;
        }
    }

    let mut y = sender_top;
    canvas.line(left, y, right, y);
    y = caption(canvas, left, y + 0.5, words.sender);
    y += line_height(9.0);
    // The shop, then its merchant when he goes by another name (« Atlas – Atlas » said nothing).
    let sender = if label
        .merchant_name
        .trim()
        .eq_ignore_ascii_case(label.shop_name.trim())
        || label.merchant_name.trim().is_empty()
    {
        label.shop_name.clone()
    } else {
        format!("{} – {}", label.shop_name, label.merchant_name)
    };
    canvas.text(
        left,
        y,
        Font::Bold,
        9.0,
        &fit_line(&sender, Font::Bold, 9.0, width),
    );
    y += line_height(9.0);
    let phone = format!("{} : {}", words.phone, label.shop_phone);
    canvas.text(
        left,
        y,
        Font::Regular,
        9.0,
        &fit_line(&phone, Font::Regular, 9.0, width),
    );
    Ok(())
}

/// A small grey caption above a block; returns the y below it.
fn caption(canvas: &mut Canvas, x: f32, y: f32, text: &str) -> f32 {
    canvas.fill_grey(0.35);
    canvas.text(x, y + line_height(7.0), Font::Bold, 7.0, text);
    canvas.fill_grey(0.0);
    y + line_height(7.0)
}

/// Wrapped text fitted into a `width` × `max_h` box starting at `y`; returns the y below the box.
fn paragraph(
    canvas: &mut Canvas,
    x: f32,
    y: f32,
    width: f32,
    max_h: f32,
    text: &str,
    sizes: &[f32],
) -> f32 {
    let (size, lines) = fit_paragraph(text, Font::Regular, sizes, width, max_h);
    for (i, line) in lines.iter().enumerate() {
        canvas.text(
            x,
            y + (i + 1) as f32 * line_height(size),
            Font::Regular,
            size,
            line,
        );
    }
    y + max_h
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every string and rectangle drawn for `label` in the box (ox, oy, w, h) stays inside the
    /// box's margins, measured with the same metrics the layout uses.
    fn assert_inside(label: &ParcelLabel, page: (f32, f32), ox: f32, oy: f32, w: f32, h: f32) {
        let mut canvas = Canvas::new(page.0, page.1);
        draw_label(&mut canvas, label, words(Language::Fr), ox, oy, w, h).unwrap();
        let eps = 0.01;
        for d in canvas.drawn() {
            assert!(
                d.left >= ox + MARGIN - eps && d.right <= ox + w - MARGIN + eps,
                "{d:?}"
            );
            assert!(
                d.top >= oy + MARGIN - eps && d.bottom <= oy + h - MARGIN + eps,
                "{d:?}"
            );
        }
    }

    fn extreme_label() -> ParcelLabel {
        let long = "Résidence Les Jardins de l'Atlas, immeuble 14, appartement 7, ".repeat(40);
        ParcelLabel {
            company_name: "Colivra Express Livraison Maroc Nord et Sud SARL".into(),
            tracking_code: "CLV7K2M9QX4".into(),
            created_at: "vendredi 21 novembre 2026 à 14:32".into(),
            kind: ParcelKind::Refund,
            recipient_name: "Mohamed Amine ".repeat(20),
            recipient_phone: "0612345678 / 0698765432 / 0522001122".into(),
            city: "Sidi Slimane Moul Al Kifane ".repeat(5),
            address: format!("{long} {}", "X".repeat(700)),
            cod_amount: Centimes::new(i64::MIN),
            merchant_name: "Boutique ".repeat(30),
            shop_name: "Atlas ".repeat(30),
            shop_phone: "0522000000 ".repeat(10),
            product: Some(long.clone()),
            note: Some(long),
            can_open: false,
            fragile: true,
        }
    }

    #[test]
    fn extreme_inputs_stay_inside_the_label() {
        assert_inside(&extreme_label(), A6, 0.0, 0.0, A6.0, A6.1);
        // The bottom-right cell of an A4 sheet.
        let (w, h) = (A4.0 / 2.0, A4.1 / 2.0);
        assert_inside(&extreme_label(), A4, w, h, w, h);
        // Empty texts everywhere.
        let plain = ParcelLabel {
            tracking_code: "CLV2".into(),
            ..Default::default()
        };
        assert_inside(&plain, A6, 0.0, 0.0, A6.0, A6.1);
    }
}
