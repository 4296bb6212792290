//! The historical grammars of `grammar/` (grammar/NOTES.md, notes 33-43): RFC 2396 Appendix A, RFC 2396 as
//! amended by RFC 2732 (with the `IPv6address` of RFC 2373), draft-masinter-url-i18n-07 §2.2 and
//! draft-duerst-iri-01 §2.2. Each is read from its files after `core.abnf`; every rule compiles; the
//! documents' own examples are valid in their grammar; strings chosen to separate the grammars get the
//! verdicts the sections and notes give; and the four languages nest in that order.

use iri_abnf::abnf::{mutate, AbnfError, AbnfRules, Dfa, Generator};
use iri_abnf::AnyGrammar as G;
use G::{Duerst01, Masinter07, Rfc2396, Rfc2732};

type Source = (&'static str, &'static str);

const CORE: Source = ("grammar/core.abnf", include_str!("../../grammar/core.abnf"));
const RFC2396: Source = (
    "grammar/rfc2396.abnf",
    include_str!("../../grammar/rfc2396.abnf"),
);
const RFC2732: Source = (
    "grammar/rfc2732.abnf",
    include_str!("../../grammar/rfc2732.abnf"),
);
const MASINTER: Source = (
    "grammar/masinter-url-i18n-07.abnf",
    include_str!("../../grammar/masinter-url-i18n-07.abnf"),
);
const DUERST: Source = (
    "grammar/duerst-iri-01.abnf",
    include_str!("../../grammar/duerst-iri-01.abnf"),
);

/// The four historical grammars, oldest language first.
const ALL: [G; 4] = [Rfc2396, Rfc2732, Masinter07, Duerst01];

/// The document's start rule.
fn start(g: G) -> &'static str {
    g.reference_rule().name()
}

/// The rules of `g`, read once from its files (in load order, `AnyGrammar::abnf_sources`).
fn rules(g: G) -> &'static AbnfRules {
    iri_abnf::abnf::rules(g).unwrap_or_else(|e| panic!("{g:?}: {e}"))
}

/// The automaton of `rule` in `g`, compiled once.
fn automaton(g: G, rule: &str) -> &'static Dfa {
    iri_abnf::abnf::dfa(g, rule).unwrap_or_else(|e| panic!("{g:?} {rule}: {e}"))
}

/// `g`'s files followed by one more, whose rules replace those of the same name.
fn with_override(g: G, text: &'static str) -> AbnfRules {
    let mut sources = g.abnf_sources().to_vec();
    sources.push(("printed", text));
    AbnfRules::parse(&sources).unwrap_or_else(|e| panic!("{g:?} + printed: {e}"))
}

/// Checks the verdict of each grammar's start rule on `input`: `expected` is in the order of [`ALL`].
fn verdicts(input: &str, expected: [bool; 4], why: &str) {
    for (g, want) in ALL.into_iter().zip(expected) {
        let got = automaton(g, start(g)).is_match(input);
        assert_eq!(
            got,
            want,
            "{g:?} {} {input:?}: expected {}, got {} ({why})",
            start(g),
            if want { "valid" } else { "invalid" },
            if got { "valid" } else { "invalid" },
        );
    }
}

fn accepts(g: G, rule: &str, members: &[&str], non_members: &[&str]) {
    let a = automaton(g, rule);
    for s in members {
        assert!(a.is_match(s), "{g:?} {rule} should accept {s:?}");
    }
    for s in non_members {
        assert!(!a.is_match(s), "{g:?} {rule} should reject {s:?}");
    }
}

fn origin_file(g: G, rule: &str) -> &'static str {
    rules(g)
        .origin(rule)
        .map(|o| o.file.as_str())
        .unwrap_or_else(|| panic!("{g:?}: no rule {rule}"))
}

#[test]
fn each_grammar_is_read_from_its_files() {
    assert_eq!(Rfc2396.abnf_sources(), [CORE, RFC2396]);
    assert_eq!(Rfc2732.abnf_sources(), [CORE, RFC2396, RFC2732]);
    assert_eq!(Masinter07.abnf_sources(), [CORE, MASINTER]);
    assert_eq!(Duerst01.abnf_sources(), [CORE, DUERST]);
    for g in ALL {
        assert!(g.main().is_none(), "{g}");
        assert_eq!(g.to_string().parse::<G>(), Ok(g));
    }
}

