//! The typed API (`Uri`, `UriRef`, `Iri`, `IriRef` and the `Builder`): each method against the spec
//! examples it implements, and against the grammar-generic functions it stands for.

use crate::common;
use crate::resolve_rfc3986::{BASE, EXAMPLES};

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use iri_abnf::convert::{ConvertErrorKind, HostMapping, ToIriOptions, ToUriOptions};
use iri_abnf::normalize::{normalize, Level};
use iri_abnf::{
    parse, parse_components, relativize, Builder, Components, Grammar, HostKind, Iri, IriGrammar,
    IriRef, Mode, ParseError, PortValue, ReferenceBuf, ReferenceKind, Rule, Uri, UriRef,
};

/// The seed example `id` with the notation of 3987bis §1.4 decoded.
fn text(id: &str) -> String {
    let e = common::spec_examples()
        .into_iter()
        .find(|e| e.id == id)
        .unwrap_or_else(|| panic!("no example {id}"));
    String::from_utf8(e.bytes()).unwrap_or_else(|_| panic!("{id} is not text"))
}

/// The components of `s` parsed with the `IRI` rule of 3987bis.
fn as_iri(s: &str) -> Components<'_> {
    parse_components(Grammar::Iri, Rule::Iri, s).unwrap()
}

fn hash_of(v: &impl Hash) -> u64 {
    let mut h = DefaultHasher::new();
    v.hash(&mut h);
    h.finish()
}

/// The accessors give the components `parse` gives, for every kind of reference.
#[test]
fn accessors_are_the_components_of_parse() {
    for s in [
        "http://user@[v7.a:b]:8042/r%C3%A9/s?q#f",
        "foo://example.com:8042/over/there?name=ferret#nose",
        "urn:example:animal:ferret:nose",
        "http://192.0.2.16:80/",
        "mailto:fred@example.com",
        "//例え.jp/ç?q",
        "../g;x?y#s",
        "",
        "#f",
    ] {
        let r = parse(Grammar::Iri, s).unwrap();
        let t = IriRef::parse(s).unwrap();
        assert_eq!(t.as_str(), s);
        assert_eq!(t.kind(), r.kind());
        assert_eq!(t.scheme(), r.scheme(), "{s}");
        assert_eq!(t.authority(), r.authority(), "{s}");
        assert_eq!(t.host(), r.authority().map(|a| a.host()), "{s}");
        assert_eq!(t.userinfo(), r.authority().and_then(|a| a.userinfo()));
        assert_eq!(t.port(), r.authority().and_then(|a| a.port()));
        assert_eq!(t.path(), r.path(), "{s}");
        assert_eq!(t.query(), r.query(), "{s}");
        assert_eq!(t.fragment(), r.fragment(), "{s}");
        assert_eq!(t.as_reference(), r);
        if r.kind().is_absolute() {
            let i = Iri::parse(s).unwrap();
            assert_eq!(Some(i.scheme()), r.scheme());
            assert_eq!(i.path(), r.path());
        }
        if s.is_ascii() {
            let u = UriRef::parse(s).unwrap();
            assert_eq!(u.as_reference(), parse(Grammar::Uri, s).unwrap());
        }
    }
    let uri = Uri::parse("http://user@[v7.a:b]:8042/r%C3%A9/s?q#f").unwrap();
    assert_eq!(uri.scheme().as_str(), "http");
    assert_eq!(uri.userinfo().unwrap().as_str(), "user");
    assert!(matches!(
        uri.host().unwrap().kind(),
        HostKind::IpvFuture { version, address } if (version.as_str(), address.as_str()) == ("7", "a:b")
    ));
    assert_eq!(uri.port().unwrap().value(), PortValue::Number(8042));
    assert_eq!(
        uri.path()
            .segments()
            .next()
            .unwrap()
            .decode()
            .to_str()
            .unwrap(),
        "ré"
    );
    assert_eq!(uri.query().unwrap().as_str(), "q");
    assert_eq!(uri.fragment().unwrap().as_str(), "f");
}

