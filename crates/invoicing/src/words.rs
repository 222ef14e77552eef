//! Amounts in French words, as invoices print them under the total ("Arrêté la présente facture
//! à la somme de …").

use colivra_core::Centimes;

const UNITS: [&str; 17] = [
    "zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze",
    "douze", "treize", "quatorze", "quinze", "seize",
];
const TENS: [&str; 7] = [
    "",
    "dix",
    "vingt",
    "trente",
    "quarante",
    "cinquante",
    "soixante",
];

/// 0 to 99 (French rules: 21 "vingt et un", 71 "soixante et onze", 80 "quatre-vingts",
/// 91 "quatre-vingt-onze").
fn below_hundred(n: u64) -> String {
    match n {
        0..=16 => UNITS[n as usize].to_owned(),
        17..=19 => format!("dix-{}", UNITS[(n - 10) as usize]),
        20..=69 => {
            let (t, u) = (n / 10, n % 10);
            match u {
                0 => TENS[t as usize].to_owned(),
                1 => format!("{} et un", TENS[t as usize]),
                _ => format!("{}-{}", TENS[t as usize], UNITS[u as usize]),
            }
        }
        70..=79 => match n {
            71 => "soixante et onze".to_owned(),
            _ => format!("soixante-{}", below_hundred(n - 60)),
        },
        80 => "quatre-vingts".to_owned(),
        _ => format!("quatre-vingt-{}", below_hundred(n - 80)),
    }
}

/// 0 to 999; `plural_ok`: "cents" takes its s only at the end of the number.
fn below_thousand(n: u64, plural_ok: bool) -> String {
    let (h, rest) = (n / 100, n % 100);
    let hundreds = match h {
        0 => String::new(),
        1 => "cent".to_owned(),
        _ if rest == 0 && plural_ok => format!("{} cents", UNITS[h as usize]),
        _ => format!("{} cent", UNITS[h as usize]),
    };
    // "quatre-vingts" loses its s before "mille" too.
    let tens = match rest {
        80 if !plural_ok => "quatre-vingt".to_owned(),
        _ => below_hundred(rest),
    };
    match (hundreds.is_empty(), rest) {
        (true, _) => tens,
        (false, 0) => hundreds,
        (false, _) => format!("{hundreds} {tens}"),
    }
}

/// A whole number in French words.
pub fn number_in_words(n: u64) -> String {
    if n == 0 {
        return "zéro".to_owned();
    }
    let mut parts = Vec::new();
    let scales: [(u64, &str, &str); 3] = [
        (1_000_000_000, "milliard", "milliards"),
        (1_000_000, "million", "millions"),
        (1_000, "mille", "mille"),
    ];
    let mut rest = n;
    for (scale, one, many) in scales {
        let count = rest / scale;
        rest %= scale;
        match count {
            0 => {}
            1 if scale == 1_000 => parts.push("mille".to_owned()),
            1 => parts.push(format!("un {one}")),
            // "quatre-vingt mille", "deux cent mille": no plural before mille.
            _ if scale == 1_000 => parts.push(format!("{} {many}", below_thousand(count, false))),
            _ => parts.push(format!("{} {many}", below_thousand(count, true))),
        }
    }
    if rest > 0 {
        parts.push(below_thousand(rest, true));
    }
    parts.join(" ")
}

/// An amount of centimes in words: "mille deux cent trente-quatre dirhams et cinquante
/// centimes", "moins …" for a negative amount.
pub fn amount_in_words(amount: Centimes) -> String {
    let abs = amount.get().unsigned_abs();
    let (dirhams, cents) = (abs / 100, abs % 100);
    let mut text = format!(
        "{} dirham{}",
        number_in_words(dirhams),
        if dirhams > 1 { "s" } else { "" }
    );
    if cents > 0 {
        text.push_str(&format!(
            " et {} centime{}",
            number_in_words(cents),
            if cents > 1 { "s" } else { "" }
        ));
    }
    if amount.is_negative() {
        format!("moins {text}")
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn french_numbers_follow_their_odd_rules() {
        let cases = [
            (0, "zéro"),
            (1, "un"),
            (16, "seize"),
            (17, "dix-sept"),
            (21, "vingt et un"),
            (22, "vingt-deux"),
            (70, "soixante-dix"),
            (71, "soixante et onze"),
            (77, "soixante-dix-sept"),
            (80, "quatre-vingts"),
            (81, "quatre-vingt-un"),
            (91, "quatre-vingt-onze"),
            (100, "cent"),
            (101, "cent un"),
            (200, "deux cents"),
            (250, "deux cent cinquante"),
            (1000, "mille"),
            (1001, "mille un"),
            (2000, "deux mille"),
            (80_000, "quatre-vingt mille"),
            (200_000, "deux cent mille"),
            (280_000, "deux cent quatre-vingt mille"),
            (80_080, "quatre-vingt mille quatre-vingts"),
            (1_000_000, "un million"),
            (2_300_000, "deux millions trois cent mille"),
            (
                1_234_567,
                "un million deux cent trente-quatre mille cinq cent soixante-sept",
            ),
        ];
        for (n, words) in cases {
            assert_eq!(number_in_words(n), words, "{n}");
        }
    }

    #[test]
    fn amounts_name_dirhams_and_centimes() {
        let words = |centimes| amount_in_words(Centimes::new(centimes));
        assert_eq!(words(100), "un dirham");
        assert_eq!(
            words(123_450),
            "mille deux cent trente-quatre dirhams et cinquante centimes"
        );
        assert_eq!(words(-500), "moins cinq dirhams");
        assert_eq!(words(1), "zéro dirham et un centime");
    }
}