#[test]
fn every_rule_of_every_grammar_compiles() {
    for g in ALL {
        let names = rules(g).rule_names();
        assert!(names.contains(&start(g)), "{g:?}");
        for name in names {
            // Undefined rules and recursion are compile errors: every rule is defined and regular.
            assert!(automaton(g, name).state_count() >= 2, "{g:?} {name}");
        }
    }
}

#[test]
fn files_load_in_order_and_replace_rules() {
    // RFC 2396's own `alpha` and `digit` replace the core rules of the same names (note 33).
    assert_eq!(origin_file(Rfc2396, "DIGIT"), RFC2396.0);
    assert_eq!(origin_file(Rfc2396, "ALPHA"), RFC2396.0);
    assert_eq!(origin_file(Rfc2396, "HEXDIG"), CORE.0);
    // RFC 2732 §3 replaces host, IPv4address, reserved and unwise and keeps the rest (note 37).
    for rule in [
        "host",
        "IPv4address",
        "reserved",
        "unwise",
        "ipv6reference",
        "IPv6address",
    ] {
        assert_eq!(origin_file(Rfc2732, rule), RFC2732.0, "{rule}");
    }
    for rule in ["URI-reference", "hostname", "uric", "pchar", "delims"] {
        assert_eq!(origin_file(Rfc2732, rule), RFC2396.0, "{rule}");
    }
    // The drafts are complete grammars: the misprinted names are not rules (notes 39, 41), and
    // draft-masinter-url-i18n-07's `digit` is the core DIGIT.
    for rule in ["fragment", "hier-part", "opaque-part", "i-query", "query"] {
        assert!(rules(Masinter07).rule(rule).is_none(), "{rule}");
    }
    assert_eq!(origin_file(Masinter07, "digit"), CORE.0);
    assert!(rules(Duerst01).rule("userinfo").is_none());
    assert_eq!(origin_file(Duerst01, "digit"), DUERST.0);
}

#[test]
fn the_misprinted_names_as_printed() {
    // draft-masinter-url-i18n-07 §2.2 as printed uses rules it does not define (note 39).
    for (printed, missing) in [
        (
            "IRI-reference = [ absoluteIRI / relativeIRI ] [ \"#\" fragment ]\n",
            "fragment",
        ),
        (
            "absoluteIRI = scheme \":\" ( hier-part / opaque-part )\n",
            "hier-part",
        ),
        (
            "ihier-part = ( inet-path / iabs-path ) [ \"?\" i-query ]\n",
            "i-query",
        ),
    ] {
        let e = with_override(Masinter07, printed)
            .compile("IRI-reference")
            .unwrap_err();
        assert!(
            matches!(&e, AbnfError::UndefinedRule { rule, .. } if rule == missing),
            "{e}"
        );
    }
    // Read as RFC 2396's rules (the draft on top of rfc2396.abnf and rfc2732.abnf), `hier_part` and
    // `fragment` would confine absolute IRIs to US-ASCII, against §2.1 (note 39).
    let delta = AbnfRules::parse(&[
        CORE,
        RFC2396,
        RFC2732,
        MASINTER,
        (
            "printed",
            "IRI-reference = [ absoluteIRI / relativeIRI ] [ \"#\" fragment ]\n\
             absoluteIRI = scheme \":\" ( hier-part / opaque-part )\n",
        ),
    ])
    .expect("parses");
    let delta = delta.compile("IRI-reference").expect("compiles");
    assert!(!delta.is_match("http://résumé.example.org/"));
    assert!(delta.is_match("résumé/x"));
    assert!(automaton(Masinter07, "IRI-reference").is_match("http://résumé.example.org/"));
    // draft-duerst-iri-01 §2.2 as printed: `iserver` uses `userinfo`, which it does not define (note 41).
    let e = with_override(Duerst01, "iserver = [ [ userinfo \"@\" ] ihostport ]\n")
        .compile("IRI-reference")
        .unwrap_err();
    assert!(
        matches!(&e, AbnfError::UndefinedRule { rule, .. } if rule == "userinfo"),
        "{e}"
    );
}

