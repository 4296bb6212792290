//! The typed front door: [`Uri`], [`UriRef`], [`Iri`] and [`IriRef`], whose grammar and start rule are
//! fixed by the type, and the [`Builder`] that assembles them from components.
//!
//! | type | rule | grammar |
//! | --- | --- | --- |
//! | [`Uri`] | `URI` | RFC 3986 §3 |
//! | [`UriRef`] | `URI-reference` | RFC 3986 §4.1 |
//! | [`Iri`] | `IRI` | 3987bis §2.2 ([`Iri::parse_with`] for RFC 3987 §2.2) |
//! | [`IriRef`] | `IRI-reference` | 3987bis §2.2 ([`IriRef::parse_with`] likewise) |
//!
//! Each type is generic over its storage ([`Storage`]): `Iri<&str>` borrows the text it was parsed
//! from and allocates nothing, `Iri<String>` owns it. Both hold the text and the offsets of its
//! components, the same offsets that [`Reference`] and [`ReferenceBuf`] hold, so
//! [`Iri::as_reference`] is free and a typed value costs what [`crate::parse`] costs.
//!
//! Equality, ordering and hashing are those of the text: two values are equal when their strings
//! are, whatever grammar they were parsed with. That is simple string comparison (RFC 3986
//! §6.2.1), not equivalence: compare [`Iri::normalize`]d values, or use [`crate::normalize::equivalent`], for
//! the rungs of the comparison ladder above it.
//!
//! ```
//! use iri_abnf::{Iri, IriRef, Uri};
//!
//! let base = Iri::parse("http://例え.jp/a/b?q")?;
//! assert_eq!(base.scheme().as_str(), "http");
//! assert_eq!(base.host().unwrap().as_str(), "例え.jp");
//! let target = IriRef::parse("../ç#f")?.resolve_against(&base)?;
//! assert_eq!(target, "http://例え.jp/ç#f");
//! let uri: Uri<String> = target.to_uri();
//! assert_eq!(uri, "http://%E4%BE%8B%E3%81%88.jp/%C3%A7#f");
//! assert_eq!(uri.to_iri(), target);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod builder;
#[cfg(feature = "serde")]
mod serde_impls;

pub use builder::Builder;

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use crate::convert::{ConvertError, ToIriOptions, ToUriOptions};
use crate::grammar::rule::Rule;
use crate::grammar::{Grammar, IriGrammar};
use crate::normalize::{normalize_reference, Level, Options};
use crate::operations::resolve::{transform, Base, Mode, ResolveError};
use crate::parsing::components::{
    Authority, Component, Host, Meta, Path, Port, PortValue, Reference, ReferenceBuf,
};
use crate::parsing::components::{ReferenceKind, Span};
use crate::parsing::error::ParseError;

mod sealed {
    use std::borrow::Cow;

    /// Only the library implements [`super::Storage`].
    pub trait Sealed {}
    impl Sealed for &str {}
    impl Sealed for String {}

    /// Only the library implements [`super::IntoStorage`].
    pub trait SealedInput {}
    impl<T: crate::identifier::Storage> SealedInput for T {}
    impl SealedInput for &String {}
    impl SealedInput for &&str {}
    impl SealedInput for &Box<str> {}
    impl SealedInput for &Cow<'_, str> {}
}

/// The storage of a typed identifier: `&str` (borrowed from the input) or `String` (owned). The
/// trait is sealed.
pub trait Storage: AsRef<str> + sealed::Sealed {}

impl Storage for &str {}
impl Storage for String {}

/// What the typed `parse` functions ([`Iri::parse`], [`IriRef::parse`], [`Uri::parse`],
/// [`UriRef::parse`] and their `parse_with`) take: a [`Storage`] (`&str`, borrowed, or `String`,
/// owned, kept as it is), or a reference to an owned string (`&String`, `&Box<str>`,
/// `&Cow<str>`, `&&str`), which is borrowed as a `&str`. The trait is sealed.
///
/// ```
/// use iri_abnf::Iri;
///
/// let line = String::from("http://a/b");
/// let borrowed: Iri<&str> = Iri::parse(&line)?;
/// let owned: Iri<String> = Iri::parse(line.clone())?;
/// assert_eq!(borrowed, owned);
/// let lines = vec![line];
/// let all: Vec<Iri<&str>> = lines.iter().map(Iri::parse).collect::<Result<_, _>>()?;
/// assert_eq!(all[0].path().as_str(), "/b");
/// # Ok::<(), iri_abnf::ParseError>(())
/// ```
pub trait IntoStorage: sealed::SealedInput {
    /// The storage of the parsed value.
    type Storage: Storage;

    /// The text as that storage, without a copy.
    fn into_storage(self) -> Self::Storage;
}

impl<T: Storage> IntoStorage for T {
    type Storage = T;

    #[inline]
    fn into_storage(self) -> T {
        self
    }
}

impl<'a> IntoStorage for &'a String {
    type Storage = &'a str;

    #[inline]
    fn into_storage(self) -> &'a str {
        self.as_str()
    }
}

impl<'a> IntoStorage for &&'a str {
    type Storage = &'a str;

    #[inline]
    fn into_storage(self) -> &'a str {
        self
    }
}

impl<'a> IntoStorage for &'a Box<str> {
    type Storage = &'a str;

    #[inline]
    fn into_storage(self) -> &'a str {
        self
    }
}

impl<'a> IntoStorage for &'a std::borrow::Cow<'_, str> {
    type Storage = &'a str;

    #[inline]
    fn into_storage(self) -> &'a str {
        self
    }
}

