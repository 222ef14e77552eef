//! The catalogue against the source: every French message a crate writes has its entry.
//!
//! The scan reads `crates/*/src/**/*.rs` (tests, demo data and this module left out) and takes
//! the string literals written where a message is made: the arguments of the `AppError`
//! constructors that carry text (`AppError::validation`, `Conflict`, `Forbidden`,
//! `FieldErrors::single`), of the collectors (`.add(`, `check_text(`, `not_found_as_invalid(`),
//! of `Err(`, `Some(`, `ok_or(`, `ok_or_else(`, `map_err(` (reasons handed on, then wrapped),
//! of the helpers that carry a message to those (`naming(`, `refuse_codes(`, `required(`,
//! `denied(`), `#[error(…)]` texts, and the literal after `message =` (validation attributes, a
//! message kept in a variable) or `"message":` (a JSON body). A `CONSTANT` named there is read
//! from its definition. `format!` templates count with each `{…}` as a value.
//!
//! Of those, a French sentence (a space, and an accented letter, « », an elision or a common
//! French word) must match an entry of the catalogue: equal, an instance of a template
//! ("500 caractères au plus." of "{} caractères au plus."), or a template one entry instantiates
//! ("{} est obligatoire (1 à 15 chiffres)." by "L'identifiant fiscal (IF) est obligatoire
//! (1 à 15 chiffres)."). French text that never reaches an answer is listed in
//! [`NOT_MESSAGES`], with why.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::{catalogue, cut};

/// Where a message is made: the call's arguments are scanned.
const CALLS: &[&str] = &[
    "AppError::validation(",
    "AppError::Conflict(",
    "AppError::Forbidden(",
    "FieldErrors::single(",
    ".add(",
    "check_text(",
    "not_found_as_invalid(",
    "Err(",
    "Some(",
    "ok_or(",
    "ok_or_else(",
    "map_err(",
    "naming(",
    "refuse_codes(",
    "required(",
    "denied(",
    "#[error(",
];

/// Followed by the message itself (a validation attribute, a variable); a JSON body's
/// `"message":` member is read too.
const BEFORE_A_MESSAGE: &[&str] = &["message ="];

/// French text the scan finds that never is an error answer's text.
const NOT_MESSAGES: &[(&str, &str)] = &[
    (
        "adresse invalide",
        "webhook sender: kept in the delivery log, not an error answer",
    ),
    ("adresse sans hôte", "webhook sender: the delivery log"),
    ("nom introuvable", "webhook sender: the delivery log"),
    ("nom introuvable : {}", "webhook sender: the delivery log"),
    (
        "adresse privée ou locale refusée",
        "webhook sender: the delivery log",
    ),
    (
        "date hors de la plage 0001-01-01 à 9999-12-31",
        "inside serde's own English error, quoted by « Corps JSON invalide : {} »",
    ),
];

const FRENCH_WORDS: &[&str] = &[
    "le",
    "la",
    "les",
    "de",
    "des",
    "du",
    "un",
    "une",
    "est",
    "sont",
    "ou",
    "et",
    "au",
    "aux",
    "pas",
    "ne",
    "ce",
    "cette",
    "ces",
    "sur",
    "par",
    "pour",
    "en",
    "dans",
    "avec",
    "plus",
    "moins",
    "introuvable",
    "introuvables",
    "invalide",
    "inconnu",
    "inconnue",
    "inconnues",
    "interne",
    "illisible",
    "obligatoire",
    "colis",
    "boutique",
];

/// A sentence in French: more than one word, and an accent, « », an elision (l', d', n'…) or
/// a common French word.
fn is_french(text: &str) -> bool {
    let plain = text.replace("{}", " ");
    if !plain.contains(' ') || !plain.chars().any(char::is_alphabetic) {
        return false;
    }
    if plain
        .chars()
        .any(|c| "àâäçéèêëîïôöùûüÿœÀÂÇÉÈÊÎÔÛ«»".contains(c))
    {
        return true;
    }
    let lower = plain.to_lowercase();
    let elision = lower.char_indices().any(|(i, c)| {
        "dlnqsjc".contains(c)
            && lower[i + 1..].starts_with('\'')
            && lower[i + 2..].starts_with(char::is_alphabetic)
            && !lower[..i].ends_with(char::is_alphanumeric)
    });
    elision
        || lower
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| FRENCH_WORDS.contains(&w))
}

