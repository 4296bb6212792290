//! `iri`: check and parse URIs, IRIs and LEIRIs against the ABNF of RFC 3986, RFC 3987 and
//! draft-ietf-iri-3987bis. See `iri --help`.

// The one `unsafe` block, the SSE2 scan of the input reader, allows itself (`cli/input.rs`).
#![deny(unsafe_code)]

mod cli;

fn main() {
    std::process::exit(cli::main());
}
