//! The grammar files compiled to automata: every rule compiles, known members and non-members, and the
//! automata agree with the generator and with a direct interpreter of the ABNF.

use std::collections::BTreeSet;

use iri_abnf::abnf::{mutate, AbnfRules, Dfa, Generator, Node};
use iri_abnf::Grammar;

/// The grammar names, as the CLI spells them.
const GRAMMAR_NAMES: [&str; 4] = ["uri", "rfc3987", "iri", "leiri"];

fn grammar(name: &str) -> Grammar {
    name.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn automaton(name: &str, rule: &str) -> Result<&'static Dfa, iri_abnf::abnf::AbnfError> {
    iri_abnf::abnf::dfa(grammar(name), rule)
}

fn rules(name: &str) -> Result<&'static AbnfRules, iri_abnf::abnf::AbnfError> {
    iri_abnf::abnf::rules(grammar(name))
}

fn accepts(grammar: &str, rule: &str, members: &[&str], non_members: &[&str]) {
    let a = automaton(grammar, rule).unwrap_or_else(|e| panic!("{grammar} {rule}: {e}"));
    for s in members {
        assert!(a.is_match(s), "{grammar} {rule} should accept {s:?}");
    }
    for s in non_members {
        assert!(!a.is_match(s), "{grammar} {rule} should reject {s:?}");
    }
}