/// The offsets of `input` as a string of `rule` of `grammar` (its absolute or its reference rule), or
/// the error that says where it goes wrong for that rule and what was expected there. The input is
/// parsed as [`crate::parse`] does (the DFA of the reference rule, then the split at the delimiters,
/// RFC 3986 Appendix B), and a string of the absolute rule is the reference with a scheme.
#[inline(always)]
fn parse_meta(grammar: Grammar, rule: Rule, input: &str) -> Result<Meta, ParseError> {
    match crate::parsing::split::parse(grammar, input) {
        Ok(r) if rule == grammar.reference_rule() => Ok(r.meta()),
        // The reference rule's error, from the same walk.
        Err(e) if rule == grammar.reference_rule() => Err(e),
        Ok(r) if r.meta().scheme_end.get().is_some() => Ok(with_rule(r.meta(), grammar, rule)),
        // The error for the type's rule, whose offset can differ from that of the reference rule.
        _ => rejected(grammar, rule, input).map(|()| meta_of_valid(grammar, rule, input)),
    }
}

/// The offsets of a string of `rule` of `grammar` (checked by its DFA), or the error.
fn checked_meta(grammar: Grammar, rule: Rule, input: &str) -> Result<Meta, ParseError> {
    check(grammar, rule, input)?;
    Ok(meta_of_valid(grammar, rule, input))
}

/// Whether `input` matches `rule` of `grammar`, by the rule's DFA; the error says where it does not.
#[inline]
fn check(grammar: Grammar, rule: Rule, input: &str) -> Result<(), ParseError> {
    if crate::parsing::split::is_valid(grammar, rule, input) {
        Ok(())
    } else {
        rejected(grammar, rule, input)
    }
}

/// The offsets of `input`, which is known to match `rule` of `grammar`.
#[inline]
fn meta_of_valid(grammar: Grammar, rule: Rule, input: &str) -> Meta {
    crate::parsing::split::meta(grammar, rule, input)
        .unwrap_or_else(|| crate::parsing::split::lenient(grammar, rule, input))
}

/// The error of an input that the rule's DFA did not accept.
#[cold]
#[inline(never)]
fn rejected(grammar: Grammar, rule: Rule, input: &str) -> Result<(), ParseError> {
    crate::syntax::validate(grammar, rule, input)
}

/// `IRI` (`URI` for [`Grammar::Uri`]): the rule of an identifier with a scheme (RFC 3986 §3).
fn absolute_rule(grammar: Grammar) -> Rule {
    match grammar {
        Grammar::Uri => Rule::Uri,
        _ => Rule::Iri,
    }
}

/// The wider of two grammars of [`Grammar::ALL`] (`uri` ⊆ `rfc3987` ⊆ `iri`): the grammar a result
/// made of parts of both belongs to.
fn wider(a: Grammar, b: Grammar) -> Grammar {
    let rank = |g| Grammar::ALL.iter().position(|x| *x == g);
    if rank(a) >= rank(b) {
        a
    } else {
        b
    }
}

/// `meta` as a string of `rule` of `grammar`: the split does not depend on either (RFC 3986
/// Appendix B), so a value is widened, or narrowed once checked, by setting them.
fn with_rule(mut meta: Meta, grammar: Grammar, rule: Rule) -> Meta {
    meta.grammar = grammar;
    meta.rule = rule;
    meta
}

/// The text and the offsets of an owned reference, as a string of `rule`.
fn owned(r: ReferenceBuf, rule: Rule) -> (String, Meta) {
    let meta = with_rule(r.meta, r.meta.grammar, rule);
    (r.text, meta)
}

/// RFC 3986 §5.2, strict: the target of `r` against `base` (which has a scheme), in the wider of
/// their grammars (the target is made of their parts).
fn resolve_refs(base: Reference<'_>, r: Reference<'_>) -> (String, Meta) {
    let grammar = wider(base.grammar(), r.grammar());
    let t = transform(&base, &r, Mode::Strict);
    let meta = with_rule(t.meta, grammar, absolute_rule(grammar));
    (t.text, meta)
}

/// The shortest reference from `base` to `target` ([`crate::relativize()`]), in the wider of their
/// grammars.
fn relativize_refs(
    base: Reference<'_>,
    base_meta: Meta,
    target: &str,
    target_grammar: Grammar,
) -> Result<(String, Meta), ResolveError> {
    let grammar = wider(base.grammar(), target_grammar);
    let base = Reference::from_meta(
        base.as_str(),
        with_rule(base_meta, grammar, absolute_rule(grammar)),
    );
    let r = Base::from_reference(&base)?.relativize(target)?;
    Ok(owned(r, grammar.reference_rule()))
}

/// The component at `span` of `input`.
fn component(input: &str, span: Span) -> Component<'_> {
    Component::new(input, span)
}

