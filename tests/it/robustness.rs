//! No input makes the parser panic; every successful parse satisfies the invariant checker and every
//! error points at a character boundary inside the input with a consistent column.

use iri_abnf::abnf::case_seed;
use iri_abnf::{parse, Components, Grammar, Rule};
use iri_test::check_invariants;

/// A deterministic stream of numbers from the crate's seed mixer, so that a failure can be replayed from
/// its seed.
struct Rng(u64, u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.1 += 1;
        (case_seed(self.0, Grammar::Iri, self.1) % n as u64) as usize
    }
}

const PIECES: &[&str] = &[
    "http",
    "a",
    "Z",
    "0",
    "9",
    ":",
    "/",
    "//",
    "?",
    "#",
    "[",
    "]",
    "@",
    "%",
    "%4",
    "%41",
    "%zz",
    ".",
    "..",
    "-",
    "_",
    "~",
    "!",
    "$",
    "&",
    "'",
    "(",
    ")",
    "*",
    "+",
    ",",
    ";",
    "=",
    " ",
    "<",
    ">",
    "\"",
    "{",
    "}",
    "|",
    "\\",
    "^",
    "`",
    "\t",
    "\n",
    "\r",
    "\u{0}",
    "\u{7F}",
    "\u{9F}",
    "\u{A0}",
    "é",
    "\u{200E}",
    "\u{202E}",
    "\u{D7FF}",
    "\u{E000}",
    "\u{F8FF}",
    "\u{FDD0}",
    "\u{FFFD}",
    "\u{FFFF}",
    "\u{10000}",
    "\u{E0000}",
    "\u{E0FFF}",
    "\u{E1000}",
    "\u{F0000}",
    "\u{10FFFD}",
    "\u{10FFFF}",
    "::",
    "1.2.3.4",
    "[::1]",
    "[v7.x]",
    "ffff",
    "256",
    "xn--99zt52a",
];

fn random_input(rng: &mut Rng) -> String {
    let n = rng.below(16);
    (0..n).map(|_| PIECES[rng.below(PIECES.len())]).collect()
}

#[test]
fn random_inputs_never_panic_and_keep_invariants() {
    let seed = 0x1E1_ABAF;
    let mut rng = Rng(seed, 0);
    let mut valid = [0usize; 4];
    let rules_of = |g: Grammar| -> Vec<Rule> { g.rules().to_vec() };
    for case in 0..4000 {
        let input = random_input(&mut rng);
        for (gi, g) in Grammar::ALL.into_iter().enumerate() {
            match parse(g, &input) {
                Ok(r) => {
                    valid[gi] += 1;
                    if let Err(e) = check_invariants(&r) {
                        panic!("seed {seed:#x} case {case}: {g} {input:?}: {e}");
                    }
                }
                Err(e) => {
                    assert!(e.offset <= input.len(), "{g} {input:?}");
                    assert!(input.is_char_boundary(e.offset), "{g} {input:?}");
                    assert_eq!(
                        e.column,
                        input[..e.offset].chars().count() + 1,
                        "{g} {input:?}"
                    );
                    assert!(!e.expected().is_empty(), "{g} {input:?}: nothing expected");
                    let caret = e.render_caret();
                    assert_eq!(caret.lines().count(), 2, "{g} {input:?}: {caret}");
                }
            }
            // Every rule as the start rule, on a sample of the cases.
            if case % 50 == 0 {
                for rule in rules_of(g) {
                    if let Ok(p) = iri_abnf::tree::parse(g, rule, &input) {
                        if let Components::Reference(r) = &p.components {
                            check_invariants(r)
                                .unwrap_or_else(|e| panic!("{g} {rule} {input:?}: {e}"));
                        }
                        assert_eq!((p.tree.span.start, p.tree.span.end), (0, input.len()));
                    }
                }
            }
        }
    }
    // The sample reaches both verdicts under every grammar, and the languages nest.
    for (gi, g) in Grammar::ALL.into_iter().enumerate() {
        assert!(
            valid[gi] > 200 && valid[gi] < 4000,
            "{g}: {} valid",
            valid[gi]
        );
    }
    assert!(
        valid[0] <= valid[1] && valid[1] <= valid[2] && valid[2] <= valid[3],
        "{valid:?}"
    );
}

#[test]
fn invariants_hold_for_every_reference_kind() {
    for input in [
        "http://user:pw@[::1]:8080/a/b?q=1#f",
        "urn:isbn:0451450523",
        "mailto:John.Doe@example.com",
        "//host",
        "//host:",
        "//@host:/",
        "/a//b/",
        "a/b",
        "",
        "?",
        "#",
        "?#",
        "http:",
        "http://[v7.a:b]:99999",
        "http://r%C3%A9sum%C3%A9.example.org",
        "http://résumé.example.org/ş?ı#ğ",
    ] {
        let r = parse(Grammar::Iri, input).unwrap_or_else(|e| panic!("{e}"));
        check_invariants(&r).unwrap_or_else(|e| panic!("{input:?}: {e}"));
        assert_eq!(r.to_string(), input);
    }
}

