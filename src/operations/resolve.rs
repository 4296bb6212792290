//! Reference resolution: RFC 3986 §5.2, applied to IRIs and LEIRIs as 3987bis §4.5 says ("the
//! algorithms of \[RFC3986\] can be applied directly, treating the characters additionally allowed in IRI
//! references in the same way that unreserved characters are in URI references").
//!
//! The functions follow the pseudocode of RFC 3986 line by line:
//!
//! | RFC 3986 | here |
//! | --- | --- |
//! | §5.2.1 pre-parse the base URI | [`Base::new`] (the base must be an `absolute-IRI`; see below) |
//! | §5.2.2 transform references | [`transform`], with [`Mode::Strict`] or [`Mode::NonStrict`] |
//! | §5.2.3 merge paths | [`merge`] |
//! | §5.2.4 remove dot segments | [`remove_dot_segments`] |
//! | §5.3 component recomposition | the [`ReferenceBuf`] that [`transform`] returns |
//!
//! **The base.** §5.2.1: "A base URI must conform to the `<absolute-URI>` syntax rule". A base with a
//! fragment (an `IRI` that is not an `absolute-IRI`) is accepted and its fragment is ignored: §5.1
//! says that a base taken from a reference is "stripped of any fragment component prior to its use as a
//! base URI", and the §5.2.2 pseudocode never reads `Base.fragment`. A base without a scheme is an error
//! ([`ResolveError::BaseNoScheme`]).
//!
//! **Strict and non-strict.** §5.2.2 lets a non-strict parser drop a reference's scheme when it equals
//! the base's ("backward compatibility", §5.4.2: `http:g` → `http://a/b/c/g`). Strict is the default.
//!
//! **A path that looks like an authority.** When the result has no authority and its path begins with
//! `//` (base `f:/a`, reference `.//g`: path `//g`), the §5.3 recomposition `f://g` would be read back
//! with `g` as an authority, or not at all (`f://a@b@c`). [`transform`] then writes `/.` before the path
//! (`f:/.//g`), which parses back to a path that [`remove_dot_segments`] turns into the same `//g`. See
//! the interpretation notes.
//!
//! ```
//! use iri_abnf::{resolve, Grammar};
//!
//! let base = "http://a/b/c/d;p?q";
//! assert_eq!(resolve(Grammar::Iri, base, "../g").unwrap(), "http://a/b/g");
//! assert_eq!(resolve(Grammar::Iri, base, "g;x=1/../y").unwrap(), "http://a/b/c/y");
//! assert_eq!(resolve(Grammar::Iri, base, "http:g").unwrap(), "http:g");
//! assert_eq!(resolve(Grammar::Iri, "http://例え.jp/a/b", "../ç").unwrap(), "http://例え.jp/ç");
//!
//! let err = resolve(Grammar::Iri, "/a/b", "c").unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "base \"/a/b\" has no scheme: it is an absolute-path reference, not an absolute-IRI \
//!      (RFC 3986 §5.2.1: a base must be absolute)"
//! );
//! ```

use std::fmt;

use crate::grammar::Grammar;
use crate::parsing::components::{compose, Component, Reference, ReferenceBuf, ReferenceKind};
use crate::parsing::error::{quote, ParseError};

/// Strict or non-strict reference transformation (RFC 3986 §5.2.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Mode {
    /// The RFC's recommendation: a reference with a scheme is always taken as it is.
    #[default]
    Strict,
    /// "for backward compatibility": a reference whose scheme equals the base's (compared without
    /// regard to ASCII case, as schemes are case-insensitive, §3.1) is resolved as if it had none.
    NonStrict,
}

/// How a reference kind is called in RFC 3986 §4.2 (for messages).
pub(crate) fn kind_phrase(kind: ReferenceKind) -> &'static str {
    match kind {
        ReferenceKind::Iri => "an IRI with a fragment",
        ReferenceKind::AbsoluteIri => "an absolute IRI",
        ReferenceKind::NetworkPath => "a network-path reference",
        ReferenceKind::AbsolutePath => "an absolute-path reference",
        ReferenceKind::RelativePath => "a relative-path reference",
        ReferenceKind::Empty => "a same-document or query-only reference",
    }
}

/// `absolute-IRI`, or `absolute-URI` for the `uri` grammar.
pub(crate) fn absolute_rule(grammar: Grammar) -> &'static str {
    match grammar {
        Grammar::Uri => "absolute-URI",
        _ => "absolute-IRI",
    }
}