/// What the four types share: the text, the components, the conversions between storages, and the
/// traits on the string.
macro_rules! identifier {
    ($name:ident, $what:literal, $build:literal) => {
        impl<T: Storage> $name<T> {
            /// The text, as parsed.
            #[inline]
            pub fn as_str(&self) -> &str {
                self.text.as_ref()
            }

            /// The grammar the value was parsed with, whose rules the operations apply.
            #[inline]
            pub fn grammar(&self) -> Grammar {
                self.meta.grammar
            }

            /// The value as a [`Reference`] of the component model of [`crate::parse`], with the
            /// spans of its components. Nothing is parsed or copied.
            #[inline]
            pub fn as_reference(&self) -> Reference<'_> {
                Reference::from_meta(self.as_str(), self.meta)
            }

            /// What kind of reference it is (RFC 3986 §4.1–§4.3).
            #[inline]
            pub fn kind(&self) -> ReferenceKind {
                self.meta.kind
            }

            /// The authority (RFC 3986 §3.2), without the "//", when there is one; with its
            /// [`userinfo`](Authority::userinfo), [`host`](Authority::host) and
            /// [`port`](Authority::port).
            #[inline]
            pub fn authority(&self) -> Option<Authority<'_>> {
                self.meta.authority(self.as_str())
            }

            /// The userinfo of the authority (RFC 3986 §3.2.1), without the "@".
            #[inline]
            pub fn userinfo(&self) -> Option<Component<'_>> {
                self.authority().and_then(|a| a.userinfo())
            }

            /// The host of the authority (RFC 3986 §3.2.2), with its [`kind`](Host::kind).
            #[inline]
            pub fn host(&self) -> Option<Host<'_>> {
                self.authority().map(|a| a.host())
            }

            /// The port of the authority (RFC 3986 §3.2.3), without the ":"; it may be empty.
            #[inline]
            pub fn port(&self) -> Option<Port<'_>> {
                self.authority().and_then(|a| a.port())
            }

            /// The port as a number (RFC 3986 §3.2.3: decimal digits, leading zeros allowed):
            /// `None` when there is no port, when the port is empty (`http://a:/`, which §3.2.3
            /// allows), and when its digits denote a number above 65535 (which `port = *DIGIT`
            /// allows and no TCP or UDP port is). [`Port::value`] tells these apart.
            ///
            /// The default port of the scheme is not filled in (RFC 3986 §6.2.3 leaves it to the
            /// scheme).
            ///
            /// ```
            #[doc = concat!("use iri_abnf::", stringify!($name), ";")]
            ///
            #[doc = concat!("let port = |s| ", stringify!($name), "::parse(s).unwrap().port_u16();")]
            /// assert_eq!(port("http://a:08080/"), Some(8080));
            /// assert_eq!(port("http://a/"), None);
            /// assert_eq!(port("http://a:/"), None);
            /// assert_eq!(port("http://a:65536/"), None);
            /// ```
            pub fn port_u16(&self) -> Option<u16> {
                match self.port()?.value() {
                    PortValue::Number(n) => Some(n),
                    PortValue::Empty | PortValue::TooLarge => None,
                }
            }

            /// A [`Builder`] with the components of this value, as written (percent-encoded
            /// triplets kept, [`Builder::path_encoded`] and the other `_encoded` setters), to change
            /// some of them and build a new identifier. Nothing is copied: the builder borrows the
            /// text. [`Builder::from`] does the same.
            ///
            /// Built back unchanged, the value gives its own text again, but for the characters
            /// that 3987bis §4.1 keeps out of IRIs when they are created, which an IRI may hold as
            /// they are and the builder writes percent-encoded (see [`Builder`]).
            ///
            /// ```
            #[doc = concat!("use iri_abnf::", stringify!($name), ";")]
            ///
            #[doc = concat!("let v = ", stringify!($name), "::parse(\"http://a:8080/p%20q?x=1#top\")?;")]
            #[doc = concat!("let changed = v.to_builder().host(\"b.example\").clear_fragment().build_", $build, "()?;")]
            /// assert_eq!(changed, "http://b.example:8080/p%20q?x=1");
            #[doc = concat!("assert_eq!(v.to_builder().build_", $build, "()?, v);")]
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn to_builder(&self) -> Builder<'_> {
                Builder::from_reference(self.as_reference())
            }

            /// The path (RFC 3986 §3.3): always present, possibly empty.
            #[inline]
            pub fn path(&self) -> Path<'_> {
                self.meta.path(self.as_str())
            }

            /// The query (RFC 3986 §3.4), without the "?", when there is a "?".
            #[inline]
            pub fn query(&self) -> Option<Component<'_>> {
                self.meta.query(self.as_str())
            }

            /// The fragment (RFC 3986 §3.5), without the "#", when there is a "#".
            #[inline]
            pub fn fragment(&self) -> Option<Component<'_>> {
                self.meta.fragment(self.as_str())
            }

            /// The value borrowed from this one.
            #[inline]
            pub fn as_borrowed(&self) -> $name<&str> {
                $name {
                    text: self.as_str(),
                    meta: self.meta,
                }
            }

            /// The value with its own copy of the text (no copy when it already owns it).
            pub fn into_owned(self) -> $name<String> {
                $name {
                    text: self.as_str().to_string(),
                    meta: self.meta,
                }
            }
        }

        impl $name<String> {
            /// The text, as an owned string.
            pub fn into_string(self) -> String {
                self.text
            }
        }

        impl<'a> $name<&'a str> {
            /// The text, with the lifetime of the input.
            #[inline]
            pub fn as_input(&self) -> &'a str {
                self.text
            }
        }

        impl<T: Storage> fmt::Display for $name<T> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl<T: Storage> fmt::Debug for $name<T> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($name))
                    .field("text", &self.as_str())
                    .field("grammar", &self.grammar())
                    .finish()
            }
        }

        impl<T: Storage> AsRef<str> for $name<T> {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        impl<T: Storage, U: Storage> PartialEq<$name<U>> for $name<T> {
            /// The texts are the same (RFC 3986 §6.2.1), whatever the grammars.
            fn eq(&self, other: &$name<U>) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl<T: Storage> Eq for $name<T> {}

        impl<T: Storage> PartialOrd for $name<T> {
            fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
                Some(self.cmp(other))
            }
        }

        impl<T: Storage> Ord for $name<T> {
            /// The order of the texts.
            fn cmp(&self, other: &Self) -> Ordering {
                self.as_str().cmp(other.as_str())
            }
        }

        impl<T: Storage> Hash for $name<T> {
            /// The hash of the text, as [`PartialEq`] compares the text.
            fn hash<H: Hasher>(&self, state: &mut H) {
                self.as_str().hash(state)
            }
        }

        impl<T: Storage> PartialEq<str> for $name<T> {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl<T: Storage> PartialEq<&str> for $name<T> {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

        impl<T: Storage> PartialEq<String> for $name<T> {
            fn eq(&self, other: &String) -> bool {
                self.as_str() == other
            }
        }

        impl<T: Storage> PartialEq<$name<T>> for str {
            fn eq(&self, other: &$name<T>) -> bool {
                self == other.as_str()
            }
        }

        impl<T: Storage> PartialEq<$name<T>> for &str {
            fn eq(&self, other: &$name<T>) -> bool {
                *self == other.as_str()
            }
        }

        impl FromStr for $name<String> {
            type Err = ParseError;

            #[doc = concat!("Parses an owned ", $what, " ([`", stringify!($name), "::parse`]).")]
            fn from_str(s: &str) -> Result<Self, ParseError> {
                $name::parse(s.to_string())
            }
        }

        impl<'a> TryFrom<&'a str> for $name<&'a str> {
            type Error = ParseError;

            fn try_from(s: &'a str) -> Result<Self, ParseError> {
                $name::parse(s)
            }
        }

        impl TryFrom<&str> for $name<String> {
            type Error = ParseError;

            fn try_from(s: &str) -> Result<Self, ParseError> {
                $name::parse(s.to_string())
            }
        }

        impl TryFrom<String> for $name<String> {
            type Error = ParseError;

            fn try_from(s: String) -> Result<Self, ParseError> {
                $name::parse(s)
            }
        }

        impl From<$name<String>> for String {
            fn from(v: $name<String>) -> String {
                v.text
            }
        }

        impl<'a, T: Storage> From<&'a $name<T>> for Builder<'a> {
            #[doc = concat!("A builder with the components of the ", $what, " ([`", stringify!($name), "::to_builder`]).")]
            fn from(v: &'a $name<T>) -> Builder<'a> {
                v.to_builder()
            }
        }

        impl<'a> From<$name<&'a str>> for $name<String> {
            fn from(v: $name<&'a str>) -> $name<String> {
                v.into_owned()
            }
        }
    };
}

