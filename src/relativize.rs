//! Relativization: the inverse of [resolution](mod@crate::resolve). For an absolute base and a target IRI,
//! find a reference that resolves (strictly, RFC 3986 §5.2) against the base to exactly the target.
//!
//! RFC 3986 defines no such operation; this one is specified by its result:
//!
//! 1. **Never wrong.** Every candidate is resolved against the base with [`crate::resolve()`] and kept only
//!    when the result is the target, character for character. The tricky cases come out right by
//!    construction: a first segment with `:` (`./a:b`, not `a:b`, which would be a scheme), a path that
//!    begins with `//` (`.//x`, not `//x`, which would be an authority), an empty target path under an
//!    authority (only `//host?q` can give it), a query-only or fragment-only difference (`?q`, `#f`),
//!    and a target without a query where the base has one (the path must then be written).
//! 2. **Shortest.** Among the references that resolve to the target, the shortest (in characters) is
//!    returned. Ties go to a relative-path reference that names a segment (`../z` rather than `/a/z`),
//!    then an absolute-path reference (`/` rather than `.`), then one made only of dot segments, then a
//!    network-path reference, then the target itself.
//! 3. **Always an answer when there is one.** The target itself is a candidate, so a different scheme
//!    gives the target back. A target that no reference resolves to is an error
//!    ([`RelativizeError::Unreachable`]): resolution removes dot segments from every path it builds, so
//!    a target path with `.` or `..` segments (`http://x/a/../b`) is reached only when it is the base's
//!    own path.
//!
//! The base follows the rules of [`Base`]: an absolute IRI, its fragment ignored. The target must have a
//! scheme (an `IRI`, with or without fragment). Resolution of the result in [`Mode::NonStrict`] may give
//! a different IRI when the result is an absolute IRI with the base's scheme.
//!
//! ```
//! use iri_abnf::{relativize, resolve, Grammar};
//!
//! let base = "http://a/b/c/d;p?q";
//! assert_eq!(relativize(Grammar::Iri, base, "http://a/b/c/g").unwrap(), "g");
//! assert_eq!(relativize(Grammar::Iri, base, "http://a/b/g?y").unwrap(), "../g?y");
//! assert_eq!(relativize(Grammar::Iri, base, "http://a/b/c/d;p?q#s").unwrap(), "#s");
//! assert_eq!(relativize(Grammar::Iri, base, "http://a/b/c/d;p").unwrap(), "d;p");
//! assert_eq!(relativize(Grammar::Iri, base, "http://a/b/c/g:h").unwrap(), "./g:h");
//! assert_eq!(relativize(Grammar::Iri, base, "http://a/x").unwrap(), "/x");
//! assert_eq!(relativize(Grammar::Iri, base, "http://e/").unwrap(), "//e/");
//! assert_eq!(relativize(Grammar::Iri, base, "ftp://a/").unwrap(), "ftp://a/");
//! for target in ["http://a/b/c/g:h", "http://a//x", "http://a?y", "http://a/b/c/"] {
//!     let r = relativize(Grammar::Iri, base, target).unwrap();
//!     assert_eq!(resolve(Grammar::Iri, base, &r).unwrap(), target);
//! }
//! assert!(relativize(Grammar::Iri, base, "http://a/b/../g").is_err());
//! ```

use std::fmt;

use crate::components::ReferenceKind;
use crate::error::{quote, ParseError};
use crate::grammar::Grammar;
use crate::resolve::{kind_phrase, remove_dot_segments, Base, BaseError, Mode, Parts};

/// Why [`relativize`] gave no reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RelativizeError {
    /// The base cannot be a base.
    Base(BaseError),
    /// The target is not a reference under the grammar.
    Target(ParseError),
    /// The target is a relative reference: it has no scheme.
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

impl fmt::Display for RelativizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RelativizeError::Base(e) => e.fmt(f),
            RelativizeError::Target(e) => write!(
                f,
                "target {} is not a valid {}: {}",
                quote(&e.input),
                e.rule,
                e.message()
            ),
            RelativizeError::TargetNoScheme { target, kind } => write!(
                f,
                "target {} has no scheme: it is {}; resolve it against a base first",
                quote(target),
                kind_phrase(*kind)
            ),
            RelativizeError::Unreachable { target, reason } => {
                write!(f, "no reference resolves to {}: {reason}", quote(target))
            }
        }
    }
}

impl std::error::Error for RelativizeError {}

impl From<BaseError> for RelativizeError {
    fn from(e: BaseError) -> Self {
        RelativizeError::Base(e)
    }
}

/// The shortest reference that resolves against `base` to `target` (see the [module docs](self)).
pub fn relativize(grammar: Grammar, base: &str, target: &str) -> Result<String, RelativizeError> {
    Base::new(grammar, base)?.relativize(target)
}

/// How a candidate ranks among candidates of the same length (lower first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Form {
    /// An empty path (`""`, `?q`, `#f`) or a relative path that names a segment.
    Relative,
    /// `/path`.
    AbsolutePath,
    /// A relative path made only of `.` and `..` segments.
    DotsOnly,
    /// `//authority/path`.
    NetworkPath,
    /// `scheme:…`.
    Absolute,
}

