//! Human-readable renderings of parse results, shared by the `iri` command and the spec-example
//! snapshots.

use std::fmt::Write as _;

use crate::components::Components;
use crate::components::{Authority, Component, Host, HostKind, Path, Port, PortValue, Reference};
use crate::error::quote;
use crate::grammar::Grammar;
use crate::rule::RuleName;

fn comp(c: Option<&Component<'_>>) -> String {
    match c {
        Some(c) => format!("{} {}..{}", quote(c.as_str()), c.span().start, c.span().end),
        None => "-".to_string(),
    }
}

/// The components as text, one per line with the byte span `start..end` (absent ones as `-`), as shown
/// by `iri parse`:
///
/// ```
/// use iri_abnf::{report::describe, tree, Grammar};
///
/// let p = tree::parse(Grammar::Uri, "URI-reference", "http://a:8080/b").unwrap();
/// let text = describe(p.grammar, p.rule, &p.components);
/// assert!(text.contains("port: \"8080\" 9..13 (number 8080)"));
/// assert!(text.contains("path: \"/b\" 13..15 (path-abempty)"));
/// ```
pub fn describe(grammar: Grammar, rule: impl RuleName, components: &Components<'_>) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "grammar: {grammar}\nrule: {}", rule.as_name());
    match components {
        Components::Reference(r) => reference(grammar, r, &mut s),
        Components::Authority(a) => authority(grammar, a, "", &mut s),
        Components::Host(h) => host(h, "", &mut s),
        Components::Port(p) => port(Some(p), "", &mut s),
        Components::Path(p) => path(grammar, p, "", &mut s),
        Components::Text(c) => {
            let _ = writeln!(s, "text: {}", comp(Some(c)));
        }
    }
    s
}

fn reference(grammar: Grammar, r: &Reference<'_>, s: &mut String) {
    let _ = writeln!(s, "kind: {}", r.kind().as_str());
    let _ = writeln!(s, "scheme: {}", comp(r.scheme().as_ref()));
    match &r.authority() {
        Some(a) => authority(grammar, a, "", s),
        None => {
            let _ = writeln!(s, "authority: -");
        }
    }
    path(grammar, &r.path(), "", s);
    let _ = writeln!(s, "query: {}", comp(r.query().as_ref()));
    let _ = writeln!(s, "fragment: {}", comp(r.fragment().as_ref()));
}

fn authority(grammar: Grammar, a: &Authority<'_>, indent: &str, s: &mut String) {
    let _ = grammar;
    let _ = writeln!(s, "{indent}authority: {}", comp(Some(&a.as_component())));
    let inner = format!("{indent}  ");
    let _ = writeln!(s, "{inner}userinfo: {}", comp(a.userinfo().as_ref()));
    host(&a.host(), &inner, s);
    port(a.port().as_ref(), &inner, s);
}

fn host(h: &Host<'_>, indent: &str, s: &mut String) {
    let kind = match h.kind() {
        HostKind::Ipv4 { octets } => format!(
            "IPv4address {}.{}.{}.{}",
            octets[0], octets[1], octets[2], octets[3]
        ),
        HostKind::Ipv6 { address } => format!("IPv6address {}", quote(address.as_str())),
        HostKind::IpvFuture { version, address } => format!(
            "IPvFuture version {} address {}",
            quote(version.as_str()),
            quote(address.as_str())
        ),
        HostKind::RegName => "reg-name".to_string(),
    };
    let _ = writeln!(
        s,
        "{indent}host: {} ({kind})",
        comp(Some(&h.as_component()))
    );
}

fn port(p: Option<&Port<'_>>, indent: &str, s: &mut String) {
    match p {
        None => {
            let _ = writeln!(s, "{indent}port: -");
        }
        Some(p) => {
            let value = match p.value() {
                PortValue::Empty => "empty".to_string(),
                PortValue::Number(n) => format!("number {n}"),
                PortValue::TooLarge => "too large for 16 bits".to_string(),
            };
            let _ = writeln!(
                s,
                "{indent}port: {} ({value})",
                comp(Some(&p.as_component()))
            );
        }
    }
}

fn path(grammar: Grammar, p: &Path<'_>, indent: &str, s: &mut String) {
    let _ = writeln!(
        s,
        "{indent}path: {} ({})",
        comp(Some(&p.as_component())),
        p.kind().rule_name(grammar)
    );
    for seg in p.segments() {
        let _ = writeln!(s, "{indent}  segment: {}", comp(Some(&seg)));
    }
}
