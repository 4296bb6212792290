//! # iri-abnf
//!
//! The reference parser and validator for URIs ([RFC 3986]), IRIs ([RFC 3987] and
//! draft-ietf-iri-3987bis) and LEIRIs (3987bis §5.1), driven by the specs' own ABNF.
//!
//! Each grammar lives in `grammar/` twice: the spec's ABNF text (`*.abnf`) and a pest transcription
//! (`*.pest`, one pest rule per ABNF rule, the ABNF as doc comment). Parse trees come from pest; a tree
//! walker turns them into typed components borrowed from the input, each with its byte span. [`parse`]
//! and [`parse_components`] give the same components without the tree: once the automaton compiled from
//! the ABNF has accepted the input, they split it at its delimiters in one pass.
//!
//! ## The typed API
//!
//! [`Uri`] (`URI`, RFC 3986 §3), [`UriRef`] (`URI-reference`, §4.1), [`Iri`] (`IRI`, 3987bis §2.2)
//! and [`IriRef`] (`IRI-reference`) fix the grammar and the rule by their type. Each is borrowed
//! (`Iri<&str>`, which allocates nothing) or owned (`Iri<String>`), with the components of [`parse`]
//! and the operations as methods; [`Builder`] assembles them from components.
//!
//! ```
//! use iri_abnf::{Builder, HostKind, Iri, IriRef, Uri};
//!
//! let base = Iri::parse("http://例え.jp/a/b?q")?;
//! assert_eq!(base.scheme().as_str(), "http");
//! assert_eq!(base.host().unwrap().kind(), HostKind::RegName);
//! assert_eq!(base.path().as_str(), "/a/b");
//! // RFC 3986 §5.2, strict.
//! let target = IriRef::parse("../ç#f")?.resolve_against(&base)?;
//! assert_eq!(target, "http://例え.jp/ç#f");
//! // 3987bis §3.6 and §3.7.
//! let uri: Uri<String> = target.to_uri();
//! assert_eq!(uri, "http://%E4%BE%8B%E3%81%88.jp/%C3%A7#f");
//! assert_eq!(uri.to_iri(), target);
//! // RFC 3986 §6.2.2.
//! assert_eq!(Iri::parse("HTTP://a/./b/%7e")?.normalize(), "http://a/b/~");
//! // The error says where the input goes wrong and what the type's rule expected there.
//! let err = Uri::parse("http://résumé.example.org").unwrap_err();
//! assert_eq!((err.rule.name(), err.offset), ("URI", 8));
//! // Each component percent-encoded as its place requires (RFC 3986 §2.1).
//! let built = Builder::new().scheme("http").host("a").path("/b c").build_uri()?;
//! assert_eq!(built, "http://a/b%20c");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The functions below take the grammar and the rule as arguments instead: any rule of any grammar
//! (the LEIRI grammar and those with a language only included) can be the start rule, for reference
//! validation.
//!
//! ## Terminology
//!
//! - **grammar**: one of [`Grammar::Uri`] (`uri`, RFC 3986 Appendix A), [`Grammar::Rfc3987`]
//!   (`rfc3987`, RFC 3987 §2.2), [`Grammar::Iri`] (`iri`, 3987bis §2.2, the default) and
//!   [`Grammar::Leiri`] (`leiri`, 3987bis §5.1). [`AnyGrammar`] adds the grammars that have a
//!   language only (verdicts, errors, comparison, generation; no parse tree or components): RFC 2396,
//!   RFC 2396 with RFC 2732, draft-masinter-url-i18n-07, draft-duerst-iri-01 and 3987bis as printed.
//! - **rule**: an ABNF rule, named as in the spec (`IRI-reference`, `ihost`, `IPv6address`). Any rule can
//!   be the start rule; the input must match it to the end.
//! - **reference**: what `IRI-reference` (`URI-reference`) matches: an IRI with a scheme, or a relative
//!   reference ([`ReferenceKind`]).
//! - **valid**: matches the grammar's ABNF. Nothing else (scheme-specific rules, 3987bis §4.1
//!   limitations) is part of validity; see [`notes`].
//!
//! ## Validating
//!
//! [`validate`] and [`is_valid`] decide with the rule's deterministic automaton, compiled from the
//! verbatim `.abnf` text ([`abnf`]; the reference, absolute, relative and component rules are
//! precompiled, others are compiled on first use). [`is_valid`] allocates nothing; [`validate`]
//! allocates only to describe an invalid input, from the automaton alone: where (offset, column and
//! kind, at once) and, when asked for ([`ParseError::expected`]), which characters could come there.
//! [`ParseError::explain`] gives the same error with the rules the pest parser names there, for people
//! (the `iri` command shows it).
//!
//! ```
//! use iri_abnf::{is_valid, validate, Expected, Grammar, Rule};
//!
//! assert!(is_valid(Grammar::Iri, Rule::IriReference, "http://résumé.example.org"));
//! // A rule can be named as in the spec, in any case:
//! assert!(is_valid(Grammar::Iri, "IRI-reference", "http://résumé.example.org"));
//! assert!(validate(Grammar::Iri, Rule::IriReference, "http://résumé.example.org").is_ok());
//! let err = validate(Grammar::Uri, Rule::UriReference, "http://résumé.example.org").unwrap_err();
//! assert_eq!((err.offset, err.column), (8, 9));
//! // "/" is in the range %x23-3B of characters that could come instead of "é".
//! assert!(err.expected().contains(&Expected::Range('#', ';')));
//! assert!(err.expected().contains(&Expected::EndOfInput));
//! // The full explanation also names the rules that could go on there.
//! let full = err.clone().explain();
//! assert!(full.expected().contains(&Expected::Rule(Rule::RegName)));
//! // Any rule can be the start rule:
//! assert!(validate(Grammar::Iri, Rule::Ihost, "résumé.example.org").is_ok());
//! assert!(!is_valid(Grammar::Uri, "dec-octet", "256"));
//! ```
//!
//! The error offset is exact for the ABNF: it is the length of the longest prefix of the input that
//! some string of the rule's language starts with, at a character boundary: the first offending
//! character, or the input's length when the input is a proper prefix (`http://a:8x` is an unfinished
//! `userinfo`, so the error is at its end). A PEG parser reports where its ordered choices gave up,
//! which can be earlier or later; [`ParseError::explain`] names pest's rules only where pest fails at the same
//! offset.
//!
//! ## Parsing into components
//!
//! ```
//! use iri_abnf::{parse, Grammar, HostKind, PortValue, ReferenceKind};
//!
//! let r = parse(Grammar::Iri, "http://user@[v7.a:b]:8042/r%C3%A9/s?q#f").unwrap();
//! assert_eq!(r.kind(), ReferenceKind::Iri);
//! assert_eq!(r.scheme().unwrap().as_str(), "http");
//! let auth = r.authority().unwrap();
//! assert_eq!(auth.userinfo().unwrap().as_str(), "user");
//! assert!(matches!(auth.host().kind(), HostKind::IpvFuture { version, .. } if version.as_str() == "7"));
//! assert_eq!(auth.port().unwrap().value(), PortValue::Number(8042));
//! assert_eq!(r.path().segments().count(), 2);
//! assert_eq!(r.query().unwrap().span().start, 36);
//! // Percent-decoding (RFC 3986 §2.1), borrowed when there is no "%":
//! let first = r.path().segments().next().unwrap();
//! assert_eq!(first.decode().to_str().unwrap(), "ré");
//! assert_eq!(r.to_string(), "http://user@[v7.a:b]:8042/r%C3%A9/s?q#f");
//! ```
//!
//! ## Errors
//!
//! A [`ParseError`] has its [`kind`](ParseError::kind), the byte offset, the 1-based character column,
//! what the grammar expected there ([`Expected`]: rules in spec spelling from [`ParseError::explain`], characters
//! and code point ranges in ABNF notation, end of input) and a caret rendering:
//!
//! ```
//! use iri_abnf::{validate, Grammar, Rule};
//!
//! let err = validate(Grammar::Iri, Rule::IriReference, "http://example.org/a b").unwrap_err();
//! assert_eq!(err.offset, 20);
//! assert_eq!(err.render_caret(), "http://example.org/a b\n                    ^");
//! // `Display` is one line, in plain words first; `{:#}` adds the caret lines.
//! assert!(err.to_string().starts_with("a space is not allowed in an IRI: encode it as %20. "));
//! assert!(format!("{err:#}").ends_with("\n  | http://example.org/a b\n  |                     ^"));
//! ```
//!
//! ## Converting
//!
//! [`convert`] maps IRIs to URIs (3987bis §3.3–§3.6, with IDNA for the host and a document charset for
//! http queries as options), URIs to IRIs with the six-step trace of §3.7.1, LEIRIs to IRIs (§5.1), and
//! preprocesses raw strings (draft-weber-iri-guidelines §4):
//!
//! ```
//! use iri_abnf::convert::{to_iri, to_uri, ToIriOptions, ToUriOptions};
//!
//! let uri = to_uri("http://www.example.org/red%09ros\u{E9}#red", &ToUriOptions::default()).unwrap();
//! assert_eq!(uri.uri, "http://www.example.org/red%09ros%C3%A9#red");
//! // The result in the same component model as `parse`:
//! assert_eq!(uri.reference().unwrap().path().as_str(), "/red%09ros%C3%A9");
//! let iri = to_iri("http://www.example.org/D%C3%BCrst", &ToIriOptions::default()).unwrap();
//! assert_eq!(iri.iri, "http://www.example.org/D\u{FC}rst");
//! assert_eq!(iri.trace.steps[1], "http://www.example.org/D<c3><bc>rst");
//! ```
//!
//! ## Reference operations
//!
//! RFC 3986 §5 and §6 (and RFC 3987 §5.3), for every grammar (3987bis §4.5):
//!
//! - [`resolve()`]: reference resolution (§5.2, strict or non-strict [`Mode`]), with
//!   [`remove_dot_segments`] and [`Base`] for resolving many references against one base;
//! - [`relativize()`]: the shortest reference that resolves back to a target;
//! - [`normalize`](mod@normalize): the comparison ladder ([`normalize::Level`]) and
//!   [`normalize::equivalent`].
//!
//! ```
//! use iri_abnf::{relativize, resolve, Grammar};
//! use iri_abnf::normalize::{equivalent, normalize, Level};
//!
//! let base = "http://a/b/c/d;p?q";
//! assert_eq!(resolve(Grammar::Iri, base, "../g?y#s").unwrap(), "http://a/b/g?y#s");
//! assert_eq!(relativize(Grammar::Iri, base, "http://a/b/g?y#s").unwrap(), "../g?y#s");
//! let n = normalize(Grammar::Iri, "HTTP://Example.ORG/%7euser/./r%C3%A9sum%C3%A9", Level::Path);
//! assert_eq!(n.unwrap(), "http://example.org/~user/résumé");
//! assert!(!equivalent(Grammar::Iri, "http://x/A", "http://x/a", Level::Nfc).unwrap());
//! ```
//!
//! ## Interpretation notes
//!
//! See [`notes`]: where the specs are ambiguous or not valid ABNF, and what this crate reads them as.
//!
//! [RFC 3986]: https://www.rfc-editor.org/rfc/rfc3986
//! [RFC 3987]: https://www.rfc-editor.org/rfc/rfc3987