/// Why resolution ([`resolve`], RFC 3986 §5.2) or relativization ([`crate::relativize()`]) failed:
/// the base, the reference or the target is not what they need, or no reference reaches the target.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResolveError {
    /// The base is not even a reference under the grammar.
    InvalidBase(ParseError),
    /// The base is a relative reference: it has no scheme (RFC 3986 §5.2.1: a base must be absolute).
    BaseNoScheme {
        /// The base, as given.
        base: String,
        /// What kind of relative reference it is.
        kind: ReferenceKind,
        /// The grammar (for the rule name in the message).
        grammar: Grammar,
    },
    /// The reference to resolve is not a reference under the grammar.
    Reference(ParseError),
    /// The target to relativize is not a reference under the grammar.
    Target(ParseError),
    /// The target to relativize is a relative reference: it has no scheme.
    TargetNoScheme {
        /// The target, as given.
        target: String,
        /// What kind of relative reference it is.
        kind: ReferenceKind,
    },
    /// No reference resolves to the target against this base.
    Unreachable {
        /// The target, as given.
        target: String,
        /// Why not.
        reason: String,
    },
}

impl ResolveError {
    /// The same error with each syntax error it holds explained ([`ParseError::explain`]: the
    /// rules the pest parser names at its offset).
    pub fn explain(self) -> ResolveError {
        match self {
            ResolveError::InvalidBase(e) => ResolveError::InvalidBase(e.explain()),
            ResolveError::Reference(e) => ResolveError::Reference(e.explain()),
            ResolveError::Target(e) => ResolveError::Target(e.explain()),
            other => other,
        }
    }
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let invalid = |f: &mut fmt::Formatter<'_>, what: &str, e: &ParseError| {
            write!(
                f,
                "{what} {} is not a valid {}: {}",
                quote(e.input()),
                e.rule,
                e.message()
            )
        };
        match self {
            ResolveError::InvalidBase(e) => invalid(f, "base", e),
            ResolveError::BaseNoScheme {
                base,
                kind,
                grammar,
            } => write!(
                f,
                "base {} has no scheme: it is {}, not an {} (RFC 3986 §5.2.1: a base must be absolute)",
                quote(base),
                kind_phrase(*kind),
                absolute_rule(*grammar)
            ),
            ResolveError::Reference(e) => invalid(f, "reference", e),
            ResolveError::Target(e) => invalid(f, "target", e),
            ResolveError::TargetNoScheme { target, kind } => write!(
                f,
                "target {} has no scheme: it is {}; resolve it against a base first",
                quote(target),
                kind_phrase(*kind)
            ),
            ResolveError::Unreachable { target, reason } => {
                write!(f, "no reference resolves to {}: {reason}", quote(target))
            }
        }
    }
}

impl std::error::Error for ResolveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ResolveError::InvalidBase(e) | ResolveError::Reference(e) | ResolveError::Target(e) => {
                Some(e)
            }
            ResolveError::BaseNoScheme { .. }
            | ResolveError::TargetNoScheme { .. }
            | ResolveError::Unreachable { .. } => None,
        }
    }
}

/// A base IRI, pre-parsed once (RFC 3986 §5.2.1) to resolve references against, or to relativize
/// targets against ([`crate::relativize()`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Base {
    base: ReferenceBuf,
}

impl Base {
    /// Parses `base` under `grammar`. It must have a scheme; a fragment is ignored (see the module docs).
    pub fn new(grammar: Grammar, base: &str) -> Result<Base, ResolveError> {
        let r = crate::parsing::split::parse(grammar, base).map_err(ResolveError::InvalidBase)?;
        Base::from_reference(&r)
    }

    /// The base from an already parsed reference.
    pub fn from_reference(r: &Reference<'_>) -> Result<Base, ResolveError> {
        if r.scheme().is_none() {
            return Err(ResolveError::BaseNoScheme {
                base: r.as_str().to_string(),
                kind: r.kind(),
                grammar: r.grammar(),
            });
        }
        Ok(Base { base: r.to_buf() })
    }

    /// The grammar the base was parsed with (references are parsed with it too).
    pub fn grammar(&self) -> Grammar {
        self.base.grammar()
    }

    /// The base as given (with its fragment, if it had one).
    pub fn as_str(&self) -> &str {
        self.base.as_str()
    }

