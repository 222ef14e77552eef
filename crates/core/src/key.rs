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
    fn secrets_are_long_and_distinct() {
        let a = random_secret(40);
        let b = random_secret(40);
        assert_eq!(a.len(), 40);
        assert_ne!(a, b);
        assert!(a.chars().all(|c| c.is_ascii_alphanumeric()));
    }
}
