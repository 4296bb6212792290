//! The check of the `peer_*` targets: a peer's verdict against the reference's on IRI references
//! drawn from the grammars and on near misses of them (`iri_abnf::arbitrary`).
//!
//! The peers (oxiri, fluent-uri, iri-string) claim RFC 3987, so the reference verdict is the
//! `rfc3987` grammar's `IRI-reference` (RFC 3987 §2.2). The strings come from that grammar and from
//! 3987bis (`iri`, whose `iprivate` and `ucschar` differ): both sides of the RFC 3987 boundary. A
//! disagreement that `docs/conformance.md` ("Found by fuzzing") documents for the peer is filtered by
//! `known`; any other ends the run with the string, both verdicts and the string it was edited from.

use iri_abnf::arbitrary::{Arbitrary, IriReference, NearMiss, Rfc3987IriReference, Unstructured};
use iri_abnf::{is_valid, Grammar};

/// Checks one fuzzer input against the peer `name`, whose parser's verdict is `accepts`. `known`
/// names the documented deviation a disagreement on the string falls under, if any.
pub fn check(
    data: &[u8],
    name: &str,
    accepts: impl Fn(&str) -> bool,
    known: impl Fn(&str, bool) -> Option<&'static str>,
) {
    let mut u = Unstructured::new(data);
    let Ok(kind) = u.int_in_range(0u8..=3) else {
        return;
    };
    let drawn = match kind {
        0 => Rfc3987IriReference::arbitrary(&mut u).map(|s| (s.into_string(), None)),
        1 => IriReference::arbitrary(&mut u).map(|s| (s.into_string(), None)),
        2 => NearMiss::<Rfc3987IriReference>::arbitrary(&mut u)
            .map(|m| (m.to_string(), Some(m.original().to_string()))),
        _ => NearMiss::<IriReference>::arbitrary(&mut u)
            .map(|m| (m.to_string(), Some(m.original().to_string()))),
    };
    let Ok((s, original)) = drawn else {
        return;
    };
    let ours = is_valid(Grammar::Rfc3987, "IRI-reference", &s);
    let theirs = accepts(&s);
    if ours != theirs && known(&s, ours).is_none() {
        panic!(
            "{name} {} {s:?}, which RFC 3987 IRI-reference {}{}",
            if theirs { "accepts" } else { "rejects" },
            if ours { "admits" } else { "does not admit" },
            match original {
                Some(o) => format!(" (one edit from {o:?})"),
                None => String::new(),
            }
        );
    }
}