#![warn(missing_docs)]
// The automata's SIMD walk and their zero-copy tables (`abnf`, see its documentation) are the crate's
// only `unsafe` code; everything else is denied it.
#![deny(unsafe_code)]

// The modules in the order data flows through them (3987bis §11.2.2), each layer using only the ones
// before it (`cargo xtask layers` checks it): grammar identities and character classes → ABNF and
// automata → parsing (pest tree, split, walker, components, errors) → grammar comparison → operations
// (resolve, relativize, convert, normalize) → lint.
// The modules follow the data, each layer using only the ones before it (`cargo xtask layers` checks
// the order declared in `xtask/src/layers.rs`): grammar identities and character classes (`grammar`,
// `characters`) → ABNF and automata (`abnf`) → parsing (`parsing`: errors, components, the pest tree,
// the split, the walker) → grammar comparison (`compare`) → operations (`operations`: resolve,
// relativize, convert, normalize) → diagnostics (`lint`). The root comes last: it only re-exports and
// holds the entry points.
#[allow(unsafe_code)]
pub mod abnf;
#[cfg(feature = "arbitrary")]
pub mod arbitrary;
pub mod characters;
pub mod compare;
mod grammar;
mod identifier;
pub mod lint;
mod operations;
mod parsing;

// Each public item has one path: the concept modules below hold their own items; what the root
// re-exports (further down) lives in modules that are private, and the crate reaches each by its
// own path.
pub use operations::{convert, normalize};
pub use parsing::{report, syntax, tree};