/// The error of an input that is not of the type's rule: the rule, the offset and what was expected.
#[test]
fn errors_name_the_rule_and_the_offset() {
    let e = Iri::parse("http://example.org/a b").unwrap_err();
    assert_eq!((e.rule.name(), e.offset), ("IRI", 20));
    assert!(e.message().contains("expected"), "{}", e.message());
    // A relative reference is not an IRI: its first character cannot begin a scheme.
    let e = Iri::parse("/a/b").unwrap_err();
    assert_eq!((e.rule.name(), e.offset), ("IRI", 0));
    let e = Iri::parse("a/b").unwrap_err();
    assert_eq!(e.offset, 1);
    // Not US-ASCII: not a URI.
    let e = Uri::parse("http://r\u{E9}sum\u{E9}.example.org").unwrap_err();
    assert_eq!((e.rule.name(), e.offset, e.column), ("URI", 8, 9));
    let e = UriRef::parse("a b").unwrap_err();
    assert_eq!((e.rule.name(), e.offset), ("URI-reference", 1));
    let e = IriRef::parse(String::from("http://[::1/")).unwrap_err();
    assert_eq!((e.rule.name(), e.offset), ("IRI-reference", 11));
    // The offsets are those of the generic validator for the same rule.
    for s in ["http://a:8x/", "http://a/%zz", "ht tp://a", "http://[v1.]/"] {
        let typed = Iri::parse(s).unwrap_err();
        let generic = iri_abnf::validate(Grammar::Iri, Rule::Iri, s).unwrap_err();
        assert_eq!(typed, generic, "{s}");
    }
}

/// RFC 3986 §5.4: every strict example through `resolve_against`, for each typed pair.
#[test]
fn resolve_against_gives_the_examples_of_rfc3986_5_4() {
    let base = Iri::parse(BASE).unwrap();
    let uri_base = Uri::parse(BASE.to_string()).unwrap();
    let mut n = 0;
    for &(section, mode, reference, target) in EXAMPLES {
        if mode != Mode::Strict {
            continue;
        }
        n += 1;
        let r = IriRef::parse(reference).unwrap();
        let t = r.resolve_against(&base).unwrap();
        assert_eq!(t, target, "§{section} {reference}");
        assert_eq!(t.grammar(), Grammar::Iri);
        // The target's components are those of the target parsed as an `IRI`.
        assert_eq!(Components::Reference(t.as_reference()), as_iri(target));
        let u = UriRef::parse(reference).unwrap().resolve_against(&uri_base);
        assert_eq!(u.unwrap(), target, "§{section} {reference} (URI)");
        if let Ok(i) = Iri::try_from(r) {
            assert_eq!(i.resolve_against(&base).unwrap(), target);
        }
    }
    assert_eq!(n, 42);
    // Non-ASCII parts (3987bis §4.5) resolve like unreserved characters.
    let base = Iri::parse("http://例え.jp/a/b").unwrap();
    let t = IriRef::parse("../ç")
        .unwrap()
        .resolve_against(&base)
        .unwrap();
    assert_eq!(t, "http://例え.jp/ç");
}

/// `relativize` gives what `relativize` gives, and the result resolves back to the target.
#[test]
fn relativize_resolves_back_to_the_target() {
    let base = Iri::parse(BASE).unwrap();
    for &(_, _, _, target) in EXAMPLES {
        let t = Iri::parse(target).unwrap();
        let r = base.relativize(&t).unwrap();
        assert_eq!(
            r.as_str(),
            relativize(Grammar::Iri, BASE, target).unwrap().as_str()
        );
        assert_eq!(r.resolve_against(&base).unwrap(), target);
        let u = Uri::parse(BASE).unwrap();
        let ur = u.relativize(&Uri::parse(target).unwrap()).unwrap();
        assert_eq!(ur.as_str(), r.as_str());
    }
}

/// `normalize` is the comparison ladder of `normalize`, at its default level or at any level.
#[test]
fn normalize_is_the_ladder() {
    let inputs = [
        "HTTP://Example.ORG/%7euser/./r%C3%A9sum%C3%A9",
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
        "http://Example.COM:80",
        "http://a/b/../%41?%e2%80%ae#x",
    ];
    for s in inputs {
        let iri = Iri::parse(s).unwrap();
        assert_eq!(
            iri.normalize().as_str(),
            normalize(Grammar::Iri, s, Level::default())
                .unwrap()
                .as_str()
        );
        let uri = Uri::parse(s).unwrap();
        for level in Level::ALL {
            assert_eq!(
                iri.normalize_with(level).as_str(),
                normalize(Grammar::Iri, s, level).unwrap().as_str(),
                "{s} {level}"
            );
            assert_eq!(
                uri.normalize_with(level).as_str(),
                normalize(Grammar::Uri, s, level).unwrap().as_str(),
                "{s} {level}"
            );
        }
    }
    // For IRIs, percent-encoded UTF-8 is decoded (RFC 3987 §5.3.2.3); for URIs it is not.
    let s = "http://a/r%C3%A9sum%C3%A9";
    assert_eq!(Iri::parse(s).unwrap().normalize(), "http://a/résumé");
    assert_eq!(Uri::parse(s).unwrap().normalize(), s);
    // A URI widened to an IRI keeps RFC 3986's rules.
    let widened = Iri::from(Uri::parse(s).unwrap());
    assert_eq!(widened.grammar(), Grammar::Uri);
    assert_eq!(widened.normalize(), s);
    let r = IriRef::parse("./a/../b/%7e").unwrap().normalize();
    assert_eq!(
        r.as_str(),
        normalize(Grammar::Iri, "./a/../b/%7e", Level::Path)
            .unwrap()
            .as_str()
    );
    assert_eq!(r.kind(), ReferenceKind::RelativePath);
}

