//! Relativization (see [`relativize`]).

use crate::grammar::Grammar;
use crate::operations::resolve::{remove_dot_segments, Base, Mode, ResolveError};
use crate::parsing::components::{Reference, ReferenceBuf};
use crate::parsing::error::quote;

fn scheme<'a>(r: &Reference<'a>) -> Option<&'a str> {
    r.scheme().map(|c| c.as_str())
}

fn authority<'a>(r: &Reference<'a>) -> Option<&'a str> {
    r.authority().map(|a| a.as_str())
}

fn path<'a>(r: &Reference<'a>) -> &'a str {
    r.path().as_str()
}

fn query<'a>(r: &Reference<'a>) -> Option<&'a str> {
    r.query().map(|c| c.as_str())
}

fn fragment<'a>(r: &Reference<'a>) -> Option<&'a str> {
    r.fragment().map(|c| c.as_str())
}

/// The shortest reference that resolves against `base` to `target`: relativization, the inverse of
/// resolution.
///
/// For an absolute base and a target IRI, it finds a reference that resolves (strictly, RFC 3986 §5.2) against the base to exactly the target.
///
/// RFC 3986 defines no such operation; this one is specified by its result:
///
/// 1. **Never wrong.** A candidate is returned only after it is resolved against the base with
///    [`crate::resolve()`] and the result is the target, character for character. The tricky cases come out right by
///    construction: a first segment with `:` (`./a:b`, not `a:b`, which would be a scheme), a path that
///    begins with `//` (`.//x`, not `//x`, which would be an authority), an empty target path under an
///    authority (only `//host?q` can give it), a query-only or fragment-only difference (`?q`, `#f`),
///    and a target without a query where the base has one (the path must then be written).
/// 2. **Shortest.** Among the references that resolve to the target, the shortest (in characters) is
///    returned. Ties go to a relative-path reference that names a segment (`../z` rather than `/a/z`),
///    then an absolute-path reference (`/` rather than `.`), then one made only of dot segments, then a
///    network-path reference, then the target itself.
/// 3. **Always an answer when there is one.** The target itself is a candidate, so a different scheme
///    gives the target back. A target that no reference resolves to is an error
///    ([`ResolveError::Unreachable`]): resolution removes dot segments from every path it builds, so
///    a target path with `.` or `..` segments (`http://x/a/../b`) is reached only when it is the base's
///    own path.
///
/// The candidates are tried in order of preference, and only a constant number of them is written out
/// and resolved, so relativization takes time and memory linear in the lengths of the base and the
/// target (a path half a million segments deep takes about as long as parsing it).
///
/// The base follows the rules of [`Base`]: an absolute IRI, its fragment ignored. The target must have a
/// scheme (an `IRI`, with or without fragment). Resolution of the result in [`Mode::NonStrict`] may give
/// a different IRI when the result is an absolute IRI with the base's scheme.
///
/// ```
/// use iri_abnf::{relativize, resolve, Grammar};
///
/// let base = "http://a/b/c/d;p?q";
/// assert_eq!(relativize(Grammar::Iri, base, "http://a/b/c/g").unwrap(), "g");
/// assert_eq!(relativize(Grammar::Iri, base, "http://a/b/g?y").unwrap(), "../g?y");
/// assert_eq!(relativize(Grammar::Iri, base, "http://a/b/c/d;p?q#s").unwrap(), "#s");
/// assert_eq!(relativize(Grammar::Iri, base, "http://a/b/c/d;p").unwrap(), "d;p");
/// assert_eq!(relativize(Grammar::Iri, base, "http://a/b/c/g:h").unwrap(), "./g:h");
/// assert_eq!(relativize(Grammar::Iri, base, "http://a/x").unwrap(), "/x");
/// assert_eq!(relativize(Grammar::Iri, base, "http://e/").unwrap(), "//e/");
/// assert_eq!(relativize(Grammar::Iri, base, "ftp://a/").unwrap(), "ftp://a/");
/// for target in ["http://a/b/c/g:h", "http://a//x", "http://a?y", "http://a/b/c/"] {
///     let r = relativize(Grammar::Iri, base, target).unwrap();
///     assert_eq!(resolve(Grammar::Iri, base, &r).unwrap(), target);
/// }
/// assert!(relativize(Grammar::Iri, base, "http://a/b/../g").is_err());
/// ```
///
pub fn relativize(
    grammar: Grammar,
    base: &str,
    target: &str,
) -> Result<ReferenceBuf, ResolveError> {
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

/// A candidate's place in the order of preference: fewer characters first, then by [`Form`], then in
/// the order the candidates are listed (the target itself, the network-path, query or fragment and
/// absolute-path references, then the relative paths from the nearest ancestor directory up). The
/// candidates are tried in this order and the first that resolves to the target is the answer.
type Rank = (usize, Form, usize);

impl Base {
    /// The shortest reference that resolves against this base to `target` (see [`relativize`]).
    ///
    /// Linear in the lengths of the base and the target: a constant number of candidates is written
    /// out and resolved.
    pub fn relativize(&self, target: &str) -> Result<ReferenceBuf, ResolveError> {
        let t =
            crate::parsing::split::parse(self.grammar(), target).map_err(ResolveError::Target)?;
        if t.scheme().is_none() {
            return Err(ResolveError::TargetNoScheme {
                target: target.to_string(),
                kind: t.kind(),
            });
        }
        let base = self.reference();
        // A candidate is kept only when it really resolves to the target, under the same grammar.
        let resolves = |c: &str| {
            self.resolve_with(c, Mode::Strict)
                .is_ok_and(|resolved| resolved == target)
        };
        let (fixed, relative) = candidates(&base, &t);
        let mut fixed: Vec<(Rank, String)> = fixed
            .into_iter()
            .enumerate()
            .map(|(i, (form, c))| ((c.chars().count(), form, i), c))
            .collect();
        fixed.sort();
        let mut fixed = fixed.into_iter().peekable();
        let mut relative = relative.map(|(dir, path, tail)| RelativePaths::new(dir, path, tail));
        // The candidates in order of preference, the first that resolves to the target wins.
        loop {
            let next_relative = relative.as_mut().and_then(RelativePaths::peek);
            let take_fixed = match (fixed.peek(), next_relative) {
                (Some((f, _)), Some(r)) => *f < r,
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => break,
            };
            if take_fixed {
                let (_, c) = fixed.next().expect("peeked");
                if resolves(&c) {
                    return Ok(ReferenceBuf::from_valid(self.grammar(), c));
                }
            } else if let Some(rel) = relative.as_mut() {
                let c = rel.take();
                if resolves(&c) {
                    return Ok(ReferenceBuf::from_valid(self.grammar(), c));
                }
                rel.failed();
            }
        }
        Err(ResolveError::Unreachable {
            target: target.to_string(),
            reason: unreachable_reason(&base, &t),
        })
    }
}

fn unreachable_reason(base: &Reference<'_>, t: &Reference<'_>) -> String {
    let dots = path(t).split('/').any(|s| s == "." || s == "..");
    if dots {
        format!(
            "its path {} has dot segments, which resolution removes from every path it builds \
             (RFC 3986 §5.2.2, §5.2.4); only the base's own path {} is kept as it is",
            quote(path(t)),
            quote(path(base))
        )
    } else {
        "resolving any reference against this base gives a different IRI".to_string()
    }
}

/// The most candidates [`candidates`] lists before the relative paths.
const FIXED: usize = 5;

/// The references worth trying other than relative paths, with their form, and what the relative
/// paths are built from (when the target has the base's scheme and authority): the directory
/// resolution merges them with, the path they must give, and the query and fragment to append.
#[allow(clippy::type_complexity)]
fn candidates<'a>(
    base: &Reference<'_>,
    t: &Reference<'a>,
) -> (Vec<(Form, String)>, Option<(String, &'a str, String)>) {
    let mut out = vec![(Form::Absolute, t.as_str().to_string())];
    if scheme(t) != scheme(base) {
        return (out, None);
    }
    let t_path = path(t);
    let mut tail = String::new();
    if let Some(q) = query(t) {
        tail.push('?');
        tail.push_str(q);
    }
    let frag = fragment(t).map_or(String::new(), |f| format!("#{f}"));
    tail.push_str(&frag);
    if let Some(a) = authority(t) {
        out.push((Form::NetworkPath, format!("//{a}{t_path}{tail}")));
    }
    if authority(t) != authority(base) {
        return (out, None);
    }
    if t_path == path(base) {
        if query(t) == query(base) {
            out.push((Form::Relative, frag.clone()));
        }
        if let Some(q) = query(t) {
            out.push((Form::Relative, format!("?{q}{frag}")));
        }
    }
    if t_path.starts_with('/') {
        let guard = if t_path.starts_with("//") { "/." } else { "" };
        out.push((Form::AbsolutePath, format!("{guard}{t_path}{tail}")));
    }
    debug_assert!(out.len() <= FIXED);
    // A target written with the "/." guard (no authority, path "/.//…") has the path "//…" after
    // resolution: that is what a relative reference must produce.
    let path = match (authority(t), t_path.strip_prefix("/.")) {
        (None, Some(p)) if p.starts_with("//") => p,
        _ => t_path,
    };
    (out, Some((effective_directory(base), path, tail)))
}

/// The directory a relative path is merged into (RFC 3986 §5.2.3), as resolution sees it: with its
/// own dot segments removed (`/a/./b/` acts as `/a/b/`, §5.2.4), as what a plain segment `z` lands
/// after.
fn effective_directory(base: &Reference<'_>) -> String {
    let base_path = path(base);
    let dir = if base.authority().is_some() && base_path.is_empty() {
        "/"
    } else {
        match base_path.rfind('/') {
            Some(i) => &base_path[..=i],
            None => "",
        }
    };
    let probe = remove_dot_segments(&format!("{dir}z"));
    probe.strip_suffix('z').unwrap_or(dir).to_string()
}

/// The relative-path references (with the target's query and fragment, `tail`) that may resolve to
/// the target, whose path is `path`, when the base's directory is `dir` as resolution sees it (see
/// [`effective_directory`]), in order of preference, each written out only when it is tried.
///
/// The candidates are, for each ancestor of `dir` that is a prefix of `path` (from `dir` itself up),
/// `../` once per level climbed and the rest of `path` (`./rest` when the rest would read as a
/// scheme or an authority; `.` or `./` for no rest, `..` or `../` after climbing). Each ancestor's
/// candidate is longer than the one below it (three characters more for `../`, at least one more for
/// the segment left in the rest), so they come in order of preference. Only a constant number of
/// them is tried, for these reasons:
///
/// - Resolution removes dot segments from every path it builds (§5.2.2, §5.2.4), so when `path`
///   has a `.` or `..` segment no relative path gives it: there are no candidates.
/// - Otherwise the ancestors that are prefixes of `path` have no dot segments, and climbing `u`
///   levels from `dir` with `../` lands exactly on its `u`-th ancestor: every candidate that climbs
///   to a non-empty ancestor resolves to the same components (the target's path, query and
///   fragment). When one of them does not resolve to the target, none does, and only the last
///   candidate (to the empty ancestor) is left.
///
/// The directory as written (`/a/./b/`) adds no candidate: where climbing from it gives the target,
/// the same climb written from the directory without its dot segments is no longer.
struct RelativePaths<'a> {
    dir: String,
    path: &'a str,
    tail: String,
    /// Bytes that `dir` and `path` have in common at their start.
    common: usize,
    path_chars: usize,
    tail_chars: usize,
    /// The next ancestor to look at: `dir[..len]`, `up` levels above `dir`, `len_chars` characters.
    len: usize,
    len_chars: usize,
    up: usize,
    /// No ancestor is left to look at.
    done: bool,
    /// A candidate climbing to a non-empty ancestor did not resolve to the target.
    below_root_fails: bool,
    /// The candidates of the ancestor last looked at that are not tried yet: rank, the prefix, the
    /// start of the rest in `path` (none: no rest), and whether it climbs to a non-empty ancestor.
    pending: std::collections::VecDeque<(Rank, Prefix, Option<usize>, bool)>,
    /// Whether the candidate last taken climbed to a non-empty ancestor.
    last_below_root: bool,
}

