//! The tree walker: one function per rule that carries meaning, turning a [`SyntaxNode`] tree into the
//! typed components of [`crate::parsing::components`]. The URI rules and their `i`-prefixed IRI counterparts
//! (3987bis §2.2: "If the non-terminal contains 'URI', this has been changed to 'IRI'. Otherwise, an 'i'
//! has been prefixed.") are handled by the same functions.

use crate::grammar::rule::Rule;
use crate::grammar::Grammar;
use crate::parsing::components::{
    AuthorityMeta, Component, Components, Host, HostKind, HostTag, Meta, Opt, Path, PathKind, Port,
    Reference, ReferenceKind, Span,
};
use crate::syntax::SyntaxNode;

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
    rule: Rule,
    input: &'a str,
    tree: &SyntaxNode,
) -> Result<Components<'a>, TreeShape> {
    let c = |span| Component::new(input, span);
    Ok(match tree.rule.uri_counterpart() {
        Rule::UriReference => Components::Reference(Reference::from_meta(
            input,
            uri_reference(grammar, rule, input, tree)?,
        )),
        Rule::Uri | Rule::AbsoluteUri => Components::Reference(Reference::from_meta(
            input,
            uri(grammar, rule, input, tree)?,
        )),
        Rule::RelativeRef => Components::Reference(Reference::from_meta(
            input,
            relative_ref(grammar, rule, input, tree)?,
        )),
        Rule::Authority => Components::Authority(authority(input, tree)?.authority(input)),
        Rule::Host
        | Rule::IpLiteral
        | Rule::Ipv4address
        | Rule::Ipv6address
        | Rule::IpvFuture
        | Rule::RegName => Components::Host(host_component(input, tree)?),
        Rule::Port => Components::Port(Port::new(c(tree.span))),
        Rule::Path => {
            let (span, kind) = path(tree.children.first().unwrap_or(tree))?;
            Components::Path(Path::new(c(span), kind))
        }
        Rule::PathAbempty
        | Rule::PathAbsolute
        | Rule::PathNoscheme
        | Rule::PathRootless
        | Rule::PathEmpty => {
            let (span, kind) = path(tree)?;
            Components::Path(Path::new(c(span), kind))
        }
        _ => Components::Text(c(tree.span)),
    })
}

/// `IRI-reference = IRI / irelative-ref` (`URI-reference = URI / relative-ref`).
fn uri_reference(
    grammar: Grammar,
    rule: Rule,
    input: &str,
    node: &SyntaxNode,
) -> Result<Meta, TreeShape> {
    if let Some(n) = child(node, Rule::Uri) {
        uri(grammar, rule, input, n)
    } else {
        relative_ref(grammar, rule, input, need(node, Rule::RelativeRef)?)
    }
}

/// `IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]`, and `absolute-IRI` (no fragment).
fn uri(grammar: Grammar, rule: Rule, input: &str, node: &SyntaxNode) -> Result<Meta, TreeShape> {
    let scheme = need(node, Rule::Scheme)?.span;
    let (authority, (path, path_kind)) = hier_part(input, need(node, Rule::HierPart)?)?;
    let query = child(node, Rule::Query).map(|n| n.span);
    let hash = child(node, Rule::Fragment).map(|n| n.span.start - 1);
    let kind = if hash.is_some() {
        ReferenceKind::Iri
    } else {
        ReferenceKind::AbsoluteIri
    };
    Ok(Meta {
        grammar,
        rule,
        kind,
        scheme_end: Some(scheme.end).into(),
        authority,
        path,
        path_kind,
        query,
        hash: hash.into(),
    })
}

/// `irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ]`.
fn relative_ref(
    grammar: Grammar,
    rule: Rule,
    input: &str,
    node: &SyntaxNode,
) -> Result<Meta, TreeShape> {
    let (authority, (path, path_kind)) = hier_part(input, need(node, Rule::RelativePart)?)?;
    let query = child(node, Rule::Query).map(|n| n.span);
    let hash = child(node, Rule::Fragment).map(|n| n.span.start - 1);
    let text = input.get(path.start..path.end).unwrap_or("");
    let kind = if authority.is_some() {
        ReferenceKind::NetworkPath
    } else if text.starts_with('/') {
        ReferenceKind::AbsolutePath
    } else if !text.is_empty() {
        ReferenceKind::RelativePath
    } else {
        ReferenceKind::Empty
    };
    Ok(Meta {
        grammar,
        rule,
        kind,
        scheme_end: Opt::NONE,
        authority,
        path,
        path_kind,
        query,
        hash: hash.into(),
    })
}

/// `ihier-part` and `irelative-part`: `"//" iauthority ipath-abempty` or one path alternative.
#[allow(clippy::type_complexity)]
fn hier_part(
    input: &str,
    node: &SyntaxNode,
) -> Result<(Option<AuthorityMeta>, (Span, PathKind)), TreeShape> {
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
    Ok((authority, path(path_node)?))
}

