//! The languages of all the grammars compared exactly, the historical ones (grammar/NOTES.md, notes
//! 33-43) and 3987bis as printed (without note 1) included: the relation of every pair, with the
//! shortest string of each difference, checked again with both automata, and the matrix as a snapshot.

use iri_abnf::abnf::Dfa;
use iri_abnf::compare::{compare, Comparison, Relation};
use iri_abnf::AnyGrammar;

/// The grammars, the historical ones first, each with the automaton of its start rule compiled from
/// its files now (not the precompiled DFAs that `iri compare --matrix` uses, which
/// `cargo xtask generate --check` keeps equal to these).
fn grammars() -> Vec<(&'static str, Dfa)> {
    let order = [
        AnyGrammar::Rfc2396,
        AnyGrammar::Rfc2732,
        AnyGrammar::Masinter07,
        AnyGrammar::Duerst01,
        AnyGrammar::Uri,
        AnyGrammar::Rfc3987,
        AnyGrammar::Iri,
        AnyGrammar::Leiri,
        AnyGrammar::IriPrinted,
    ];
    order
        .into_iter()
        .map(|g| {
            let rules = iri_abnf::abnf::rules(g).unwrap_or_else(|e| panic!("{g}: {e}"));
            let a = rules
                .compile(g.reference_rule().name())
                .unwrap_or_else(|e| panic!("{g}: {e}"));
            (g.name(), a)
        })
        .collect()
}

#[test]
fn matrix_of_every_grammar() {
    let grammars = grammars();
    let mut table = String::new();
    let mut witnesses = String::new();
    let mut relations = Vec::new();
    table.push_str(&format!("{:12}", "A \\ B"));
    for (name, _) in &grammars {
        table.push_str(&format!(" {name:>11}"));
    }
    table.push('\n');
    for (na, a) in &grammars {
        table.push_str(&format!("{na:12}"));
        for (nb, b) in &grammars {
            let c: Comparison = compare(a, b, 1);
            // Every witness is in one language and not the other.
            for (w, (yes, no)) in c
                .only_a
                .iter()
                .map(|w| (w, (a, b)))
                .chain(c.only_b.iter().map(|w| (w, (b, a))))
            {
                assert!(
                    yes.is_match(&w.text) && !no.is_match(&w.text),
                    "{na} {nb} {w:?}"
                );
            }
            if let Some(s) = &c.common {
                assert!(a.is_match(s) && b.is_match(s));
            }
            table.push_str(&format!(" {:>11}", c.relation.symbol()));
            if na != nb {
                if let Some(w) = c.only_a.first() {
                    witnesses.push_str(&format!(
                        "{na} ∖ {nb}: {:?} ({nb} decides at {})\n",
                        w.text, w.offset
                    ));
                }
            }
            relations.push((*na, *nb, c.relation));
        }
        table.push('\n');
    }
    let relation = |a: &str, b: &str| {
        relations
            .iter()
            .find(|&&(x, y, _)| x == a && y == b)
            .map(|&(_, _, r)| r)
            .unwrap()
    };
    // The facts the comparison shows (README, "Grammar comparison").
    use Relation::*;
    for (a, b, r) in [
        ("rfc2396", "rfc2732", ProperSubset),
        ("rfc2732", "masinter07", ProperSubset),
        ("masinter07", "duerst01", ProperSubset),
        ("uri", "rfc3987", ProperSubset),
        ("rfc3987", "iri", ProperSubset),
        ("iri", "leiri", ProperSubset),
        // RFC 3986 is not a superset of RFC 2396: "?" (an empty path with a query) is new, and RFC
        // 2396 took "//:!" (a registry-based name) that RFC 3986 does not.
        ("rfc2396", "uri", Overlapping),
        ("rfc2732", "uri", Overlapping),
        ("masinter07", "rfc3987", Overlapping),
        ("duerst01", "leiri", Overlapping),
        // Note 1 only adds: 3987bis as printed is inside 3987bis, and no longer contains RFC 3986.
        ("iri-printed", "iri", ProperSubset),
        ("iri-printed", "uri", Overlapping),
    ] {
        assert_eq!(relation(a, b), r, "{a} {b}");
    }
    for (a, _) in &grammars {
        assert_eq!(relation(a, a), Equal);
    }
    insta::with_settings!({snapshot_path => "../../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("history_matrix", format!("{table}\n{witnesses}"));
    });
}
