//! Parsing: the pest syntax tree ([`syntax`]), the fast split of a valid input at its delimiters
//! (`split`), the tree walker (`walk`), the typed components both produce ([`components`]), and the
//! errors of an invalid input ([`error`]), with the text report of a parse ([`report`]).
//!
//! The library re-exports the public modules at its root (`iri_abnf::components`, …).

pub mod components;
pub mod error;
pub mod report;
pub(crate) mod split;
pub mod syntax;
pub mod tree;
pub(crate) mod walk;
