//! The language a reader wants: French (the product's language, the default), English or Arabic
//! (Moroccan usage: right to left, Latin digits). The gateway reads it from `Accept-Language`;
//! domain crates render their texts with it.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    #[default]
    Fr,
    En,
    Ar,
}

impl Language {
    pub const ALL: [Language; 3] = [Language::Fr, Language::En, Language::Ar];

    pub fn as_str(self) -> &'static str {
        match self {
            Language::Fr => "fr",
            Language::En => "en",
            Language::Ar => "ar",
        }
    }

    /// The one of three texts (or values) written for this language.
    pub fn pick<T>(self, fr: T, en: T, ar: T) -> T {
        match self {
            Language::Fr => fr,
            Language::En => en,
            Language::Ar => ar,
        }
    }

    /// `fr`, `en` or `ar` exactly (a query parameter or a stored profile value).
    pub fn parse(value: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.as_str() == value)
    }

    /// A language tag (`en`, `en-GB`, `FR-ma`…): its primary subtag, when it is one we speak.
    pub fn from_tag(tag: &str) -> Option<Language> {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or_default();
        if primary.eq_ignore_ascii_case("fr") {
            Some(Language::Fr)
        } else if primary.eq_ignore_ascii_case("en") {
            Some(Language::En)
        } else if primary.eq_ignore_ascii_case("ar") {
            Some(Language::Ar)
        } else {
            None
        }
    }

    /// The value of an `Accept-Language` header: the spoken language with the highest weight
    /// (the first listed among equals); French when it names none (or `*` only).
    pub fn from_accept_language(header: &str) -> Language {
        let mut best: Option<(Language, f32)> = None;
        for item in header.split(',') {
            let mut parts = item.split(';');
            let Some(language) = Language::from_tag(parts.next().unwrap_or_default()) else {
                continue;
            };
            let weight = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())
                .unwrap_or(0.0);
            if weight > 0.0 && best.is_none_or(|(_, w)| weight > w) {
                best = Some((language, weight));
            }
        }
        best.map(|(language, _)| language).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_preferred_spoken_language() {
        assert_eq!(Language::from_accept_language("en"), Language::En);
        assert_eq!(
            Language::from_accept_language("en-GB,en;q=0.9"),
            Language::En
        );
        assert_eq!(
            Language::from_accept_language("fr-MA, en;q=0.8"),
            Language::Fr
        );
        assert_eq!(
            Language::from_accept_language("de, en;q=0.5, fr;q=0.4"),
            Language::En
        );
        assert_eq!(
            Language::from_accept_language("fr;q=0.3, EN;q=0.7"),
            Language::En
        );
        assert_eq!(Language::from_accept_language("en;q=0, fr"), Language::Fr);
        assert_eq!(Language::from_accept_language("de"), Language::Fr);
        assert_eq!(
            Language::from_accept_language("ar-MA,fr;q=0.8"),
            Language::Ar
        );
        assert_eq!(
            Language::from_accept_language("ar;q=0.5, en;q=0.6"),
            Language::En
        );
        assert_eq!(Language::from_accept_language("*"), Language::Fr);
        assert_eq!(Language::from_accept_language(""), Language::Fr);
    }
}