/// The caret line: spaces then `^`; returns the caret's column (in characters).
fn caret_column(rendered: &str) -> usize {
    let (_, caret) = rendered.split_once('\n').expect("two lines");
    assert!(caret.ends_with('^') && caret[..caret.len() - 1].bytes().all(|b| b == b' '));
    caret.len() - 1
}

#[test]
fn errors_in_very_long_lines_render() {
    // A caret padded with a format width panicked from column 65,536 on (the width limit is u16::MAX).
    for offset in [65_534, 65_535, 70_000, 1_000_000] {
        let input = "a".repeat(offset) + " ";
        let caret = iri_abnf::report::render_caret(&input, offset);
        let col = caret_column(&caret);
        assert_eq!(caret.lines().next().unwrap().chars().nth(col), Some(' '));
        let e = parse(Grammar::Iri, &input).unwrap_err();
        assert_eq!(e.offset, offset);
        // `Display` is the one line of the message; `{:#}` adds the caret lines.
        assert!(!e.to_string().contains('\n'));
        let shown = format!("{e:#}");
        assert_eq!(shown.lines().count(), 3, "{offset}");
        assert!(
            shown.contains(&format!("byte offset {offset} ")),
            "{offset}"
        );
        assert!(
            shown.len() < 10_000,
            "{offset}: {} bytes shown",
            shown.len()
        );
        let caret = e.render_caret();
        assert_eq!(
            caret
                .lines()
                .next()
                .unwrap()
                .chars()
                .nth(caret_column(&caret)),
            Some(' ')
        );
    }
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(12))]

    /// Every error of a long input renders, with the caret under the character at the offset.
    #[test]
    fn long_inputs_render_their_errors(
        n in 0usize..200_000,
        piece in "[a/:é?#%\u{200E} \\[\\]]{1,4}",
        tail in "\\PC{0,8}",
    ) {
        let input = piece.repeat(n / piece.len() + 1) + &tail;
        for g in Grammar::ALL {
            if let Err(e) = parse(g, &input) {
                let _ = e.message();
                let line = e.to_string();
                proptest::prop_assert!(!line.contains('\n'));
                let shown = format!("{e:#}");
                proptest::prop_assert!(shown.starts_with(&line));
                proptest::prop_assert!(shown.len() < 12_000 + input.len().min(12_000));
                let caret = e.render_caret();
                let col = caret_column(&caret);
                let line = caret.lines().next().unwrap();
                let at: String = line.chars().skip(col).take(1).collect();
                match input[e.offset..].chars().next() {
                    None => proptest::prop_assert!(at.is_empty() || at == "…"),
                    Some(c) if iri_abnf::report::needs_escape(c) => proptest::prop_assert_eq!(at, "\\"),
                    Some(c) => proptest::prop_assert_eq!(at, c.to_string()),
                }
            }
        }
    }
}

#[test]
fn zone_identifiers_are_named_in_the_error() {
    // RFC 6874 zone identifiers ("%25" ZoneID after an IPv6address in an IP-literal) are not part of
    // any of the grammars; the error says so, at the same offset and with the same expected list.
    // Rule names in errors come from `explain`, with pest's error detail, which the `iri` command
    // turns on; `parse` gives `validate`'s error, the same without them.
    for g in Grammar::ALL {
        for (input, offset) in [
            ("http://[fe80::1%25eth0]/", 15),
            ("http://[::1%eth0]", 11),
            ("//u@[fe80::1%25]:80", 12),
        ] {
            let plain = parse(g, input).unwrap_err();
            let e = iri_abnf::validate(g, g.reference_rule(), input)
                .map_err(iri_abnf::ParseError::explain)
                .unwrap_err();
            assert_eq!((plain.offset, e.offset), (offset, offset), "{g} {input}");
            assert_eq!(plain.hint(), e.hint(), "{g} {input}");
            assert!(e.expected().ends_with(plain.expected()), "{g} {input}");
            // The expected list is the grammar's (the rules and the characters that continue the
            // IP-literal there); the note adds to the message, not to the list.
            let expected: Vec<String> = e.expected().iter().map(ToString::to_string).collect();
            assert!(
                expected.iter().any(|x| x == "IPv6address")
                    && expected.iter().any(|x| x == "\"]\""),
                "{g} {input}: {expected:?}"
            );
            assert!(!expected.iter().any(|x| x.contains("6874")));
            let message = e.message();
            assert!(message.contains("RFC 6874"), "{g} {input}: {message}");
            assert!(
                message.contains("zone identifier"),
                "{g} {input}: {message}"
            );
            assert!(e.to_string().contains("RFC 6874"));
        }
        if g != Grammar::Uri {
            // A multibyte character shortly before the IP-literal.
            let e = parse(g, "//é@[::ffff:1.2.3.4%25x]").unwrap_err();
            assert_eq!(e.offset, 20);
            assert!(e.message().contains("RFC 6874"), "{g}: {}", e.message());
        }
        // Not after an IPv6 address, or not in an IP-literal: no such note.
        for input in [
            "http://[v7.a%25]/",
            "http://a%2/",
            "http://[fe80::1]%25/",
            "a[::1%25",
        ] {
            if let Err(e) = parse(g, input) {
                assert!(
                    !e.message().contains("RFC 6874"),
                    "{g} {input}: {}",
                    e.message()
                );
            }
        }
    }
}