/// 3987bis §3.4.1 and §3.4.3: `to_uri` percent-encodes, the host too; `to_uri_with` takes IDNA.
#[test]
fn to_uri_gives_the_examples_of_3987bis_3_4() {
    let iri = text("000-3.4.1-resume-iri");
    let uri = Iri::parse(iri.as_str()).unwrap().to_uri();
    assert_eq!(uri, text("000-3.4.1-resume-uri"));
    assert_eq!(uri.grammar(), Grammar::Uri);
    assert_eq!(uri.host().unwrap().as_str(), "r%C3%A9sum%C3%A9.example.org");
    let idna = ToUriOptions::default().with_host(HostMapping::Idna);
    let uri = Iri::parse(iri.as_str())
        .unwrap()
        .to_uri_with(&idna)
        .unwrap();
    assert_eq!(uri, "http://xn--rsum-bpad.example.org");
    // §3.4.3
    let r = IriRef::parse("http://www.example.org/red%09ros\u{E9}#red").unwrap();
    assert_eq!(r.to_uri(), "http://www.example.org/red%09ros%C3%A9#red");
    let r = IriRef::parse("/ros\u{E9}?\u{E9}#\u{E9}").unwrap().to_uri();
    assert_eq!(r, "/ros%C3%A9?%C3%A9#%C3%A9");
    assert_eq!(r.kind(), ReferenceKind::AbsolutePath);
    assert_eq!(r.query().unwrap().as_str(), "%C3%A9");
    // The IDNA lookup refuses a label RFC 5891 does not allow, with the offset in the IRI.
    let bad = Iri::parse("http://-r\u{E9}sum\u{E9}.example/").unwrap();
    let e = bad.to_uri_with(&idna).unwrap_err();
    assert!(matches!(e.kind, ConvertErrorKind::Idna(_)));
    assert_eq!(e.offset, 7);
}

/// 3987bis §3.7.1: the three examples through `to_iri`.
#[test]
fn to_iri_gives_the_examples_of_3987bis_3_7_1() {
    for n in 1..=3 {
        let uri = text(&format!("000-3.7.1-ex{n}-step1"));
        let iri = Uri::parse(uri.as_str()).unwrap().to_iri();
        assert_eq!(iri, text(&format!("000-3.7.1-ex{n}-step6")), "example {n}");
        assert_eq!(iri.grammar(), Grammar::Iri);
        assert_eq!(
            Components::Reference(iri.as_reference()),
            as_iri(iri.as_str())
        );
        let r = UriRef::parse(uri.as_str()).unwrap().to_iri();
        assert_eq!(r.as_str(), iri.as_str());
    }
    let keep = ToIriOptions::default().with_convert_punycode(false);
    let uri = Uri::parse(text("000-3.7.1-ex3-step1")).unwrap();
    assert_eq!(uri.to_iri_with(&keep), text("000-3.7.1-ex3-step5"));
    // IRI → URI → IRI gives the IRI back when it has nothing §3.7 keeps encoded.
    let iri = Iri::parse("http://例え.jp/ç?q=é#f").unwrap();
    assert_eq!(iri.to_uri().to_iri(), iri);
}

/// Widening is free and keeps the components; narrowing checks the narrower rule.
#[test]
fn widening_and_narrowing() {
    let uri = Uri::parse("http://a/b?c#d").unwrap();
    let as_iri: Iri<&str> = uri.into();
    assert_eq!(as_iri.path(), uri.path());
    assert_eq!(as_iri.scheme(), uri.scheme());
    let as_ref: UriRef<&str> = uri.into();
    assert_eq!(as_ref.scheme(), Some(uri.scheme()));
    let iri_ref: IriRef<&str> = as_iri.into();
    assert_eq!(iri_ref, "http://a/b?c#d");
    assert_eq!(IriRef::from(as_ref), iri_ref);
    assert_eq!(IriRef::from(uri), iri_ref);

    // A reference with a scheme is an IRI; one without is not.
    let r = IriRef::parse("http://例え.jp/").unwrap();
    let i = Iri::try_from(r).unwrap();
    assert_eq!(i.scheme().as_str(), "http");
    let e = Iri::try_from(IriRef::parse("//a/b").unwrap()).unwrap_err();
    assert_eq!((e.rule.name(), e.offset), ("IRI", 0));
    let e = Uri::try_from(UriRef::parse("g;x?y").unwrap()).unwrap_err();
    // ";" cannot be in a scheme (RFC 3986 §3.1).
    assert_eq!((e.rule.name(), e.offset), ("URI", 1));
    assert_eq!(Uri::try_from(UriRef::parse("g:x").unwrap()).unwrap(), "g:x");
    // An IRI in US-ASCII is a URI; one with other characters is not.
    let u = Uri::try_from(Iri::parse("http://a/%C3%A9").unwrap()).unwrap();
    assert_eq!(u.grammar(), Grammar::Uri);
    let e = Uri::try_from(i).unwrap_err();
    assert_eq!((e.rule.name(), e.offset), ("URI", 7));
    let e = UriRef::try_from(IriRef::parse("/ç").unwrap()).unwrap_err();
    assert_eq!((e.rule.name(), e.offset), ("URI-reference", 1));
    let u = UriRef::try_from(IriRef::parse(String::from("/c")).unwrap()).unwrap();
    assert_eq!(u.path().as_str(), "/c");
}

