//! fluent-uri `IriRef::parse` (RFC 3987 IRI-reference).

#![forbid(unsafe_code)]

use fluent_uri::IriRef;
use judge_adapters::{serve, Parts};

fn components(s: &str) -> Option<Parts> {
    let r = IriRef::parse(s).ok()?;
    let own = |v: Option<&str>| Some(v.map(str::to_string));
    let a = r.authority();
    Some(Parts {
        scheme: own(r.scheme().map(|s| s.as_str())),
        authority: own(a.map(|a| a.as_str())),
        userinfo: own(a.and_then(|a| a.userinfo()).map(|u| u.as_str())),
        host: own(a.map(|a| a.host())),
        port: own(a.and_then(|a| a.port()).map(|p| p.as_str())),
        path: own(Some(r.path().as_str())),
        query: own(r.query().map(|q| q.as_str())),
        fragment: own(r.fragment().map(|f| f.as_str())),
    })
}

fn main() {
    serve(|s| IriRef::parse(s).is_ok(), Some(components));
}
