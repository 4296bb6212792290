//! The library's integration tests, in one binary (one link for the whole suite). Each module is one
//! suite; `common` loads the fixtures of `tests/fixtures/` and the third-party corpora.
//!
//! The suites share one process, and with it pest's process-wide error detail: every test turns it on
//! first (`common::pest_error_detail`), as the `iri` command does, and nothing turns it off, so every
//! pest error in the process is made the same way whatever order the tests run in.

/// The repository's root: fixtures, corpora, grammars and snapshots are found from here.
pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");

mod common;
mod reference_suites;
mod suites;

mod abnf_automaton;
mod components_differential;
mod convert_examples;
mod convert_properties;
mod differential;
mod error_offsets;
mod fuzz_regressions;
mod grammar_exact;
mod grammar_files;
mod historical_grammars;
mod history_matrix;
mod lint_catalogue;
mod normalize_examples;
mod normalize_suites;
mod not_appropriate;
mod reference_properties;
mod resolve_rfc3986;
mod resolve_suites;
mod robustness;
mod rules;
mod spec_examples;
mod typed_api;
mod validity_suites;
