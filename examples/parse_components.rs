//! Parse an IRI reference into its components (RFC 3986 §3, 3987bis §2.2) and print each with its
//! byte span in the input.
//!
//! ```sh
//! cargo run --example parse_components -- 'http://user@example.org:8080/a/b?q#f'
//! ```

use std::fmt::Write as _;

use iri_abnf::{parse, Grammar, HostKind, PortValue};

/// The components of `input` under the `iri` grammar, one per line, or the error.
pub fn components(input: &str) -> Result<String, String> {
    let r = parse(Grammar::Iri, input).map_err(|e| format!("{e:#}"))?;
    let mut s = String::new();
    let _ = writeln!(s, "kind: {:?}", r.kind());
    if let Some(scheme) = &r.scheme() {
        let _ = writeln!(
            s,
            "scheme: {} at {}..{}",
            scheme.as_str(),
            scheme.span().start,
            scheme.span().end
        );
    }
    if let Some(auth) = &r.authority() {
        if let Some(userinfo) = auth.userinfo() {
            let _ = writeln!(s, "userinfo: {}", userinfo.as_str());
        }
        let kind = match auth.host().kind() {
            HostKind::Ipv6 { .. } => "IPv6 literal",
            HostKind::IpvFuture { .. } => "IPvFuture literal",
            HostKind::Ipv4 { .. } => "IPv4 address",
            HostKind::RegName => "registered name",
            _ => "host",
        };
        let _ = writeln!(s, "host: {} ({kind})", auth.host().as_str());
        if let Some(port) = auth.port() {
            match port.value() {
                PortValue::Number(n) => {
                    let _ = writeln!(s, "port: {n}");
                }
                other => {
                    let _ = writeln!(s, "port: {} ({other:?})", port.as_str());
                }
            }
        }
    }
    let _ = writeln!(
        s,
        "path: {:?} ({} segments)",
        r.path().as_str(),
        r.path().segments().count()
    );
    if let Some(q) = &r.query() {
        let _ = writeln!(s, "query: {}", q.as_str());
    }
    if let Some(f) = &r.fragment() {
        let _ = writeln!(s, "fragment: {}", f.as_str());
    }
    Ok(s)
}

fn main() {
    let input = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "http://user@résumé.example.org:8080/a/b?q#f".to_string());
    match components(&input) {
        Ok(s) => print!("{s}"),
        Err(e) => {
            eprint!("{e}");
            std::process::exit(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_the_components() {
        let s = components("http://user@résumé.example.org:8080/a/b?q#f").unwrap();
        assert!(s.contains("scheme: http at 0..4"), "{s}");
        assert!(s.contains("userinfo: user"), "{s}");
        assert!(
            s.contains("host: résumé.example.org (registered name)"),
            "{s}"
        );
        assert!(s.contains("port: 8080"), "{s}");
        assert!(s.contains("path: \"/a/b\" (2 segments)"), "{s}");
        assert!(s.contains("query: q") && s.contains("fragment: f"), "{s}");
        let e = components("http://a b/").unwrap_err();
        assert!(e.contains("byte offset 8"), "{e}");
    }
}