/// RFC 3987 and 3987bis differ on `iprivate`: 3987bis adds U+E0000–U+E0FFF (the tags).
#[test]
fn parse_with_rfc3987_differs_from_the_default_where_the_grammars_do() {
    let s = "http://a/?\u{E0001}";
    let bis = Iri::parse(s).unwrap();
    assert_eq!(bis.grammar(), Grammar::Iri);
    assert_eq!(bis.query().unwrap().as_str(), "\u{E0001}");
    let e = Iri::parse_with(IriGrammar::Rfc3987, s).unwrap_err();
    assert_eq!((e.offset, e.rule.name()), (10, "IRI"));
    assert!(IriRef::parse_with(IriGrammar::Rfc3987, s).is_err());
    // Where they agree, the values are equal (equality is on the string) but remember their grammar.
    let old = Iri::parse_with(IriGrammar::Rfc3987, "http://r\u{E9}sum\u{E9}.example/").unwrap();
    assert_eq!(old.grammar(), Grammar::Rfc3987);
    let new = Iri::parse("http://r\u{E9}sum\u{E9}.example/").unwrap();
    assert_eq!(old, new);
    // Resolution of a 3987bis reference against an RFC 3987 base is in the wider grammar.
    let t = IriRef::parse("?\u{E0001}")
        .unwrap()
        .resolve_against(&old)
        .unwrap();
    assert_eq!(t.grammar(), Grammar::Iri);
    assert_eq!(t, "http://r\u{E9}sum\u{E9}.example/?\u{E0001}");
    // The URI grammar's `URI` rule.
    let u = Iri::parse_with(IriGrammar::Uri, "http://a/").unwrap();
    assert_eq!(u.grammar(), Grammar::Uri);
    assert_eq!(
        Iri::parse_with(IriGrammar::Uri, new.as_str())
            .unwrap_err()
            .offset,
        8
    );
}

/// The grammars `parse_with` takes are those of IRIs: the LEIRI grammar is not one of them (3987bis
/// §5.1), so it cannot be passed (`IriGrammar` has no such value; the documentation of
/// `Iri::parse_with` has the call that does not compile).
#[test]
fn parse_with_takes_the_iri_grammars_only() {
    assert_eq!(
        IriGrammar::ALL.map(Grammar::from),
        [Grammar::Uri, Grammar::Rfc3987, Grammar::Iri]
    );
    for g in Grammar::ALL {
        match IriGrammar::try_from(g) {
            Ok(ig) => assert_eq!(Grammar::from(ig), g),
            Err(back) => assert_eq!((g, back), (Grammar::Leiri, Grammar::Leiri)),
        }
    }
    // A LEIRI that is no IRI is refused by each of them, with an error.
    let leiri = "http://a/b c";
    assert!(iri_abnf::is_valid(Grammar::Leiri, Rule::Iri, leiri));
    for ig in IriGrammar::ALL {
        assert!(Iri::parse_with(ig, leiri).is_err(), "{ig}");
    }
}

