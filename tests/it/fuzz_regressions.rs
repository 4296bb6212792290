//! Replays every saved fuzz input of `fuzz/regressions/<target>/` through the check its target runs.

use iri_test::fuzz;

type Check = fn(&[u8]) -> Result<(), String>;

#[test]
fn fuzz_regressions_replay() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz/regressions");
    let targets: [(&str, Check); 6] = [
        ("parse", fuzz::parse_target),
        ("oracle", fuzz::oracle_target),
        ("inclusion", fuzz::inclusion_target),
        ("convert", fuzz::convert_target),
        ("resolve", fuzz::resolve_target),
        ("render", fuzz::render_target),
    ];
    let mut replayed = 0;
    for (target, check) in targets {
        let dir = format!("{root}/{target}");
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir}: {e}"));
        for entry in entries {
            let path = entry.expect("dir entry").path();
            let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            if let Err(e) = check(&data) {
                panic!("{target} regression {}: {e}", path.display());
            }
            replayed += 1;
        }
    }
    println!("replayed {replayed} fuzz regressions");
    assert!(replayed >= 12, "regression files are missing: {replayed}");
}

#[test]
fn oracle_regressions_exercise_the_rules_they_name() {
    // The oracle files pick `uri` and the rule their name says; a renumbering of rules would make them
    // test something else silently.
    let rules = iri_abnf::Grammar::Uri.rules();
    assert_eq!(rules[0x14], "dec-octet");
    assert_eq!(rules[0x10], "IPv6address");
    assert_eq!(rules[0x0c], "host");
}
