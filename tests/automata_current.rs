//! The precompiled DFAs under `src/abnf/automata/` are what the `.abnf` files compile to now.
//!
//! When a grammar file changes, this test fails naming the stale files; `cargo xtask automata` rewrites
//! them.

use std::path::Path;

use iri_abnf::abnf::precompiled::{generate, COMMAND, DIR};

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

#[test]
fn generation_is_deterministic() {
    let a = generate().expect("compiles");
    let b = generate().expect("compiles");
    assert!(a == b, "two runs of generate() differ");
}
