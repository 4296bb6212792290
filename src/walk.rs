//! The tree walker: one function per rule that carries meaning, turning a [`SyntaxNode`] tree into the
//! typed components of [`crate::components`]. The URI rules and their `i`-prefixed IRI counterparts
//! (3987bis §2.2: "If the non-terminal contains 'URI', this has been changed to 'IRI'. Otherwise, an 'i'
//! has been prefixed.") are handled by the same functions.

use crate::components::{
    Authority, Component, Host, HostKind, Path, PathKind, Port, Reference, ReferenceKind, Span,
};
use crate::grammar::Grammar;
use crate::rule::Rule;
use crate::syntax::SyntaxNode;

/// The typed result of a parse, by what the start rule describes.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case", tag = "component"))]
pub enum Components<'a> {
    /// A whole reference (`IRI-reference`, `IRI`, `absolute-IRI`, `irelative-ref` and their URI names).
    Reference(Reference<'a>),
    /// An authority (`iauthority`, `authority`).
    Authority(Authority<'a>),
    /// A host (`ihost`, `host`, `IP-literal`, `IPv4address`, `IPv6address`, `IPvFuture`, `ireg-name`).
    Host(Host<'a>),
    /// A port.
    Port(Port<'a>),
    /// A path (`ipath` or one of its alternatives).
    Path(Path<'a>),
    /// Any other rule: no typed component beyond the matched text.
    Text(Component<'a>),
}

fn child(node: &SyntaxNode, name: Rule) -> Option<&SyntaxNode> {
    node.children
        .iter()
        .find(|c| c.rule.uri_counterpart() == name)
}

/// Something in the tree was not where the grammar puts it: a bug, reported instead of a panic.
#[derive(Debug)]
pub(crate) struct TreeShape(pub String);

fn need(node: &SyntaxNode, name: Rule) -> Result<&SyntaxNode, TreeShape> {
    child(node, name).ok_or_else(|| TreeShape(format!("`{}` without `{name}`", node.rule)))
}

/// Walks the tree of a successful parse with `rule` as the start rule.
pub(crate) fn components<'a>(
    grammar: Grammar,
    rule: &'static str,
    input: &'a str,
    tree: &SyntaxNode,
) -> Result<Components<'a>, TreeShape> {
    let c = |span| Component::new(input, span);
    Ok(match tree.rule.uri_counterpart() {
        Rule::UriReference => Components::Reference(uri_reference(grammar, rule, input, tree)?),
        Rule::Uri | Rule::AbsoluteUri => Components::Reference(uri(grammar, rule, input, tree)?),
        Rule::RelativeRef => Components::Reference(relative_ref(grammar, rule, input, tree)?),
        Rule::Authority => Components::Authority(authority(input, tree)?),
        Rule::Host
        | Rule::IpLiteral
        | Rule::Ipv4address
        | Rule::Ipv6address
        | Rule::IpvFuture
        | Rule::RegName => Components::Host(host(input, tree)?),
        Rule::Port => Components::Port(port(input, tree)),
        Rule::Path => Components::Path(path(input, tree.children.first().unwrap_or(tree))?),
        Rule::PathAbempty
        | Rule::PathAbsolute
        | Rule::PathNoscheme
        | Rule::PathRootless
        | Rule::PathEmpty => Components::Path(path(input, tree)?),
        _ => Components::Text(c(tree.span)),
    })
}

/// `IRI-reference = IRI / irelative-ref` (`URI-reference = URI / relative-ref`).
fn uri_reference<'a>(
    grammar: Grammar,
    rule: &'static str,
    input: &'a str,
    node: &SyntaxNode,
) -> Result<Reference<'a>, TreeShape> {
    if let Some(n) = child(node, Rule::Uri) {
        uri(grammar, rule, input, n)
    } else {
        relative_ref(grammar, rule, input, need(node, Rule::RelativeRef)?)
    }
}

/// `IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]`, and `absolute-IRI` (no fragment).
fn uri<'a>(
    grammar: Grammar,
    rule: &'static str,
    input: &'a str,
    node: &SyntaxNode,
) -> Result<Reference<'a>, TreeShape> {
    let scheme = Component::new(input, need(node, Rule::Scheme)?.span);
    let (authority, path) = hier_part(input, need(node, Rule::HierPart)?)?;
    let query = child(node, Rule::Query).map(|n| Component::new(input, n.span));
    let fragment = child(node, Rule::Fragment).map(|n| Component::new(input, n.span));
    let kind = if fragment.is_some() {
        ReferenceKind::Iri
    } else {
        ReferenceKind::AbsoluteIri
    };
    Ok(Reference {
        input,
        grammar,
        rule,
        kind,
        scheme: Some(scheme),
        authority,
        path,
        query,
        fragment,
    })
}

/// `irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ]`.
fn relative_ref<'a>(
    grammar: Grammar,
    rule: &'static str,
    input: &'a str,
    node: &SyntaxNode,
) -> Result<Reference<'a>, TreeShape> {
    let (authority, path) = hier_part(input, need(node, Rule::RelativePart)?)?;
    let query = child(node, Rule::Query).map(|n| Component::new(input, n.span));
    let fragment = child(node, Rule::Fragment).map(|n| Component::new(input, n.span));
    let kind = if authority.is_some() {
        ReferenceKind::NetworkPath
    } else if path.component.text.starts_with('/') {
        ReferenceKind::AbsolutePath
    } else if !path.component.text.is_empty() {
        ReferenceKind::RelativePath
    } else {
        ReferenceKind::Empty
    };
    Ok(Reference {
        input,
        grammar,
        rule,
        kind,
        scheme: None,
        authority,
        path,
        query,
        fragment,
    })
}

