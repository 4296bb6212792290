//! `iri`: check and parse URIs, IRIs and LEIRIs against the ABNF of RFC 3986, RFC 3987 and
//! draft-ietf-iri-3987bis. See `iri --help`.

mod cli;

fn main() {
    // Errors name the rules the pest parser was inside when it failed at the automaton's offset; pest
    // records them only with this process-wide setting, which is the application's to choose.
    pest::set_error_detail(true);
    std::process::exit(cli::main());
}
