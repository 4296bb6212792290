//! Scheme-specific syntax: `http` and `https` (RFC 9110 §4.2), `urn` (RFC 8141 §2, §5), `mailto` (RFC
//! 6068 §2), `data` (RFC 2397 §3), `tag` (RFC 4151 §2.1) and `file` (RFC 8089 §2).
//!
//! A scheme rule is a rule of `grammar/schemes/` ([`crate::abnf::schemes`]) applied to the reference,
//! without its fragment when the scheme's URI has none (grammar/NOTES.md note 45), in its URI form (note
//! 44): the DFA gives the first character where the rule stops matching, which is the span. Nothing
//! runs unless the scheme is one of these (compared without regard to case, RFC 3986 §3.1).

use super::{component_at, Code, Scheme, Sink};
use crate::abnf::schemes::{dfa, SchemeRule};
use crate::characters::is_uri_char;
use crate::parsing::components::{Reference, Span};
use crate::parsing::error::{quote, Expected};

pub(super) fn check(r: &Reference<'_>, sink: &mut Sink<'_, '_>) {
    match sink.scheme {
        Scheme::Http { https } | Scheme::HttpLower { https } => http(r, https, sink),
        Scheme::Urn => urn(r, sink),
        Scheme::Mailto => {
            if let Some(fragment) = r.fragment() {
                sink.push(
                    Code::MailtoFragment,
                    with_delimiter(fragment.span()),
                    "fragment",
                    "a mailto URI has a fragment identifier".to_string(),
                    Some(String::new()),
                );
            }
            grammar(r, SchemeRule::MailtoUri, Code::MailtoSyntax, sink);
        }
        Scheme::Data => {
            grammar(r, SchemeRule::Dataurl, Code::DataSyntax, sink);
        }
        Scheme::Tag => {
            grammar(r, SchemeRule::TagUri, Code::TagSyntax, sink);
        }
        Scheme::File => {
            grammar(r, SchemeRule::FileUri, Code::FileSyntax, sink);
        }
        Scheme::None | Scheme::Ftp | Scheme::Other => {}
    }
}

/// RFC 9110 §4.2.1-§4.2.4.
fn http(r: &Reference<'_>, https: bool, sink: &mut Sink<'_, '_>) {
    let rule = if https {
        SchemeRule::HttpsUri
    } else {
        SchemeRule::HttpUri
    };
    let Some(authority) = sink.authority else {
        grammar(r, rule, Code::HttpMissingAuthority, sink);
        return;
    };
    let host = authority.host().as_component();
    if host.as_str().is_empty() {
        sink.push(
            Code::HttpEmptyHost,
            host.span(),
            "host",
            format!(
                "the {} URI has an empty host",
                if https { "https" } else { "http" }
            ),
            None,
        );
    }
    if let Some(userinfo) = authority.userinfo() {
        sink.push(
            Code::HttpUserinfo,
            Span {
                start: userinfo.span().start,
                end: userinfo.span().end + 1,
            },
            "userinfo",
            format!(
                "the userinfo {} of an {} URI",
                quote(userinfo.as_str()),
                if https { "https" } else { "http" }
            ),
            Some(String::new()),
        );
    }
}

/// RFC 8141 §2 and §5.
fn urn(r: &Reference<'_>, sink: &mut Sink<'_, '_>) {
    if !grammar(r, SchemeRule::Namestring, Code::UrnSyntax, sink) || !sink.on(Code::UrnNamespace) {
        return;
    }
    // `namestring` matched: the NID is what lies between the first two colons, in ASCII.
    let text = r.as_str();
    let nid_start = "urn:".len();
    let Some(nid) = text.split(':').nth(1) else {
        return;
    };
    let span = Span {
        start: nid_start,
        end: nid_start + nid.len(),
    };
    let lower = nid.to_ascii_lowercase();
    let message = if lower.starts_with("urn-") {
        let informal = dfa(SchemeRule::InformalNamespaceName).is_match(nid);
        (!informal).then(|| {
            format!(
                "the NID {} starts with \"urn-\", the prefix of informal namespaces, but does not \
                 match `InformalNamespaceName` (RFC 8141 §5.2)",
                quote(nid)
            )
        })
    } else if lower.starts_with("x-") {
        Some(format!(
            "the NID {} is an experimental \"X-\" namespace of RFC 3406, which RFC 8141 no longer \
             provides",
            quote(nid)
        ))
    } else {
        None
    };
    if let Some(message) = message {
        sink.push(Code::UrnNamespace, span, "path", message, None);
    }
}

