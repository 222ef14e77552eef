//! Public, opaque identifiers. Internal integer ids never leave the server.

use rand::Rng;

/// Upper-case letters and digits without the look-alikes 0/O, 1/I/L, so a key read aloud or
/// typed from paper is unambiguous.
pub const KEY_ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// A random key of `len` characters from [`KEY_ALPHABET`].
pub fn random_key(len: usize) -> String {
    let mut rng = rand::thread_rng();
    (0..len)
        .map(|_| KEY_ALPHABET[rng.gen_range(0..KEY_ALPHABET.len())] as char)
        .collect()
}

/// A key with a readable prefix, e.g. `USR` + 9 random characters.
pub fn prefixed_key(prefix: &str, random_len: usize) -> String {
    format!("{prefix}{}", random_key(random_len))
}

/// A key starting with the time it was made (milliseconds, nine characters of
/// [`KEY_ALPHABET`], which sorts as its ASCII order) then `random_len` random characters: keys
/// made one after another sort in that order, so their unique index grows at its end, one page
/// written per insert instead of a random one. For rows written in bulk whose key reveals nothing
/// worth hiding by its time (a webhook delivery's).
pub fn time_ordered_key(random_len: usize) -> String {
    let millis = chrono::Utc::now().timestamp_millis().max(0) as u64;
    time_ordered_key_at(millis, random_len)
}

fn time_ordered_key_at(millis: u64, random_len: usize) -> String {
    const TIME_LEN: usize = 9;
    let base = KEY_ALPHABET.len() as u64;
    let mut time = [0u8; TIME_LEN];
    let mut rest = millis;
    for place in time.iter_mut().rev() {
        *place = KEY_ALPHABET[(rest % base) as usize];
        rest /= base;
    }
    let mut key = String::with_capacity(TIME_LEN + random_len);
    key.extend(time.iter().map(|&b| b as char));
    key.push_str(&random_key(random_len));
    key
}

/// A secret for cookies and tokens: URL-safe, high entropy.
pub fn random_secret(len: usize) -> String {
    rand::thread_rng()
        .sample_iter(&rand::distributions::Alphanumeric)
        .take(len)
        .map(char::from)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_use_only_the_unambiguous_alphabet() {
        for _ in 0..100 {
            let key = prefixed_key("USR", 9);
            assert_eq!(key.len(), 12);
            assert!(
                key.bytes().skip(3).all(|b| KEY_ALPHABET.contains(&b)),
                "{key}"
            );
            assert!(!key[3..].contains(['0', 'O', '1', 'I', 'L']));
        }
    }

    #[test]
    fn time_ordered_keys_sort_by_their_time() {
        // 2026-11-26 and a millisecond later, a second later, a year later.
        let times = [
            1_795_700_000_000u64,
            1_795_700_000_001,
            1_795_700_001_000,
            1_827_236_000_000,
        ];
        let keys: Vec<String> = times.iter().map(|&t| time_ordered_key_at(t, 6)).collect();
        for pair in keys.windows(2) {
            assert!(pair[0] < pair[1], "{} then {}", pair[0], pair[1]);
        }
        for key in &keys {
            assert_eq!(key.len(), 15);
            assert!(key.bytes().all(|b| KEY_ALPHABET.contains(&b)), "{key}");
        }
        // Nine characters hold 31^9 ms: about 840 years.
        assert!(31u64.pow(9) > 1000 * 3600 * 24 * 365 * 800);
        assert_eq!(time_ordered_key(6).len(), 15);
    }

    #[test]
    fn secrets_are_long_and_distinct() {
        let a = random_secret(40);
        let b = random_secret(40);
        assert_eq!(a.len(), 40);
        assert_ne!(a, b);
        assert!(a.chars().all(|c| c.is_ascii_alphanumeric()));
    }
}
