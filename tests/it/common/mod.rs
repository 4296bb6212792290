//! Loaders for the fixture files of `tests/fixtures/` (formats in `tests/fixtures/README.md`).

#![allow(dead_code)]

use serde::Deserialize;

pub mod conversions;
pub mod corpora;

/// The host of `reference`, a reference of `grammar` with an authority, as written.
pub fn host_of(grammar: iri_abnf::Grammar, reference: &str) -> String {
    iri_abnf::parse(grammar, reference)
        .unwrap()
        .authority()
        .unwrap()
        .host()
        .as_str()
        .to_string()
}

/// One example of the spec documents (`spec-examples.jsonl`).
#[derive(Debug, Deserialize)]
pub struct Example {
    pub id: String,
    pub doc: String,
    pub section: String,
    pub role: String,
    /// As printed, in the seeds' notation.
    pub input: String,
    pub note: String,
}

impl Example {
    /// The example as the octets it denotes (3987bis §1.4 notation decoded): text when it is UTF-8.
    pub fn bytes(&self) -> Vec<u8> {
        decode_notation(&self.input)
    }
}

/// One other URL of the seed texts (`seed-urls.jsonl`).
#[derive(Debug, Deserialize)]
pub struct SeedUrl {
    pub doc: String,
    pub line: usize,
    pub url: String,
    pub expect: String,
    pub reason: String,
}

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", crate::ROOT);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn jsonl<T: for<'de> Deserialize<'de>>(name: &str) -> Vec<T> {
    fixture(name)
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l).unwrap_or_else(|e| panic!("{name} line {}: {e}", i + 1))
        })
        .collect()
}

pub fn spec_examples() -> Vec<Example> {
    jsonl("spec-examples.jsonl")
}

pub fn seed_urls() -> Vec<SeedUrl> {
    jsonl("seed-urls.jsonl")
}

pub use iri_test::decode_notation;

#[test]
fn notation_decoding() {
    assert_eq!(decode_notation("r&#xE9;sum&#xE9;"), "résumé".as_bytes());
    assert_eq!(decode_notation("D<c3><bc>rst"), "Dürst".as_bytes());
    assert_eq!(decode_notation("D<fc>rst"), b"D\xFCrst");
    assert_eq!(decode_notation("a&amp;b<x>"), b"a&b<x>");
    assert_eq!(
        decode_notation("&#x7D0D;&#x8C46;"),
        "\u{7D0D}\u{8C46}".as_bytes()
    );
}
