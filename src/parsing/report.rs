//! Human-readable renderings of parse results, shared by the `iri` command and the spec-example
//! snapshots: the components as text ([`describe`]), an input quoted for display ([`quote`]), and
//! an input with a caret under an offset ([`render_caret`]) or a span underlined ([`render_span`]).
//! Each shows the characters that would make a terminal lie about the input ([`needs_escape`]:
//! controls, bidirectional formatting, invisible characters) as `\u{…}`.

use std::fmt::{self, Write};

use crate::grammar::rule::RuleName;
use crate::grammar::Grammar;
use crate::parsing::components::Components;
use crate::parsing::components::{
    Authority, Component, Host, HostKind, Path, Port, PortValue, Reference,
};

pub use crate::parsing::error::{
    column_of, escape, escape_into, needs_escape, quote, quote_into, render_caret, render_span,
};

/// How [`describe_with`] quotes a component's text.
pub type Quote = fn(&str) -> String;

fn comp(q: Quote, c: Option<&Component<'_>>) -> String {
    match c {
        Some(c) => format!("{} {}..{}", q(c.as_str()), c.span().start, c.span().end),
        None => "-".to_string(),
    }
}

/// The components as text, one per line with the byte span `start..end` (absent ones as `-`), as shown
/// by `iri parse`:
///
/// ```
/// use iri_abnf::{report::describe, tree, Grammar, Rule};
///
/// let p = tree::parse(Grammar::Uri, Rule::UriReference, "http://a:8080/b").unwrap();
/// let text = describe(p.grammar, p.rule, &p.components);
/// assert!(text.contains("port: \"8080\" 9..13 (number 8080)"));
/// assert!(text.contains("path: \"/b\" 13..15 (path-abempty)"));
/// ```
pub fn describe(grammar: Grammar, rule: impl RuleName, components: &Components<'_>) -> String {
    describe_with(grammar, rule, components, quote)
}

/// [`describe`] with each component's text quoted by `q` (for example exactly, in double quotes,
/// where [`describe`] escapes the characters of [`needs_escape`] for display).
///
/// ```
/// use iri_abnf::{report::describe_with, tree, Grammar, Rule};
///
/// let p = tree::parse(Grammar::Iri, Rule::IriReference, "/a\u{200B}").unwrap();
/// let text = describe_with(p.grammar, p.rule, &p.components, |s| format!("<{s}>"));
/// assert!(text.contains("path: </a\u{200B}> 0..5"));
/// ```
pub fn describe_with(
    grammar: Grammar,
    rule: impl RuleName,
    components: &Components<'_>,
    q: Quote,
) -> String {
    let mut s = String::new();
    let _ = write_description(&mut s, grammar, rule, components, q);
    s
}

/// [`describe_with`] written to `out` as it goes, a line at a time: the description of a path of n
/// segments has n + 1 lines, which need not be held together.
///
/// ```
/// use iri_abnf::{report::{describe, write_description}, tree, Grammar, Rule};
///
/// let p = tree::parse(Grammar::Iri, Rule::IriReference, "http://a/b/c").unwrap();
/// let mut text = String::new();
/// write_description(&mut text, p.grammar, p.rule, &p.components, |s| format!("<{s}>")).unwrap();
/// assert!(text.contains("  segment: <c> 11..12\n"));
/// ```
pub fn write_description(
    out: &mut dyn Write,
    grammar: Grammar,
    rule: impl RuleName,
    components: &Components<'_>,
    q: Quote,
) -> fmt::Result {
    writeln!(out, "grammar: {grammar}\nrule: {}", rule.as_name())?;
    match components {
        Components::Reference(r) => reference(q, grammar, r, out),
        Components::Authority(a) => authority(q, grammar, a, "", out),
        Components::Host(h) => host(q, h, "", out),
        Components::Port(p) => port(q, Some(p), "", out),
        Components::Path(p) => path(q, grammar, p, "", out),
        Components::Text(c) => writeln!(out, "text: {}", comp(q, Some(c))),
    }
}

fn reference(q: Quote, grammar: Grammar, r: &Reference<'_>, s: &mut dyn Write) -> fmt::Result {
    writeln!(s, "kind: {}", r.kind().as_str())?;
    writeln!(s, "scheme: {}", comp(q, r.scheme().as_ref()))?;
    match &r.authority() {
        Some(a) => authority(q, grammar, a, "", s)?,
        None => writeln!(s, "authority: -")?,
    }
    path(q, grammar, &r.path(), "", s)?;
    writeln!(s, "query: {}", comp(q, r.query().as_ref()))?;
    writeln!(s, "fragment: {}", comp(q, r.fragment().as_ref()))
}

fn authority(
    q: Quote,
    grammar: Grammar,
    a: &Authority<'_>,
    indent: &str,
    s: &mut dyn Write,
) -> fmt::Result {
    let _ = grammar;
    writeln!(s, "{indent}authority: {}", comp(q, Some(&a.as_component())))?;
    let inner = format!("{indent}  ");
    writeln!(s, "{inner}userinfo: {}", comp(q, a.userinfo().as_ref()))?;
    host(q, &a.host(), &inner, s)?;
    port(q, a.port().as_ref(), &inner, s)
}

fn host(q: Quote, h: &Host<'_>, indent: &str, s: &mut dyn Write) -> fmt::Result {
    let kind = match h.kind() {
        HostKind::Ipv4 { octets } => format!(
            "IPv4address {}.{}.{}.{}",
            octets[0], octets[1], octets[2], octets[3]
        ),
        HostKind::Ipv6 { address } => format!("IPv6address {}", q(address.as_str())),
        HostKind::IpvFuture { version, address } => format!(
            "IPvFuture version {} address {}",
            q(version.as_str()),
            q(address.as_str())
        ),
        HostKind::RegName => "reg-name".to_string(),
    };
    writeln!(
        s,
        "{indent}host: {} ({kind})",
        comp(q, Some(&h.as_component()))
    )
}

fn port(q: Quote, p: Option<&Port<'_>>, indent: &str, s: &mut dyn Write) -> fmt::Result {
    match p {
        None => writeln!(s, "{indent}port: -"),
        Some(p) => {
            let value = match p.value() {
                PortValue::Empty => "empty".to_string(),
                PortValue::Number(n) => format!("number {n}"),
                PortValue::TooLarge => "too large for 16 bits".to_string(),
            };
            writeln!(
                s,
                "{indent}port: {} ({value})",
                comp(q, Some(&p.as_component()))
            )
        }
    }
}

fn path(q: Quote, grammar: Grammar, p: &Path<'_>, indent: &str, s: &mut dyn Write) -> fmt::Result {
    writeln!(
        s,
        "{indent}path: {} ({})",
        comp(q, Some(&p.as_component())),
        p.kind().rule_name(grammar)
    )?;
    for seg in p.segments() {
        writeln!(s, "{indent}  segment: {}", comp(q, Some(&seg)))?;
    }
    Ok(())
}
