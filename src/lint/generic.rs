//! The generic syntax's advice (RFC 3986 §3.1, §3.2.1, §3.2.3, §3.3, §4.3, §6.2; RFC 6335 §6).

use super::{component_at, Code, Scheme, Sink};
use crate::parsing::components::{PortValue, Reference, Span};

pub(super) fn check(r: &Reference<'_>, sink: &mut Sink<'_, '_>) {
    if let Some(scheme) = r.scheme() {
        if sink.on(Code::UnregisteredScheme) || sink.on(Code::HistoricalScheme) {
            registered(scheme, sink);
        }
        if !matches!(sink.scheme, Scheme::HttpLower { .. })
            && scheme.as_str().bytes().any(|b| b.is_ascii_uppercase())
        {
            sink.push(
                Code::UppercaseScheme,
                scheme.span(),
                "scheme",
                format!("the scheme {} has upper-case letters", scheme.as_str()),
                Some(scheme.as_str().to_ascii_lowercase()),
            );
        }
    }
    if let Some(authority) = sink.authority {
        if let Some(userinfo) = authority.userinfo() {
            if let Some(colon) = userinfo.as_str().find(':') {
                sink.push(
                    Code::UserinfoPassword,
                    Span {
                        start: userinfo.span().start + colon,
                        end: userinfo.span().end,
                    },
                    "userinfo",
                    "the userinfo has a password (\"user:password\")".to_string(),
                    None,
                );
            }
        }
        if let Some(port) = authority.port() {
            let c = port.as_component();
            // The ":" before the port, with it.
            let with_colon = Span {
                start: c.span().start - 1,
                end: c.span().end,
            };
            let default = r
                .scheme()
                .and_then(|s| crate::normalize::default_port(s.as_str()));
            match port.value() {
                PortValue::Empty => sink.push(
                    Code::EmptyPort,
                    with_colon,
                    "port",
                    "the port is empty".to_string(),
                    Some(String::new()),
                ),
                PortValue::Number(n) if Some(n) == default => sink.push(
                    Code::DefaultPort,
                    with_colon,
                    "port",
                    format!("{n} is the default port of the scheme"),
                    Some(String::new()),
                ),
                PortValue::Number(n) if c.as_str().starts_with('0') && c.as_str().len() > 1 => sink
                    .push(
                        Code::UnusualPort,
                        c.span(),
                        "port",
                        format!("the port {} has leading zeros", c.as_str()),
                        Some(n.to_string()),
                    ),
                PortValue::TooLarge => sink.push(
                    Code::UnusualPort,
                    c.span(),
                    "port",
                    format!("the port {} is above 65535", c.as_str()),
                    None,
                ),
                PortValue::Number(_) => {}
            }
        }
    }
    if r.scheme().is_none() {
        sink.push(
            Code::RelativeReference,
            Span {
                start: 0,
                end: r.as_str().len(),
            },
            component_at(r, 0),
            "a relative reference (no scheme) where an absolute IRI is required".to_string(),
            None,
        );
    } else {
        let path = r.path();
        // A dot segment has a "." (most paths have none).
        let dots = memchr::memchr(b'.', path.as_str().as_bytes()).is_some();
        if dots
            && path
                .segments()
                .any(|s| s.as_str() == "." || s.as_str() == "..")
        {
            sink.push(
                Code::DotSegments,
                path.span(),
                "path",
                "the path has \".\" or \"..\" segments".to_string(),
                Some(crate::operations::resolve::remove_dot_segments(
                    path.as_str(),
                )),
            );
        }
    }
}

/// [`Code::UnregisteredScheme`] and [`Code::HistoricalScheme`] from the IANA registry.
fn registered(scheme: crate::parsing::components::Component<'_>, sink: &mut Sink<'_, '_>) {
    // The common schemes without a look-up.
    if !matches!(sink.scheme, Scheme::Other | Scheme::Data | Scheme::Tag) {
        return;
    }
    match super::iana::lookup(scheme.as_str()) {
        None => sink.push(
            Code::UnregisteredScheme,
            scheme.span(),
            "scheme",
            format!(
                "the scheme {} is not in the IANA URI Schemes registry",
                scheme.as_str()
            ),
            None,
        ),
        Some(r) if r.status == super::iana::Status::Historical => sink.push(
            Code::HistoricalScheme,
            scheme.span(),
            "scheme",
            format!(
                "the scheme {} is registered as Historical ({})",
                scheme.as_str(),
                r.reference.trim()
            ),
            None,
        ),
        Some(_) => {}
    }
}