impl Base {
    /// The shortest reference that resolves against this base to `target` (see [`relativize`]).
    pub fn relativize(&self, target: &str) -> Result<String, RelativizeError> {
        let t = crate::parse(self.grammar(), target).map_err(RelativizeError::Target)?;
        if t.scheme.is_none() {
            return Err(RelativizeError::TargetNoScheme {
                target: target.to_string(),
                kind: t.kind,
            });
        }
        let t = Parts::from_reference(&t);
        let mut all = candidates(self.parts(), &t);
        all.sort_by_key(|(form, c)| (c.chars().count(), *form));
        // The first that really resolves to the target, under the same grammar.
        let found = all.into_iter().map(|(_, c)| c).find(|c| {
            self.resolve_with(c, Mode::Strict)
                .is_ok_and(|resolved| resolved == target)
        });
        found.ok_or_else(|| RelativizeError::Unreachable {
            target: target.to_string(),
            reason: unreachable_reason(self.parts(), &t),
        })
    }
}

fn unreachable_reason(base: &Parts, t: &Parts) -> String {
    let dots = t.path.split('/').any(|s| s == "." || s == "..");
    if dots {
        format!(
            "its path {} has dot segments, which resolution removes from every path it builds \
             (RFC 3986 §5.2.2, §5.2.4); only the base's own path {} is kept as it is",
            quote(&t.path),
            quote(&base.path)
        )
    } else {
        "resolving any reference against this base gives a different IRI".to_string()
    }
}

/// Every reference worth trying, with its form. Most do resolve to the target; the caller checks.
fn candidates(base: &Parts, t: &Parts) -> Vec<(Form, String)> {
    let mut out = vec![(Form::Absolute, t.to_string())];
    if t.scheme != base.scheme {
        return out;
    }
    let mut tail = String::new();
    if let Some(q) = &t.query {
        tail.push('?');
        tail.push_str(q);
    }
    let frag = t
        .fragment
        .as_ref()
        .map_or(String::new(), |f| format!("#{f}"));
    tail.push_str(&frag);
    if let Some(a) = &t.authority {
        out.push((Form::NetworkPath, format!("//{a}{}{tail}", t.path)));
    }
    if t.authority != base.authority {
        return out;
    }
    if t.path == base.path {
        if t.query == base.query {
            out.push((Form::Relative, frag.clone()));
        }
        if let Some(q) = &t.query {
            out.push((Form::Relative, format!("?{q}{frag}")));
        }
    }
    if t.path.starts_with('/') {
        let guard = if t.path.starts_with("//") { "/." } else { "" };
        out.push((Form::AbsolutePath, format!("{guard}{}{tail}", t.path)));
    }
    // A target written with the "/." guard (no authority, path "/.//…") has the path "//…" after
    // resolution: that is what a relative reference must produce.
    let path = match (&t.authority, t.path.strip_prefix("/.")) {
        (None, Some(p)) if p.starts_with("//") => p,
        _ => t.path.as_str(),
    };
    for path in relative_paths(base, path) {
        let form = if path
            .split('/')
            .all(|s| s == "." || s == ".." || s.is_empty())
        {
            Form::DotsOnly
        } else {
            Form::Relative
        };
        out.push((form, format!("{path}{tail}")));
    }
    out
}

/// Relative paths that, merged with the base's path (§5.2.3) and freed of dot segments, may give
/// `target`: for each ancestor of the base's "directory", `../` as many times as needed and the rest of
/// the target path. The directory is taken both as written and as resolution sees it (its own dot
/// segments removed: `/a/./b/` acts as `/a/b/`).
fn relative_paths(base: &Parts, target: &str) -> Vec<String> {
    let dir = if base.authority.is_some() && base.path.is_empty() {
        "/"
    } else {
        match base.path.rfind('/') {
            Some(i) => &base.path[..=i],
            None => "",
        }
    };
    // What a plain segment "z" lands after, once merged and freed of dot segments.
    let probe = remove_dot_segments(&format!("{dir}z"));
    let effective = probe.strip_suffix('z').unwrap_or(dir);
    let mut out = from_directory(dir, target);
    if effective != dir {
        out.extend(from_directory(effective, target));
    }
    out
}

fn from_directory(dir: &str, target: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut ancestor = dir;
    let mut up = 0usize;
    loop {
        if let Some(rest) = target.strip_prefix(ancestor) {
            let first = rest.split('/').next().unwrap_or("");
            if up == 0 {
                if rest.is_empty() {
                    out.push(".".to_string());
                    out.push("./".to_string());
                } else if rest.starts_with('/')
                    || first.contains(':')
                    || first == "."
                    || first == ".."
                {
                    out.push(format!("./{rest}"));
                } else {
                    out.push(rest.to_string());
                }
            } else if rest.is_empty() {
                out.push(format!("{}..", "../".repeat(up - 1)));
                out.push("../".repeat(up));
            } else {
                out.push(format!("{}{rest}", "../".repeat(up)));
            }
        }
        if ancestor.is_empty() {
            break;
        }
        // The parent directory: drop the last segment before the final "/".
        let Some(without_slash) = ancestor.strip_suffix('/') else {
            break;
        };
        ancestor = match without_slash.rfind('/') {
            Some(i) => &ancestor[..=i],
            None => "",
        };
        up += 1;
    }
    out
}
