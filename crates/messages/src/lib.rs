//! The server's messages in the reader's language. The domain crates write their refusals in
//! French (the product's language) and know nothing of who reads them; at the edge, the
//! gateway's `middleware::translate` passes the `message` and the field errors of an error
//! answer through [`translate`] when the reader prefers English or Arabic.
//!
//! The [`catalogue`] holds every message once: its French text, then English and Arabic. A
//! message built with `format!` is a template there: `{}` stands for each value the French text
//! carries (a code, a number, a status), in order; the English and Arabic texts use the same
//! values, as `{}` in the same order or `{0}`, `{1}`… to put them in another. A value that is
//! itself a label the server knows (a parcel status, a stock movement's state) or a whole message
//! of the catalogue (a refusal quoted in another) is translated too; any other value (a code, a
//! city, an amount) is carried as it is. Text the catalogue does not know stays French.
//!
//! The catalogue is a crate of its own, not part of `colivra-core` nor of the gateway: only the
//! edge reads it, but it spans every domain crate's texts and names their statuses (which core
//! cannot see), and it is data, not HTTP. `every_message_of_the_source_is_in_the_catalogue` keeps it complete.

pub mod catalogue;
#[cfg(test)]
mod coverage;

use std::collections::HashMap;
use std::sync::LazyLock;

use colivra_core::Language;

/// French, English, Arabic.
pub type Entry = (&'static str, &'static str, &'static str);

/// How deep a message may quote another (a refusal whose reason is itself a message).
const MAX_DEPTH: usize = 3;

/// `text` (a message the server wrote, in French) in `language`; `None` when the reader reads
/// French or when the catalogue does not know the text.
pub fn translate(text: &str, language: Language) -> Option<String> {
    if language == Language::Fr {
        return None;
    }
    CATALOGUE.message(text, language, 0)
}

/// A label the server wrote in French (a status, a category, a kind: a `*_label` field of an
/// answer) in `language`; `None` when the reader reads French or the label is not known.
pub fn label(text: &str, language: Language) -> Option<&'static str> {
    if language == Language::Fr {
        return None;
    }
    CATALOGUE.label(text, language)
}

/// One side of a template: text, or the value at this index.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Part {
    Text(&'static str),
    Value(usize),
}

#[derive(Debug)]
struct Template {
    /// The French text between the values (one more piece than values).
    pieces: Vec<&'static str>,
    en: Vec<Part>,
    ar: Vec<Part>,
    /// The French text's own characters: the most specific template is tried first.
    weight: usize,
}

impl Template {
    fn new((fr, en, ar): Entry) -> Template {
        let pieces: Vec<&'static str> = fr.split("{}").collect();
        Template {
            weight: pieces.iter().map(|p| p.len()).sum(),
            pieces,
            en: parts(en),
            ar: parts(ar),
        }
    }

    #[cfg(test)]
    fn values(&self) -> usize {
        self.pieces.len() - 1
    }

    fn parts(&self, language: Language) -> &[Part] {
        match language {
            Language::Ar => &self.ar,
            _ => &self.en,
        }
    }

    /// The template's text in `language` with `values` put in.
    fn fill(&self, language: Language, values: &[String]) -> String {
        let mut out = String::new();
        for part in self.parts(language) {
            match part {
                Part::Text(text) => out.push_str(text),
                Part::Value(i) => out.push_str(values.get(*i).map_or("", String::as_str)),
            }
        }
        out
    }
}

/// A translated text cut into its pieces: `{}` is the next value, `{n}` the value at `n`.
fn parts(text: &'static str) -> Vec<Part> {
    let mut out = Vec::new();
    let mut next = 0;
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|c| open + c) else {
            break;
        };
        let inside = &rest[open + 1..close];
        let index = if inside.is_empty() {
            next += 1;
            next - 1
        } else if let Ok(n) = inside.parse::<usize>() {
            n
        } else {
            out.push(Part::Text(&rest[..=close]));
            rest = &rest[close + 1..];
            continue;
        };
        if open > 0 {
            out.push(Part::Text(&rest[..open]));
        }
        out.push(Part::Value(index));
        rest = &rest[close + 1..];
    }
    if !rest.is_empty() {
        out.push(Part::Text(rest));
    }
    out
}

/// Cuts `text` along `pieces` (the text between the values): the values, each non-empty, of
/// the first cut `accept` takes, trying the shortest first value first.
fn cut<'t>(
    pieces: &[&str],
    text: &'t str,
    accept: &mut dyn FnMut(&[&'t str]) -> bool,
) -> Option<Vec<&'t str>> {
    let (first, rest) = pieces.split_first()?;
    let text = text.strip_prefix(first)?;
    let mut values = Vec::with_capacity(rest.len());
    if cut_from(rest, text, &mut values, accept) {
        Some(values)
    } else {
        None
    }
}

