//! The library's integration tests, in one binary (one link for the whole suite). Each module is one
//! suite; `common` loads the fixtures of `tests/fixtures/` and the third-party corpora.
//!
//! No test touches pest's process-wide error detail: the library turns it on before its first pest
//! parse, so every explanation names its rules whatever order the tests run in.

/// The repository's root: fixtures, corpora, grammars and snapshots are found from here.
pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");

mod common;
mod reference_suites;
mod suites;

mod abnf_automaton;
mod components_differential;
mod convert_examples;
mod convert_host_labels;
mod convert_properties;
mod differential;
mod error_offsets;
mod fuzz_regressions;
mod grammar_exact;
mod grammar_files;
mod historical_grammars;
mod history_matrix;
mod host_ipv4;
mod lint_catalogue;
mod lint_suggestions;
mod normalize_examples;
mod normalize_suites;
mod not_appropriate;
mod reference_properties;
mod resolve_rfc3986;
mod resolve_suites;
mod robustness;
mod rules;
mod spec_examples;
mod testdata;
mod typed_api;
mod typed_api_builder;
mod validity_suites;