/// A URI (RFC 3986 §3): what the `URI` rule of [`Grammar::Uri`] matches, a scheme and the
/// hierarchical part, with an optional query and fragment.
///
/// ```
/// use iri_abnf::{HostKind, Uri};
///
/// let uri = Uri::parse("foo://example.com:8042/over/there?name=ferret#nose")?;
/// assert_eq!(uri.scheme().as_str(), "foo");
/// assert_eq!(uri.host().unwrap().kind(), HostKind::RegName);
/// assert_eq!(uri.port().unwrap().as_str(), "8042");
/// assert_eq!(uri.path().as_str(), "/over/there");
/// assert_eq!(uri.query().unwrap().as_str(), "name=ferret");
/// assert_eq!(uri.fragment().unwrap().as_str(), "nose");
/// // Not a URI: where it goes wrong, and what was expected there.
/// let err = Uri::parse("http://r\u{E9}sum\u{E9}.example.org").unwrap_err();
/// assert_eq!((err.offset, err.rule.name()), (8, "URI"));
/// # Ok::<(), iri_abnf::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Uri<T> {
    text: T,
    meta: Meta,
}

/// A URI reference (RFC 3986 §4.1): what the `URI-reference` rule of [`Grammar::Uri`] matches, a
/// [`Uri`] or a relative reference.
///
/// ```
/// use iri_abnf::{Uri, UriRef};
///
/// let base = Uri::parse("http://a/b/c/d;p?q")?;
/// let r = UriRef::parse("../g?y#s")?;
/// assert!(r.scheme().is_none());
/// assert_eq!(r.resolve_against(&base).unwrap(), "http://a/b/g?y#s");
/// # Ok::<(), iri_abnf::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct UriRef<T> {
    text: T,
    meta: Meta,
}

/// An IRI (3987bis §2.2): what the `IRI` rule matches, a scheme and the hierarchical part, with an
/// optional query and fragment. Parsed with [`Grammar::Iri`] (3987bis) unless
/// [`Iri::parse_with`] names another grammar.
///
/// ```
/// use iri_abnf::{Grammar, Iri};
///
/// let iri = Iri::parse("http://r\u{E9}sum\u{E9}.example.org/D%C3%BCrst")?;
/// assert_eq!(iri.host().unwrap().as_str(), "r\u{E9}sum\u{E9}.example.org");
/// assert_eq!(iri.path().decode().to_str().unwrap(), "/D\u{FC}rst");
/// assert_eq!(iri.grammar(), Grammar::Iri);
/// // A relative reference is not an IRI: the scheme was expected at offset 0.
/// assert_eq!(Iri::parse("/a").unwrap_err().offset, 0);
/// # Ok::<(), iri_abnf::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Iri<T> {
    text: T,
    meta: Meta,
}

/// An IRI reference (3987bis §2.2, §4.5): what the `IRI-reference` rule matches, an [`Iri`] or a
/// relative reference. Parsed with [`Grammar::Iri`] (3987bis) unless [`IriRef::parse_with`] names
/// another grammar.
///
/// ```
/// use iri_abnf::{IriRef, ReferenceKind};
///
/// let r = IriRef::parse("//例え.jp/ç?q")?;
/// assert_eq!(r.kind(), ReferenceKind::NetworkPath);
/// assert_eq!(r.host().unwrap().as_str(), "例え.jp");
/// assert_eq!(r.to_uri(), "//%E4%BE%8B%E3%81%88.jp/%C3%A7?q");
/// # Ok::<(), iri_abnf::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct IriRef<T> {
    text: T,
    meta: Meta,
}

identifier!(Uri, "URI", "uri");
identifier!(UriRef, "URI reference", "uri_ref");
identifier!(Iri, "IRI", "iri");
identifier!(IriRef, "IRI reference", "iri_ref");

impl<T: Storage> Uri<T> {
    /// Parses `input` as a `URI` (RFC 3986 §3): borrowed for a `&str` or a `&String`, owned for a
    /// `String` ([`IntoStorage`]). The error says at which offset the input goes wrong and what the
    /// rule expected there.
    #[inline]
    pub fn parse(input: impl IntoStorage<Storage = T>) -> Result<Self, ParseError> {
        let input = input.into_storage();
        let meta = parse_meta(Grammar::Uri, Rule::Uri, input.as_ref())?;
        Ok(Uri { text: input, meta })
    }

