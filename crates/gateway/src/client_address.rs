//! The client's address behind trusted proxies (`COLIVRA_TRUSTED_PROXIES`): sign-in and tracking
//! throttles count per address, and behind a load balancer every connection comes from the
//! balancer. `X-Forwarded-For` is read only when the connection comes from a trusted proxy, and
//! from the right: the first address that is not itself a trusted proxy is the client (what a
//! client writes at the left of the header is never believed).

use std::net::IpAddr;

/// An address or a network (`10.0.0.0/8`, `fd00::/8`, `127.0.0.1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Network {
    address: IpAddr,
    prefix: u8,
}

impl Network {
    pub fn parse(text: &str) -> Result<Network, String> {
        let text = text.trim();
        let (address, prefix) = match text.split_once('/') {
            Some((address, prefix)) => (address, Some(prefix)),
            None => (text, None),
        };
        let address: IpAddr = address
            .parse()
            .map_err(|_| format!("'{text}' is not an IP address or network"))?;
        let max = if address.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => max,
            Some(bits) => bits
                .parse::<u8>()
                .ok()
                .filter(|bits| *bits <= max)
                .ok_or_else(|| format!("'{text}': the prefix length must be 0 to {max}"))?,
        };
        Ok(Network { address, prefix })
    }

    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        let (network, candidate, width) = match (self.address, ip) {
            (IpAddr::V4(n), IpAddr::V4(c)) => (u32::from(n) as u128, u32::from(c) as u128, 32),
            (IpAddr::V6(n), IpAddr::V6(c)) => (u128::from(n), u128::from(c), 128),
            _ => return false,
        };
        let shift = width - u32::from(self.prefix);
        shift >= width || (network >> shift) == (candidate >> shift)
    }
}

/// The proxies whose `X-Forwarded-For` is believed; none by default.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<Network>);

impl TrustedProxies {
    /// A comma-separated list of addresses and networks; empty trusts nobody.
    pub fn parse(list: &str) -> Result<TrustedProxies, String> {
        list.split(',')
            .filter(|item| !item.trim().is_empty())
            .map(Network::parse)
            .collect::<Result<Vec<_>, _>>()
            .map(TrustedProxies)
    }

    fn trusts(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|network| network.contains(ip))
    }

    /// The client's address: the peer, or, when the peer is a trusted proxy, the rightmost
    /// address of `forwarded_for` (the header's values in order) that is not a trusted proxy.
    pub fn client_address<'a>(
        &self,
        peer: Option<IpAddr>,
        forwarded_for: impl Iterator<Item = &'a str>,
    ) -> Option<IpAddr> {
        let peer = peer?;
        if !self.trusts(peer) {
            return Some(peer);
        }
        let hops: Vec<&str> = forwarded_for.flat_map(|value| value.split(',')).collect();
        let mut client = peer;
        for hop in hops.iter().rev() {
            let Ok(ip) = hop.trim().parse::<IpAddr>() else {
                // Garbage in the chain: stop at the last address known good.
                break;
            };
            client = ip;
            if !self.trusts(ip) {
                break;
            }
        }
        Some(client)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> Option<IpAddr> {
        Some(text.parse().unwrap())
    }

    #[test]
    fn networks_hold_their_addresses_only() {
        let net = Network::parse("172.16.0.0/12").unwrap();
        assert!(net.contains("172.31.255.1".parse().unwrap()));
        assert!(!net.contains("172.32.0.1".parse().unwrap()));
        assert!(net.contains("::ffff:172.20.0.3".parse().unwrap()));
        assert!(Network::parse("0.0.0.0/0")
            .unwrap()
            .contains("8.8.8.8".parse().unwrap()));
        let one = Network::parse("127.0.0.1").unwrap();
        assert!(one.contains("127.0.0.1".parse().unwrap()));
        assert!(!one.contains("127.0.0.2".parse().unwrap()));
        assert!(Network::parse("fd00::/8")
            .unwrap()
            .contains("fd12::1".parse().unwrap()));
        for bad in ["10.0.0.0/33", "proxy", "10.0.0/8", "::/129", "10.0.0.0/x"] {
            assert!(Network::parse(bad).is_err(), "{bad}");
        }
        assert!(TrustedProxies::parse("10.0.0.0/8, bad").is_err());
        assert_eq!(
            TrustedProxies::parse(" ").unwrap(),
            TrustedProxies::default()
        );
    }

    #[test]
    fn the_client_is_the_rightmost_address_no_trusted_proxy_wrote() {
        let trusted = TrustedProxies::parse("10.0.0.0/8,127.0.0.1").unwrap();
        let forwarded = |values: &'static [&'static str]| values.iter().copied();
        // Not from a proxy: the header is ignored, whatever it says.
        assert_eq!(
            trusted.client_address(ip("203.0.113.9"), forwarded(&["198.51.100.1"])),
            ip("203.0.113.9")
        );
        // From the proxy: the address it saw. What the client wrote on the left is not believed.
        assert_eq!(
            trusted.client_address(ip("10.0.0.2"), forwarded(&["1.2.3.4, 198.51.100.7"])),
            ip("198.51.100.7")
        );
        // Two proxies in a row, the header over two lines.
        assert_eq!(
            trusted.client_address(ip("127.0.0.1"), forwarded(&["198.51.100.7", "10.0.0.5"])),
            ip("198.51.100.7")
        );
        // From the proxy without the header, or with garbage after the client: the last good one.
        assert_eq!(
            trusted.client_address(ip("10.0.0.2"), forwarded(&[])),
            ip("10.0.0.2")
        );
        assert_eq!(
            trusted.client_address(ip("10.0.0.2"), forwarded(&["198.51.100.7, nonsense"])),
            ip("10.0.0.2")
        );
        // Nobody trusted (the default): the peer, always.
        assert_eq!(
            TrustedProxies::default().client_address(ip("10.0.0.2"), forwarded(&["1.2.3.4"])),
            ip("10.0.0.2")
        );
    }
}