/// A string literal: where it starts in the file, and its value.
struct Literal {
    start: usize,
    end: usize,
    value: String,
}

/// The file's string literals, and its text with comments and the literals' insides blanked
/// (same length), so calls are found and their parentheses counted in code only.
fn lex(text: &str) -> (Vec<Literal>, String) {
    let bytes = text.as_bytes();
    let mut masked = bytes.to_vec();
    let mut literals = Vec::new();
    let blank = |masked: &mut Vec<u8>, from: usize, to: usize| {
        for b in &mut masked[from..to] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    };
    let ident = |i: usize| i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                let end = text[i..].find('\n').map_or(bytes.len(), |n| i + n);
                blank(&mut masked, i, end);
                i = end;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let end = text[i + 2..].find("*/").map_or(bytes.len(), |n| i + n + 4);
                blank(&mut masked, i, end);
                i = end;
            }
            b'r' if !ident(i) && matches!(bytes.get(i + 1), Some(b'"' | b'#')) => {
                let hashes = bytes[i + 1..].iter().take_while(|b| **b == b'#').count();
                if bytes.get(i + 1 + hashes) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                let open = i + 2 + hashes;
                let close = format!("\"{}", "#".repeat(hashes));
                let end = text[open..].find(&close).map_or(bytes.len(), |n| open + n);
                let after = (end + close.len()).min(bytes.len());
                literals.push(Literal {
                    start: i,
                    end: after,
                    value: text[open..end].to_owned(),
                });
                blank(&mut masked, open, end);
                i = after;
            }
            b'"' => {
                let (value, end) = unescape(text, i + 1);
                literals.push(Literal {
                    start: i,
                    end,
                    value,
                });
                blank(&mut masked, i + 1, end.saturating_sub(1));
                i = end;
            }
            b'\'' => {
                // A character literal ('"', '\'', '{'), or a lifetime.
                if bytes.get(i + 1) == Some(&b'\\') {
                    let end = text[i + 2..].find('\'').map_or(bytes.len(), |n| i + n + 3);
                    blank(&mut masked, i, end);
                    i = end;
                } else {
                    let c = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                    if bytes.get(i + 1 + c) == Some(&b'\'') {
                        blank(&mut masked, i, i + c + 2);
                        i += c + 2;
                    } else {
                        i += 1;
                    }
                }
            }
            _ => i += 1,
        }
    }
    (
        literals,
        String::from_utf8(masked).expect("only ASCII bytes are blanked"),
    )
}

/// A normal string literal's value from `from` (after its opening quote), and the index after
/// its closing quote.
fn unescape(text: &str, from: usize) -> (String, usize) {
    let mut value = String::new();
    let mut chars = text[from..].char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '"' => return (value, from + at + 1),
            '\\' => match chars.next().map(|(_, c)| c) {
                Some('n') => value.push('\n'),
                Some('t') => value.push('\t'),
                Some('r') => value.push('\r'),
                Some('0') => value.push('\0'),
                Some('u') => {
                    let mut hex = String::new();
                    for (_, c) in chars.by_ref() {
                        match c {
                            '{' => {}
                            '}' => break,
                            c => hex.push(c),
                        }
                    }
                    if let Some(c) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                        value.push(c);
                    }
                }
                Some('\n') => {
                    while chars.peek().is_some_and(|(_, c)| c.is_whitespace()) {
                        chars.next();
                    }
                }
                Some(other) => value.push(other),
                None => {}
            },
            c => value.push(c),
        }
    }
    (value, text.len())
}