#[test]
fn rfc2396_examples() {
    // RFC 2396 §1.3, Appendix B and Appendix C (base, references and results), valid in the four grammars:
    // "Every URI is therefore by definition an IRI" (draft-masinter-url-i18n-07 §2.3,
    // draft-duerst-iri-01 §3.1).
    let examples = [
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
        "http://www.math.uio.no/faq/compression-faq/part1.html",
        "mailto:mduerst@ifi.unizh.ch",
        "news:comp.infosystems.www.servers.unix",
        "telnet://melvyl.ucop.edu/",
        "http://www.ics.uci.edu/pub/ietf/uri/#Related",
        "http://a/b/c/d;p?q",
        // C.1
        "g:h",
        "g",
        "./g",
        "g/",
        "/g",
        "//g",
        "g?y",
        "#s",
        "g#s",
        "g?y#s",
        ";x",
        "g;x",
        "g;x?y#s",
        ".",
        "./",
        "..",
        "../",
        "../g",
        "../..",
        "../../",
        "../../g",
        "http://a/b/c/g",
        "http://a/b/c/?y",
        "http://a/b/c/;x",
        "http://g",
        // C.2
        "",
        "../../../g",
        "../../../../g",
        "http://a/../g",
        "http://a/../../g",
        "/./g",
        "/../g",
        "g.",
        ".g",
        "g..",
        "..g",
        "./../g",
        "./g/.",
        "g/./h",
        "g/../h",
        "g;x=1/./y",
        "g;x=1/../y",
        "g?y/./x",
        "g?y/../x",
        "g#s/./x",
        "g#s/../x",
        "http:g",
    ];
    for s in examples {
        verdicts(s, [true; 4], "RFC 2396 §1.3, Appendices B and C");
    }
    // C.1 resolves "?y", but no `relativeURI` of Appendix A has an empty path (note 36); the drafts'
    // `relativeIRI` has the same shape.
    verdicts("?y", [false; 4], "RFC 2396 Appendix A relativeURI; note 36");
    verdicts("?y#s", [false; 4], "note 36");
}

#[test]
fn rfc2732_examples() {
    // RFC 2732 §2: the literal addresses and the URLs that hold them.
    let addresses = [
        "FEDC:BA98:7654:3210:FEDC:BA98:7654:3210",
        "1080:0:0:0:8:800:200C:4171",
        "3ffe:2a00:100:7031::1",
        "1080::8:800:200C:417A",
        "::192.9.5.5",
        "::FFFF:129.144.52.38",
        "2010:836B:4179::836B:4179",
    ];
    let urls = [
        "http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/index.html",
        "http://[1080:0:0:0:8:800:200C:417A]/index.html",
        "http://[3ffe:2a00:100:7031::1]",
        "http://[1080::8:800:200C:417A]/foo",
        "http://[::192.9.5.5]/ipng",
        "http://[::FFFF:129.144.52.38]:80/index.html",
        "http://[2010:836B:4179::836B:4179]",
    ];
    for g in [Rfc2732, Masinter07, Duerst01] {
        accepts(g, "IPv6address", &addresses, &[]);
    }
    for s in urls {
        // "[" and "]" are `unwise` in RFC 2396 (§2.4.3) and in no rule of Appendix A; RFC 2732 §3 (1)
        // adds `IPv6reference` to `host`; the drafts take the amended `host` (note 38 for `::192.9.5.5`).
        verdicts(s, [false, true, true, true], "RFC 2732 §3 (1)");
    }
}