// The invariant checker of the test-support crate, compiled into the unit tests so that they can break a
// reference's offsets on purpose and see it rejected.
#[cfg(test)]
#[path = "../iri-test/src/invariants.rs"]
mod invariants;

#[doc = include_str!("../grammar/NOTES.md")]
pub mod notes {}

// The Rust examples of the README and of the library guide are compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

#[cfg(doctest)]
#[doc = include_str!("../docs/library.md")]
pub struct LibraryGuideDoctests;

pub use grammar::rule::{Rule, RuleName};
pub use grammar::{AnyGrammar, Grammar, IriGrammar, NameKind, UnknownName};
pub use identifier::{Builder, IntoStorage, Iri, IriRef, Storage, Uri, UriRef};
pub use operations::relativize::relativize;
pub use operations::resolve::{
    remove_dot_segments, resolve, resolve_with, Base, Mode, ResolveError,
};
pub use parsing::components::{
    ipv4_reading, Authority, Component, Components, Decoded, Host, HostKind, Ipv4Reading, Path,
    PathKind, Port, PortValue, Reference, ReferenceBuf, ReferenceKind, Segments, Span,
};
pub use parsing::error::{ErrorKind, Expected, ParseError};

/// Checks that `input` matches `rule` of `grammar` to its end. A rule the grammar does not have is an
/// error of kind [`ErrorKind::UnknownRule`]; to start from a rule's name, look it up first
/// ([`AnyGrammar::lookup_rule`], or [`Rule::from_name`]).
///
/// The verdict and the error come from the rule's DFA alone ([`abnf::dfa`]), so they are exact for the
/// ABNF: the error's offset is the first character that no string of the rule's language can have
/// after what precedes it (the input's length if the input is a proper prefix), and its
/// [`expected`](ParseError::expected) list gives the characters that could come there and whether the
/// input could end there. It names no rules: [`ParseError::explain`] gives the same error with the rules the pest
/// parser names. A valid input costs one walk of the DFA and no allocation; an invalid one, a second
/// walk that stops at the offset, and the list of the characters.
///
/// ```
/// use iri_abnf::{validate, ErrorKind, Expected, Grammar, Rule};
///
/// let err = validate(Grammar::Uri, Rule::UriReference, "http://a/b c").unwrap_err();
/// assert_eq!((err.offset, err.kind()), (10, ErrorKind::InvalidCharacter));
/// // "/" is in one of the ranges of characters that could come instead of the space.
/// assert!(err.expected().iter().any(|e| matches!(e, Expected::Range(a, b) if (*a..=*b).contains(&'/'))));
/// assert!(err.expected().contains(&Expected::EndOfInput));
/// assert!(!err.expected().iter().any(|e| matches!(e, Expected::Rule(_))));
/// ```
pub fn validate(grammar: impl Into<AnyGrammar>, rule: Rule, input: &str) -> Result<(), ParseError> {
    syntax::validate(grammar.into(), rule, input)
}

