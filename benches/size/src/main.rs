//! A program as a dependent crate writes it: it parses one IRI given as an argument (or a default),
//! prints its components, resolves a reference against it and converts the result to a URI. Its
//! stripped size is the figure of docs/performance.md ("The size of a program").

use iri_abnf::{Iri, IriRef};

fn main() {
    let text = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "http://例え.jp/a/b;p?q#top".to_owned());
    let base = match Iri::parse(text.as_str()) {
        Ok(iri) => iri,
        Err(err) => {
            eprintln!("{err}");
            std::process::exit(1);
        }
    };
    println!("scheme    {}", base.scheme());
    if let Some(authority) = base.authority() {
        println!("authority {authority}");
    }
    if let Some(host) = base.host() {
        println!("host      {host} ({:?})", host.kind());
    }
    if let Some(port) = base.port() {
        println!("port      {port}");
    }
    println!("path      {}", base.path());
    for segment in base.path().segments() {
        println!("  segment {segment}");
    }
    if let Some(query) = base.query() {
        println!("query     {query}");
    }
    if let Some(fragment) = base.fragment() {
        println!("fragment  {fragment}");
    }
    let reference = match IriRef::parse("../ç/./d?x#y") {
        Ok(r) => r,
        Err(err) => {
            eprintln!("{err}");
            std::process::exit(1);
        }
    };
    match reference.resolve_against(&base) {
        Ok(target) => {
            println!("resolved  {target}");
            println!("as a URI  {}", target.to_uri());
        }
        Err(err) => {
            eprintln!("{err}");
            std::process::exit(1);
        }
    }
}
