//! One invariant checker for parsed references, shared by unit tests, property tests and fuzz targets
//! (in the manner of rust-url's `check_invariants`).
//!
//! The library's own unit tests compile this file too (`src/lib.rs` includes it under `cfg(test)`), to
//! show that the checker rejects references whose internal offsets were broken on purpose; so it names
//! the library's items through `crate::parsing::components`, a path that the test-support crate's
//! root gives them too.

use crate::parsing::components::{Component, HostKind, PathKind, Reference, Span};

/// Checks that a [`Reference`] is consistent with its input:
///
/// - every span is in bounds, on character boundaries, and its text is the input at that span;
/// - the components are in order (scheme, authority, path, query, fragment) and, with their
///   delimiters, concatenate to exactly the input; `Display` gives back the input;
/// - the userinfo, host and port lie inside the authority in that order; path segments lie inside the
///   path and are separated by "/";
/// - the host kind agrees with its text (an IPv4 host's octets print back to it; an IP-literal is
///   bracketed), port text is ASCII digits, the path kind agrees with the first characters of the path.
///
/// Returns a description of the first violation.
pub fn check_invariants(r: &Reference<'_>) -> Result<(), String> {
    let input = r.as_str();
    let check = |name: &str, c: &Component<'_>| -> Result<(), String> {
        let Span { start, end } = c.span();
        if start > end || end > input.len() {
            return Err(format!("{name}: span {start}..{end} out of bounds"));
        }
        if !input.is_char_boundary(start) || !input.is_char_boundary(end) {
            return Err(format!(
                "{name}: span {start}..{end} not on char boundaries"
            ));
        }
        if &input[start..end] != c.as_str() {
            return Err(format!(
                "{name}: text {:?} is not the input at {start}..{end}",
                c.as_str()
            ));
        }
        Ok(())
    };

    // Walk the input left to right, consuming each delimiter and component.
    let mut pos = 0;
    let expect = |pos: &mut usize, lit: &str, what: &str| -> Result<(), String> {
        if input.get(*pos..*pos + lit.len()) != Some(lit) {
            return Err(format!("expected {lit:?} before {what} at {pos}"));
        }
        *pos += lit.len();
        Ok(())
    };
    let at = |pos: usize, c: &Component<'_>, name: &str| -> Result<(), String> {
        if c.span().start != pos {
            return Err(format!(
                "{name} starts at {} instead of {pos}",
                c.span().start
            ));
        }
        Ok(())
    };
    if let Some(s) = &r.scheme() {
        check("scheme", s)?;
        at(pos, s, "scheme")?;
        pos = s.span().end;
        expect(&mut pos, ":", "hier-part")?;
    }
    if let Some(a) = &r.authority() {
        expect(&mut pos, "//", "authority")?;
        check("authority", &a.as_component())?;
        at(pos, &a.as_component(), "authority")?;
        let mut apos = pos;
        if let Some(u) = a.userinfo() {
            check("userinfo", &u)?;
            at(apos, &u, "userinfo")?;
            apos = u.span().end;
            expect(&mut apos, "@", "host")?;
        }
        check("host", &a.host().as_component())?;
        at(apos, &a.host().as_component(), "host")?;
        apos = a.host().span().end;
        match a.host().kind() {
            HostKind::Ipv4 { octets } => {
                let shown = format!("{}.{}.{}.{}", octets[0], octets[1], octets[2], octets[3]);
                if shown != a.host().as_str() {
                    return Err(format!("IPv4 octets {shown} differ from host text"));
                }
            }
            HostKind::Ipv6 { address } => {
                check("IPv6address", &address)?;
                let t = a.host().as_str();
                if !(t.starts_with('[') && t.ends_with(']'))
                    || address.as_str() != &t[1..t.len() - 1]
                {
                    return Err("IPv6 host is not [address]".into());
                }
            }
            HostKind::IpvFuture { version, address } => {
                check("IPvFuture version", &version)?;
                check("IPvFuture address", &address)?;
                let t = a.host().as_str();
                let rebuilt = format!("[v{}.{}]", version.as_str(), address.as_str());
                if !rebuilt.eq_ignore_ascii_case(t) {
                    return Err(format!("IPvFuture parts {rebuilt} differ from {t}"));
                }
            }
            HostKind::RegName => {}
            #[allow(unreachable_patterns)] // The crate's own tests include this file.
            _ => return Err("a host kind these checks do not know".into()),
        }
        if let Some(p) = a.port() {
            expect(&mut apos, ":", "port")?;
            check("port", &p.as_component())?;
            at(apos, &p.as_component(), "port")?;
            if !p.as_str().bytes().all(|b| b.is_ascii_digit()) {
                return Err("port has a non-digit".into());
            }
            apos = p.span().end;
        }
        if apos != a.span().end {
            return Err(format!(
                "authority parts end at {apos}, authority at {}",
                a.span().end
            ));
        }
        pos = apos;
    }
    check("path", &r.path().as_component())?;
    at(pos, &r.path().as_component(), "path")?;
    let path = r.path().as_str();
    let kind_ok = match r.path().kind() {
        PathKind::Abempty => path.is_empty() || path.starts_with('/'),
        PathKind::Absolute => path.starts_with('/') && !path.starts_with("//"),
        PathKind::Noscheme | PathKind::Rootless => !path.is_empty() && !path.starts_with('/'),
        PathKind::Empty => path.is_empty(),
        #[allow(unreachable_patterns)]
        _ => false,
    };
    if !kind_ok {
        return Err(format!(
            "path kind {:?} does not fit {path:?}",
            r.path().kind()
        ));
    }
    let mut rebuilt = String::new();
    for (i, seg) in r.path().segments().enumerate() {
        check("segment", &seg)?;
        if i > 0 || path.starts_with('/') {
            rebuilt.push('/');
        }
        rebuilt.push_str(seg.as_str());
    }
    if rebuilt != path {
        return Err(format!("segments rebuild {rebuilt:?}, path is {path:?}"));
    }
    pos = r.path().span().end;
    if let Some(q) = &r.query() {
        expect(&mut pos, "?", "query")?;
        check("query", q)?;
        at(pos, q, "query")?;
        pos = q.span().end;
    }
    if let Some(f) = &r.fragment() {
        expect(&mut pos, "#", "fragment")?;
        check("fragment", f)?;
        at(pos, f, "fragment")?;
        pos = f.span().end;
    }
    if pos != input.len() {
        return Err(format!(
            "components end at {pos}, input has {} bytes",
            input.len()
        ));
    }
    let shown = r.to_string();
    if shown != input {
        return Err(format!("Display gives {shown:?}"));
    }
    if r.kind().is_absolute() != r.scheme().is_some() {
        return Err("reference kind disagrees with the scheme".into());
    }
    Ok(())
}
