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
//! | §5.3 component recomposition | `Display` of [`Parts`] |
//!
//! **The base.** §5.2.1: "A base URI must conform to the `<absolute-URI>` syntax rule". A base with a
//! fragment (an `IRI` that is not an `absolute-IRI`) is accepted and its fragment is ignored: §5.1
//! says that a base taken from a reference is "stripped of any fragment component prior to its use as a
//! base URI", and the §5.2.2 pseudocode never reads `Base.fragment`. A base without a scheme is an error
//! ([`BaseError::NoScheme`]).
//!
//! **Strict and non-strict.** §5.2.2 lets a non-strict parser drop a reference's scheme when it equals
//! the base's ("backward compatibility", §5.4.2: `http:g` → `http://a/b/c/g`). Strict is the default.
//!
//! **A path that looks like an authority.** When the result has no authority and its path begins with
//! `//` (base `f:/a`, reference `.//g`: path `//g`), the §5.3 recomposition `f://g` would be read back
//! with `g` as an authority, or not at all (`f://a@b@c`). [`Parts`] then writes `/.` before the path
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

use crate::components::{Reference, ReferenceKind};
use crate::error::{quote, ParseError};
use crate::grammar::Grammar;

/// Strict or non-strict reference transformation (RFC 3986 §5.2.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The RFC's recommendation: a reference with a scheme is always taken as it is.
    #[default]
    Strict,
    /// "for backward compatibility": a reference whose scheme equals the base's (compared without
    /// regard to ASCII case, as schemes are case-insensitive, §3.1) is resolved as if it had none.
    NonStrict,
}

/// The five components of a reference (RFC 3986 §5.2.1), owned. `None` is "undefined", `Some("")`
/// is "defined but empty"; the path is always defined.
///
/// `Display` is the recomposition of §5.3, with one addition: when the authority is undefined and the
/// path begins with `//`, `/.` is written before the path, and when neither scheme nor authority is
/// defined and the first segment contains `:`, `./` is written before it, so that the string always
/// parses back to components with the same meaning. Neither happens for components taken from a parsed
/// reference, for which `Display` gives back the input.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Parts {
    /// `scheme`, without the ":".
    pub scheme: Option<String>,
    /// `authority`, without the "//".
    pub authority: Option<String>,
    /// `path`.
    pub path: String,
    /// `query`, without the "?".
    pub query: Option<String>,
    /// `fragment`, without the "#".
    pub fragment: Option<String>,
}

impl Parts {
    /// The components of a parsed reference.
    pub fn from_reference(r: &Reference<'_>) -> Parts {
        Parts {
            scheme: r.scheme.map(|s| s.text.to_string()),
            authority: r.authority.map(|a| a.component.text.to_string()),
            path: r.path.component.text.to_string(),
            query: r.query.map(|q| q.text.to_string()),
            fragment: r.fragment.map(|f| f.text.to_string()),
        }
    }

    /// What `Display` writes before the path so that it reads back as a path (see the type docs).
    fn path_guard(&self) -> &'static str {
        if self.authority.is_none() && self.path.starts_with("//") {
            "/."
        } else if self.scheme.is_none()
            && self.authority.is_none()
            && self.path.split('/').next().is_some_and(|s| s.contains(':'))
        {
            "./"
        } else {
            ""
        }
    }
}

impl fmt::Display for Parts {
    /// RFC 3986 §5.3 component recomposition (with the path guard described on [`Parts`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(s) = &self.scheme {
            write!(f, "{s}:")?;
        }
        if let Some(a) = &self.authority {
            write!(f, "//{a}")?;
        }
        f.write_str(self.path_guard())?;
        f.write_str(&self.path)?;
        if let Some(q) = &self.query {
            write!(f, "?{q}")?;
        }
        if let Some(fr) = &self.fragment {
            write!(f, "#{fr}")?;
        }
        Ok(())
    }
}

/// Why a string cannot be a base (RFC 3986 §5.2.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BaseError {
    /// The base is not even a reference under the grammar.
    Invalid(ParseError),
    /// The base is a relative reference: it has no scheme.
    NoScheme {
        /// The base, as given.
        base: String,
        /// What kind of relative reference it is.
        kind: ReferenceKind,
        /// The grammar (for the rule name in the message).
        grammar: Grammar,
    },
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

impl fmt::Display for BaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BaseError::Invalid(e) => write!(
                f,
                "base {} is not a valid {}: {}",
                quote(&e.input),
                e.rule,
                e.message()
            ),
            BaseError::NoScheme {
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
        }
    }
}

impl std::error::Error for BaseError {}

/// Why [`resolve`] failed: the base or the reference is not what §5.2 needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveError {
    /// The base cannot be a base.
    Base(BaseError),
    /// The reference is not a reference under the grammar.
    Reference(ParseError),
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::Base(e) => e.fmt(f),
            ResolveError::Reference(e) => write!(
                f,
                "reference {} is not a valid {}: {}",
                quote(&e.input),
                e.rule,
                e.message()
            ),
        }
    }
}

impl std::error::Error for ResolveError {}

impl From<BaseError> for ResolveError {
    fn from(e: BaseError) -> Self {
        ResolveError::Base(e)
    }
}

/// A base IRI, pre-parsed once (RFC 3986 §5.2.1) to resolve references against, or to relativize
/// targets against ([`crate::relativize()`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Base {
    grammar: Grammar,
    text: String,
    parts: Parts,
}