/// What comes before the rest of the path in a relative-path candidate.
#[derive(Clone, Copy)]
enum Prefix {
    /// Nothing.
    None,
    /// `.`
    Dot,
    /// `./`
    DotSlash,
    /// `../` that many times, less the final `/`.
    UpDots(usize),
    /// `../` that many times.
    Up(usize),
}

impl<'a> RelativePaths<'a> {
    fn new(dir: String, path: &'a str, tail: String) -> Self {
        let common = dir
            .bytes()
            .zip(path.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        RelativePaths {
            common,
            path_chars: path.chars().count(),
            tail_chars: tail.chars().count(),
            len: dir.len(),
            len_chars: dir.chars().count(),
            up: 0,
            done: path.split('/').any(|s| s == "." || s == ".."),
            below_root_fails: false,
            pending: std::collections::VecDeque::new(),
            last_below_root: false,
            dir,
            path,
            tail,
        }
    }

    /// The rank of the next candidate, if any.
    fn peek(&mut self) -> Option<Rank> {
        while self.pending.is_empty() && !self.done {
            self.look_at_ancestor();
        }
        self.pending.front().map(|p| p.0)
    }

    /// The next candidate, written out (after [`Self::peek`] gave its rank).
    fn take(&mut self) -> String {
        let (_, prefix, rest, below_root) = self.pending.pop_front().expect("peeked");
        self.last_below_root = below_root;
        let mut c = match prefix {
            Prefix::None => String::new(),
            Prefix::Dot => ".".to_string(),
            Prefix::DotSlash => "./".to_string(),
            Prefix::UpDots(up) => format!("{}..", "../".repeat(up - 1)),
            Prefix::Up(up) => "../".repeat(up),
        };
        if let Some(start) = rest {
            c.push_str(&self.path[start..]);
        }
        c.push_str(&self.tail);
        c
    }

    /// The candidate last taken does not resolve to the target.
    fn failed(&mut self) {
        if self.last_below_root {
            self.below_root_fails = true;
        }
    }

    /// Lists the candidates of the next ancestor (none when it is not a prefix of the path, or when
    /// it is below the root and such a candidate failed), and moves on to its parent.
    fn look_at_ancestor(&mut self) {
        let (len, up) = (self.len, self.up);
        let below_root = up > 0 && len > 0;
        if len <= self.common && !(below_root && self.below_root_fails) {
            let rest = &self.path[len..];
            let rest_chars = self.path_chars - self.len_chars;
            let first = rest.split('/').next().unwrap_or("");
            // (characters of the prefix, the prefix, with the rest)
            let forms: &[(usize, Prefix, bool)] = if up == 0 {
                if rest.is_empty() {
                    &[(1, Prefix::Dot, false), (2, Prefix::DotSlash, false)]
                } else if rest.starts_with('/') || first.contains(':') {
                    &[(2, Prefix::DotSlash, true)]
                } else {
                    &[(0, Prefix::None, true)]
                }
            } else if rest.is_empty() {
                &[
                    (3 * up - 1, Prefix::UpDots(up), false),
                    (3 * up, Prefix::Up(up), false),
                ]
            } else {
                &[(3 * up, Prefix::Up(up), true)]
            };
            // Every segment of the prefix is a dot segment; the rest has none.
            let form = if rest.bytes().all(|b| b == b'/') {
                Form::DotsOnly
            } else {
                Form::Relative
            };
            for (sub, &(prefix_chars, prefix, with_rest)) in forms.iter().enumerate() {
                let chars = prefix_chars + if with_rest { rest_chars } else { 0 } + self.tail_chars;
                let rank = (chars, form, FIXED + 2 * up + sub);
                self.pending
                    .push_back((rank, prefix, with_rest.then_some(len), below_root));
            }
        }
        if len == 0 {
            self.done = true;
            return;
        }
        // The parent directory: drop the last segment before the final "/".
        let parent = self.dir[..len - 1].rfind('/').map_or(0, |i| i + 1);
        self.len_chars -= self.dir[parent..len].chars().count();
        self.len = parent;
        self.up += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abnf::case_seed;

    #[test]
    fn errors_give_their_source() {
        use std::error::Error as _;
        let offset_of_source = |e: &ResolveError| {
            let parse = e.source().unwrap().downcast_ref::<crate::ParseError>();
            parse.unwrap().offset
        };
        let e = relativize(Grammar::Uri, "http://a/ b", "http://a/c").unwrap_err();
        assert!(matches!(e, ResolveError::InvalidBase(_)));
        assert_eq!(offset_of_source(&e), 9);
        let e = relativize(Grammar::Uri, "http://a/", "http://a/ c").unwrap_err();
        assert!(matches!(e, ResolveError::Target(_)));
        assert_eq!(offset_of_source(&e), 9);
        let e = relativize(Grammar::Uri, "http://a/", "c").unwrap_err();
        assert!(matches!(e, ResolveError::TargetNoScheme { .. }));
        assert!(e.source().is_none());
    }

    /// The previous implementation, which wrote out and resolved every candidate (quadratic in the
    /// path's depth): the linear one must give the same answers.
    mod all_candidates {
        use super::super::{authority, fragment, path as path_of, query, scheme, Form};
        use crate::operations::resolve::remove_dot_segments;
        use crate::parsing::components::Reference;

        /// Every reference worth trying, with its form. Most do resolve to the target; the caller checks.
        pub(super) fn candidates(base: &Reference<'_>, t: &Reference<'_>) -> Vec<(Form, String)> {
            let mut out = vec![(Form::Absolute, t.as_str().to_string())];
            let t_path = path_of(t);
            if scheme(t) != scheme(base) {
                return out;
            }
            let mut tail = String::new();
            if let Some(q) = query(t) {
                tail.push('?');
                tail.push_str(q);
            }
            let frag = fragment(t).map_or(String::new(), |f| format!("#{f}"));
            tail.push_str(&frag);
            if let Some(a) = authority(t) {
                out.push((Form::NetworkPath, format!("//{a}{t_path}{tail}")));
            }
            if authority(t) != authority(base) {
                return out;
            }
            if t_path == path_of(base) {
                if query(t) == query(base) {
                    out.push((Form::Relative, frag.clone()));
                }
                if let Some(q) = query(t) {
                    out.push((Form::Relative, format!("?{q}{frag}")));
                }
            }
            if t_path.starts_with('/') {
                let guard = if t_path.starts_with("//") { "/." } else { "" };
                out.push((Form::AbsolutePath, format!("{guard}{t_path}{tail}")));
            }
            // A target written with the "/." guard (no authority, path "/.//…") has the path "//…" after
            // resolution: that is what a relative reference must produce.
            let path = match (authority(t), t_path.strip_prefix("/.")) {
                (None, Some(p)) if p.starts_with("//") => p,
                _ => t_path,
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
        fn relative_paths(base: &Reference<'_>, target: &str) -> Vec<String> {
            let base_path = path_of(base);
            let dir = if authority(base).is_some() && base_path.is_empty() {
                "/"
            } else {
                match base_path.rfind('/') {
                    Some(i) => &base_path[..=i],
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
    }

    fn relativize_all(base: &Base, target: &str) -> Option<String> {
        let t = crate::parsing::split::parse(base.grammar(), target).ok()?;
        t.scheme()?;
        let mut all = all_candidates::candidates(&base.reference(), &t);
        all.sort_by_key(|(form, c)| (c.chars().count(), *form));
        all.into_iter().map(|(_, c)| c).find(|c| {
            base.resolve_with(c, Mode::Strict)
                .is_ok_and(|resolved| resolved == target)
        })
    }

    const SEGMENTS: &[&str] = &[
        "a", "b", "", ".", "..", "c:d", "%41", "é", "a", "b", "..", ".", "g;x", "",
    ];

    fn path(pick: &mut impl FnMut(usize) -> usize) -> String {
        let n = pick(6);
        let segs: Vec<&str> = (0..n).map(|_| SEGMENTS[pick(SEGMENTS.len())]).collect();
        let p = segs.join("/");
        match pick(3) {
            0 => p,
            _ => format!("/{p}"),
        }
    }

    fn iri(pick: &mut impl FnMut(usize) -> usize, near: Option<&str>) -> String {
        if let Some(near) = near {
            if pick(2) == 0 {
                // A variation of the base: same prefix, a different end.
                let cut = pick(near.len() + 1);
                let mut cut = cut.min(near.len());
                while !near.is_char_boundary(cut) {
                    cut -= 1;
                }
                let mut s = near[..cut].to_string();
                s.push_str(&path(pick));
                return s;
            }
        }
        let scheme = ["http", "foo", "x"][pick(3)];
        let authority = ["", "//a", "//b", "//"][pick(4)];
        let mut p = path(pick);
        if !authority.is_empty() && !p.is_empty() && !p.starts_with('/') {
            p.insert(0, '/');
        }
        let query = ["", "?q", "?", "?y"][pick(4)];
        let frag = ["", "#f", "#"][pick(3)];
        format!("{scheme}:{authority}{p}{query}{frag}")
    }

    #[test]
    fn same_answers_as_trying_every_candidate() {
        let mut n = 0u64;
        let mut pick = |k: usize| {
            n += 1;
            (case_seed(0x5E1A, Grammar::Iri, n) % k as u64) as usize
        };
        let mut compared = 0;
        let mut found = 0;
        for _ in 0..30_000 {
            let b = iri(&mut pick, None);
            let t = iri(&mut pick, Some(&b));
            let Ok(base) = Base::new(Grammar::Iri, &b) else {
                continue;
            };
            let old = relativize_all(&base, &t);
            let new = base.relativize(&t).ok().map(String::from);
            assert_eq!(new, old, "base {b:?} target {t:?}");
            compared += 1;
            found += usize::from(old.is_some());
        }
        assert!(compared > 20_000 && found > 10_000, "{compared} {found}");
    }

    #[test]
    fn rfc3986_examples_the_same() {
        let base = Base::new(Grammar::Iri, "http://a/b/c/d;p?q").unwrap();
        for t in [
            "http://a/b/c/g",
            "http://a/b/c/g/",
            "http://a/g",
            "http://a/b/c/d;p?y",
            "http://a/b/c/g?y",
            "http://a/b/c/d;p?q#s",
            "http://a/b/c/",
            "http://a/b/",
            "http://a/",
            "http://a",
            "http://a/b/c/g;x",
            "http://a//g",
            "http://a/b/c/.g",
            "http://a/b/c/g..",
            "http:g",
        ] {
            assert_eq!(
                base.relativize(t).ok().map(String::from),
                relativize_all(&base, t),
                "{t}"
            );
        }
    }
}