/// `iauthority = [ iuserinfo "@" ] ihost [ ":" port ]`.
fn authority(input: &str, node: &SyntaxNode) -> Result<AuthorityMeta, TreeShape> {
    let host_node = need(node, Rule::Host)?;
    let host_tag = host(input, host_node)?;
    let port = child(node, Rule::Port);
    if let Some(p) = port {
        if p.span.end != node.span.end || p.span.start != host_node.span.end + 1 {
            return Err(TreeShape("`port` not after `host` \":\"".into()));
        }
    }
    Ok(AuthorityMeta {
        span: node.span,
        at: child(node, Rule::Userinfo).map(|n| n.span.end).into(),
        host: host_node.span,
        host_tag,
        has_port: port.is_some(),
    })
}

/// A host as the start rule (`ihost`, `IP-literal`, `IPv6address`, `IPvFuture`, `IPv4address`,
/// `ireg-name`): the alternatives inside the brackets have no brackets of their own.
fn host_component<'a>(input: &'a str, node: &SyntaxNode) -> Result<Host<'a>, TreeShape> {
    let component = Component::new(input, node.span);
    let kind = match node.rule {
        Rule::Ipv6address => HostKind::Ipv6 { address: component },
        Rule::IpvFuture => {
            let (version, address) = ipv_future(node.span, input);
            HostKind::IpvFuture {
                version: Component::new(input, version),
                address: Component::new(input, address),
            }
        }
        _ => {
            let a = AuthorityMeta {
                span: node.span,
                at: Opt::NONE,
                host: node.span,
                host_tag: host(input, node)?,
                has_port: false,
            };
            return Ok(a.authority(input).host());
        }
    };
    Ok(Host::new(component, kind))
}

/// `ihost = IP-literal / IPv4address / ireg-name` (or one of its alternatives as the start rule).
fn host(input: &str, node: &SyntaxNode) -> Result<HostTag, TreeShape> {
    let inner = if node.rule.uri_counterpart() == Rule::Host {
        node.children
            .first()
            .ok_or_else(|| TreeShape("host without an alternative".into()))?
    } else {
        node
    };
    Ok(match inner.rule {
        Rule::IpLiteral => ip_literal(inner)?,
        Rule::Ipv4address => ipv4address(input, inner)?,
        _ => HostTag::RegName,
    })
}

/// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`.
fn ip_literal(node: &SyntaxNode) -> Result<HostTag, TreeShape> {
    if child(node, Rule::Ipv6address).is_some() {
        Ok(HostTag::Ipv6)
    } else {
        need(node, Rule::IpvFuture)?;
        Ok(HostTag::IpvFuture)
    }
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`: the version is the hex digits, the
/// address what follows the first "." (HEXDIG contains no ".").
fn ipv_future(span: Span, input: &str) -> (Span, Span) {
    let text = input.get(span.start..span.end).unwrap_or("");
    let dot = text.find('.').unwrap_or(text.len());
    let version = Span {
        start: span.start + 1.min(text.len()),
        end: span.start + dot,
    };
    let address = Span {
        start: (span.start + dot + 1).min(span.end),
        end: span.end,
    };
    (version, address)
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`.
fn ipv4address(input: &str, node: &SyntaxNode) -> Result<HostTag, TreeShape> {
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
    Ok(HostTag::Ipv4(octets))
}

/// One of `ipath-abempty`, `ipath-absolute`, `ipath-noscheme`, `ipath-rootless`, `ipath-empty`.
fn path(node: &SyntaxNode) -> Result<(Span, PathKind), TreeShape> {
    let kind = match node.rule.uri_counterpart() {
        Rule::PathAbempty => PathKind::Abempty,
        Rule::PathAbsolute => PathKind::Absolute,
        Rule::PathNoscheme => PathKind::Noscheme,
        Rule::PathRootless => PathKind::Rootless,
        Rule::PathEmpty => PathKind::Empty,
        other => return Err(TreeShape(format!("`{other}` is not a path alternative"))),
    };
    Ok((node.span, kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The walker finds every node where the grammar puts it: on generated strings of every rule of
    /// every grammar (and mutations of them) that pest accepts, it never reports a tree shape it did
    /// not expect. (`crate::tree::parse` falls back to the split on such a report, so this is where it
    /// would show.)
    #[test]
    fn every_tree_has_the_grammars_shape() {
        for g in Grammar::ALL {
            let rules = crate::abnf::rules(g).unwrap();
            let mut walked = 0;
            for (k, &rule) in g.rules().iter().enumerate() {
                let generator = crate::abnf::Generator::new(rules, rule).unwrap();
                for i in 0..200 {
                    let seed = crate::abnf::case_seed(0x7A1C + k as u64, g, i);
                    let input = abnf_automata::case_input(&generator, seed, 40);
                    if let Ok(tree) = crate::syntax::parse_tree(g, rule, &input) {
                        if let Err(shape) = components(g, rule, &input, &tree) {
                            panic!("{g} {rule} {input:?}: {}", shape.0);
                        }
                        walked += 1;
                    }
                }
            }
            assert!(walked > g.rules().len() * 100, "{g}: {walked}");
        }
    }
}