/// Whether `input` matches `rule` of `grammar` to its end (`false` if the grammar has no such rule):
/// the verdict of [`validate`] without the error. `rule` is a [`Rule`] or a rule name in any case, with
/// `-` or `_` (`IRI-reference`, `iri_reference`; see [`RuleName`]). A name written in the call (a
/// literal) is looked up at compile time, so the call costs what the call with the [`Rule`] costs; a
/// name known only at run time is looked up on every call, in a table built at compile time: to check
/// many inputs, look it up once ([`Rule::from_name`], [`AnyGrammar::lookup_rule`]). It walks the rule's
/// precompiled DFA over the input's bytes and allocates nothing (the DFA of a rule that is not
/// precompiled is built on its first use).
// The name is looked up where the call is, so that a name known at compile time (a literal) folds
// into its rule and the call becomes the call with the `Rule`; the walk is `is_valid_rule`'s, the same
// for both forms.
#[inline(always)]
pub fn is_valid(grammar: impl Into<AnyGrammar>, rule: impl RuleName, input: &str) -> bool {
    let grammar = grammar.into();
    let Some(r) = rule.to_rule() else {
        return false;
    };
    // A DFA is only loaded for a rule of its grammar: the rule needs no other check on this path.
    if let Some(dfa) = abnf::registry::if_loaded(grammar, r) {
        return dfa.is_match(input);
    }
    grammar.has(r) && abnf::registry::loaded(grammar, r).is_match(input)
}

