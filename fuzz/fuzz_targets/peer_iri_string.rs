//! Fuzz target `peer_iri_string`: iri-string's verdict (`iri_string::types::IriReferenceStr::new`) against the reference's on IRI
//! references and near misses drawn from the grammars; see `common/peer.rs`.
#![no_main]

#[path = "common/peer.rs"]
mod peer;

/// The deviations of iri-string that `docs/conformance.md` documents ("Found by fuzzing"), by the
/// string and the reference's verdict.
fn known(_s: &str, _ours: bool) -> Option<&'static str> {
    None
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    peer::check(
        data,
        "iri-string",
        |s| iri_string::types::IriReferenceStr::new(s).is_ok(),
        known,
    );
});
