//! The barcodes drawn in the PDFs decode to the right value.
//!
//! The bars are read back from the page's content stream and decoded here, in Rust, against
//! barcoders' own encoding: no scanner, no image, no zbarimg needed to run these tests.

use std::collections::BTreeMap;

use crate::common::{filled_rects, label, tracking_code, voucher, FilledRect};
use colivra_documents::{listing_document, parcel_labels, LabelLayout, Language};

/// Code128 start-B and stop patterns from the standard, as dark (1) and light (0) modules.
const START_B: &str = "11010010000";
const STOP: &str = "1100011101011";

fn barcoders_modules(value: &str) -> String {
    let code = barcoders::sym::code128::Code128::new(format!("Ɓ{value}")).unwrap();
    code.encode()
        .iter()
        .map(|m| if *m == 1 { '1' } else { '0' })
        .collect()
}

/// The 11-module pattern of each character-set B value 0..=94 (the printable characters),
/// taken from barcoders by encoding each character alone.
fn symbol_table() -> BTreeMap<String, u32> {
    (0..95u32)
        .map(|v| {
            let c = char::from_u32(32 + v).unwrap();
            (barcoders_modules(&c.to_string())[11..22].to_owned(), v)
        })
        .collect()
}

/// Groups the filled rectangles into barcodes: bars of one barcode share top and height, and
/// no gap inside a barcode is wider than four modules (labels side by side are split apart).
fn barcodes(rects: &[FilledRect]) -> Vec<Vec<FilledRect>> {
    let mut rows: BTreeMap<(i64, i64), Vec<FilledRect>> = BTreeMap::new();
    for r in rects {
        let key = ((r.y * 100.0).round() as i64, (r.h * 100.0).round() as i64);
        rows.entry(key).or_default().push(*r);
    }
    let mut barcodes = Vec::new();
    for mut row in rows.into_values() {
        row.sort_by(|a, b| a.x.total_cmp(&b.x));
        let module = row.iter().map(|b| b.w).fold(f32::INFINITY, f32::min);
        let mut current: Vec<FilledRect> = Vec::new();
        for bar in row {
            if let Some(prev) = current.last() {
                if bar.x - (prev.x + prev.w) > 4.5 * module {
                    barcodes.push(std::mem::take(&mut current));
                }
            }
            current.push(bar);
        }
        barcodes.push(current);
    }
    barcodes.retain(|b| b.len() >= 20);
    barcodes
}

/// Turns bars back into modules: the narrowest bar is one module wide.
fn modules(bars: &[FilledRect]) -> String {
    let module = bars.iter().map(|b| b.w).fold(f32::INFINITY, f32::min);
    let x0 = bars[0].x;
    let last = bars[bars.len() - 1];
    let len = ((last.x + last.w - x0) / module).round() as usize;
    let mut out = vec!['0'; len];
    for b in bars {
        let start = ((b.x - x0) / module).round() as usize;
        let width = (b.w / module).round() as usize;
        assert!(
            (b.w / module - width as f32).abs() < 0.05,
            "bar width is not a whole number of modules"
        );
        out[start..start + width].fill('1');
    }
    out.into_iter().collect()
}

/// Decodes a Code128 set-B symbol and checks its start, checksum and stop.
fn decode(modules: &str) -> String {
    let table = symbol_table();
    assert_eq!((modules.len() - STOP.len()) % 11, 0, "not whole symbols");
    assert_eq!(&modules[..11], START_B);
    assert_eq!(&modules[modules.len() - STOP.len()..], STOP);
    let symbols: Vec<&str> = (11..modules.len() - STOP.len())
        .step_by(11)
        .map(|i| &modules[i..i + 11])
        .collect();
    let (checksum, data) = symbols.split_last().unwrap();
    let values: Vec<u32> = data.iter().map(|s| table[*s]).collect();
    let expected = (104 + values.iter().zip(1..).map(|(v, i)| v * i).sum::<u32>()) % 103;
    if let Some(found) = table.get(*checksum) {
        assert_eq!(*found, expected, "checksum");
    }
    values
        .iter()
        .map(|v| char::from_u32(32 + v).unwrap())
        .collect()
}

#[test]
fn label_barcode_decodes_to_the_tracking_code() {
    for code in ["CLV7K2M9QX4", "CLV2222ZZZZ", "CLV9XQ4M2K7"] {
        let mut l = label(0);
        l.tracking_code = code.into();
        let pdf = parcel_labels(&[l], LabelLayout::A6, Language::Fr).unwrap();
        let found = barcodes(&filled_rects(&pdf, 1));
        assert_eq!(found.len(), 1, "one barcode on the label");
        let drawn = modules(&found[0]);
        assert_eq!(drawn, barcoders_modules(code), "same modules as barcoders");
        assert_eq!(decode(&drawn), code);
        // 13 symbols of 3 bars, the stop pattern 4.
        assert_eq!(found[0].len(), 13 * 3 + 4);
    }
}

#[test]
fn four_labels_per_sheet_carry_four_barcodes() {
    let labels: Vec<_> = (0..4).map(label).collect();
    let pdf = parcel_labels(&labels, LabelLayout::A4x4, Language::Fr).unwrap();
    let mut decoded: Vec<String> = barcodes(&filled_rects(&pdf, 1))
        .iter()
        .map(|b| decode(&modules(b)))
        .collect();
    decoded.sort();
    let mut expected: Vec<String> = (0..4).map(tracking_code).collect();
    expected.sort();
    assert_eq!(decoded, expected);
}

#[test]
fn listing_barcodes_decode_to_the_key_and_each_row() {
    listing_barcodes_decode_in(Language::Fr);
}

/// A document laid out right to left mirrors where its barcodes are, never their bars.
#[test]
fn listing_and_label_barcodes_decode_in_an_arabic_document() {
    listing_barcodes_decode_in(Language::Ar);
    let pdf = parcel_labels(&[label(3)], LabelLayout::A6, Language::Ar).unwrap();
    let found = barcodes(&filled_rects(&pdf, 1));
    assert_eq!(found.len(), 1);
    assert_eq!(decode(&modules(&found[0])), tracking_code(3));
}

fn listing_barcodes_decode_in(language: Language) {
    let mut doc = voucher(25);
    doc.language = language;
    let pdf = listing_document(&doc).unwrap();
    let mut decoded: Vec<String> = (1..=2)
        .flat_map(|page| barcodes(&filled_rects(&pdf, page)))
        .map(|b| {
            let m = modules(&b);
            let value = decode(&m);
            assert_eq!(m, barcoders_modules(&value));
            value
        })
        .collect();
    decoded.sort();
    let mut expected: Vec<String> = (0..25).map(tracking_code).collect();
    expected.push(doc.key.clone());
    expected.sort();
    assert_eq!(decoded, expected);
}