/// Parses `input` as a whole reference (`IRI-reference`, or `URI-reference` for [`Grammar::Uri`]).
///
/// The rule's DFA decides; a valid input is then split at its delimiters in one pass (RFC 3986 §3,
/// Appendix B), which gives the components the grammar gives on valid input, and the host kind and path
/// kind as the grammar's first-match alternatives say. Nothing is allocated; the error of an invalid
/// input is [`validate`]'s. The components are those of [`tree::parse`], which reads them off the pest
/// parse tree (the tests compare both).
#[inline]
pub fn parse(grammar: Grammar, input: &str) -> Result<Reference<'_>, ParseError> {
    parsing::split::parse(grammar, input)
}

/// Parses `input` with any rule of `grammar` as the start rule and returns the typed components, as
/// [`tree::parse`] does but without the parse tree: a valid input is split at its delimiters in one
/// pass (see [`parse`]); an invalid one gets the error of [`validate`], from the rule's DFA ([`ParseError::explain`]
/// gives it with the rules the pest parser names).
///
/// ```
/// use iri_abnf::{parse_components, Components, Grammar, HostKind, Rule};
///
/// let c = parse_components(Grammar::Iri, Rule::Iauthority, "user@[::1]:80").unwrap();
/// let Components::Authority(a) = c else { panic!() };
/// assert!(matches!(a.host().kind(), HostKind::Ipv6 { address } if address.as_str() == "::1"));
/// assert_eq!(a.port().unwrap().span().start, 11);
/// ```
pub fn parse_components(
    grammar: Grammar,
    rule: Rule,
    input: &str,
) -> Result<Components<'_>, ParseError> {
    if parsing::split::is_valid(grammar, rule, input) {
        if let Some(c) = parsing::split::components(grammar, rule, input) {
            return Ok(c);
        }
    }
    // An invalid input gets `validate`'s error without building a parse tree.
    validate(grammar, rule, input)?;
    tree::parse(grammar, rule, input).map(|p| p.components)
}

#[cfg(test)]
mod invariant_checker_tests {
    use crate::invariants::check_invariants;
    use crate::parsing::components::{HostTag, Opt, ReferenceKind};
    use crate::parsing::components::{PathKind, Reference};
    use crate::{parse, Grammar};

    /// The checker is not vacuous: a reference whose parts do not add up to the input is rejected.
    #[test]
    fn checker_rejects_broken_references() {
        let input = "http://example.org:8/a?q#f";
        let good = parse(Grammar::Iri, input).unwrap();
        assert_eq!(check_invariants(&good), Ok(()));
        let broken = |f: &dyn Fn(&mut crate::parsing::components::Meta)| {
            let mut m = good.meta();
            f(&mut m);
            check_invariants(&Reference::from_meta(input, m))
        };
        assert!(broken(&|m| m.query = None).is_err());
        assert!(broken(&|m| m.hash = Opt::NONE).is_err());
        assert!(broken(&|m| m.path.start += 1).is_err());
        assert!(broken(&|m| m.kind = ReferenceKind::RelativePath).is_err());
        assert!(broken(&|m| m.path_kind = PathKind::Rootless).is_err());
        assert!(broken(&|m| m.scheme_end = Some(3).into()).is_err());
        assert!(broken(&|m| m.authority.as_mut().unwrap().has_port = false).is_err());
        assert!(
            broken(&|m| m.authority.as_mut().unwrap().host_tag = HostTag::Ipv4([1, 2, 3, 4]))
                .is_err()
        );
        assert!(broken(&|m| m.authority.as_mut().unwrap().host_tag = HostTag::Ipv6).is_err());
    }
}
