//! Fuzz target `valid`: the properties of the `convert` and `resolve` targets
//! (`iri_test::fuzz::convert_target`, `iri_test::fuzz::resolve_target`) on strings drawn from the
//! grammars (`iri_abnf::arbitrary`), so that every run exercises the conversions, resolution and
//! normalization on valid references of every form (IP literals, `iprivate`, percent-encoded runs)
//! and on near misses of them.
//!
//! Byte 0 picks the case: 0-3 convert a reference of `uri`, `rfc3987`, `iri` or `leiri` (a near miss
//! of one when bit 2 is set); from 8 on, resolve: a grammar and the RFC 5952 option (the flags byte
//! of `resolve`), then an IRI of the grammar as the base and a reference of it.
#![no_main]

use iri_abnf::arbitrary::{near_miss, string, Unstructured};
use iri_abnf::{Grammar, Rule};

fn run(data: &[u8]) -> Result<(), String> {
    let mut u = Unstructured::new(data);
    let Ok(case) = u.arbitrary::<u8>() else {
        return Ok(());
    };
    if case < 8 {
        let g = Grammar::ALL[usize::from(case & 3)];
        let drawn = if case & 4 == 0 {
            string(&mut u, g, g.reference_rule())
        } else {
            near_miss(&mut u, g, g.reference_rule())
        };
        let Ok(s) = drawn else { return Ok(()) };
        return iri_test::fuzz::convert_target(s.as_bytes());
    }
    let Ok(flags) = u.arbitrary::<u8>() else {
        return Ok(());
    };
    let g = Grammar::ALL[usize::from(flags & 3)];
    let absolute = if g == Grammar::Uri {
        Rule::Uri
    } else {
        Rule::Iri
    };
    let (Ok(base), Ok(reference)) = (
        string(&mut u, g, absolute),
        string(&mut u, g, g.reference_rule()),
    ) else {
        return Ok(());
    };
    // A LEIRI may hold a line break, which `resolve` reads as the end of the base: such a pair is
    // left out.
    if base.contains('\n') {
        return Ok(());
    }
    let mut bytes = vec![flags & 7];
    bytes.extend_from_slice(format!("{base}\n{reference}").as_bytes());
    iri_test::fuzz::resolve_target(&bytes)
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = run(data) {
        panic!("{e}");
    }
});