#[test]
fn rfc2373_ipv6address_with_the_amendment() {
    // RFC 2373 §2.2 text forms, all three forms and their compressed spellings.
    let members = [
        "FEDC:BA98:7654:3210:FEDC:BA98:7654:3210",
        "1080:0:0:0:8:800:200C:417A",
        "FF01:0:0:0:0:0:0:101",
        "0:0:0:0:0:0:0:1",
        "0:0:0:0:0:0:0:0",
        "1080::8:800:200C:417A",
        "FF01::101",
        "::1",
        "::",
        "0:0:0:0:0:0:13.1.68.3",
        "0:0:0:0:0:FFFF:129.144.52.38",
        "::13.1.68.3",
        "::FFFF:129.144.52.38",
        "1::13.1.68.3",
        "fedc::ba98",
        // Kept as printed (note 38): no count of groups, ":::" before an IPv4 address, up to three
        // digits per IPv4 group.
        "1:2:3:4:5:6:7:8:9",
        ":::13.1.68.3",
        "::999.1.1.1",
    ];
    let non_members = [
        "",
        ":",
        ":1",
        "1:",
        "::1:",
        "1::2::3",
        "12345::1",
        "1.2.3.4",
        "::1.2.3",
        "::1234.1.1.1",
        "[::1]",
        "::g",
        "v1.x",
    ];
    for g in [Rfc2732, Masinter07, Duerst01] {
        accepts(g, "IPv6address", &members, &non_members);
        // As printed, "::" cannot precede an IPv4 address, while ":::" can (RFC 2373 erratum 456).
        let printed = with_override(g, "IPv6address = hexpart [ \":\" IPv4address ]\n")
            .compile("IPv6address")
            .expect("compiles");
        assert!(!printed.is_match("::13.1.68.3"), "{g:?}");
        assert!(!printed.is_match("::192.9.5.5"), "{g:?}");
        assert!(printed.is_match(":::13.1.68.3"), "{g:?}");
        assert!(printed.is_match("::FFFF:129.144.52.38"), "{g:?}");
    }
}

#[test]
fn rfc2732_changes_reach_every_uric() {
    // RFC 2732 §3 (3): "[" and "]" become `reserved`, so `uric` (query, fragment, opaque part after its
    // first character) holds them, but `pchar` does not (note 37).
    verdicts("http://a/?q=[1]", [false, true, true, true], "reserved");
    verdicts("http://a/#[1]", [false, true, true, true], "reserved");
    verdicts("mailto:a[1]", [false, true, true, true], "opaque_part");
    verdicts(
        "mailto:[1]",
        [false; 4],
        "uric_no_slash has no reserved character",
    );
    verdicts(
        "http://a/[1]",
        [false; 4],
        "pchar has no reserved character",
    );
    verdicts("[1]", [false; 4], "rel_segment has no reserved character");
    accepts(Rfc2396, "unwise", &["[", "]", "|"], &["<"]);
    accepts(Rfc2732, "unwise", &["|", "`"], &["[", "]"]);
    accepts(Rfc2396, "reserved", &[";", "$"], &["[", "]"]);
    accepts(Rfc2732, "reserved", &[";", "$", "[", "]"], &["#"]);
    accepts(Rfc2396, "host", &["example.org", "1.2.3.4"], &["[::1]"]);
    accepts(
        Rfc2732,
        "host",
        &["example.org", "1.2.3.4", "[::1]"],
        &["::1"],
    );
    // RFC 2732 §3 (2): RFC 2373's IPv4address takes at most three digits per group; both grammars
    // accept the host as a `reg_name`.
    accepts(
        Rfc2396,
        "IPv4address",
        &["1.2.3.4", "1234.5.6.7", "999.999.999.999"],
        &["1.2.3", "1.2.3.4."],
    );
    accepts(
        Rfc2732,
        "IPv4address",
        &["1.2.3.4", "999.999.999.999"],
        &["1234.5.6.7", "1.2.3"],
    );
    verdicts("http://1234.5.6.7/", [true; 4], "reg_name");
}

#[test]
fn letters_are_case_sensitive() {
    // RFC 2396 §1.6: "Each literal in the grammar corresponds to the character it represents" (note 34).
    for g in [Rfc2396, Rfc2732, Masinter07, Duerst01] {
        accepts(g, "lowalpha", &["a", "z"], &["A", "Z", "é"]);
        accepts(g, "upalpha", &["A", "Z"], &["a", "z"]);
        accepts(g, "alpha", &["a", "Z"], &["0", "é"]);
        accepts(g, "escaped", &["%c3", "%C3", "%aF"], &["%g0", "%C"]);
    }
    for g in [Rfc2396, Rfc2732, Duerst01] {
        accepts(g, "hex", &["0", "a", "A", "f", "F"], &["g", "G"]);
    }
    verdicts("HTTP://EXAMPLE.ORG/", [true; 4], "alpha has both cases");
}

#[test]
fn prose_values_of_rfc2396_section_2_4_3() {
    // note 35
    for g in [Rfc2396, Rfc2732] {
        accepts(g, "control", &["\0", "\u{1F}", "\u{7F}"], &[" ", "\u{80}"]);
        accepts(g, "space", &[" "], &["\t", "\u{A0}"]);
        accepts(g, "delims", &["<", ">", "#", "%", "\""], &["'", "["]);
    }
    accepts(Duerst01, "space", &[" "], &["\u{3000}"]);
    accepts(Duerst01, "delims", &["\""], &["'"]);
}