/// `{}`, `{name}`, `{:?}`, `{0}` → `{}`: a format template as the catalogue writes it.
fn as_template(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        match rest[open..].find('}') {
            Some(close) => {
                out.push_str("{}");
                rest = &rest[open + close + 1..];
            }
            None => {
                rest = &rest[open..];
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The end (index after the closing parenthesis) of the call whose arguments start at `from`.
fn call_end(masked: &str, from: usize) -> usize {
    let mut depth = 1;
    for (i, b) in masked.bytes().enumerate().skip(from) {
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    masked.len()
}

/// `#[cfg(test)]` items blanked out: a `mod … { … }` (or any item with a body) to its closing
/// brace, a `mod …;` to its semicolon.
fn without_tests(masked: &str) -> Vec<(usize, usize)> {
    let mut cut = Vec::new();
    let mut from = 0;
    while let Some(at) = masked[from..].find("#[cfg(test)]").map(|n| from + n) {
        let after = at + "#[cfg(test)]".len();
        let brace = masked[after..].find('{').map(|n| after + n);
        let semicolon = masked[after..].find(';').map(|n| after + n);
        let end = match (brace, semicolon) {
            (_, Some(s)) if brace.is_none_or(|b| s < b) => s + 1,
            (Some(b), _) => call_end(masked, b + 1) + 1,
            _ => masked.len(),
        };
        cut.push((at, end));
        from = end.min(masked.len());
    }
    cut
}

struct Found {
    text: String,
    at: String,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            // Demo and benchmark data, and the catalogue itself, are no messages.
            if !matches!(name.as_str(), "demo" | "bench_data" | "messages" | "tests") {
                rust_files(&path, out);
            }
        } else if name.ends_with(".rs") && name != "demo.rs" {
            out.push(path);
        }
    }
}

/// Every French message the crates' sources write.
fn messages_of_the_source() -> Vec<Found> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&crates).unwrap().flatten() {
        // The catalogue itself holds no message to find.
        if entry.file_name() == "messages" {
            continue;
        }
        let src = entry.path().join("src");
        if src.is_dir() {
            rust_files(&src, &mut files);
        }
    }
    files.sort();
    let sources: Vec<(PathBuf, String)> = files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            (path, text)
        })
        .collect();
    // Constants holding text, by name, from every file.
    let mut constants: HashMap<String, Vec<String>> = HashMap::new();
    for (_, text) in &sources {
        let (literals, masked) = lex(text);
        let mut from = 0;
        while let Some(at) = masked[from..].find("const ").map(|n| from + n) {
            from = at + 6;
            let rest = &masked[from..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '_')
                .collect();
            if name.is_empty() || !rest[name.len()..].trim_start().starts_with(": &") {
                continue;
            }
            let statement_end = masked[from..].find(';').map_or(masked.len(), |n| from + n);
            if let Some(literal) = literals
                .iter()
                .find(|l| l.start > from && l.start < statement_end)
            {
                constants
                    .entry(name)
                    .or_default()
                    .push(literal.value.clone());
            }
        }
    }
    let mut found = Vec::new();
    for (path, text) in &sources {
        let (literals, masked) = lex(text);
        let tests = without_tests(&masked);
        let in_tests = |i: usize| tests.iter().any(|(a, b)| (*a..*b).contains(&i));
        let line = |i: usize| text[..i].matches('\n').count() + 1;
        let shown = path
            .strip_prefix(&crates)
            .unwrap_or(path)
            .display()
            .to_string();
        let mut spans: Vec<(usize, usize)> = Vec::new();
        for call in CALLS {
            let mut from = 0;
            while let Some(at) = masked[from..].find(call).map(|n| from + n) {
                from = at + call.len();
                if in_tests(at) {
                    continue;
                }
                let end = call_end(&masked, from);
                spans.push((from, end));
                // Constants named among the arguments.
                let args = &masked[from..end];
                for word in args.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
                    let constant = word.len() > 2
                        && word.starts_with(|c: char| c.is_ascii_uppercase())
                        && word
                            .chars()
                            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
                    for value in constants
                        .get(word)
                        .filter(|_| constant)
                        .into_iter()
                        .flatten()
                    {
                        found.push(Found {
                            text: as_template(value),
                            at: format!("{shown}:{} ({word})", line(at)),
                        });
                    }
                }
            }
        }
        for before in BEFORE_A_MESSAGE {
            let mut from = 0;
            while let Some(at) = masked[from..].find(before).map(|n| from + n) {
                from = at + before.len();
                if in_tests(at) {
                    continue;
                }
                let gap = masked[from..].len() - masked[from..].trim_start().len();
                if masked[from + gap..].starts_with('"') {
                    spans.push((from + gap, from + gap + 1));
                }
            }
        }
        for key in literals.iter().filter(|l| l.value == "message") {
            let rest = &masked[key.end..];
            if let Some(value) = rest.trim_start().strip_prefix(':') {
                let at = masked.len() - value.trim_start().len();
                if masked[at..].starts_with('"') {
                    spans.push((at, at + 1));
                }
            }
        }
        for literal in &literals {
            if !in_tests(literal.start)
                && spans.iter().any(|(a, b)| (*a..*b).contains(&literal.start))
            {
                found.push(Found {
                    text: as_template(&literal.value),
                    at: format!("{shown}:{}", line(literal.start)),
                });
            }
        }
    }
    found.retain(|f| is_french(&f.text));
    found
}