/// `ihier-part` and `irelative-part`: `"//" iauthority ipath-abempty` or one path alternative.
fn hier_part<'a>(
    input: &'a str,
    node: &SyntaxNode,
) -> Result<(Option<Authority<'a>>, Path<'a>), TreeShape> {
    let authority = match child(node, Rule::Authority) {
        Some(a) => Some(authority(input, a)?),
        None => None,
    };
    let path_node = node
        .children
        .iter()
        .find(|c| {
            matches!(
                c.rule.uri_counterpart(),
                Rule::PathAbempty
                    | Rule::PathAbsolute
                    | Rule::PathNoscheme
                    | Rule::PathRootless
                    | Rule::PathEmpty
            )
        })
        .ok_or_else(|| TreeShape(format!("`{}` without a path", node.rule)))?;
    Ok((authority, path(input, path_node)?))
}

/// `iauthority = [ iuserinfo "@" ] ihost [ ":" port ]`.
fn authority<'a>(input: &'a str, node: &SyntaxNode) -> Result<Authority<'a>, TreeShape> {
    Ok(Authority {
        component: Component::new(input, node.span),
        userinfo: child(node, Rule::Userinfo).map(|n| Component::new(input, n.span)),
        host: host(input, need(node, Rule::Host)?)?,
        port: child(node, Rule::Port).map(|n| port(input, n)),
    })
}

/// `port = *DIGIT`.
fn port<'a>(input: &'a str, node: &SyntaxNode) -> Port<'a> {
    Port {
        component: Component::new(input, node.span),
    }
}

/// `ihost = IP-literal / IPv4address / ireg-name`; also the start rules of each alternative.
fn host<'a>(input: &'a str, node: &SyntaxNode) -> Result<Host<'a>, TreeShape> {
    let inner = if node.rule.uri_counterpart() == Rule::Host {
        node.children
            .first()
            .ok_or_else(|| TreeShape("host without an alternative".into()))?
    } else {
        node
    };
    let kind = match inner.rule {
        Rule::IpLiteral => ip_literal(input, inner)?,
        Rule::Ipv6address => HostKind::Ipv6 {
            address: Component::new(input, inner.span),
        },
        Rule::IpvFuture => ipv_future(input, inner),
        Rule::Ipv4address => ipv4address(input, inner)?,
        _ => HostKind::RegName,
    };
    Ok(Host {
        component: Component::new(input, node.span),
        kind,
    })
}

/// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`.
fn ip_literal<'a>(input: &'a str, node: &SyntaxNode) -> Result<HostKind<'a>, TreeShape> {
    if let Some(v6) = child(node, Rule::Ipv6address) {
        Ok(HostKind::Ipv6 {
            address: Component::new(input, v6.span),
        })
    } else {
        Ok(ipv_future(input, need(node, Rule::IpvFuture)?))
    }
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`: the version is the hex digits, the
/// address what follows the first "." (HEXDIG contains no ".").
fn ipv_future<'a>(input: &'a str, node: &SyntaxNode) -> HostKind<'a> {
    let text = input.get(node.span.start..node.span.end).unwrap_or("");
    let dot = text.find('.').unwrap_or(text.len());
    let version = Span {
        start: node.span.start + 1.min(text.len()),
        end: node.span.start + dot,
    };
    let address = Span {
        start: (node.span.start + dot + 1).min(node.span.end),
        end: node.span.end,
    };
    HostKind::IpvFuture {
        version: Component::new(input, version),
        address: Component::new(input, address),
    }
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`.
fn ipv4address<'a>(input: &'a str, node: &SyntaxNode) -> Result<HostKind<'a>, TreeShape> {
    let mut octets = [0u8; 4];
    let mut n = 0;
    for c in node.children.iter().filter(|c| c.rule == Rule::DecOctet) {
        let text = input.get(c.span.start..c.span.end).unwrap_or("");
        let value = text
            .parse::<u8>()
            .map_err(|_| TreeShape(format!("dec-octet {text:?} out of range")))?;
        if n < 4 {
            octets[n] = value;
        }
        n += 1;
    }
    if n != 4 {
        return Err(TreeShape(format!("IPv4address with {n} dec-octets")));
    }
    Ok(HostKind::Ipv4 { octets })
}

/// One of `ipath-abempty`, `ipath-absolute`, `ipath-noscheme`, `ipath-rootless`, `ipath-empty`.
fn path<'a>(input: &'a str, node: &SyntaxNode) -> Result<Path<'a>, TreeShape> {
    let kind = match node.rule.uri_counterpart() {
        Rule::PathAbempty => PathKind::Abempty,
        Rule::PathAbsolute => PathKind::Absolute,
        Rule::PathNoscheme => PathKind::Noscheme,
        Rule::PathRootless => PathKind::Rootless,
        Rule::PathEmpty => PathKind::Empty,
        other => return Err(TreeShape(format!("`{other}` is not a path alternative"))),
    };
    Ok(Path {
        component: Component::new(input, node.span),
        kind,
        segments: segments(input, node.span),
    })
}

/// RFC 3986 §3.3: the path split at each "/", after the leading "/" when there is one.
fn segments(input: &str, span: Span) -> Vec<Component<'_>> {
    let text = input.get(span.start..span.end).unwrap_or("");
    if text.is_empty() {
        return Vec::new();
    }
    let (mut start, body) = match text.strip_prefix('/') {
        Some(rest) => (span.start + 1, rest),
        None => (span.start, text),
    };
    let mut out = Vec::new();
    for piece in body.split('/') {
        let s = Span {
            start,
            end: start + piece.len(),
        };
        out.push(Component::new(input, s));
        start = s.end + 1;
    }
    out
}
