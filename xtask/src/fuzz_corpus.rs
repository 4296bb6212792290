//! Writes seed corpora for the fuzz targets into `fuzz/corpus/<target>/`: every spec example of
//! `tests/fixtures/spec-examples.jsonl` (notation decoded) and strings generated from every rule of every
//! grammar, with mutations.
//!
//! `cargo xtask fuzz-corpus`

use iri_abnf::abnf::{self, Generator};
use iri_abnf::abnf::{case_input, case_seed};
use iri_abnf::Grammar;
use iri_test::decode_notation;

/// Writes the seed files; returns how many.
pub fn run() -> std::io::Result<()> {
    let root = crate::root();
    let fixture = std::fs::read_to_string(root.join("tests/fixtures/spec-examples.jsonl"))?;
    let mut strings: Vec<(usize, usize, String)> = Vec::new();
    for line in fixture.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).map_err(std::io::Error::other)?;
        if let Some(s) = v["input"].as_str() {
            // The notation decoded (3987bis §1.4); raw octets that are not UTF-8 become U+FFFD.
            let decoded = String::from_utf8_lossy(&decode_notation(s)).into_owned();
            strings.push((2, 0, decoded));
        }
    }
    for (gi, g) in Grammar::ALL.into_iter().enumerate() {
        let rules = abnf::rules(g).map_err(std::io::Error::other)?;
        for (ri, &rule) in g.rules().iter().enumerate() {
            let generator = Generator::new(rules, rule).map_err(std::io::Error::other)?;
            for i in 0..8 {
                strings.push((gi, ri, case_input(&generator, case_seed(3, g, i), 40)));
            }
        }
    }
    let mut written = 0;
    // The targets that draw their strings from the grammars (`iri_abnf::arbitrary`) read any bytes as
    // choices; the strings' bytes are as good a start as any.
    for target in [
        "parse",
        "oracle",
        "inclusion",
        "convert",
        "render",
        "valid",
        "peer_oxiri",
        "peer_fluent_uri",
        "peer_iri_string",
    ] {
        let dir = root.join("fuzz/corpus").join(target);
        std::fs::create_dir_all(&dir)?;
        for (n, (gi, ri, s)) in strings.iter().enumerate() {
            let mut bytes = Vec::new();
            if target == "oracle" {
                // Byte 0 picks the grammar, byte 1 the rule (see `iri_test::fuzz::oracle_target`).
                bytes.extend([*gi as u8, *ri as u8]);
            }
            if target == "render" {
                // Byte 0 is the length of padding before the input (see
                // `iri_test::fuzz::render_target`): none, or past the format width limit.
                bytes.push(if n % 32 == 0 { 0xFF } else { 0 });
            }
            bytes.extend_from_slice(s.as_bytes());
            std::fs::write(dir.join(format!("seed-{n:05}")), bytes)?;
            written += 1;
        }
    }
    // `oracle` also gives the lines of its input to a matcher, twice (see
    // `iri_test::fuzz::oracle_target`): lines of links that share their beginnings, as a file of
    // links does, from the spec examples of 32 bytes or more that begin with `http`.
    let dir = root.join("fuzz/corpus/oracle");
    let links = strings
        .iter()
        .filter(|(_, _, s)| s.starts_with("http") && s.len() >= 32 && s.is_char_boundary(32));
    // Byte 0: IRI (3987bis), whose reference rule the matcher walks for any rule byte.
    let iri = Grammar::ALL
        .iter()
        .position(|&g| g == Grammar::Iri)
        .unwrap_or(0) as u8;
    for (n, (_, _, s)) in links.enumerate() {
        let mut bytes = vec![iri, 0];
        bytes.extend_from_slice(format!("{s}\n{}x\n{s}/a", &s[..32]).as_bytes());
        std::fs::write(dir.join(format!("links-{n:05}")), bytes)?;
        written += 1;
    }
    // `resolve`: byte 0 picks the grammar, then a base, a newline and a reference (see
    // `iri_test::fuzz::resolve_target`). The strings are paired with a few bases, the RFC 3986 §5.4
    // base among them, and with each other.
    let dir = root.join("fuzz/corpus/resolve");
    std::fs::create_dir_all(&dir)?;
    let bases = [
        "http://a/b/c/d;p?q",
        "foo:a/b",
        "x:",
        "http://[::1]:80/%7e/./",
        "urn:x",
    ];
    for (n, (gi, _, s)) in strings.iter().enumerate() {
        let base = if n % 3 == 0 {
            strings[(n * 7) % strings.len()].2.as_str()
        } else {
            bases[n % bases.len()]
        };
        let mut bytes = vec![(*gi as u8) | (((n % 2) as u8) << 2)];
        bytes.extend_from_slice(format!("{base}\n{s}").as_bytes());
        std::fs::write(dir.join(format!("seed-{n:05}")), bytes)?;
        written += 1;
    }
    println!("wrote {written} corpus files under fuzz/corpus/");
    Ok(())
}