/// The rule names of `grammar/start-GRAMMAR.pest`, where the project lists the ABNF rules of each grammar
/// for its pest parser (`start_IP_literal` for `IP-literal`).
fn pest_rule_list(grammar: &str) -> Vec<String> {
    let path = format!(
        "{}/grammar/start-{grammar}.pest",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter_map(|l| l.strip_prefix("start_"))
        .filter_map(|l| l.split_whitespace().next())
        .map(|n| n.replace('_', "-"))
        .collect()
}

#[test]
fn every_rule_of_every_grammar_compiles() {
    for grammar in GRAMMAR_NAMES {
        let set = rules(grammar).unwrap_or_else(|e| panic!("{grammar}: {e}"));
        assert_eq!(set.rule_names(), pest_rule_list(grammar), "{grammar}");
        for rule in set.rule_names() {
            let a = automaton(grammar, rule).unwrap_or_else(|e| panic!("{grammar} {rule}: {e}"));
            assert!(a.state_count() >= 2, "{grammar} {rule}");
        }
    }
}

#[test]
fn dec_octet() {
    let members: Vec<String> = (0..=255).map(|n: u32| n.to_string()).collect();
    let members: Vec<&str> = members.iter().map(String::as_str).collect();
    for g in GRAMMAR_NAMES {
        accepts(
            g,
            "dec-octet",
            &members,
            &[
                "256", "300", "999", "1000", "00", "01", "000", "099", "", "-1", "+1", " 1", "١",
            ],
        );
        accepts(
            g,
            "IPv4address",
            &["0.0.0.0", "255.255.255.255", "192.0.2.1"],
            &["1.2.3", "1.2.3.4.5", "1.2.3.256", "01.2.3.4", "1.2.3.4."],
        );
    }
}

#[test]
fn ipv6_address_forms() {
    let members = [
        // 6( h16 ":" ) ls32
        "1:2:3:4:5:6:7:8",
        "1:2:3:4:5:6:1.2.3.4",
        "ffff:FFFF:0:00:000:0000:abcd:EF01",
        // "::" 5( h16 ":" ) ls32
        "::2:3:4:5:6:7:8",
        "::2:3:4:5:6:1.2.3.4",
        // [ h16 ] "::" 4( h16 ":" ) ls32
        "1::3:4:5:6:7:8",
        "::3:4:5:6:7:8",
        // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
        "1:2::4:5:6:7:8",
        "::4:5:6:7:8",
        // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
        "1:2:3::5:6:7:8",
        "1::5:6:7:8",
        // [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
        "1:2:3:4::6:7:8",
        "::6:1.2.3.4",
        // [ *4( h16 ":" ) h16 ] "::" ls32
        "1:2:3:4:5::7:8",
        "::1.2.3.4",
        "::ffff:192.0.2.1",
        // [ *5( h16 ":" ) h16 ] "::" h16
        "1:2:3:4:5:6::8",
        "::1",
        "1::8",
        // [ *6( h16 ":" ) h16 ] "::"
        "1:2:3:4:5:6:7::",
        "1::",
        "::",
    ];
    let non_members = [
        "",
        ":",
        ":::",
        "1:2:3:4:5:6:7",
        "1:2:3:4:5:6:7:8:9",
        "1:2:3:4:5:6:7::8",
        "::1:2:3:4:5:6:7:8",
        "1::2::3",
        "12345::",
        "g::",
        "::1.2.3.256",
        "::1.2.3",
        "1:2:3:4:5:6:7:1.2.3.4",
        "1:2:3:4:5:6:7:8:",
        ":1:2:3:4:5:6:7",
        "::1.2.3.4:1",
        "[::1]",
    ];
    for g in GRAMMAR_NAMES {
        accepts(g, "IPv6address", &members, &non_members);
    }
    accepts(
        "uri",
        "URI",
        &["http://[::1]:80/", "http://[v7.a:b]/"],
        &["http://[::1/", "http://[1::2::3]/"],
    );
}

#[test]
fn ipvfuture_letter_case_and_hex() {
    let members = [
        "v1.x",
        "V1.x",
        "vA.x",
        "va.x",
        "vF.x",
        "vf.x",
        "v0123456789abcdefABCDEF.a:b!$&'()*+,;=-._~",
    ];
    let non_members = [
        "vg.x", "vG.x", "v.x", "v1.", "v1x", "w1.x", "1.x", "v1.x/", "v1.%41", "v1.é",
    ];
    for g in GRAMMAR_NAMES {
        accepts(g, "IPvFuture", &members, &non_members);
        accepts(
            g,
            "HEXDIG",
            &["0", "9", "a", "A", "f", "F"],
            &["g", "G", "", "00", "é"],
        );
    }
}

#[test]
fn grammars_differ_where_the_specifications_do() {
    // [note 1]: 3987bis ireg-name with pct-form.
    accepts(
        "iri",
        "IRI-reference",
        &[
            "http://r%C3%A9sum%C3%A9.example.org",
            "http://résumé.example.org",
        ],
        &[],
    );
    accepts(
        "iri",
        "ireg-name",
        &["r%C3%A9sum%C3%A9.example.org"],
        &["%C3%A"],
    );
    accepts(
        "rfc3987",
        "IRI-reference",
        &[
            "http://r%C3%A9sum%C3%A9.example.org",
            "http://résumé.example.org",
        ],
        &[],
    );
    accepts(
        "uri",
        "URI-reference",
        &["http://r%C3%A9sum%C3%A9.example.org"],
        &["http://résumé.example.org"],
    );
    // LEIRI allows space and the other ASCII characters of leiri-ucschar.
    let leiri_only = [
        "http://example.org/a b",
        "http://example.org/<a>",
        "x:\"{|}\\^`",
        "a\u{1}b",
        "a\u{7F}",
        "x:\u{FFFD}",
    ];
    accepts(
        "leiri",
        "IRI-reference",
        &leiri_only,
        &["http://example.org/#a#b", "http://[::1/", "%zz"],
    );
    accepts("iri", "IRI-reference", &[], &leiri_only);
    accepts("rfc3987", "IRI-reference", &[], &leiri_only);
    // The tag range U+E0000-E0FFF: 3987bis iprivate (iquery only), not in RFC 3987.
    accepts(
        "iri",
        "IRI",
        &["http://a/?\u{E0000}", "http://a/?\u{E0FFF}"],
        &["http://a/\u{E0000}", "http://a/#\u{E0000}"],
    );
    accepts(
        "rfc3987",
        "IRI",
        &["http://a/?\u{E000}"],
        &["http://a/?\u{E0000}", "http://a/\u{E0000}"],
    );
    for g in ["iri", "rfc3987"] {
        accepts(
            g,
            "iquery",
            &[
                "\u{E000}",
                "\u{F8FF}",
                "\u{F0000}",
                "\u{10FFFD}",
                "\u{E1000}",
            ],
            &["\u{10FFFE}", "\u{FFFE}", "\u{F900}\u{E0FFF}\u{FFFF}"],
        );
        accepts(
            g,
            "ipath",
            &["a/\u{E1000}", "\u{A0}"],
            &["a/\u{E0000}", "\u{E0FFF}", "\u{E000}", " "],
        );
    }
    accepts("iri", "iquery", &["\u{E0000}", "\u{E0FFF}"], &[]);
    accepts("rfc3987", "iquery", &[], &["\u{E0000}", "\u{E0FFF}"]);
    // LEIRI takes every code point but the surrogates, U+FFFE and U+FFFF, and ASCII delimiters.
    accepts(
        "leiri",
        "ipath",
        &["\u{E0000}", "\u{10FFFF}", "\u{FFFD}", " "],
        &["\u{FFFE}", "\u{FFFF}", "a#"],
    );
}

#[test]
fn rule_level_members() {
    for g in GRAMMAR_NAMES {
        accepts(
            g,
            "scheme",
            &["a", "A+b-c.d9"],
            &["", "9a", "+a", "a_b", "é"],
        );
        accepts(g, "port", &["", "80", "00080"], &["a", "-1"]);
        accepts(
            g,
            "pct-encoded",
            &["%41", "%aF", "%00"],
            &["%4", "%G1", "%", "%%41", "%é1"],
        );
        accepts(g, "h16", &["0", "ffff", "ABCD"], &["", "12345", "g"]);
        accepts(g, "ls32", &["1:2", "1.2.3.4"], &["1", "1:2:3"]);
    }
    accepts(
        "uri",
        "path",
        &["", "/", "//", "a", "a:b", "/a//b/", "a/b:c"],
        &["?", "#", "a b"],
    );
    accepts(
        "uri",
        "path-noscheme",
        &["a", "a/b:c", "@"],
        &["", "a:b", "/a"],
    );
    accepts("uri", "path-empty", &[""], &["a", "/"]);
    accepts("iri", "ipath-empty", &[""], &["a", "/"]);
    accepts(
        "uri",
        "relative-ref",
        &["", "//a", "a?b#c", "?", "#"],
        &["a:b", "#a#b"],
    );
    accepts("uri", "absolute-URI", &["a:", "a:b?c"], &["a:b#c", ":b"]);
    accepts(
        "uri",
        "URI",
        &["a:", "file:///etc", "urn:isbn:1", "http://u:p@h:1/p?q#f"],
        &["a", "//a", "http://h:x/", "a:b c"],
    );
    accepts(
        "iri",
        "iauthority",
        &["u@h:1", "h", "", "@", "[::1]", "résumé"],
        &["[::1", "h:x", "a/b"],
    );
}

/// An interpreter of the ABNF on its own terms: the set of positions where a match of `node` that starts
/// at one of `starts` can end. It shares nothing with the automata but the AST.
fn ends(rules: &AbnfRules, node: &Node, s: &[char], starts: &BTreeSet<usize>) -> BTreeSet<usize> {
    match node {
        Node::Alternation(items) => items
            .iter()
            .flat_map(|n| ends(rules, n, s, starts))
            .collect(),
        Node::Concatenation(items) => items
            .iter()
            .fold(starts.clone(), |acc, n| ends(rules, n, s, &acc)),
        Node::Repetition { min, max, node } => {
            let mut result = if *min == 0 {
                starts.clone()
            } else {
                BTreeSet::new()
            };
            let mut current = starts.clone();
            let mut i = 0u32;
            while max.is_none_or(|m| i < m) && !current.is_empty() {
                i += 1;
                current = ends(rules, node, s, &current);
                if i >= *min {
                    let before = result.len();
                    result.extend(current.iter().copied());
                    if max.is_none() && result.len() == before {
                        break;
                    }
                }
            }
            result
        }
        Node::Rule(name) => ends(rules, rules.rule(name).expect("defined"), s, starts),
        Node::Range { first, last } => starts
            .iter()
            .filter(|&&p| {
                s.get(p)
                    .is_some_and(|&c| (*first..=*last).contains(&(c as u32)))
            })
            .map(|p| p + 1)
            .collect(),
        Node::String {
            text,
            case_sensitive,
        } => {
            let t: Vec<char> = text.chars().collect();
            starts
                .iter()
                .filter(|&&p| {
                    s.get(p..p + t.len()).is_some_and(|w| {
                        w.iter().zip(&t).all(|(a, b)| {
                            if *case_sensitive {
                                a == b
                            } else {
                                a.eq_ignore_ascii_case(b)
                            }
                        })
                    })
                })
                .map(|p| p + t.len())
                .collect()
        }
    }
}

fn interpret(rules: &AbnfRules, rule: &str, input: &str) -> bool {
    let s: Vec<char> = input.chars().collect();
    let node = rules.rule(rule).expect("defined");
    ends(rules, node, &s, &BTreeSet::from([0])).contains(&s.len())
}

#[test]
fn interpreter_agrees_on_known_cases() {
    let iri = rules("iri").expect("loads");
    assert!(interpret(iri, "IPv6address", "1::8"));
    assert!(!interpret(iri, "IPv6address", "1:2:3:4:5:6:7::8"));
    assert!(interpret(iri, "IPvFuture", "V1.x"));
    assert!(!interpret(iri, "dec-octet", "256"));
    assert!(interpret(
        iri,
        "IRI-reference",
        "http://r%C3%A9sum%C3%A9.example.org"
    ));
    assert!(!interpret(
        rules("uri").expect("loads"),
        "URI-reference",
        "http://résumé.example.org"
    ));
}

/// Seeds for rule number `r` of grammar number `g`.
fn seed(g: usize, r: usize, i: u64) -> u64 {
    ((g as u64) << 56) ^ ((r as u64) << 40) ^ i
}

fn generated_strings_are_members(grammar: &str, g: usize) {
    let set = rules(grammar).expect("loads");
    for (r, rule) in set.rule_names().into_iter().enumerate() {
        let a = automaton(grammar, rule).expect("compiles");
        let generator = Generator::new(set, rule).expect("generator");
        for i in 0..10_000 {
            let max_len = [0, 1, 4, 16, 48][(i % 5) as usize];
            let s = generator.generate(seed(g, r, i), max_len);
            assert!(
                a.is_match(&s),
                "{grammar} {rule}: generated {s:?} (seed {i}) is rejected"
            );
        }
    }
}

#[test]
fn generated_strings_are_members_uri() {
    generated_strings_are_members("uri", 0);
}

#[test]
fn generated_strings_are_members_rfc3987() {
    generated_strings_are_members("rfc3987", 1);
}

#[test]
fn generated_strings_are_members_iri() {
    generated_strings_are_members("iri", 2);
}

#[test]
fn generated_strings_are_members_leiri() {
    generated_strings_are_members("leiri", 3);
}

/// Generated strings, their mutations and strings of other rules: the automaton and the interpreter
/// must give the same answer for each, members and non-members alike.
#[test]
fn automata_agree_with_the_interpreter() {
    for (g, grammar) in GRAMMAR_NAMES.into_iter().enumerate() {
        let set = rules(grammar).expect("loads");
        let names = set.rule_names();
        let generators: Vec<Generator> = names
            .iter()
            .map(|r| Generator::new(set, r).expect("generator"))
            .collect();
        for (r, rule) in names.iter().enumerate() {
            let a = automaton(grammar, rule).expect("compiles");
            let (mut members, mut others) = (0, 0);
            for i in 0..150u64 {
                let s = generators[r].generate(seed(g, r, i) ^ 0xA5A5, 24);
                let other = generators[(r + 1 + i as usize) % names.len()].generate(i, 24);
                for candidate in [mutate(i, &s), mutate(i ^ 1, &s), other, s] {
                    let expected = interpret(set, rule, &candidate);
                    assert_eq!(
                        a.is_match(&candidate),
                        expected,
                        "{grammar} {rule}: {candidate:?}"
                    );
                    if expected {
                        members += 1
                    } else {
                        others += 1
                    }
                }
            }
            assert!(members >= 150, "{grammar} {rule}: {members} members");
            // Rules whose every string is also accepted after any edit are rare; most see rejections.
            if ![
                "ipath",
                "isegment",
                "path",
                "segment",
                "iquery",
                "ifragment",
                "query",
                "fragment",
            ]
            .contains(rule)
            {
                assert!(
                    others > 0 || names.len() < 2,
                    "{grammar} {rule}: no non-member tried"
                );
            }
        }
    }
}