impl Base {
    /// Parses `base` under `grammar`. It must have a scheme; a fragment is ignored (see the module docs).
    pub fn new(grammar: Grammar, base: &str) -> Result<Base, BaseError> {
        let r = crate::parse(grammar, base).map_err(BaseError::Invalid)?;
        Base::from_reference(&r)
    }

    /// The base from an already parsed reference.
    pub fn from_reference(r: &Reference<'_>) -> Result<Base, BaseError> {
        if r.scheme.is_none() {
            return Err(BaseError::NoScheme {
                base: r.input.to_string(),
                kind: r.kind,
                grammar: r.grammar,
            });
        }
        let mut parts = Parts::from_reference(r);
        parts.fragment = None;
        Ok(Base {
            grammar: r.grammar,
            text: r.input.to_string(),
            parts,
        })
    }

    /// The grammar the base was parsed with (references are parsed with it too).
    pub fn grammar(&self) -> Grammar {
        self.grammar
    }

    /// The base as given (with its fragment, if it had one).
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The components used for resolution (the fragment removed).
    pub fn parts(&self) -> &Parts {
        &self.parts
    }

    /// Resolves `reference` strictly (RFC 3986 §5.2).
    pub fn resolve(&self, reference: &str) -> Result<String, ResolveError> {
        self.resolve_with(reference, Mode::Strict)
    }

    /// Resolves `reference` in the given mode (RFC 3986 §5.2).
    pub fn resolve_with(&self, reference: &str, mode: Mode) -> Result<String, ResolveError> {
        let r = crate::parse(self.grammar, reference).map_err(ResolveError::Reference)?;
        Ok(self.resolve_reference(&r, mode).to_string())
    }

    /// Resolves an already parsed reference and returns the target's components.
    pub fn resolve_reference(&self, reference: &Reference<'_>, mode: Mode) -> Parts {
        transform(&self.parts, &Parts::from_reference(reference), mode)
    }
}

/// Resolves `reference` against `base` strictly (RFC 3986 §5.2), both parsed under `grammar`, and
/// returns the target IRI (§5.3 recomposition).
pub fn resolve(grammar: Grammar, base: &str, reference: &str) -> Result<String, ResolveError> {
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
) -> Result<String, ResolveError> {
    Base::new(grammar, base)?.resolve_with(reference, mode)
}

/// RFC 3986 §5.2.2 "Transform References": the target components of reference `r` against `base`.
///
/// `base` should have a scheme (the pseudocode assumes it); its fragment is never read.
///
/// ```
/// use iri_abnf::resolve::{transform, Mode, Parts};
///
/// let base = Parts { scheme: Some("f".into()), path: "/a".into(), ..Parts::default() };
/// let r = Parts { path: ".//g".into(), ..Parts::default() };
/// let t = transform(&base, &r, Mode::Strict);
/// assert_eq!((t.authority, t.path.as_str()), (None, "//g"));
/// assert_eq!(transform(&base, &r, Mode::Strict).to_string(), "f:/.//g");
/// ```
pub fn transform(base: &Parts, r: &Parts, mode: Mode) -> Parts {
    // -- A non-strict parser may ignore a scheme in the reference if it is identical to the base URI's
    // scheme.
    let r_scheme = match (&r.scheme, &base.scheme, mode) {
        (Some(rs), Some(bs), Mode::NonStrict) if rs.eq_ignore_ascii_case(bs) => None,
        (s, _, _) => s.clone(),
    };
    let mut t = Parts::default();
    if let Some(scheme) = r_scheme {
        t.scheme = Some(scheme);
        t.authority = r.authority.clone();
        t.path = remove_dot_segments(&r.path);
        t.query = r.query.clone();
    } else {
        if r.authority.is_some() {
            t.authority = r.authority.clone();
            t.path = remove_dot_segments(&r.path);
            t.query = r.query.clone();
        } else {
            if r.path.is_empty() {
                t.path = base.path.clone();
                t.query = if r.query.is_some() {
                    r.query.clone()
                } else {
                    base.query.clone()
                };
            } else {
                if r.path.starts_with('/') {
                    t.path = remove_dot_segments(&r.path);
                } else {
                    t.path = remove_dot_segments(&merge(base, &r.path));
                }
                t.query = r.query.clone();
            }
            t.authority = base.authority.clone();
        }
        t.scheme = base.scheme.clone();
    }
    t.fragment = r.fragment.clone();
    t
}

/// RFC 3986 §5.2.3 "Merge Paths": the reference's path appended to the base path's "directory".
///
/// - If the base has an authority and an empty path: "/" followed by the reference's path.
/// - Otherwise: the base path without its last segment (everything after the right-most "/", or the
///   whole path when it has no "/"), followed by the reference's path.
///
/// ```
/// use iri_abnf::resolve::{merge, Parts};
///
/// let base = Parts { scheme: Some("http".into()), authority: Some("a".into()), ..Parts::default() };
/// assert_eq!(merge(&base, "g"), "/g");
/// let base = Parts { path: "/b/c/d;p".into(), ..base };
/// assert_eq!(merge(&base, "g"), "/b/c/g");
/// let base = Parts { scheme: Some("urn".into()), path: "x".into(), ..Parts::default() };
/// assert_eq!(merge(&base, "g"), "g");
/// ```
pub fn merge(base: &Parts, reference_path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        format!("/{reference_path}")
    } else {
        let dir = match base.path.rfind('/') {
            Some(i) => &base.path[..=i],
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