/// Borrowed and owned values compare, order and hash by their text.
#[test]
fn borrowed_and_owned_are_equal_on_the_text() {
    let s = "http://a/b?c#d";
    let borrowed: Iri<&str> = Iri::parse(s).unwrap();
    let owned: Iri<String> = Iri::parse(s.to_string()).unwrap();
    assert_eq!(borrowed, owned);
    assert_eq!(owned, borrowed);
    assert_eq!(hash_of(&borrowed), hash_of(&owned));
    assert_eq!(hash_of(&borrowed), hash_of(&borrowed.into_owned()));
    assert_eq!(owned.as_borrowed(), borrowed);
    assert_eq!(borrowed.as_input(), s);
    // Not normalization-equivalence: compare normal forms for that.
    let upper = Iri::parse("HTTP://a/b?c#d").unwrap();
    assert_ne!(upper, borrowed);
    assert_eq!(upper.normalize(), borrowed.normalize());
    assert!(upper < borrowed);
    // The traits on the string.
    assert_eq!(borrowed.to_string(), s);
    assert_eq!(format!("{owned}"), s);
    assert!(format!("{owned:?}").contains("http://a/b?c#d"));
    assert_eq!(AsRef::<str>::as_ref(&owned), s);
    assert!(owned == *s);
    assert!(s == owned);
    let parsed: Iri<String> = s.parse().unwrap();
    assert_eq!(parsed, owned);
    assert_eq!(Iri::<String>::try_from(s).unwrap(), owned);
    assert_eq!(Iri::try_from(s.to_string()).unwrap(), owned);
    assert_eq!(Iri::<&str>::try_from(s).unwrap(), owned);
    let e: ParseError = "a b".parse::<IriRef<String>>().unwrap_err();
    assert_eq!(e.offset, 1);
    assert_eq!(String::from(owned.clone()), s);
    assert_eq!(owned.into_string(), s);
    // The borrowed form is no bigger than the reference of `parse`.
    assert_eq!(
        std::mem::size_of::<Iri<&str>>(),
        std::mem::size_of::<iri_abnf::Reference<'_>>()
    );
}

/// The builder encodes each component for its place and refuses what cannot be written there.
#[test]
fn builder_encodes_and_refuses() {
    let b = Builder::new()
        .scheme("http")
        .userinfo("us er:pa@ss")
        .host("r\u{E9}sum\u{E9}.example")
        .port(8080)
        .path("/a b/c%d/\u{E9}")
        .query("x=1&y=a#b?\u{E000}")
        .fragment("fr ag#");
    let iri = b.build_iri().unwrap();
    assert_eq!(
        iri,
        "http://us%20er:pa%40ss@r\u{E9}sum\u{E9}.example:8080/a%20b/c%25d/\u{E9}\
         ?x=1&y=a%23b?\u{E000}#fr%20ag%23"
    );
    // Each component decodes to what was given.
    assert_eq!(
        iri.userinfo().unwrap().decode().to_str().unwrap(),
        "us er:pa@ss"
    );
    let segments: Vec<String> = iri
        .path()
        .segments()
        .map(|s| s.decode().to_str().unwrap().into_owned())
        .collect();
    assert_eq!(segments, ["a b", "c%d", "\u{E9}"]);
    assert_eq!(
        iri.query().unwrap().decode().to_str().unwrap(),
        "x=1&y=a#b?\u{E000}"
    );
    assert_eq!(iri.fragment().unwrap().decode().to_str().unwrap(), "fr ag#");
    assert_eq!(iri.port().unwrap().value(), PortValue::Number(8080));
    // The URI has every non-ASCII character percent-encoded, the host too (3987bis §3.4.1), and is
    // the IRI mapped to a URI (3987bis §3.6).
    let uri = b.build_uri().unwrap();
    assert!(uri.as_str().is_ascii());
    assert_eq!(uri, iri.to_uri());
    assert_eq!(uri.host().unwrap().as_str(), "r%C3%A9sum%C3%A9.example");
    // IP literals are kept; IPv4 addresses are hosts like any other.
    let v6 = Builder::new()
        .scheme("http")
        .host("[2001:db8::1]")
        .path("/");
    let v6 = v6.build_uri().unwrap();
    assert_eq!(
        v6.host().unwrap().ipv6(),
        Some("2001:db8::1".parse().unwrap())
    );
    let v4 = Builder::new()
        .scheme("http")
        .host("192.0.2.1")
        .build_iri()
        .unwrap();
    assert_eq!(
        v4.host().unwrap().kind(),
        HostKind::Ipv4 {
            octets: [192, 0, 2, 1]
        }
    );
    // A relative reference whose first segment has a ":" is written after "./" (RFC 3986 §4.2).
    let r = Builder::new().path("a:b/c").build_iri_ref().unwrap();
    assert_eq!(r, "./a:b/c");
    assert_eq!(r.scheme(), None);
    assert_eq!(Builder::new().build_uri_ref().unwrap(), "");

    let refused = |b: Builder<'_>, component: &str, offset: usize| {
        let e = b.build_iri_ref().unwrap_err();
        match &e.kind {
            ConvertErrorKind::Unencodable { component: c, .. } => assert_eq!(*c, component),
            other => panic!("{other:?}"),
        }
        assert_eq!(e.offset, offset, "{e}");
        assert!(e.to_string().contains("RFC 3986 §"), "{e}");
    };
    refused(Builder::new().scheme("http").host("a[b]"), "host", 1);
    refused(Builder::new().scheme("http").host("[zz]"), "host", 0);
    refused(Builder::new().scheme("ht tp"), "scheme", 2);
    refused(Builder::new().scheme("1http"), "scheme", 0);
    refused(Builder::new().scheme(""), "scheme", 0);
    refused(Builder::new().port(80), "host", 0);
    refused(Builder::new().host("a").path("b"), "path", 0);
    refused(Builder::new().scheme("f").path("//g"), "path", 0);
    let e = Builder::new().path("/a").build_iri().unwrap_err();
    assert!(matches!(
        e.kind,
        ConvertErrorKind::Unencodable {
            component: "scheme",
            ..
        }
    ));
    assert!(Builder::new().path("/a").build_uri().is_err());
}

