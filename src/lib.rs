//! iri-abnf

pub mod abnf;
