//! url `Url::parse` (the WHATWG URL Standard's parser; absolute URLs only, no base).

#![forbid(unsafe_code)]

use judge_adapters::{serve, Parts};

/// The components of the parsed URL as the library reports them: serialized by the WHATWG URL
/// Standard, so normalized (scheme and host in lower case, default port dropped, dot segments
/// removed, characters percent-encoded), not the input's. The authority is not split out.
fn components(s: &str) -> Option<Parts> {
    let u = url::Url::parse(s).ok()?;
    let own = |v: Option<&str>| Some(v.map(str::to_string));
    let userinfo = (!u.username().is_empty() || u.password().is_some()).then(|| {
        let mut v = u.username().to_string();
        if let Some(p) = u.password() {
            v.push(':');
            v.push_str(p);
        }
        v
    });
    Some(Parts {
        scheme: own(Some(u.scheme())),
        authority: None,
        userinfo: Some(userinfo),
        host: own(u.host_str()),
        port: Some(u.port().map(|p| p.to_string())),
        path: own(Some(u.path())),
        query: own(u.query()),
        fragment: own(u.fragment()),
    })
}

fn main() {
    serve(|s| url::Url::parse(s).is_ok(), Some(components));
}
