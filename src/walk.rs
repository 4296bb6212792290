//! The tree walker: one function per rule that carries meaning, turning a [`SyntaxNode`] tree into the
//! typed components of [`crate::components`]. The URI rules and their `i`-prefixed IRI counterparts
//! (3987bis §2.2: "If the non-terminal contains 'URI', this has been changed to 'IRI'. Otherwise, an 'i'
//! has been prefixed.") are handled by the same functions.

use crate::components::{
    Authority, Component, Host, HostKind, Path, PathKind, Port, Reference, ReferenceKind, Span,
};
use crate::grammar::Grammar;
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

/// The URI spelling of a rule name: `IRI` → `URI`, `ihost` → `host`; other names are returned as given.
pub(crate) fn base(rule: &str) -> &str {
    const URI_RULES: &[&str] = &[
        "hier-part",
        "relative-ref",
        "relative-part",
        "authority",
        "userinfo",
        "host",
        "reg-name",
        "path",
        "path-abempty",
        "path-absolute",
        "path-noscheme",
        "path-rootless",
        "path-empty",
        "segment",
        "segment-nz",
        "segment-nz-nc",
        "pchar",
        "query",
        "fragment",
    ];
    match rule {
        "IRI" => "URI",
        "IRI-reference" => "URI-reference",
        "absolute-IRI" => "absolute-URI",
        r => match r.strip_prefix('i') {
            Some(rest) if URI_RULES.contains(&rest) => rest,
            _ => r,
        },
    }
}

fn child<'n>(node: &'n SyntaxNode, name: &str) -> Option<&'n SyntaxNode> {
    node.children.iter().find(|c| base(c.rule) == name)
}

/// Something in the tree was not where the grammar puts it: a bug, reported instead of a panic.
#[derive(Debug)]
pub(crate) struct TreeShape(pub String);

fn need<'n>(node: &'n SyntaxNode, name: &str) -> Result<&'n SyntaxNode, TreeShape> {
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
    Ok(match base(tree.rule) {
        "URI-reference" => Components::Reference(uri_reference(grammar, rule, input, tree)?),
        "URI" | "absolute-URI" => Components::Reference(uri(grammar, rule, input, tree)?),
        "relative-ref" => Components::Reference(relative_ref(grammar, rule, input, tree)?),
        "authority" => Components::Authority(authority(input, tree)?),
        "host" | "IP-literal" | "IPv4address" | "IPv6address" | "IPvFuture" | "reg-name" => {
            Components::Host(host(input, tree)?)
        }
        "port" => Components::Port(port(input, tree)),
        "path" => Components::Path(path(input, tree.children.first().unwrap_or(tree))?),
        "path-abempty" | "path-absolute" | "path-noscheme" | "path-rootless" | "path-empty" => {
            Components::Path(path(input, tree)?)
        }
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
    if let Some(n) = child(node, "URI") {
        uri(grammar, rule, input, n)
    } else {
        relative_ref(grammar, rule, input, need(node, "relative-ref")?)
    }
}

/// `IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]`, and `absolute-IRI` (no fragment).
fn uri<'a>(
    grammar: Grammar,
    rule: &'static str,
    input: &'a str,
    node: &SyntaxNode,
) -> Result<Reference<'a>, TreeShape> {
    let scheme = Component::new(input, need(node, "scheme")?.span);
    let (authority, path) = hier_part(input, need(node, "hier-part")?)?;
    let query = child(node, "query").map(|n| Component::new(input, n.span));
    let fragment = child(node, "fragment").map(|n| Component::new(input, n.span));
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
    let (authority, path) = hier_part(input, need(node, "relative-part")?)?;
    let query = child(node, "query").map(|n| Component::new(input, n.span));
    let fragment = child(node, "fragment").map(|n| Component::new(input, n.span));
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
    let authority = match child(node, "authority") {
        Some(a) => Some(authority(input, a)?),
        None => None,
    };
    let path_node = node
        .children
        .iter()
        .find(|c| base(c.rule).starts_with("path-"))
        .ok_or_else(|| TreeShape(format!("`{}` without a path", node.rule)))?;
    Ok((authority, path(input, path_node)?))
}

/// `iauthority = [ iuserinfo "@" ] ihost [ ":" port ]`.
fn authority<'a>(input: &'a str, node: &SyntaxNode) -> Result<Authority<'a>, TreeShape> {
    Ok(Authority {
        component: Component::new(input, node.span),
        userinfo: child(node, "userinfo").map(|n| Component::new(input, n.span)),
        host: host(input, need(node, "host")?)?,
        port: child(node, "port").map(|n| port(input, n)),
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
    let inner = if base(node.rule) == "host" {
        node.children
            .first()
            .ok_or_else(|| TreeShape("host without an alternative".into()))?
    } else {
        node
    };
    let kind = match inner.rule {
        "IP-literal" => ip_literal(input, inner)?,
        "IPv6address" => HostKind::Ipv6 {
            address: Component::new(input, inner.span),
        },
        "IPvFuture" => ipv_future(input, inner),
        "IPv4address" => ipv4address(input, inner)?,
        _ => HostKind::RegName,
    };
    Ok(Host {
        component: Component::new(input, node.span),
        kind,
    })
}

/// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`.
fn ip_literal<'a>(input: &'a str, node: &SyntaxNode) -> Result<HostKind<'a>, TreeShape> {
    if let Some(v6) = child(node, "IPv6address") {
        Ok(HostKind::Ipv6 {
            address: Component::new(input, v6.span),
        })
    } else {
        Ok(ipv_future(input, need(node, "IPvFuture")?))
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
    for c in node.children.iter().filter(|c| c.rule == "dec-octet") {
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
    let kind = match base(node.rule) {
        "path-abempty" => PathKind::Abempty,
        "path-absolute" => PathKind::Absolute,
        "path-noscheme" => PathKind::Noscheme,
        "path-rootless" => PathKind::Rootless,
        "path-empty" => PathKind::Empty,
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