    /// The base, parsed (with its fragment, which resolution never reads).
    pub fn reference(&self) -> Reference<'_> {
        self.base.reference()
    }

    /// Resolves `reference` strictly (RFC 3986 §5.2).
    pub fn resolve(&self, reference: &str) -> Result<ReferenceBuf, ResolveError> {
        self.resolve_with(reference, Mode::Strict)
    }

    /// Resolves `reference` in the given mode (RFC 3986 §5.2).
    pub fn resolve_with(&self, reference: &str, mode: Mode) -> Result<ReferenceBuf, ResolveError> {
        let r = crate::parsing::split::parse(self.grammar(), reference)
            .map_err(ResolveError::Reference)?;
        Ok(self.resolve_reference(&r, mode))
    }

    /// Resolves an already parsed reference.
    pub fn resolve_reference(&self, reference: &Reference<'_>, mode: Mode) -> ReferenceBuf {
        transform(&self.reference(), reference, mode)
    }
}

/// Resolves `reference` against `base` strictly (RFC 3986 §5.2), both parsed under `grammar`, and
/// returns the target IRI (§5.3 recomposition).
pub fn resolve(
    grammar: Grammar,
    base: &str,
    reference: &str,
) -> Result<ReferenceBuf, ResolveError> {
    resolve_with(grammar, base, reference, Mode::Strict)
}

/// [`resolve`] with a choice of [`Mode`].
///
/// ```
/// use iri_abnf::{resolve_with, Grammar, Mode};
///
/// let base = "http://a/b/c/d;p?q";
/// assert_eq!(resolve_with(Grammar::Uri, base, "http:g", Mode::Strict).unwrap(), "http:g");
/// assert_eq!(resolve_with(Grammar::Uri, base, "http:g", Mode::NonStrict).unwrap(), "http://a/b/c/g");
/// ```
pub fn resolve_with(
    grammar: Grammar,
    base: &str,
    reference: &str,
    mode: Mode,
) -> Result<ReferenceBuf, ResolveError> {
    Base::new(grammar, base)?.resolve_with(reference, mode)
}

fn text(c: Option<Component<'_>>) -> Option<&str> {
    c.map(|c| c.as_str())
}

fn authority<'a>(r: &Reference<'a>) -> Option<&'a str> {
    r.authority().map(|a| a.as_str())
}

/// RFC 3986 §5.2.2 "Transform References": the target of reference `r` against `base`, recomposed
/// (§5.3) in the base's grammar.
///
/// `base` should have a scheme (the pseudocode assumes it); its fragment is never read. When the
/// target has no authority and its path begins with `//`, the recomposition writes `/.` before the
/// path (see the module docs).
pub(crate) fn transform(base: &Reference<'_>, r: &Reference<'_>, mode: Mode) -> ReferenceBuf {
    let (b_scheme, b_authority, b_path, b_query) = (
        text(base.scheme()),
        authority(base),
        base.path().as_str(),
        text(base.query()),
    );
    let (r_authority, r_path, r_query) = (authority(r), r.path().as_str(), text(r.query()));
    // -- A non-strict parser may ignore a scheme in the reference if it is identical to the base URI's
    // scheme.
    let r_scheme = match (text(r.scheme()), b_scheme, mode) {
        (Some(rs), Some(bs), Mode::NonStrict) if rs.eq_ignore_ascii_case(bs) => None,
        (s, _, _) => s,
    };
    let (scheme, authority, path, query) = if r_scheme.is_some() {
        (r_scheme, r_authority, remove_dot_segments(r_path), r_query)
    } else if r_authority.is_some() {
        (b_scheme, r_authority, remove_dot_segments(r_path), r_query)
    } else if r_path.is_empty() {
        (
            b_scheme,
            b_authority,
            b_path.to_string(),
            if r_query.is_some() { r_query } else { b_query },
        )
    } else if r_path.starts_with('/') {
        (b_scheme, b_authority, remove_dot_segments(r_path), r_query)
    } else {
        (
            b_scheme,
            b_authority,
            remove_dot_segments(&merge(base, r_path)),
            r_query,
        )
    };
    compose(
        base.grammar(),
        scheme,
        authority,
        &path,
        query,
        text(r.fragment()),
    )
}

/// RFC 3986 §5.2.3 "Merge Paths": the reference's path appended to the base path's "directory".
///
/// - If the base has an authority and an empty path: "/" followed by the reference's path.
/// - Otherwise: the base path without its last segment (everything after the right-most "/", or the
///   whole path when it has no "/"), followed by the reference's path.
pub(crate) fn merge(base: &Reference<'_>, reference_path: &str) -> String {
    let path = base.path().as_str();
    if base.authority().is_some() && path.is_empty() {
        format!("/{reference_path}")
    } else {
        let dir = match path.rfind('/') {
            Some(i) => &path[..=i],
            None => "",
        };
        format!("{dir}{reference_path}")
    }
}