/// `text` is written in the catalogue: the same, an instance of a template, or a template an
/// entry instantiates.
fn in_catalogue(text: &str) -> bool {
    let pieces = |t: &str| t.split("{}").map(str::to_owned).collect::<Vec<String>>();
    let matches = |pattern: &str, text: &str| {
        let pieces = pieces(pattern);
        let pieces: Vec<&str> = pieces.iter().map(String::as_str).collect();
        pieces.len() > 1 && cut(&pieces, text, &mut |_| true).is_some()
    };
    catalogue::entries().any(|(fr, ..)| *fr == text || matches(fr, text) || matches(text, fr))
        || catalogue::labels().any(|(fr, ..)| fr == text)
}

#[test]
fn every_message_of_the_source_is_in_the_catalogue() {
    let found = messages_of_the_source();
    // The scan finds what it should: messages made each way it looks for.
    for (text, how) in [
        ("Langue inconnue : fr, en ou ar.", "AppError::validation"),
        ("Le colis est déjà « {} ».", "Err(format!(…))"),
        ("Adresse e-mail invalide.", "a constant"),
        (
            "Ce champ est obligatoire (100 caractères au plus).",
            "#[validate(… message = …)]",
        ),
        ("Non authentifié.", "#[error(…)]"),
        (
            "Seuls les colis ramassés partent en distribution",
            "naming(…)",
        ),
        (
            "Le premier message d'un ticket ne se supprime pas.",
            "Some(…)",
        ),
    ] {
        assert!(
            found.iter().any(|f| f.text == text),
            "the scan missed {text:?} ({how})"
        );
    }
    for (text, why) in NOT_MESSAGES {
        assert!(
            found.iter().any(|f| f.text == *text),
            "{text:?} ({why}) is no longer in the source: take it off NOT_MESSAGES"
        );
    }
    let mut missing: Vec<String> = found
        .iter()
        .filter(|f| !NOT_MESSAGES.iter().any(|(text, _)| *text == f.text))
        .filter(|f| !in_catalogue(&f.text))
        .map(|f| format!("{}  ({})", f.text, f.at))
        .collect();
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "{} message(s) of the source have no entry in crates/messages/src/catalogue: \
         add each with its English and Arabic\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn the_scanner_reads_rust_as_rust() {
    let source = r####"
        // errors.add("field", "Un commentaire qui n'est pas du code.");
        let c = '"'; let d = '\''; fn f<'a>(x: &'a str) {}
        errors.add("name", "Le nom est « obligatoire ».");
        return Err(AppError::Conflict(format!(
            "Trop tard : « {} » ne s'annule \
             plus.",
            x
        )));
        let raw = r#"Un "brut" texte"#;
        #[cfg(test)]
        mod tests { fn t() { errors.add("x", "Écrit dans un test."); } }
    "####;
    let (literals, masked) = lex(source);
    let values: Vec<&str> = literals.iter().map(|l| l.value.as_str()).collect();
    assert_eq!(
        values,
        [
            "name",
            "Le nom est « obligatoire ».",
            "Trop tard : « {} » ne s'annule plus.",
            "Un \"brut\" texte",
            "x",
            "Écrit dans un test."
        ]
    );
    assert!(!masked.contains("commentaire"));
    let tests = without_tests(&masked);
    assert_eq!(tests.len(), 1);
    assert!(masked[tests[0].0..tests[0].1].ends_with('}'));
    assert_eq!(
        as_template("{max} caractères au plus ({count:?} saisis)."),
        "{} caractères au plus ({} saisis)."
    );
    assert!(is_french("Le colis est déjà « {} »."));
    assert!(is_french("L'ICE compte exactement 15 chiffres."));
    assert!(is_french("Produit introuvable."));
    assert!(!is_french("stock reservation missing on release"));
    assert!(!is_french("{} : {}"));
    assert!(!is_french("Livré"));
}
