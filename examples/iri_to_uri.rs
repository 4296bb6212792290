//! Convert an IRI to a URI (3987bis §3.3–§3.6), with the host as punycode (§3.4.2), and back
//! (§3.7).
//!
//! ```sh
//! cargo run --example iri_to_uri -- 'http://résumé.example.org/D%C3%BCrst?q=ü'
//! ```

use iri_abnf::convert::{to_iri, to_uri, HostMapping, ToIriOptions, ToUriOptions};

/// The URI of `iri` (IDNA for the host) and the IRI that URI converts back to.
pub fn round_trip(iri: &str) -> Result<(String, String), String> {
    let options = ToUriOptions::default().with_host(HostMapping::Idna);
    let uri = to_uri(iri, &options).map_err(|e| e.message())?.uri;
    let back = to_iri(&uri, &ToIriOptions::default())
        .map_err(|e| e.message())?
        .iri;
    Ok((uri, back))
}

fn main() {
    let input = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "http://résumé.example.org/Dürst?q=ü".to_string());
    match round_trip(&input) {
        Ok((uri, back)) => println!("URI: {uri}\nIRI: {back}"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_both_ways() {
        let (uri, back) = round_trip("http://résumé.example.org/Dürst?q=ü").unwrap();
        assert_eq!(uri, "http://xn--rsum-bpad.example.org/D%C3%BCrst?q=%C3%BC");
        assert_eq!(back, "http://résumé.example.org/Dürst?q=ü");
        let e = round_trip("http://-résumé.example.org/").unwrap_err();
        assert!(e.contains("IDNA cannot convert the label"), "{e}");
    }
}
