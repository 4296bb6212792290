//! The validity cases of third-party URI / IRI test suites, checked against this crate's grammars.
//!
//! Each suite's cases are read from the shared corpora (`$IRI_ABNF_CORPORA`, else `../shared/corpora`
//! beside the crate; see `corpora/README.txt` and each folder's README.txt), mapped to a grammar and
//! start rule, and validated. A case whose verdict differs from the suite's must be listed, with its
//! reason, in `tests/validity_deviations.txt`; a listed case that agrees again, or an unlisted one that
//! differs, fails the suite's test.
//!
//! Left out on purpose: Go's net/url (a lenient parser) and the WHATWG URL tests (WHATWG URL Standard
//! semantics, not RFC 3986 / 3987 validity). Inside the suites, lenient and extension groups are skipped
//! and counted in the summary.

mod common;
mod suites;

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
    run(builders::uriparser());
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
