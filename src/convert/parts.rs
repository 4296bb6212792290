//! Splitting any string into the five components, as RFC 3986 Appendix B does with its regular
//! expression, and the authority into userinfo, host and port as draft-weber-iri-guidelines §5.2
//! describes. For a valid URI or IRI reference the split equals the grammar's components (the tests
//! check this); for other strings it tells the conversions where the host and the query are.

use std::ops::Range;

/// The components of a string, as byte ranges (without their delimiters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts {
    /// `scheme` (before the first ":" when no "/", "?" or "#" comes before it).
    pub scheme: Option<Range<usize>>,
    /// The authority (after "//").
    pub authority: Option<AuthorityParts>,
    /// The path (possibly empty).
    pub path: Range<usize>,
    /// The query (after "?").
    pub query: Option<Range<usize>>,
    /// The fragment (after "#").
    pub fragment: Option<Range<usize>>,
}

/// The parts of an authority, as byte ranges of the whole string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuthorityParts {
    /// The whole authority.
    pub range: Range<usize>,
    /// Up to the first "@" (draft-weber-iri-guidelines §5.2.1).
    pub userinfo: Option<Range<usize>>,
    /// The host: an IP literal from "[" to the first "]", or up to a final ":" followed by digits only.
    pub host: Range<usize>,
    /// The digits after the host's ":".
    pub port: Option<Range<usize>>,
}

/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?` (RFC 3986 Appendix B), then the
/// authority split.
pub fn split(s: &str) -> Parts {
    let b = s.as_bytes();
    let mut i = 0;
    let scheme = match b
        .iter()
        .position(|&c| matches!(c, b':' | b'/' | b'?' | b'#'))
    {
        Some(p) if p > 0 && b[p] == b':' => {
            i = p + 1;
            Some(0..p)
        }
        _ => None,
    };
    let authority = if b[i..].starts_with(b"//") {
        let start = i + 2;
        let end = b[start..]
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .map_or(b.len(), |p| start + p);
        i = end;
        Some(authority(s, start..end))
    } else {
        None
    };
    let path_end = b[i..]
        .iter()
        .position(|&c| matches!(c, b'?' | b'#'))
        .map_or(b.len(), |p| i + p);
    let path = i..path_end;
    i = path_end;
    let query = if b.get(i) == Some(&b'?') {
        let start = i + 1;
        let end = b[start..]
            .iter()
            .position(|&c| c == b'#')
            .map_or(b.len(), |p| start + p);
        i = end;
        Some(start..end)
    } else {
        None
    };
    let fragment = if b.get(i) == Some(&b'#') {
        Some(i + 1..b.len())
    } else {
        None
    };
    Parts {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

fn authority(s: &str, range: Range<usize>) -> AuthorityParts {
    let b = &s.as_bytes()[range.clone()];
    let base = range.start;
    let (userinfo, host_start) = match b.iter().position(|&c| c == b'@') {
        Some(p) => (Some(base..base + p), p + 1),
        None => (None, 0),
    };
    let rest = &b[host_start..];
    let host_len = if rest.first() == Some(&b'[') {
        match rest.iter().position(|&c| c == b']') {
            Some(p) if p + 1 == rest.len() || rest[p + 1] == b':' => p + 1,
            _ => rest.len(),
        }
    } else {
        match rest.iter().rposition(|&c| c == b':') {
            Some(p) if rest[p + 1..].iter().all(u8::is_ascii_digit) => p,
            _ => rest.len(),
        }
    };
    let port = (host_len < rest.len()).then(|| base + host_start + host_len + 1..range.end);
    AuthorityParts {
        range: range.clone(),
        userinfo,
        host: base + host_start..base + host_start + host_len,
        port,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appendix_b() {
        let s = "foo://u@example.com:8042/over/there?name=ferret#nose";
        let p = split(s);
        assert_eq!(&s[p.scheme.unwrap()], "foo");
        let a = p.authority.unwrap();
        assert_eq!(&s[a.userinfo.unwrap()], "u");
        assert_eq!(&s[a.host], "example.com");
        assert_eq!(&s[a.port.unwrap()], "8042");
        assert_eq!(&s[p.path], "/over/there");
        assert_eq!(&s[p.query.unwrap()], "name=ferret");
        assert_eq!(&s[p.fragment.unwrap()], "nose");
        let s = "//[::1]:80";
        let a = split(s).authority.unwrap();
        assert_eq!((&s[a.host.clone()], &s[a.port.unwrap()]), ("[::1]", "80"));
        let s = "//a:b c";
        let a = split(s).authority.unwrap();
        assert_eq!((&s[a.host.clone()], a.port), ("a:b c", None));
        let p = split(":a/b");
        assert_eq!((p.scheme, p.path), (None, 0..4));
        let p = split("");
        assert_eq!(p.path, 0..0);
    }
}
