//! Fuzz target `peer_fluent_uri`: fluent-uri's verdict (`fluent_uri::IriRef::parse`) against the reference's on IRI
//! references and near misses drawn from the grammars; see `common/peer.rs`.
#![no_main]

#[path = "common/peer.rs"]
mod peer;

/// The deviations of fluent-uri that `docs/conformance.md` documents ("Found by fuzzing"), by the
/// string and the reference's verdict.
fn known(_s: &str, _ours: bool) -> Option<&'static str> {
    None
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    peer::check(
        data,
        "fluent-uri",
        |s| fluent_uri::IriRef::parse(s).is_ok(),
        known,
    );
});
