//! iri-string `IriReferenceStr::new` (RFC 3987 IRI-reference).

#![forbid(unsafe_code)]

use iri_string::types::IriReferenceStr;
use judge_adapters::{serve, Parts};

fn components(s: &str) -> Option<Parts> {
    let r = IriReferenceStr::new(s).ok()?;
    let own = |v: Option<&str>| Some(v.map(str::to_string));
    let a = r.authority_components();
    Some(Parts {
        scheme: own(r.scheme_str()),
        authority: own(r.authority_str()),
        userinfo: own(a.as_ref().and_then(|a| a.userinfo())),
        host: own(a.as_ref().map(|a| a.host())),
        port: own(a.as_ref().and_then(|a| a.port())),
        path: own(Some(r.path_str())),
        query: own(r.query().map(|q| q.as_str())),
        fragment: own(r.fragment().map(|f| f.as_str())),
    })
}

fn main() {
    serve(|s| IriReferenceStr::new(s).is_ok(), Some(components));
}