/// The span of a component with the delimiter before it ("#" of a fragment, "?" of a query).
fn with_delimiter(span: Span) -> Span {
    Span {
        start: span.start - 1,
        end: span.end,
    }
}

/// Applies `rule` to the reference (without its fragment when the rule has none) in its URI form, and
/// reports `code` at the first character the rule cannot take. Whether the rule matched.
fn grammar(r: &Reference<'_>, rule: SchemeRule, code: Code, sink: &mut Sink<'_, '_>) -> bool {
    let with_fragment = matches!(rule, SchemeRule::Namestring | SchemeRule::TagUri);
    let text = match r.fragment() {
        Some(f) if !with_fragment => &r.as_str()[..f.span().start - 1],
        _ => r.as_str(),
    };
    let dfa = dfa(rule);
    let encoded;
    let uri = if text.chars().all(is_uri_char) {
        text
    } else {
        encoded = crate::convert::percent_encode(text);
        &encoded
    };
    let Err(failure) = dfa.check(uri) else {
        return true;
    };
    if !sink.on(code) {
        return false;
    }
    let start = input_offset(text, failure.offset);
    let found = text[start..].chars().next();
    let span = Span {
        start,
        end: start + found.map_or(0, char::len_utf8),
    };
    let mut expected: Vec<String> = Expected::from_ranges(&dfa.continuations(failure.state))
        .iter()
        .map(ToString::to_string)
        .collect();
    if dfa.accepts_end(failure.state) {
        expected.push("the end".to_string());
    }
    let expected = if expected.len() > 8 {
        format!("one of {}, ...", expected[..8].join(", "))
    } else if expected.len() > 1 {
        format!("one of {}", expected.join(", "))
    } else {
        expected.concat()
    };
    let what = match found {
        Some(c) => format!("{} cannot be here", quote(&c.to_string())),
        None => "it ends early".to_string(),
    };
    sink.push(
        code,
        span,
        component_of(r, start),
        format!(
            "not a `{}` ({}): {what}; expected {expected}",
            rule.name(),
            rule.spec()
        ),
        None,
    );
    false
}

/// The component of the character at `offset`, a delimiter counting with the component it introduces
/// or ends ("?" with the query, "#" with the fragment, "@" with the userinfo, ":" with the port).
fn component_of(r: &Reference<'_>, offset: usize) -> &'static str {
    let starts_at = |c: Option<crate::parsing::components::Component<'_>>| {
        c.is_some_and(|c| c.span().start == offset + 1)
    };
    let authority = r.authority();
    match r.as_str().as_bytes().get(offset) {
        Some(b'?') if starts_at(r.query()) => "query",
        Some(b'#') if starts_at(r.fragment()) => "fragment",
        Some(b'@')
            if authority
                .and_then(|a| a.userinfo())
                .is_some_and(|u| u.span().end == offset) =>
        {
            "userinfo"
        }
        Some(b':') if starts_at(authority.and_then(|a| a.port().map(|p| p.as_component()))) => {
            "port"
        }
        _ => component_at(r, offset.min(r.as_str().len().saturating_sub(1))),
    }
}

/// The byte offset in `text` of the character whose URI form (`convert::percent_encode`) holds byte
/// `offset` of the URI form of `text`.
fn input_offset(text: &str, offset: usize) -> usize {
    let mut at = 0;
    for (i, c) in text.char_indices() {
        let width = if is_uri_char(c) { 1 } else { 3 * c.len_utf8() };
        if at + width > offset {
            return i;
        }
        at += width;
    }
    text.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_in_the_uri_form() {
        let text = "a\u{E9}b c";
        let uri = crate::convert::percent_encode(text);
        assert_eq!(uri, "a%C3%A9b%20c");
        let starts: Vec<usize> = (0..uri.len()).map(|o| input_offset(text, o)).collect();
        assert_eq!(starts, [0, 1, 1, 1, 1, 1, 1, 3, 4, 4, 4, 5]);
        assert_eq!(input_offset(text, uri.len()), text.len());
    }
}
