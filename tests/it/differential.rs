//! The pest grammars accept exactly the ABNF: for every grammar and every rule, strings generated from
//! the rule's `.abnf` text and mutations of them get the same verdict from pest and from the automaton
//! compiled from the `.abnf` files; and the reference languages nest (uri ⊆ rfc3987 ⊆ iri ⊆ leiri).
//! Sized for CI; `iri-selfcheck` (a binary of `iri-test`) runs long campaigns with the same code.

use iri_abnf::abnf::{self, Generator};
use iri_abnf::abnf::{case_input, case_seed};
use iri_abnf::Grammar;
use iri_test::{run, Config};

/// Cases per grammar: 50,000 in release builds (CI runs `cargo test --release`), 6,000 in debug builds;
/// overridable for a longer local run (`IRI_ABNF_DIFFERENTIAL_CASES=200000`). Each grammar runs at
/// least [`per_rule`] cases per rule whatever this says.
fn cases() -> u64 {
    let default = if cfg!(debug_assertions) {
        6_000
    } else {
        50_000
    };
    std::env::var("IRI_ABNF_DIFFERENTIAL_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The fewest cases generated from each rule: the cases go round the rules, so a grammar runs at least
/// this many times its number of rules. Every rule is checked with this many strings of its own (half
/// of them mutated), besides the reference rule on every string.
fn per_rule() -> u64 {
    if cfg!(debug_assertions) {
        150
    } else {
        1_500
    }
}

#[test]
fn pest_agrees_with_the_abnf_automaton_on_every_rule() {
    // Every grammar runs before the test fails, so that a broken shared rule shows in each grammar
    // that has it.
    let mut failures = Vec::new();
    for (seed, g) in (0x5EED_u64..).zip(Grammar::ALL) {
        let config = Config {
            grammars: vec![g],
            cases: cases().max(per_rule() * g.rules().len() as u64),
            seed,
            ..Config::default()
        };
        let mut shown = 0;
        let report = run(&config, |m| {
            if shown < 20 {
                eprintln!("{m}");
                shown += 1;
            }
        })
        .unwrap_or_else(|e| panic!("{g}: {e}"));
        let (_, n, accepted) = report.per_grammar[0];
        println!(
            "{g}: {n} cases over {} rules (seed {seed:#x}), {accepted} accepted, {} comparisons, {} mismatches",
            g.rules().len(),
            report.comparisons,
            report.mismatches.len()
        );
        if let Some(first) = report.mismatches.first() {
            failures.push(format!(
                "{g}: {} mismatches (seed {seed:#x}), first: {first}",
                report.mismatches.len()
            ));
        }
        // The campaign is not vacuous: both verdicts occur, and every rule was a start rule.
        assert!(
            accepted > n / 5 && accepted < n,
            "{g}: {accepted} of {n} accepted"
        );
        assert!(n >= per_rule() * g.rules().len() as u64);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn generated_strings_cover_both_verdicts_for_each_rule() {
    // For each rule, unmutated strings (even seeds) are members and some mutations are not: the
    // differential test compares verdicts on both sides of every rule's boundary.
    for g in Grammar::ALL {
        let rules = abnf::rules(g).expect("rules load");
        for &rule in g.rules() {
            let generator = Generator::new(rules, rule).expect("generator");
            let (mut members, mut non_members) = (0, 0);
            for i in 0..60u64 {
                let seed = case_seed(9, g, i);
                let s = case_input(&generator, seed, 32);
                let ok = iri_abnf::validate(g, rule, &s).is_ok();
                if seed & 1 == 0 {
                    assert!(ok, "{g} {rule}: generated {s:?} is rejected");
                }
                if ok {
                    members += 1;
                } else {
                    non_members += 1;
                }
            }
            assert!(members > 0, "{g} {rule}: no member generated");
            // Rules whose language is every string of some characters (e.g. `iquery` under leiri is
            // closed under most edits) may see no non-member; the reference rule must.
            if rule == g.reference_rule() {
                assert!(non_members > 0, "{g} {rule}: no non-member generated");
            }
        }
    }
}

/// The code points at which some character range of the `.abnf` files starts or ends, and those next
/// to them: where a `.pest` range that is off by one, or an alternative left out, shows. Every
/// `%xNN-MM` and `%xNN` of `grammar/*.abnf` (the historical grammars' too: more points cost little),
/// every ASCII character, and the ends of the Unicode planes.
fn range_ends() -> Vec<char> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/grammar");
    let mut points: Vec<u32> = (0..0x80).collect();
    points.extend([0xD7FF, 0xE000, 0xFFFD, 0xFFFE, 0xFFFF, 0x10_FFFF]);
    for entry in std::fs::read_dir(dir).expect("grammar/") {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("abnf") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("read");
        for (i, _) in text.match_indices("%x") {
            // `%xA0-D7FF`, `%x20`, `%x0D.0A`: each hexadecimal number after `%x`, `-` or `.`.
            for number in text[i + 2..]
                .split(|c: char| !(c.is_ascii_hexdigit() || c == '-' || c == '.'))
                .next()
                .unwrap_or("")
                .split(['-', '.'])
            {
                if let Ok(v) = u32::from_str_radix(number, 16) {
                    points.extend([v.saturating_sub(1), v, v + 1]);
                }
            }
        }
    }
    points.sort_unstable();
    points.dedup();
    points.into_iter().filter_map(char::from_u32).collect()
}

/// Every rule of every grammar, on every single character at a range end and on that character
/// after the shortest members of the rule's generator: pest and the automaton agree. Deterministic,
/// so a narrowed range or a dropped character alternative fails here whatever the random campaign
/// draws.
#[test]
fn pest_agrees_with_the_abnf_automaton_at_every_range_end() {
    let points = range_ends();
    let mut failures = Vec::new();
    for g in Grammar::ALL {
        for &rule in g.rules() {
            let automaton = abnf::dfa(g, rule).expect("automaton");
            let mut check = |s: &str| {
                let p = iri_test::pest_accepts(g, rule, s).expect("rule");
                if p != automaton.is_match(s) {
                    failures.push(format!(
                        "{g} {rule} {s:?}: pest says {p}, the automaton {}",
                        !p
                    ));
                }
            };
            for &c in &points {
                let mut buf = [0; 4];
                check(c.encode_utf8(&mut buf));
                // Twice, and after "a": characters inside longer strings (segments, queries).
                check(&format!("{c}{c}"));
                check(&format!("a{c}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} disagreements at range ends, first: {}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

/// Every shape of IPv6 address (RFC 3986 §3.2.2): `n` pieces before `::` and `m` after it (or eight
/// and none without `::`), the last two pieces as a piece pair or as an IPv4 address, with one-, two-
/// and four-digit pieces, in and out of the grammar (too many pieces); and every dec-octet from 0 to
/// 999 with leading zeros. pest and the automaton agree for `IPv6address`, `IP-literal`, `IPv4address`,
/// `dec-octet`, the host rule and the reference rule, in every grammar.
#[test]
fn pest_agrees_with_the_abnf_automaton_on_every_ip_address_shape() {
    let mut inputs: Vec<String> = Vec::new();
    for digits in ["0", "af", "FFFF", "12345"] {
        for ls32 in [
            format!("{digits}:{digits}"),
            "255.0.10.199".to_string(),
            "256.1.1.1".to_string(),
        ] {
            for before in 0..=8usize {
                let head = vec![digits; before].join(":");
                // Without "::": `before` pieces, then ls32.
                inputs.push(if before == 0 {
                    ls32.clone()
                } else {
                    format!("{head}:{ls32}")
                });
                for after in 0..=8usize {
                    let mut tail: Vec<String> = vec![digits.to_string(); after];
                    // The last piece, or two, as ls32 (when there are pieces after "::").
                    let with_ls32 = if after >= 2 {
                        tail.truncate(after - 2);
                        tail.push(ls32.clone());
                        Some(format!("{head}::{}", tail.join(":")))
                    } else {
                        None
                    };
                    inputs.push(format!("{head}::{}", vec![digits; after].join(":")));
                    inputs.extend(with_ls32);
                }
            }
        }
    }
    for n in 0..1000 {
        for s in [format!("{n}"), format!("{n:02}"), format!("{n:03}")] {
            inputs.push(format!("{s}.{s}.{s}.{s}"));
            inputs.push(format!("1.2.3.{s}"));
            inputs.push(s);
        }
    }
    inputs.sort();
    inputs.dedup();
    let mut failures = Vec::new();
    let mut accepted = 0;
    for g in Grammar::ALL {
        let host = if g == Grammar::Uri { "host" } else { "ihost" };
        for rule in [
            "IPv6address",
            "IP-literal",
            "IPv4address",
            "dec-octet",
            host,
        ] {
            let automaton = abnf::dfa(g, rule).expect("automaton");
            for s in &inputs {
                let s = if rule == "IP-literal" {
                    format!("[{s}]")
                } else {
                    s.clone()
                };
                let p = iri_test::pest_accepts(g, rule, &s).expect("rule");
                accepted += u64::from(p);
                if p != automaton.is_match(&s) {
                    failures.push(format!(
                        "{g} {rule} {s:?}: pest says {p}, the automaton {}",
                        !p
                    ));
                }
            }
        }
        let reference = g.reference_rule();
        let automaton = abnf::dfa(g, reference).expect("automaton");
        for s in &inputs {
            let s = format!("//[{s}]:8/");
            let p = iri_test::pest_accepts(g, reference, &s).expect("rule");
            if p != automaton.is_match(&s) {
                failures.push(format!(
                    "{g} {reference} {s:?}: pest says {p}, the automaton {}",
                    !p
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} disagreements on IP addresses, first: {}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
    assert!(accepted > 1000, "only {accepted} addresses accepted");
}
