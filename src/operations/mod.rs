//! The operations on references: resolution (RFC 3986 §5.2), relativization, normalization and
//! comparison (RFC 3986 §6, RFC 3987 §5.3), and conversion between URIs, IRIs and LEIRIs (3987bis §3,
//! §5.1).
//!
//! The library re-exports the modules at its root (`iri_abnf::resolve`, …).

pub mod convert;
pub mod normalize;
pub mod relativize;
pub mod resolve;
