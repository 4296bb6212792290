//! The validity cases of third-party URI / IRI test suites, checked against this crate's grammars.
//!
//! Each suite's cases are read from its corpus (vendored in `tests/corpora/`, or, for the suites that
//! cannot ship with the crate, the external corpora; see `tests/common/corpora.rs` and each folder's
//! README.txt), mapped to a grammar and start rule, and validated. A case whose verdict differs from the
//! suite's must be listed, with its reason, in `tests/validity_deviations.txt`; a listed case that
//! agrees again, or an unlisted one that differs, fails the suite's test. An external suite whose data
//! is absent is skipped with a loud notice (a failure under `IRI_ABNF_REQUIRE_CORPORA=1`).
//!
//! Left out on purpose: Go's net/url (a lenient parser) and the WHATWG URL tests (WHATWG URL Standard
//! semantics, not RFC 3986 / 3987 validity). Inside the suites, lenient and extension groups are skipped
//! and counted in the summary.

use crate::suites;

use suites::{builders, run};

#[test]
fn oxiri() {
    run(builders::oxiri());
}

#[test]
fn iri_string() {
    run(builders::iri_string());
}

#[test]
fn fluent_uri() {
    run(builders::fluent_uri());
}

#[test]
fn uriparser() {
    match builders::uriparser() {
        Some(cases) => run(cases),
        None => suites::skipped("uriparser"),
    }
}

#[test]
fn network_uri() {
    run(builders::network_uri());
}

#[test]
fn sophia_iri() {
    run(builders::sophia_iri());
}

#[test]
fn python_rfc3986() {
    run(builders::python_rfc3986());
}

#[test]
fn jena_iri3986() {
    run(builders::jena_iri3986());
}

#[test]
fn w3c_rdf_tests() {
    run(builders::w3c_rdf_tests());
}