    /// The scheme (RFC 3986 §3.1), without the ":".
    #[inline]
    pub fn scheme(&self) -> Component<'_> {
        scheme(self.as_str(), &self.meta)
    }

    /// Resolves this URI, as a reference, against `base` (RFC 3986 §5.2, strict): its path's dot
    /// segments are removed (§5.2.2). See [`UriRef::resolve_against`].
    pub fn resolve_against<U: Storage>(&self, base: &Uri<U>) -> Result<Uri<String>, ResolveError> {
        let (text, meta) = resolve_refs(base.as_reference(), self.as_reference());
        Ok(Uri { text, meta })
    }

    /// Resolves `reference`, given as text, against this URI as the base (RFC 3986 §5.2 strict):
    /// [`UriRef::parse`] (RFC 3986 §4.1) then [`UriRef::resolve_against`]. The error is that of
    /// parsing the reference, with its offset in `reference` (a character outside US-ASCII is no
    /// part of a URI reference: percent-encode it, or resolve against the [`Iri`] of this URI);
    /// the resolution itself cannot fail, the base having the scheme §5.2.1 requires.
    ///
    /// ```
    /// use iri_abnf::Uri;
    ///
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// assert_eq!(base.join("../g")?, "http://a/b/g");
    /// assert_eq!(base.join("//h/./x")?, "http://h/x");
    /// assert_eq!(base.join("r%C3%A9")?, "http://a/b/c/r%C3%A9");
    /// assert_eq!(base.join("ré").unwrap_err().offset, 1);
    /// # Ok::<(), iri_abnf::ParseError>(())
    /// ```
    pub fn join(&self, reference: &str) -> Result<Uri<String>, ParseError> {
        let r = UriRef::parse(reference)?;
        let (text, meta) = resolve_refs(self.as_reference(), r.as_reference());
        Ok(Uri { text, meta })
    }

    /// The shortest reference that resolves against this URI, as a base, to `target` (RFC 3986 §5.2;
    /// see [`crate::relativize()`]).
    pub fn relativize<U: Storage>(&self, target: &Uri<U>) -> Result<UriRef<String>, ResolveError> {
        let (text, meta) = relativize_refs(
            self.as_reference(),
            self.meta,
            target.as_str(),
            Grammar::Uri,
        )?;
        Ok(UriRef { text, meta })
    }

    /// Syntax-based normalization (RFC 3986 §6.2.2: case, percent-encoding, dot segments;
    /// [`Level::Path`]).
    pub fn normalize(&self) -> Uri<String> {
        self.normalize_with(Level::default())
    }

    /// Normalization at a level of the comparison ladder (RFC 3986 §6.2, [`Level`]), or with
    /// [`Options`].
    pub fn normalize_with(&self, options: impl Into<Options>) -> Uri<String> {
        let (text, meta) = owned(
            normalize_reference(&self.as_reference(), &options.into()),
            Rule::Uri,
        );
        Uri { text, meta }
    }

    /// The IRI this URI maps to (3987bis §3.7 with the default [`ToIriOptions`]: percent-encoded
    /// UTF-8 decoded where the result is appropriate, punycode labels of the host converted).
    pub fn to_iri(&self) -> Iri<String> {
        self.to_iri_with(&ToIriOptions::default())
    }

    /// [`Uri::to_iri`] with options (3987bis §3.7 step 6).
    pub fn to_iri_with(&self, options: &ToIriOptions) -> Iri<String> {
        let (text, meta) = uri_to_iri(self.as_str(), options, Rule::Iri);
        Iri { text, meta }
    }
}

impl<T: Storage> UriRef<T> {
    /// Parses `input` as a `URI-reference` (RFC 3986 §4.1): borrowed for a `&str` or a `&String`,
    /// owned for a `String` ([`IntoStorage`]).
    #[inline]
    pub fn parse(input: impl IntoStorage<Storage = T>) -> Result<Self, ParseError> {
        let input = input.into_storage();
        let meta = parse_meta(Grammar::Uri, Rule::UriReference, input.as_ref())?;
        Ok(UriRef { text: input, meta })
    }

    /// The scheme (RFC 3986 §3.1), without the ":", when the reference has one.
    #[inline]
    pub fn scheme(&self) -> Option<Component<'_>> {
        self.meta.scheme(self.as_str())
    }

    /// Resolves the reference against `base` (RFC 3986 §5.2, strict: a reference with a scheme is
    /// taken as it is) and returns the target URI (§5.3). `base`, a [`Uri`], has the scheme
    /// §5.2.1 requires, and its fragment is not read; both are valid by their types, so the
    /// error of [`crate::resolve()`] does not arise.
    pub fn resolve_against<U: Storage>(&self, base: &Uri<U>) -> Result<Uri<String>, ResolveError> {
        let (text, meta) = resolve_refs(base.as_reference(), self.as_reference());
        Ok(Uri { text, meta })
    }

    /// Syntax-based normalization (RFC 3986 §6.2.2, [`Level::Path`]).
    pub fn normalize(&self) -> UriRef<String> {
        self.normalize_with(Level::default())
    }

    /// Normalization at a level of the comparison ladder (RFC 3986 §6.2, [`Level`]), or with
    /// [`Options`].
    pub fn normalize_with(&self, options: impl Into<Options>) -> UriRef<String> {
        let (text, meta) = owned(
            normalize_reference(&self.as_reference(), &options.into()),
            Rule::UriReference,
        );
        UriRef { text, meta }
    }

    /// The IRI reference this URI reference maps to (3987bis §3.7, default [`ToIriOptions`]).
    pub fn to_iri(&self) -> IriRef<String> {
        self.to_iri_with(&ToIriOptions::default())
    }

    /// [`UriRef::to_iri`] with options.
    pub fn to_iri_with(&self, options: &ToIriOptions) -> IriRef<String> {
        let (text, meta) = uri_to_iri(self.as_str(), options, Rule::IriReference);
        IriRef { text, meta }
    }
}