#[test]
fn iri_draft_examples() {
    // draft-duerst-iri-01: §2.3, §7 and the authors' addresses ("the escaped form of an IRI"), and that
    // IRI (draft-masinter-url-i18n-07 §9: "Please write "Duerst" with u-umlaut").
    let ascii = [
        "foo://example.com/XML",
        "foo://example.com/XM%4C",
        "foo://example.com/XM%4c",
        "%C0%AF..",
        "/..",
        "http://big.site/PopularPage.html",
        "http://big.site/popularpage.html",
        "http://www.w3.org/People/D%C3%BCrst/",
        "mailto:michelsu@microsoft.com",
        "http://www.suignard.com",
        // draft-masinter-url-i18n-07 §3.1 and §9.
        "%20",
        "%C2%A0",
        "http://larry.masinter.net",
    ];
    for s in ascii {
        verdicts(s, [true; 4], "US-ASCII examples of the drafts");
    }
    verdicts(
        "http://www.w3.org/People/D\u{FC}rst/",
        [false, false, true, true],
        "ichar",
    );
}

#[test]
fn grammars_separate() {
    let rows: &[(&str, [bool; 4], &str)] = &[
        // Columns: RFC 2396, RFC 2396 + 2732, draft-masinter-url-i18n-07, draft-duerst-iri-01.
        (
            "http://[::1]/",
            [false, true, true, true],
            "RFC 2396 §2.4.3: \"[\" is unwise; RFC 2732 §3 (1): IPv6reference",
        ),
        (
            "http://[1:2:3:4:5:6:7:8:9]/",
            [false, true, true, true],
            "RFC 2373 Appendix B counts no groups (note 38)",
        ),
        (
            "http://[v7.a]/",
            [false; 4],
            "no IPvFuture before RFC 3986",
        ),
        (
            "http://résumé.example.org/",
            [false, false, true, true],
            "ireg_name of iunreserved of ichar (notes 40, 42)",
        ),
        (
            "mailto:résumé@example.org",
            [false, false, true, true],
            "iopaque_part",
        ),
        (
            "http://rés@example.org/",
            [false, false, true, true],
            "ireg_name holds \"@\"",
        ),
        (
            "http://rés@[::1]/",
            [false, false, false, true],
            "draft-masinter-url-i18n-07 server has the US-ASCII userinfo and ireg_name has no \"[\"; \
             draft-duerst-iri-01 iserver has iuserinfo (note 41)",
        ),
        (
            "http://-x_y.example/",
            [true; 4],
            "reg_name / ireg_name, whatever hostname and ihostname say (note 43)",
        ),
        (
            "http://example.org/a b",
            [false, false, false, true],
            "draft-duerst-iri-01 ichar holds space (§2.2); the other ichar begins at U+0080",
        ),
        (
            "http://example.org/%zz",
            [false, false, false, true],
            "draft-duerst-iri-01 ichar holds delims, with \"%\" (note 42)",
        ),
        (
            "http://example.org/b#c#d",
            [false, false, false, true],
            "draft-duerst-iri-01 ichar holds delims, with \"#\" (note 42)",
        ),
        (
            "http://example.org/<x>",
            [false, false, false, true],
            "delims",
        ),
        (
            "http://example.org/{x}?a|b",
            [false, false, false, true],
            "unwise",
        ),
        (
            "http://example.org/\u{7F}",
            [false; 4],
            "US-ASCII control characters are in no ichar",
        ),
        (
            "http://example.org/\u{85}",
            [false, false, false, true],
            "draft-masinter-url-i18n-07 §3.1 e: control characters U+0080-009F (note 40)",
        ),
        (
            "http://example.org/\u{A0}",
            [false, false, true, true],
            "look-alikes of space are a \"should not\" (§3.1 b)",
        ),
        (
            "http://example.org/a\u{3000}b",
            [false, false, true, true],
            "look-alikes of space are a \"should not\" (§3.1 b)",
        ),
        (
            "http://example.org/\u{200E}\u{202E}",
            [false, false, true, true],
            "bidi formatting characters are not forbidden by the grammar",
        ),
        (
            "http://example.org/\u{206A}",
            [false, false, false, true],
            "draft-masinter-url-i18n-07 §3.1 e: swapping (note 40)",
        ),
        (
            "http://example.org/\u{206C}",
            [false, false, true, true],
            "only the swapping characters of U+206A-206F are named (note 40)",
        ),
        (
            "http://example.org/\u{E000}",
            [false, false, false, true],
            "draft-masinter-url-i18n-07 §3.1 f: private use (note 40)",
        ),
        (
            "http://example.org/?\u{F0000}",
            [false, false, false, true],
            "draft-masinter-url-i18n-07 §3.1 f: private use, also in the query (note 40)",
        ),
        (
            "http://example.org/\u{10FFFD}",
            [false, false, false, true],
            "draft-masinter-url-i18n-07 §3.1 f: private use (note 40)",
        ),
        (
            "http://example.org/\u{E0041}",
            [false, false, false, true],
            "draft-masinter-url-i18n-07 §3.1 e: plane-14 language tags (note 40)",
        ),
        (
            "http://example.org/\u{E0100}",
            [false, false, true, true],
            "plane 14 beyond the Tags block (note 40)",
        ),
        (
            "http://example.org/\u{FFFF}\u{10FFFF}",
            [false, false, true, true],
            "noncharacters are not forbidden (note 40)",
        ),
        (
            "http://example.org/\u{80}",
            [false, false, false, true],
            "draft-duerst-iri-01 ichar begins at U+0080 (note 42)",
        ),
    ];
    for &(input, expected, why) in rows {
        verdicts(input, expected, why);
    }
}

