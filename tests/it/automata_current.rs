//! The precompiled DFAs under `src/abnf/automata/` are what the `.abnf` files compile to now.
//!
//! When a grammar file changes, this test fails naming the stale files; `cargo xtask automata` rewrites
//! them. The generated files include `rules.rs`, the `Rule` enum of the grammars' rule names.

use std::path::Path;

use iri_abnf::abnf::precompiled::{generate, rule_source, COMMAND, DIR, RULES_FILE};

#[test]
fn precompiled_automata_are_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(DIR);
    let files = generate().unwrap_or_else(|e| panic!("the grammars do not compile: {e}"));
    let mut stale: Vec<String> = files
        .iter()
        .filter(|(name, bytes)| std::fs::read(dir.join(name)).ok().as_deref() != Some(bytes))
        .map(|(name, _)| name.clone())
        .collect();
    let wanted: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    for entry in std::fs::read_dir(&dir)
        .expect("the directory exists")
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !wanted.contains(&name.as_str()) {
            stale.push(format!("{name} (not generated any more)"));
        }
    }
    assert!(
        stale.is_empty(),
        "the precompiled automata in {DIR} are stale: {}.\nRun `{COMMAND}` and commit the result.",
        stale.join(", ")
    );
}

/// The [`iri_abnf::Rule`] enum is generated from the `.abnf` rule names with the automata, and says so.
#[test]
fn the_rule_enum_is_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(DIR)
        .join(RULES_FILE);
    let wanted = rule_source().unwrap_or_else(|e| panic!("the grammars do not load: {e}"));
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == wanted,
        "{} is stale.\nRun `{COMMAND}` and commit the result.",
        path.display()
    );
    assert!(
        wanted.lines().take(3).any(|l| l.contains(COMMAND)),
        "the header names the command"
    );
}

#[test]
fn generation_is_deterministic() {
    let a = generate().expect("compiles");
    let b = generate().expect("compiles");
    assert!(a == b, "two runs of generate() differ");
}

/// In every precompiled DFA, every state reachable from the start state other than the dead state can
/// still reach acceptance, except the states that report a match one byte late and then die (matches
/// are delayed by one byte in `regex-automata`): those are match states whose every transition, and
/// end of input, goes to the dead state. `Dfa::check` relies on this to put the error offset at the
/// first byte that leads to a state that cannot reach acceptance.
#[test]
fn every_live_state_reaches_acceptance() {
    use std::collections::HashSet;

    use iri_abnf::abnf::{dfa, precompiled};
    use iri_abnf::AnyGrammar;
    use regex_automata::dfa::Automaton as _;

    for g in AnyGrammar::ALL {
        for &rule in precompiled::rules(g) {
            let d = dfa(g, rule).expect("rule").expect("loads");
            assert!(
                d.is_precompiled() || cfg!(target_endian = "big"),
                "{g} {rule}"
            );
            let a = d.dfa();
            let reps: Vec<u8> = a
                .byte_classes()
                .representatives(..)
                .filter_map(|u| u.as_u8())
                .collect();
            let mut states = vec![d.start()];
            let mut seen = HashSet::from([d.start()]);
            let mut i = 0;
            while i < states.len() {
                let s = states[i];
                i += 1;
                for n in reps
                    .iter()
                    .map(|&b| a.next_state(s, b))
                    .chain([a.next_eoi_state(s)])
                {
                    if seen.insert(n) {
                        states.push(n);
                    }
                }
            }
            let mut accepting: HashSet<_> = states
                .iter()
                .copied()
                .filter(|&s| a.is_match_state(a.next_eoi_state(s)))
                .collect();
            loop {
                let n = accepting.len();
                for &s in &states {
                    if reps
                        .iter()
                        .any(|&b| accepting.contains(&a.next_state(s, b)))
                    {
                        accepting.insert(s);
                    }
                }
                if accepting.len() == n {
                    break;
                }
            }
            for &s in &states {
                if a.is_dead_state(s) || accepting.contains(&s) {
                    assert!(d.is_live(s) != a.is_dead_state(s), "{g} {rule}: {s:?}");
                    continue;
                }
                let dies = reps
                    .iter()
                    .map(|&b| a.next_state(s, b))
                    .chain([a.next_eoi_state(s)])
                    .all(|n| a.is_dead_state(n));
                assert!(
                    a.is_match_state(s) && dies && !d.is_live(s),
                    "{g} {rule}: state {s:?} is neither live nor a delayed match that dies"
                );
            }
        }
    }
}