impl<T: Storage> Iri<T> {
    /// Parses `input` as an `IRI` of 3987bis (§2.2): borrowed for a `&str` or a `&String`, owned for
    /// a `String` ([`IntoStorage`]).
    /// The error says at which offset the input goes wrong and what the rule expected there.
    #[inline]
    pub fn parse(input: impl IntoStorage<Storage = T>) -> Result<Self, ParseError> {
        let input = input.into_storage();
        let meta = parse_meta(Grammar::Iri, Rule::Iri, input.as_ref())?;
        Ok(Iri { text: input, meta })
    }

    /// Parses `input` as an `IRI` of `grammar`: [`IriGrammar::Iri`] (3987bis §2.2, what
    /// [`Iri::parse`] does), [`IriGrammar::Rfc3987`] (RFC 3987 §2.2) or [`IriGrammar::Uri`] (its
    /// `URI` rule, RFC 3986 §3: a URI is an IRI). A LEIRI is not an IRI (3987bis §5.1), so
    /// [`IriGrammar`] has no LEIRI grammar; [`crate::convert::leiri_to_iri`] maps a LEIRI to an IRI.
    /// The value remembers the grammar, and its operations apply that grammar's rules:
    /// normalization decodes percent-encoded UTF-8 for the IRI grammars only (RFC 3987 §5.3.2.3),
    /// and the results of resolution are in the wider grammar of the two operands.
    ///
    /// ```
    /// use iri_abnf::{Grammar, Iri, IriGrammar};
    ///
    /// let old = Iri::parse_with(IriGrammar::Rfc3987, "http://r\u{E9}sum\u{E9}.example/")?;
    /// assert_eq!(old.grammar(), Grammar::Rfc3987);
    /// assert!(Iri::parse_with(IriGrammar::Uri, old.as_str()).is_err());
    /// # Ok::<(), iri_abnf::ParseError>(())
    /// ```
    ///
    /// The LEIRI grammar cannot be asked for:
    ///
    /// ```compile_fail,E0308
    /// use iri_abnf::{Grammar, Iri};
    ///
    /// let _ = Iri::<&str>::parse_with(Grammar::Leiri, "http://a/");
    /// ```
    #[inline]
    pub fn parse_with(
        grammar: IriGrammar,
        input: impl IntoStorage<Storage = T>,
    ) -> Result<Self, ParseError> {
        let input = input.into_storage();
        let grammar = grammar.grammar();
        let meta = parse_meta(grammar, absolute_rule(grammar), input.as_ref())?;
        Ok(Iri { text: input, meta })
    }

    /// The scheme (RFC 3986 §3.1, 3987bis §2.2), without the ":".
    #[inline]
    pub fn scheme(&self) -> Component<'_> {
        scheme(self.as_str(), &self.meta)
    }

    /// Resolves this IRI, as a reference, against `base` (RFC 3986 §5.2 strict, 3987bis §4.5): its
    /// path's dot segments are removed (§5.2.2). See [`IriRef::resolve_against`].
    pub fn resolve_against<U: Storage>(&self, base: &Iri<U>) -> Result<Iri<String>, ResolveError> {
        let (text, meta) = resolve_refs(base.as_reference(), self.as_reference());
        Ok(Iri { text, meta })
    }

    /// Resolves `reference`, given as text, against this IRI as the base (RFC 3986 §5.2 strict,
    /// 3987bis §4.5): [`IriRef::parse`] (3987bis §2.2) then [`IriRef::resolve_against`]. The
    /// error is that of parsing the reference, with its offset in `reference`; the resolution
    /// itself cannot fail, the base having the scheme §5.2.1 requires. The target is in the wider
    /// grammar of the two (see [`Iri::parse_with`]).
    ///
    /// ```
    /// use iri_abnf::Iri;
    ///
    /// let base = Iri::parse("http://例え.jp/a/b/c?q")?;
    /// assert_eq!(base.join("../d;p#f")?, "http://例え.jp/a/d;p#f");
    /// assert_eq!(base.join("?é")?, "http://例え.jp/a/b/c?é");
    /// assert_eq!(base.join("g:h")?, "g:h");
    /// let err = base.join("a b").unwrap_err();
    /// assert_eq!(err.offset, 1);
    /// # Ok::<(), iri_abnf::ParseError>(())
    /// ```
    pub fn join(&self, reference: &str) -> Result<Iri<String>, ParseError> {
        let r = IriRef::parse(reference)?;
        let (text, meta) = resolve_refs(self.as_reference(), r.as_reference());
        Ok(Iri { text, meta })
    }

    /// The shortest reference that resolves against this IRI, as a base, to `target` (RFC 3986
    /// §5.2; see [`crate::relativize()`]), in the wider grammar of the two.
    ///
    /// ```
    /// use iri_abnf::Iri;
    ///
    /// let base = Iri::parse("http://a/b/c/d;p?q")?;
    /// let r = base.relativize(&Iri::parse("http://a/b/g?y#s")?).unwrap();
    /// assert_eq!(r, "../g?y#s");
    /// assert_eq!(r.resolve_against(&base).unwrap(), "http://a/b/g?y#s");
    /// # Ok::<(), iri_abnf::ParseError>(())
    /// ```
    pub fn relativize<U: Storage>(&self, target: &Iri<U>) -> Result<IriRef<String>, ResolveError> {
        let (text, meta) = relativize_refs(
            self.as_reference(),
            self.meta,
            target.as_str(),
            target.grammar(),
        )?;
        Ok(IriRef { text, meta })
    }

    /// Syntax-based normalization (RFC 3986 §6.2.2, RFC 3987 §5.3.2: case, percent-encoding, dot
    /// segments; [`Level::Path`]).
    ///
    /// ```
    /// use iri_abnf::Iri;
    ///
    /// let iri = Iri::parse("HTTP://Example.ORG/%7euser/./r%C3%A9sum%C3%A9")?;
    /// assert_eq!(iri.normalize(), "http://example.org/~user/résumé");
    /// # Ok::<(), iri_abnf::ParseError>(())
    /// ```
    pub fn normalize(&self) -> Iri<String> {
        self.normalize_with(Level::default())
    }

    /// Normalization at a level of the comparison ladder (RFC 3986 §6.2, 3987bis §5, [`Level`]),
    /// or with [`Options`].
    pub fn normalize_with(&self, options: impl Into<Options>) -> Iri<String> {
        let rule = absolute_rule(self.grammar());
        let (text, meta) = owned(
            normalize_reference(&self.as_reference(), &options.into()),
            rule,
        );
        Iri { text, meta }
    }

    /// The URI this IRI maps to (3987bis §3.6): each component percent-encoded (§3.3), the
    /// `ireg-name` too (§3.4.1), as `iri to-uri` does by default. [`Iri::to_uri_with`] takes the
    /// IDNA choice (§3.4.2) and a document charset for the query (§3.5).
    pub fn to_uri(&self) -> Uri<String> {
        let (text, meta) = iri_to_uri(self.as_str(), Rule::Uri);
        Uri { text, meta }
    }

    /// [`Iri::to_uri`] with options: the host through IDNA ([`crate::convert::HostMapping`]) and the query
    /// of `http` and `https` IRIs in a document charset. The error is that of the IDNA lookup
    /// or of a character the charset cannot represent.
    pub fn to_uri_with(&self, options: &ToUriOptions) -> Result<Uri<String>, ConvertError> {
        let (text, meta) = iri_to_uri_with(self.as_str(), options, Rule::Uri)?;
        Ok(Uri { text, meta })
    }
}

