//! The integration tests of the `iri` command, in one binary: each module runs the built `iri`
//! (`CARGO_BIN_EXE_iri`) and checks its output. The fixtures and snapshots are the library's, at the
//! repository's root.

/// The repository's root: fixtures, corpora, grammars and snapshots are found from here.
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// The library's fixture loaders, and the helpers that run `iri` and its server.
mod common {
    #[path = "../../../../tests/it/common/mod.rs"]
    mod fixtures;
    pub use fixtures::*;

    pub mod cli;
    pub mod http;
}

mod characters_cli;
mod cli;
mod cli_bulk;
mod cli_reference;
mod compare_cli;
mod convert_cli;
mod generate_cli;
mod hostile_input;
mod judge;
mod lint_cli;
mod modules;
mod pipes;
mod readme;
mod serve_api;
mod serve_browser;
mod testdata_cli;
