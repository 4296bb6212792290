//! oxiri `IriRef::parse` (RFC 3987 IRI-reference).

#![forbid(unsafe_code)]

use judge_adapters::{serve, Parts};
use oxiri::IriRef;

fn components(s: &str) -> Option<Parts> {
    let r = IriRef::parse(s).ok()?;
    let own = |v: Option<&str>| Some(v.map(str::to_string));
    Some(Parts {
        scheme: own(r.scheme()),
        authority: own(r.authority()),
        path: own(Some(r.path())),
        query: own(r.query()),
        fragment: own(r.fragment()),
        ..Parts::default()
    })
}

fn main() {
    serve(|s| IriRef::parse(s).is_ok(), Some(components));
}