impl<T: Storage> IriRef<T> {
    /// Parses `input` as an `IRI-reference` of 3987bis (§2.2): borrowed for a `&str` or a
    /// `&String`, owned for a `String` ([`IntoStorage`]).
    #[inline]
    pub fn parse(input: impl IntoStorage<Storage = T>) -> Result<Self, ParseError> {
        let input = input.into_storage();
        let meta = parse_meta(Grammar::Iri, Rule::IriReference, input.as_ref())?;
        Ok(IriRef { text: input, meta })
    }

    /// Parses `input` as an `IRI-reference` of `grammar` (`URI-reference` for [`Grammar::Uri`]); see
    /// [`Iri::parse_with`].
    #[inline]
    pub fn parse_with(
        grammar: IriGrammar,
        input: impl IntoStorage<Storage = T>,
    ) -> Result<Self, ParseError> {
        let input = input.into_storage();
        let grammar = grammar.grammar();
        let meta = parse_meta(grammar, grammar.reference_rule(), input.as_ref())?;
        Ok(IriRef { text: input, meta })
    }

    /// The scheme (RFC 3986 §3.1), without the ":", when the reference has one.
    #[inline]
    pub fn scheme(&self) -> Option<Component<'_>> {
        self.meta.scheme(self.as_str())
    }

    /// Resolves the reference against `base` (RFC 3986 §5.2, strict, as 3987bis §4.5 applies it)
    /// and returns the target IRI (§5.3), in the wider grammar of the two. `base`, an [`Iri`], has
    /// the scheme §5.2.1 requires, and its fragment is not read; both are valid by their types, so
    /// the error of [`crate::resolve()`] does not arise.
    ///
    /// ```
    /// use iri_abnf::{Iri, IriRef};
    ///
    /// // RFC 3986 §5.4.1
    /// let base = Iri::parse("http://a/b/c/d;p?q")?;
    /// for (r, target) in [("g:h", "g:h"), ("./g", "http://a/b/c/g"), ("?y", "http://a/b/c/d;p?y")] {
    ///     assert_eq!(IriRef::parse(r)?.resolve_against(&base).unwrap(), target);
    /// }
    /// # Ok::<(), iri_abnf::ParseError>(())
    /// ```
    pub fn resolve_against<U: Storage>(&self, base: &Iri<U>) -> Result<Iri<String>, ResolveError> {
        let (text, meta) = resolve_refs(base.as_reference(), self.as_reference());
        Ok(Iri { text, meta })
    }

    /// Syntax-based normalization (RFC 3986 §6.2.2, RFC 3987 §5.3.2; [`Level::Path`]).
    pub fn normalize(&self) -> IriRef<String> {
        self.normalize_with(Level::default())
    }

    /// Normalization at a level of the comparison ladder ([`Level`]), or with [`Options`].
    pub fn normalize_with(&self, options: impl Into<Options>) -> IriRef<String> {
        let rule = self.grammar().reference_rule();
        let (text, meta) = owned(
            normalize_reference(&self.as_reference(), &options.into()),
            rule,
        );
        IriRef { text, meta }
    }

    /// The URI reference this IRI reference maps to (3987bis §3.6, as [`Iri::to_uri`]).
    pub fn to_uri(&self) -> UriRef<String> {
        let (text, meta) = iri_to_uri(self.as_str(), Rule::UriReference);
        UriRef { text, meta }
    }

    /// [`IriRef::to_uri`] with options, as [`Iri::to_uri_with`].
    pub fn to_uri_with(&self, options: &ToUriOptions) -> Result<UriRef<String>, ConvertError> {
        let (text, meta) = iri_to_uri_with(self.as_str(), options, Rule::UriReference)?;
        Ok(UriRef { text, meta })
    }
}

/// The scheme of an identifier that has one.
#[inline]
fn scheme<'a>(input: &'a str, meta: &Meta) -> Component<'a> {
    meta.scheme(input)
        .unwrap_or_else(|| component(input, Span { start: 0, end: 0 }))
}