fn cut_from<'t>(
    pieces: &[&str],
    text: &'t str,
    values: &mut Vec<&'t str>,
    accept: &mut dyn FnMut(&[&'t str]) -> bool,
) -> bool {
    let Some((piece, rest)) = pieces.split_first() else {
        return text.is_empty() && accept(values);
    };
    if rest.is_empty() {
        // The last value runs to the end, before the closing piece.
        return match text.strip_suffix(piece) {
            Some(value) if !value.is_empty() => {
                values.push(value);
                let taken = accept(values);
                if !taken {
                    values.pop();
                }
                taken
            }
            _ => false,
        };
    }
    // A value has one character at least; the piece after it is looked for from there on.
    let next = |at: usize| at + text[at..].chars().next().map_or(1, char::len_utf8);
    let mut from = next(0);
    while from <= text.len() {
        let Some(at) = text[from..].find(piece) else {
            return false;
        };
        let end = from + at;
        values.push(&text[..end]);
        if cut_from(rest, &text[end + piece.len()..], values, accept) {
            return true;
        }
        values.pop();
        from = next(end);
    }
    false
}

struct Catalogue {
    exact: HashMap<&'static str, (&'static str, &'static str)>,
    /// Templates with values, the most specific first.
    templates: Vec<Template>,
    /// Glue around a message of the catalogue ("message : CODE1, CODE2."): taken only when its
    /// first value is one.
    compositions: Vec<Template>,
    labels: HashMap<&'static str, (&'static str, &'static str)>,
}

static CATALOGUE: LazyLock<Catalogue> = LazyLock::new(|| {
    let mut exact = HashMap::new();
    let mut templates = Vec::new();
    for entry in catalogue::entries() {
        if entry.0.contains("{}") {
            templates.push(Template::new(*entry));
        } else {
            exact.insert(entry.0, (entry.1, entry.2));
        }
    }
    templates.sort_by_key(|t| std::cmp::Reverse(t.weight));
    let mut compositions: Vec<Template> = catalogue::COMPOSITIONS
        .iter()
        .copied()
        .map(Template::new)
        .collect();
    compositions.sort_by_key(|t| std::cmp::Reverse(t.weight));
    Catalogue {
        exact,
        templates,
        compositions,
        labels: catalogue::labels()
            .map(|(fr, en, ar)| (fr, (en, ar)))
            .collect(),
    }
});

impl Catalogue {
    fn message(&self, text: &str, language: Language, depth: usize) -> Option<String> {
        if let Some((en, ar)) = self.exact.get(text) {
            return Some(language.pick(text, en, ar).to_owned());
        }
        if depth >= MAX_DEPTH {
            return None;
        }
        for template in &self.templates {
            if let Some(values) = cut(&template.pieces, text, &mut |_| true) {
                let values: Vec<String> = values
                    .iter()
                    .map(|v| self.value(v, language, depth + 1))
                    .collect();
                return Some(template.fill(language, &values));
            }
        }
        for template in &self.compositions {
            let mut quoted = None;
            let found = cut(&template.pieces, text, &mut |values| {
                quoted = self.message(values[0], language, depth + 1);
                quoted.is_some()
            });
            if let (Some(values), Some(quoted)) = (found, quoted) {
                let mut values: Vec<String> = values
                    .iter()
                    .map(|v| self.value(v, language, depth + 1))
                    .collect();
                values[0] = quoted;
                return Some(template.fill(language, &values));
            }
        }
        None
    }

    /// A value carried by a message: a label or a message translated; else, item by item of a
    /// list ("CLV-1 (Livré), CLV-2 (Ramassé)", "3 colis, 1 boutique(s)"), a label, a count and
    /// its label, the labels between brackets; anything else as it is.
    fn value(&self, value: &str, language: Language, depth: usize) -> String {
        if let Some(label) = self.label(value, language) {
            return label.to_owned();
        }
        if let Some(message) = self.message(value, language, depth) {
            return message;
        }
        value
            .split(", ")
            .map(|item| self.item(item, language))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn item(&self, item: &str, language: Language) -> String {
        if let Some(label) = self.label(item, language) {
            return label.to_owned();
        }
        if let Some((count, label)) = item.split_once(' ') {
            let is_count = !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit());
            if let Some(label) = self.label(label, language).filter(|_| is_count) {
                return format!("{count} {label}");
            }
        }
        let mut out = String::with_capacity(item.len());
        let mut rest = item;
        while let Some(open) = rest.find('(') {
            let Some(close) = rest[open..].find(')').map(|c| open + c) else {
                break;
            };
            out.push_str(&rest[..=open]);
            let inside = &rest[open + 1..close];
            out.push_str(self.label(inside, language).unwrap_or(inside));
            out.push(')');
            rest = &rest[close + 1..];
        }
        out.push_str(rest);
        out
    }

    fn label(&self, text: &str, language: Language) -> Option<&'static str> {
        self.labels
            .get(text)
            .map(|(en, ar)| language.pick(*en, *en, *ar))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Language::{Ar, En, Fr};

    fn has_arabic_letters(text: &str) -> bool {
        text.chars().any(|c| ('\u{0621}'..='\u{064A}').contains(&c))
    }

    /// The values a text uses: `{}` in order, `{n}` at n.
    fn used_values(parts: &[Part]) -> Vec<usize> {
        let mut used: Vec<usize> = parts
            .iter()
            .filter_map(|p| match p {
                Part::Value(i) => Some(*i),
                Part::Text(_) => None,
            })
            .collect();
        used.sort_unstable();
        used
    }

    #[test]
    fn every_entry_has_english_and_arabic_with_the_same_values() {
        let mut problems = Vec::new();
        let all = catalogue::entries().chain(catalogue::COMPOSITIONS.iter());
        for entry @ (fr, en, ar) in all {
            let template = Template::new(*entry);
            let wanted: Vec<usize> = (0..template.values()).collect();
            if en.trim().is_empty() || ar.trim().is_empty() {
                problems.push(format!("{fr}: English or Arabic missing"));
            }
            // Glue ("{} : {}.") has no words to write in Arabic.
            let has_words = fr.replace("{}", "").chars().any(char::is_alphabetic);
            if has_words && !has_arabic_letters(ar) {
                problems.push(format!("{fr}: the Arabic text has no Arabic letters: {ar}"));
            }
            if has_arabic_letters(en) || en == fr {
                problems.push(format!("{fr}: the English text is not English: {en}"));
            }
            if ar.chars().any(|c| ('\u{0660}'..='\u{0669}').contains(&c)) {
                problems.push(format!(
                    "{fr}: Arabic-Indic digits (Latin digits are used): {ar}"
                ));
            }
            if fr.contains("{}{}") || fr.replace("{}", "").contains(['{', '}']) {
                problems.push(format!("{fr}: values are written {{}}, never side by side"));
            }
            // The numbers a text states, in any order and grouping ("1 000 000", "1,000,000").
            let digits = |t: &'static str| {
                let mut d: Vec<char> = parts(t)
                    .iter()
                    .filter_map(|p| match p {
                        Part::Text(text) => Some(*text),
                        Part::Value(_) => None,
                    })
                    .flat_map(str::chars)
                    .filter(char::is_ascii_digit)
                    .collect();
                d.sort_unstable();
                d
            };
            for (name, text, parts) in [("English", en, &template.en), ("Arabic", ar, &template.ar)]
            {
                if used_values(parts) != wanted {
                    problems.push(format!(
                        "{fr}: the {name} text does not use each of its {} value(s) once",
                        wanted.len()
                    ));
                }
                if digits(fr) != digits(text) {
                    problems.push(format!("{fr}: the {name} text changes the numbers: {text}"));
                }
            }
        }
        assert!(problems.is_empty(), "{problems:#?}");
    }

    #[test]
    fn no_french_text_is_written_twice() {
        let mut seen = std::collections::HashSet::new();
        let twice: Vec<&str> = catalogue::entries()
            .map(|e| e.0)
            .filter(|fr| !seen.insert(*fr))
            .collect();
        assert!(twice.is_empty(), "written twice: {twice:?}");
        let mut seen = std::collections::HashSet::new();
        let twice: Vec<&str> = catalogue::labels()
            .map(|e| e.0)
            .filter(|fr| !seen.insert(*fr))
            .collect();
        assert!(twice.is_empty(), "labels written twice: {twice:?}");
    }

    #[test]
    fn every_label_has_english_and_arabic() {
        for (fr, en, ar) in catalogue::labels() {
            assert!(!en.is_empty() && !has_arabic_letters(en), "{fr}: {en}");
            assert!(has_arabic_letters(ar), "{fr}: {ar}");
        }
        for (key, fr) in colivra_inventory::STATES {
            assert!(
                catalogue::labels().any(|(label, ..)| label == *fr),
                "the stock movement state {key} ({fr}) has no translation"
            );
        }
    }

    #[test]
    fn exact_messages_are_translated_and_french_is_left_alone() {
        assert_eq!(
            translate("Langue inconnue : fr, en ou ar.", En).as_deref(),
            Some("Unknown language: fr, en or ar.")
        );
        assert!(translate("Langue inconnue : fr, en ou ar.", Ar)
            .is_some_and(|t| has_arabic_letters(&t) && t.contains("fr")));
        assert_eq!(translate("Langue inconnue : fr, en ou ar.", Fr), None);
        assert_eq!(translate("Un message que personne n'a écrit.", En), None);
        assert_eq!(translate("", En), None);
    }

    #[test]
    fn templates_carry_their_values_and_translate_labels() {
        assert_eq!(
            translate("Le colis est déjà « Livré ».", En).as_deref(),
            Some("The parcel is already “Delivered”.")
        );
        let arabic = translate("Le colis est déjà « Livré ».", Ar).unwrap();
        assert!(arabic.contains("« تم التسليم »"), "{arabic}");
        // A value that is no label goes through as it is.
        assert_eq!(
            translate("CLV-ABC est déjà confié à ce livreur.", En).as_deref(),
            Some("CLV-ABC is already with this delivery person.")
        );
        // Numbers in the text.
        assert_eq!(
            translate("500 caractères au plus.", En).as_deref(),
            Some("500 characters at most.")
        );
        assert_eq!(
            translate("100 caractères au plus (140 saisis).", En).as_deref(),
            Some("100 characters at most (140 entered).")
        );
    }

    #[test]
    fn a_message_quoting_another_is_translated_whole() {
        let refusal = "Passage de « Nouveau colis » à « Livré » impossible. \
                       Un administrateur peut forcer ce passage avec un commentaire.";
        assert_eq!(
            translate(refusal, En).as_deref(),
            Some(
                "Moving from “New parcel” to “Delivered” is not possible. \
                 An administrator can force this move with a comment."
            )
        );
        let arabic = translate(refusal, Ar).unwrap();
        assert!(
            arabic.contains("طرد جديد") && arabic.contains("تم التسليم"),
            "{arabic}"
        );
        assert!(!arabic.contains("Passage"), "{arabic}");
    }

    #[test]
    fn compositions_name_codes_after_a_known_message_only() {
        assert_eq!(
            translate(
                "Seuls les colis ramassés partent en distribution : CLV-1 (Livré), CLV-2 (Nouveau colis).",
                En
            )
            .as_deref(),
            Some("Only picked-up parcels go out for delivery: CLV-1 (Delivered), CLV-2 (New parcel).")
        );
        assert_eq!(
            translate(
                "Ces colis ne peuvent pas aller sur cette facture : A, B et 3 autre(s).",
                En
            )
            .as_deref(),
            Some("These parcels cannot go on this invoice: A, B and 3 more.")
        );
        // Counts and their labels.
        assert_eq!(
            translate(
                "Casablanca est utilisée par 3 colis, 1 livreur(s) : désactivez-la plutôt.",
                En
            )
            .as_deref(),
            Some("Casablanca is used by 3 parcel(s), 1 delivery person(s): deactivate it instead.")
        );
        // The glue alone translates nothing.
        assert_eq!(translate("Une phrase inconnue : A, B.", En), None);
    }

    #[test]
    fn values_may_be_put_in_another_order() {
        let template = Template::new(("{} a {}.", "{1} of {0}.", "{1} من {0}."));
        assert_eq!(
            template.fill(En, &["x".to_owned(), "y".to_owned()]),
            "y of x."
        );
        assert_eq!(parts("{}"), vec![Part::Value(0)]);
        assert_eq!(
            parts("a {x} b"),
            vec![Part::Text("a {x}"), Part::Text(" b")]
        );
    }

    #[test]
    fn cutting_backtracks_and_respects_characters() {
        let pieces = ["", " : ", "."];
        let values = cut(&pieces, "a : b : c.", &mut |v| v[0] == "a : b").unwrap();
        assert_eq!(values, vec!["a : b", "c"]);
        assert!(cut(&pieces, "é : .", &mut |_| true).is_none());
        assert_eq!(
            cut(&["", " : ", "."], "É : « ت ».", &mut |_| true).unwrap(),
            vec!["É", "« ت »"]
        );
        assert_eq!(
            cut(
                &["", " est « ", " »."],
                "Élément est « Livré ».",
                &mut |_| true
            )
            .unwrap(),
            vec!["Élément", "Livré"]
        );
        assert_eq!(
            cut(&["« ", " »"], "« Livré »", &mut |_| true).unwrap(),
            vec!["Livré"]
        );
    }
}