#[cfg(feature = "serde")]
mod serde_tests {
    use super::*;

    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Link {
        href: IriRef<String>,
        base: Iri<String>,
    }

    /// Serialized as the string; deserialized by parsing it, an invalid string being an error that
    /// names the offset and what was expected.
    #[test]
    fn round_trip_and_rejection() {
        let link = Link {
            href: IriRef::parse("../ç".to_string()).unwrap(),
            base: Iri::parse("http://例え.jp/a/b".to_string()).unwrap(),
        };
        let json = serde_json::to_string(&link).unwrap();
        assert_eq!(json, r#"{"href":"../ç","base":"http://例え.jp/a/b"}"#);
        let back: Link = serde_json::from_str(&json).unwrap();
        assert_eq!(back, link);
        assert_eq!(back.href.path(), link.href.path());

        let e = serde_json::from_str::<Link>(r#"{"href":"a","base":"/rel"}"#).unwrap_err();
        let message = e.to_string();
        let expected = Iri::parse("/rel").unwrap_err().message();
        assert!(message.contains(&expected), "{message}");
        assert!(message.contains("byte offset 0"), "{message}");
        assert!(message.contains("expected"), "{message}");

        let e = serde_json::from_str::<Uri<String>>(r#""http://r\u00e9sum\u00e9/""#).unwrap_err();
        assert!(e.to_string().contains("byte offset 8"), "{e}");
        assert!(e.to_string().contains("`URI`"), "{e}");

        // The borrowed form borrows from the input.
        let input = r#""http://a/b?c""#;
        let u: Uri<&str> = serde_json::from_str(input).unwrap();
        assert_eq!(u.query().unwrap().as_str(), "c");
        assert!(std::ptr::eq(u.as_input().as_ptr(), input[1..].as_ptr()));
        assert!(serde_json::from_str::<UriRef<&str>>(r#""a b""#).is_err());
    }
}

/// On generated strings of the reference and absolute rules and on mutations of them, each typed
/// `parse` (and `parse_with` for RFC 3987) accepts what the rule's automaton accepts, with the same
/// error, and gives the components `parse_components` gives for that rule.
#[test]
fn typed_parse_is_the_rule_on_generated_strings() {
    use iri_abnf::abnf::{self, Generator};
    use iri_abnf::abnf::{case_input, case_seed};
    let typed = |ig: IriGrammar, rule: &str, s: &str| -> Result<ReferenceBuf, ParseError> {
        match (Grammar::from(ig), rule) {
            (Grammar::Uri, "URI") => Uri::parse(s).map(|v| v.as_reference().to_buf()),
            (Grammar::Uri, _) => UriRef::parse(s).map(|v| v.as_reference().to_buf()),
            (_, "IRI") => Iri::parse_with(ig, s).map(|v| v.as_reference().to_buf()),
            _ => IriRef::parse_with(ig, s).map(|v| v.as_reference().to_buf()),
        }
    };
    for (campaign, ig) in (0x7E_9ED_u64..).zip(IriGrammar::ALL) {
        let g = Grammar::from(ig);
        let rules = abnf::rules(g).expect("rules");
        let names: &[&str] = if g == Grammar::Uri {
            &["URI", "URI-reference"]
        } else {
            &["IRI", "IRI-reference"]
        };
        let generators: Vec<Generator<'_>> = names
            .iter()
            .map(|r| Generator::new(rules, r).expect("generator"))
            .collect();
        let (mut accepted, mut rejected) = (0, 0);
        for i in 0..1000u64 {
            let seed = case_seed(campaign, g, i);
            // Even seeds give the generated string, odd ones a mutation of it.
            let input = case_input(&generators[(i % 2) as usize], seed, 48);
            for rule in names {
                let start = g.lookup_rule(*rule).expect("a rule of the grammar");
                let expected = iri_abnf::validate(g, start, &input);
                match typed(ig, rule, &input) {
                    Ok(r) => {
                        accepted += 1;
                        assert!(expected.is_ok(), "{g} {rule} {input:?}");
                        let components = parse_components(g, start, &input).unwrap();
                        assert_eq!(
                            Components::Reference(r.reference()),
                            components,
                            "{g} {rule}"
                        );
                    }
                    Err(e) => {
                        rejected += 1;
                        assert_eq!(expected.unwrap_err(), e, "{g} {rule}");
                    }
                }
            }
        }
        // Not vacuous: both verdicts occur.
        assert!(
            accepted > 200 && rejected > 200,
            "{g}: {accepted} {rejected}"
        );
    }
}

/// `parse` and `parse_with` take a `&String` (and `&Box<str>`, `&Cow<str>`, `&&str`) as they are,
/// borrowing it; a `String` is owned, a `&str` borrowed, as before.
#[test]
fn parse_takes_references_to_strings() {
    use std::borrow::Cow;
    let s = String::from("http://a/b?c#d");
    let iri: Iri<&str> = Iri::parse(&s).unwrap();
    assert!(std::ptr::eq(iri.as_input(), s.as_str()));
    let r: IriRef<&str> = IriRef::parse(&s).unwrap();
    let u: Uri<&str> = Uri::parse(&s).unwrap();
    let ur: UriRef<&str> = UriRef::parse(&s).unwrap();
    assert!([r.as_str(), u.as_str(), ur.as_str()]
        .iter()
        .all(|t| std::ptr::eq(*t, s.as_str())));
    assert_eq!(Iri::parse_with(IriGrammar::Rfc3987, &s).unwrap(), iri);
    assert_eq!(IriRef::parse_with(IriGrammar::Uri, &s).unwrap(), r);
    let boxed: Box<str> = s.clone().into_boxed_str();
    assert_eq!(Iri::parse(&boxed).unwrap(), iri);
    let cow: Cow<'_, str> = Cow::Owned(s.clone());
    assert_eq!(Iri::parse(&cow).unwrap(), iri);
    let text: &str = &s;
    assert_eq!(Iri::parse(&text).unwrap().as_input(), text);
    let owned: Iri<String> = Iri::parse(s.clone()).unwrap();
    assert_eq!(owned, iri);
    // Over the lines of a file, without a closure; the error is that of the `&str`.
    let lines: Vec<String> = vec!["http://a/".into(), "/rel".into(), "b c".into()];
    let parsed: Vec<_> = lines.iter().map(IriRef::parse).collect();
    assert!(parsed[0].is_ok() && parsed[1].is_ok());
    assert_eq!(
        parsed[2].as_ref().unwrap_err(),
        &IriRef::parse("b c").unwrap_err()
    );
    assert_eq!(
        lines.iter().map(Iri::parse).filter(Result::is_ok).count(),
        1
    );
    let bad = String::from("http://a/b c");
    assert_eq!(
        Uri::parse(&bad).unwrap_err(),
        Uri::parse("http://a/b c").unwrap_err()
    );
}

/// `join` is `parse` of the reference then `resolve_against`: the examples of RFC 3986 §5.4 (strict),
/// and on generated references the same target, or the error `parse` gives.
#[test]
fn join_resolves_a_reference_given_as_text() {
    use iri_abnf::abnf::{self, Generator};
    use iri_abnf::abnf::{case_input, case_seed};
    let base = Iri::parse(BASE).unwrap();
    let uri_base = Uri::parse(BASE).unwrap();
    let mut n = 0;
    for &(section, mode, reference, target) in EXAMPLES {
        if mode != Mode::Strict {
            continue;
        }
        n += 1;
        assert_eq!(base.join(reference).unwrap(), target, "§{section}");
        assert_eq!(uri_base.join(reference).unwrap(), target, "§{section}");
        // As `oxiri::Iri::resolve` gives it.
        let ox = oxiri::Iri::parse(BASE)
            .unwrap()
            .resolve(&oxiri::IriRef::parse(reference).unwrap())
            .unwrap();
        assert_eq!(base.join(reference).unwrap(), ox.as_str(), "§{section}");
    }
    assert_eq!(n, 42);
    let (mut joined, mut refused) = (0, 0);
    for (campaign, g) in (0x101_u64..).zip([Grammar::Uri, Grammar::Iri]) {
        let rules = abnf::rules(g).expect("rules");
        let generator = Generator::new(rules, g.reference_rule().name()).expect("generator");
        for i in 0..2000u64 {
            let reference = case_input(&generator, case_seed(campaign, g, i), 32);
            match IriRef::parse(reference.as_str()) {
                Ok(r) => {
                    joined += 1;
                    let t = base.join(&reference).unwrap();
                    assert_eq!(t, r.resolve_against(&base).unwrap(), "{reference:?}");
                    assert_eq!(t.grammar(), Grammar::Iri);
                }
                Err(e) => {
                    refused += 1;
                    assert_eq!(base.join(&reference).unwrap_err(), e, "{reference:?}");
                }
            }
            match UriRef::parse(reference.as_str()) {
                Ok(r) => assert_eq!(
                    uri_base.join(&reference).unwrap(),
                    r.resolve_against(&uri_base).unwrap()
                ),
                Err(e) => assert_eq!(uri_base.join(&reference).unwrap_err(), e),
            }
        }
    }
    assert!(joined > 1000 && refused > 500, "{joined} {refused}");
}

/// `port_u16` is the port's number: leading zeros allowed, `None` for no port, an empty port and
/// digits above 65535; for every number up to 70,000, with and without a leading zero, in each
/// type.
#[test]
fn port_u16_is_the_number_of_the_port() {
    let port = |s: &str| {
        let values = [
            Uri::parse(s).unwrap().port_u16(),
            UriRef::parse(s).unwrap().port_u16(),
            Iri::parse(s).unwrap().port_u16(),
            IriRef::parse(s).unwrap().port_u16(),
        ];
        assert!(values.iter().all(|v| *v == values[0]), "{s}");
        values[0]
    };
    for n in 0..=70_000u32 {
        let expected = u16::try_from(n).ok();
        assert_eq!(port(&format!("http://a:{n}/")), expected);
        assert_eq!(port(&format!("http://a:0{n}")), expected);
    }
    assert_eq!(port("http://a/"), None);
    assert_eq!(port("http://a:/"), None);
    assert_eq!(port("http://a:000000000000000000000080/"), Some(80));
    assert_eq!(port("http://a:99999999999999999999999/"), None);
    assert_eq!(port("http://[::1]:443"), Some(443));
    assert_eq!(IriRef::parse("//a:8080").unwrap().port_u16(), Some(8080));
    assert_eq!(IriRef::parse("/a:8080").unwrap().port_u16(), None);
}

/// Every component type displays as its text, exactly as written: on generated strings of the
/// reference rule of each grammar, and for the start rules of `parse_components`.
#[test]
fn components_display_as_their_text() {
    use iri_abnf::abnf::{self, Generator};
    use iri_abnf::abnf::{case_input, case_seed};
    let mut seen = [0usize; 8];
    for (campaign, ig) in (0xD15_u64..).zip(IriGrammar::ALL) {
        let g = Grammar::from(ig);
        let rules = abnf::rules(g).expect("rules");
        let generator = Generator::new(rules, g.reference_rule().name()).expect("generator");
        for i in 0..2000u64 {
            let input = case_input(&generator, case_seed(campaign, g, i), 48);
            let Ok(r) = IriRef::parse_with(ig, input.as_str()) else {
                continue;
            };
            seen[0] += 1;
            assert_eq!(r.to_string(), input);
            if let Some(s) = r.scheme() {
                assert_eq!(s.to_string(), s.as_str());
            }
            if let Some(a) = r.authority() {
                seen[1] += 1;
                assert_eq!(a.to_string(), a.as_str());
                let host = a.host();
                assert_eq!(host.to_string(), host.as_str());
                assert_eq!(host.to_string(), &input[host.span().start..host.span().end]);
                if let Some(u) = a.userinfo() {
                    seen[2] += 1;
                    assert_eq!(u.to_string(), u.as_str());
                }
                if let Some(p) = a.port() {
                    seen[3] += 1;
                    assert_eq!(p.to_string(), p.as_str());
                    assert_eq!(p.to_string(), &input[p.span().start..p.span().end]);
                }
            }
            let path = r.path();
            assert_eq!(path.to_string(), path.as_str());
            assert_eq!(path.to_string(), &input[path.span().start..path.span().end]);
            seen[4] += usize::from(!path.as_str().is_empty());
            for segment in path.segments() {
                assert_eq!(segment.to_string(), segment.as_str());
            }
            if let Some(q) = r.query() {
                seen[5] += 1;
                assert_eq!(q.to_string(), &input[q.span().start..q.span().end]);
            }
            if let Some(f) = r.fragment() {
                seen[6] += 1;
                assert_eq!(f.to_string(), &input[f.span().start..f.span().end]);
            }
            let components = parse_components(g, g.reference_rule(), &input).unwrap();
            assert_eq!(components.to_string(), input);
            let rules = if g == Grammar::Uri {
                [Rule::Host, Rule::Authority, Rule::Path, Rule::Port]
            } else {
                [Rule::Ihost, Rule::Iauthority, Rule::Ipath, Rule::Port]
            };
            let parts = [
                r.host().map(|h| h.as_str()),
                r.authority().map(|a| a.as_str()),
                Some(r.path().as_str()),
                r.port().map(|p| p.as_str()),
            ];
            for (rule, part) in rules.into_iter().zip(parts) {
                if let Some(part) = part {
                    seen[7] += 1;
                    let c = parse_components(g, rule, part).unwrap();
                    assert_eq!(c.to_string(), part, "{g} {rule:?}");
                }
            }
        }
    }
    assert!(seen.iter().all(|&n| n > 100), "{seen:?}");
}