/// 3987bis §3.6 with §3.4.1 (the host percent-encoded) and UTF-8 queries, which cannot fail.
fn iri_to_uri(iri: &str, rule: Rule) -> (String, Meta) {
    match iri_to_uri_with(iri, &ToUriOptions::default(), rule) {
        Ok(uri) => uri,
        // Only the IDNA lookup and a document charset can fail, and neither is asked for.
        Err(e) => unreachable!("percent-encoding an IRI failed: {e}"),
    }
}

/// 3987bis §3.6 for a valid IRI (reference) of any IRI grammar (all within 3987bis's).
fn iri_to_uri_with(
    iri: &str,
    options: &ToUriOptions,
    rule: Rule,
) -> Result<(String, Meta), ConvertError> {
    let uri = crate::convert::map_components(iri, true, options)?.uri;
    let meta = meta_of_valid(Grammar::Uri, rule, &uri);
    Ok((uri, meta))
}

/// 3987bis §3.7 for a valid URI (reference); the result is valid under 3987bis (step 4 keeps
/// percent-encoded what the `iri` grammar does not allow).
fn uri_to_iri(uri: &str, options: &ToIriOptions, rule: Rule) -> (String, Meta) {
    match crate::convert::to_iri(uri, options) {
        Ok(c) => {
            let meta = meta_of_valid(Grammar::Iri, rule, &c.iri);
            (c.iri, meta)
        }
        // The conversion fails only on a string that is not a URI reference.
        Err(e) => unreachable!("a valid URI did not convert: {e}"),
    }
}

// Widening: every URI is an IRI of each IRI grammar (RFC 3986 ⊆ RFC 3987 ⊆ 3987bis) and every
// identifier with a scheme a reference. The grammar is kept: a URI widened to an `Iri` is
// processed under RFC 3986's rules, as `Iri::parse_with(IriGrammar::Uri, …)` gives it.

impl<T: Storage> From<Uri<T>> for Iri<T> {
    /// A URI is an IRI (3987bis §1.2); it keeps [`Grammar::Uri`].
    fn from(u: Uri<T>) -> Iri<T> {
        Iri {
            text: u.text,
            meta: u.meta,
        }
    }
}

impl<T: Storage> From<Uri<T>> for UriRef<T> {
    /// A URI is a URI reference (RFC 3986 §4.1).
    fn from(u: Uri<T>) -> UriRef<T> {
        UriRef {
            text: u.text,
            meta: with_rule(u.meta, Grammar::Uri, Rule::UriReference),
        }
    }
}

impl<T: Storage> From<Uri<T>> for IriRef<T> {
    /// A URI is an IRI reference; it keeps [`Grammar::Uri`].
    fn from(u: Uri<T>) -> IriRef<T> {
        IriRef::from(UriRef::from(u))
    }
}

impl<T: Storage> From<UriRef<T>> for IriRef<T> {
    /// A URI reference is an IRI reference; it keeps [`Grammar::Uri`].
    fn from(u: UriRef<T>) -> IriRef<T> {
        IriRef {
            text: u.text,
            meta: u.meta,
        }
    }
}

impl<T: Storage> From<Iri<T>> for IriRef<T> {
    /// An IRI is an IRI reference (3987bis §2.2).
    fn from(i: Iri<T>) -> IriRef<T> {
        let grammar = i.grammar();
        IriRef {
            text: i.text,
            meta: with_rule(i.meta, grammar, grammar.reference_rule()),
        }
    }
}

// Narrowing: checked against the narrower type's rule; the error says where the text goes wrong
// for it (offset 0 or the first character that cannot be in a scheme, for a relative reference).

impl<T: Storage> TryFrom<IriRef<T>> for Iri<T> {
    type Error = ParseError;

    /// An IRI reference with a scheme is an IRI.
    fn try_from(r: IriRef<T>) -> Result<Iri<T>, ParseError> {
        let grammar = r.grammar();
        let rule = absolute_rule(grammar);
        if r.meta.scheme_end.get().is_none() {
            rejected(grammar, rule, r.as_str())?;
        }
        Ok(Iri {
            meta: with_rule(r.meta, grammar, rule),
            text: r.text,
        })
    }
}

impl<T: Storage> TryFrom<UriRef<T>> for Uri<T> {
    type Error = ParseError;

    /// A URI reference with a scheme is a URI.
    fn try_from(r: UriRef<T>) -> Result<Uri<T>, ParseError> {
        if r.meta.scheme_end.get().is_none() {
            rejected(Grammar::Uri, Rule::Uri, r.as_str())?;
        }
        Ok(Uri {
            meta: with_rule(r.meta, Grammar::Uri, Rule::Uri),
            text: r.text,
        })
    }
}

impl<T: Storage> TryFrom<Iri<T>> for Uri<T> {
    type Error = ParseError;

    /// An IRI that is in RFC 3986's language is a URI (no character outside US-ASCII).
    fn try_from(i: Iri<T>) -> Result<Uri<T>, ParseError> {
        if i.grammar() != Grammar::Uri {
            check(Grammar::Uri, Rule::Uri, i.as_str())?;
        }
        Ok(Uri {
            meta: with_rule(i.meta, Grammar::Uri, Rule::Uri),
            text: i.text,
        })
    }
}

impl<T: Storage> TryFrom<IriRef<T>> for UriRef<T> {
    type Error = ParseError;

    /// An IRI reference that is in RFC 3986's language is a URI reference.
    fn try_from(i: IriRef<T>) -> Result<UriRef<T>, ParseError> {
        if i.grammar() != Grammar::Uri {
            check(Grammar::Uri, Rule::UriReference, i.as_str())?;
        }
        Ok(UriRef {
            meta: with_rule(i.meta, Grammar::Uri, Rule::UriReference),
            text: i.text,
        })
    }
}