/// RFC 3986 §5.2.4 "Remove Dot Segments", exactly as the algorithm is written (steps A to E on an input
/// and an output buffer). Only complete segments `.` and `..` are dot segments; `%2E` is not (it becomes
/// one only after percent-encoding normalization, §6.2.2.2).
///
/// ```
/// use iri_abnf::remove_dot_segments;
///
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// assert_eq!(remove_dot_segments("/../g"), "/g");
/// assert_eq!(remove_dot_segments("a/../../b"), "/b"); // the RFC's result for a rootless path
/// assert_eq!(remove_dot_segments("/a/%2E/b"), "/a/%2E/b");
/// ```
pub fn remove_dot_segments(path: &str) -> String {
    let mut input: &str = path;
    let mut output = String::with_capacity(path.len());
    // 2. While the input buffer is not empty, loop as follows:
    while !input.is_empty() {
        if let Some(rest) = input.strip_prefix("../") {
            // A. If the input buffer begins with a prefix of "../" or "./", then remove that prefix from
            //    the input buffer; otherwise,
            input = rest;
        } else if let Some(rest) = input.strip_prefix("./") {
            input = rest;
        } else if input.starts_with("/./") {
            // B. if the input buffer begins with a prefix of "/./" or "/.", where "." is a complete path
            //    segment, then replace that prefix with "/" in the input buffer; otherwise,
            input = &input[2..];
        } else if input == "/." {
            input = "/";
        } else if input.starts_with("/../") {
            // C. if the input buffer begins with a prefix of "/../" or "/..", where ".." is a complete
            //    path segment, then replace that prefix with "/" in the input buffer and remove the last
            //    segment and its preceding "/" (if any) from the output buffer; otherwise,
            input = &input[3..];
            remove_last_segment(&mut output);
        } else if input == "/.." {
            input = "/";
            remove_last_segment(&mut output);
        } else if input == "." || input == ".." {
            // D. if the input buffer consists only of "." or "..", then remove that from the input
            //    buffer; otherwise,
            input = "";
        } else {
            // E. move the first path segment in the input buffer to the end of the output buffer,
            //    including the initial "/" character (if any) and any subsequent characters up to, but
            //    not including, the next "/" character or the end of the input buffer.
            let start = usize::from(input.starts_with('/'));
            let end = input[start..].find('/').map_or(input.len(), |i| start + i);
            output.push_str(&input[..end]);
            input = &input[end..];
        }
    }
    // 3. Finally, the output buffer is returned as the result of remove_dot_segments.
    output
}

fn remove_last_segment(output: &mut String) {
    match output.rfind('/') {
        Some(i) => output.truncate(i),
        None => output.clear(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;
    use std::error::Error as _;

    #[test]
    fn transform_writes_a_dot_before_a_path_that_starts_with_two_slashes() {
        let base = parse(Grammar::Iri, "f:/a").unwrap();
        let r = parse(Grammar::Iri, ".//g").unwrap();
        let t = transform(&base, &r, Mode::Strict);
        assert_eq!(t, "f:/.//g");
        assert!(t.authority().is_none());
        assert_eq!(remove_dot_segments(t.path().as_str()), "//g");
    }

    #[test]
    fn merge_paths() {
        let base = |s| parse(Grammar::Iri, s).unwrap();
        assert_eq!(merge(&base("http://a"), "g"), "/g");
        assert_eq!(merge(&base("http://a/b/c/d;p"), "g"), "/b/c/g");
        assert_eq!(merge(&base("urn:x"), "g"), "g");
    }

    #[test]
    fn errors_give_their_source() {
        let e = resolve(Grammar::Uri, "http://a/ b", "c").unwrap_err();
        assert!(matches!(e, ResolveError::InvalidBase(_)));
        let parse = e.source().unwrap().downcast_ref::<ParseError>().unwrap();
        assert_eq!(parse.offset, 9);

        let e = resolve(Grammar::Uri, "http://a/", "b c").unwrap_err();
        assert!(matches!(e, ResolveError::Reference(_)));
        assert_eq!(
            e.source()
                .unwrap()
                .downcast_ref::<ParseError>()
                .unwrap()
                .offset,
            1
        );

        let e = resolve(Grammar::Uri, "/a", "b").unwrap_err();
        assert!(matches!(e, ResolveError::BaseNoScheme { .. }));
        assert!(e.source().is_none());
    }
}