#[test]
fn ihostname_reading() {
    // draft-duerst-iri-01 `ihostname`, "as specified by [IDNA]" (note 43).
    accepts(
        Duerst01,
        "ihostname",
        &[
            "example.org",
            "example.org.",
            "résumé.example.org",
            "xn--rsum-bpad.example.org",
            "例え。テスト",
            "例え．テスト",
            "a｡b",
            "www.例え.jp",
            "a-b.c",
            "1.2.3.é",
        ],
        &[
            "",
            ".",
            "-x.example",
            "x-.example",
            "x_y.example",
            "example..org",
            "a。。b",
            "1.2.3.4",
            "a b.example",
            "a%41.example",
        ],
    );
    accepts(
        Duerst01,
        "ihost",
        &["résumé.example.org", "1.2.3.4", "[::1]"],
        &["-x.example"],
    );
    // draft-masinter-url-i18n-07 §3.1 a: host names stay US-ASCII, though the authority need not be a host.
    accepts(
        Masinter07,
        "hostname",
        &["example.org"],
        &["résumé.example.org"],
    );
    accepts(
        Masinter07,
        "ireg-name",
        &["résumé.example.org", "-x_y.example"],
        &[""],
    );
}

#[test]
fn languages_nest() {
    // RFC 2396 ⊆ RFC 2396 + 2732 ⊆ draft-masinter-url-i18n-07 ⊆ draft-duerst-iri-01: strings generated
    // from each grammar, and mutations of them, that one grammar accepts are accepted by the later ones.
    for (i, &small) in ALL.iter().enumerate() {
        let generator =
            Generator::new(rules(small), start(small)).unwrap_or_else(|e| panic!("{small:?}: {e}"));
        let small_automaton = automaton(small, start(small));
        for seed in 0..1500u64 {
            let s = generator.generate(seed, 40);
            assert!(small_automaton.is_match(&s), "{small:?} generated {s:?}");
            for candidate in [s.clone(), mutate(seed, &s)] {
                if !small_automaton.is_match(&candidate) {
                    continue;
                }
                for &large in &ALL[i + 1..] {
                    assert!(
                        automaton(large, start(large)).is_match(&candidate),
                        "{candidate:?} is valid in {small:?} but not in {large:?}"
                    );
                }
            }
        }
    }
    // The inclusions are strict.
    verdicts(
        "http://[::1]/",
        [false, true, true, true],
        "RFC 2732 adds IPv6reference",
    );
    verdicts("é", [false, false, true, true], "ichar");
    verdicts("a b", [false, false, false, true], "space in ichar");
}
