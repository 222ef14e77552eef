//! Where deliveries may go: https URLs on public addresses only, so an endpoint cannot make the
//! server call into the company's own network (SSRF). `COLIVRA_WEBHOOK_ALLOW_PRIVATE=true`
//! (development and tests) also allows http and private, loopback and link-local addresses.
//! Host names are checked again on every delivery, on the addresses they resolve to then.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use url::{Host, Url};

pub const MAX_URL_LENGTH: usize = 2000;

/// The URL as stored, or why it is refused (French, for the form).
pub fn check_url(input: &str, allow_private: bool) -> Result<String, String> {
    let input = input.trim();
    if input.is_empty() || input.len() > MAX_URL_LENGTH {
        return Err(format!(
            "Indiquez une adresse https de {MAX_URL_LENGTH} caractères au plus."
        ));
    }
    let url = Url::parse(input).map_err(|_| "Adresse invalide.".to_owned())?;
    match url.scheme() {
        "https" => {}
        "http" if allow_private => {}
        _ => return Err("Seules les adresses https sont acceptées.".to_owned()),
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err("L'adresse ne peut pas contenir d'identifiants.".to_owned());
    }
    let refused = || Err("Les adresses privées, locales ou réservées sont refusées.".to_owned());
    match url.host() {
        None => return Err("Adresse invalide.".to_owned()),
        Some(Host::Ipv4(ip)) if !allow_private && !is_public(IpAddr::V4(ip)) => return refused(),
        Some(Host::Ipv6(ip)) if !allow_private && !is_public(IpAddr::V6(ip)) => return refused(),
        Some(Host::Domain(name)) if !allow_private && is_local_name(name) => return refused(),
        Some(_) => {}
    }
    Ok(url.to_string())
}

/// Names that always mean this machine or its network.
fn is_local_name(name: &str) -> bool {
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    name == "localhost"
        || name.ends_with(".localhost")
        || name.ends_with(".local")
        || name.ends_with(".internal")
        || !name.contains('.')
}

/// Whether `ip` is a public unicast address (not private, loopback, link-local, shared,
/// documentation, benchmarking, multicast, broadcast or unspecified).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(ip) => is_public_v4(ip),
        IpAddr::V6(ip) => match ip.to_ipv4_mapped() {
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(ip),
        },
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_private()
        || ip.is_loopback()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        || (a == 100 && (64..128).contains(&b)) // shared address space (carrier NAT)
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 198 && (18..20).contains(&b)) // benchmarking
        || a >= 240)
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || (first & 0xfe00) == 0xfc00 // unique local
        || (first & 0xffc0) == 0xfe80 // link-local
        || first == 0x2001 && ip.segments()[1] == 0x0db8 // documentation
        || ip.to_ipv4().is_some_and(|v4| !is_public_v4(v4)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_https_on_public_addresses_unless_private_is_allowed() {
        assert_eq!(
            check_url("https://shop.example.ma/colivra", false).as_deref(),
            Ok("https://shop.example.ma/colivra")
        );
        for refused in [
            "http://shop.example.ma/hook",
            "ftp://shop.example.ma/hook",
            "https://127.0.0.1/hook",
            "https://10.1.2.3/hook",
            "https://172.16.0.1/hook",
            "https://192.168.1.10/hook",
            "https://169.254.169.254/latest/meta-data",
            "https://100.64.0.1/hook",
            "https://0.0.0.0/hook",
            "https://[::1]/hook",
            "https://[fd00::1]/hook",
            "https://[fe80::1]/hook",
            "https://[::ffff:127.0.0.1]/hook",
            "https://localhost/hook",
            "https://api.localhost/hook",
            "https://intranet/hook",
            "https://user:pass@shop.example.ma/hook",
            "not a url",
            "",
        ] {
            assert!(check_url(refused, false).is_err(), "{refused}");
        }
        assert!(check_url("http://127.0.0.1:9000/hook", true).is_ok());
        assert!(check_url("https://[::1]:9000/hook", true).is_ok());
        assert!(check_url(&format!("https://a.ma/{}", "x".repeat(2000)), true).is_err());
    }

    #[test]
    fn public_addresses_are_told_from_the_rest() {
        assert!(is_public("41.250.1.1".parse().unwrap()));
        assert!(is_public("2a01:4f8::1".parse().unwrap()));
        assert!(!is_public("127.0.0.53".parse().unwrap()));
        assert!(!is_public("::ffff:10.0.0.1".parse().unwrap()));
        assert!(!is_public("198.18.0.1".parse().unwrap()));
        assert!(!is_public("255.255.255.255".parse().unwrap()));
    }
}
