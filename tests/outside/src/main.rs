//! Uses the typed API of `iri_abnf` as a dependent crate does, and checks what it gives.

use std::str::FromStr;

use iri_abnf::{Builder, HostKind, Iri, IriRef, Uri, UriRef};

#[derive(serde::Deserialize, serde::Serialize, Debug)]
struct Link {
    href: IriRef<String>,
    base: Iri<String>,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Parsing: borrowed from the input, with the components.
    let base = Iri::parse("http://例え.jp/a/b;p?q#top")?;
    assert_eq!(base.as_str(), "http://例え.jp/a/b;p?q#top");
    assert_eq!(base.scheme().as_str(), "http");
    let authority = base.authority().expect("an authority");
    assert_eq!(authority.as_str(), "例え.jp");
    let host = base.host().expect("a host");
    assert_eq!(host.as_str(), "例え.jp");
    assert_eq!(host.kind(), HostKind::RegName);
    assert_eq!(base.path().as_str(), "/a/b;p");
    assert_eq!(base.query().map(|q| q.as_str()), Some("q"));
    assert_eq!(base.fragment().map(|f| f.as_str()), Some("top"));

    // Resolution (RFC 3986 §5.2) and normalization (RFC 3986 §6.2.2).
    let target = IriRef::parse("../ç/./d?x#y")?.resolve_against(&base)?;
    assert_eq!(target.as_str(), "http://例え.jp/ç/d?x#y");
    let messy = Iri::parse("HTTP://例え.jp/%7Eu/../r%C3%A9sum%C3%A9")?;
    assert_eq!(messy.normalize().as_str(), "http://例え.jp/résumé");

    // IRI → URI (3987bis §3.6) and URI → IRI (§3.7).
    let uri: Uri<String> = target.to_uri();
    assert_eq!(uri.as_str(), "http://%E4%BE%8B%E3%81%88.jp/%C3%A7/d?x#y");
    assert_eq!(uri.to_iri(), target);

    // URIs and URI references.
    let uri_base = Uri::parse("http://a/b/c/d;p?q")?;
    let r = UriRef::parse("../g")?;
    assert_eq!(r.resolve_against(&uri_base)?.as_str(), "http://a/b/g");
    assert!(Uri::parse("http://résumé/").is_err());

    // FromStr for the owned form.
    let owned = Iri::from_str("mailto:fred@example.com")?;
    assert_eq!(owned.path().as_str(), "fred@example.com");
    let parsed: IriRef<String> = "//h/p".parse()?;
    assert_eq!(parsed.host().map(|h| h.as_str()), Some("h"));
    let err = "a b".parse::<IriRef<String>>().unwrap_err();
    assert_eq!(err.offset, 1);

    // The builder percent-encodes each component for its place.
    let built = Builder::new()
        .scheme("https")
        .host("example.org")
        .path("/a b")
        .query("q=é")
        .build_uri()?;
    assert_eq!(built.as_str(), "https://example.org/a%20b?q=%C3%A9");

    // 3987bis §4.1 when IRIs are created: a bidi override is percent-encoded; an IPv6 address
    // becomes an IP-literal; an already encoded path keeps its triplets.
    let built = Builder::new()
        .scheme("http")
        .host("::1")
        .path("/\u{202E}a")
        .build_iri()?;
    assert_eq!(built.as_str(), "http://[::1]/%E2%80%AEa");
    let built = Builder::new()
        .scheme("http")
        .host("a")
        .path_encoded("/%41")
        .build_uri()?;
    assert_eq!(built.as_str(), "http://a/%41");

    // A `&String` as it is; `join`, `port_u16`, `Display` of the components, a builder from an
    // identifier.
    let line = String::from("https://example.org:8443/a/b?q");
    let iri = Iri::parse(&line)?;
    assert_eq!(iri.join("../c")?.as_str(), "https://example.org:8443/c");
    assert_eq!(iri.port_u16(), Some(8443));
    assert_eq!(iri.host().expect("a host").to_string(), "example.org");
    assert_eq!(iri.path().to_string(), "/a/b");
    assert_eq!(iri.port().expect("a port").to_string(), "8443");
    let moved = iri.to_builder().host("example.net").clear_port().build_iri()?;
    assert_eq!(moved.as_str(), "https://example.net/a/b?q");
    assert_eq!(Builder::from(&iri).build_iri()?, iri);
    let lines = vec![line.clone()];
    let parsed: Vec<Uri<&str>> = lines.iter().map(Uri::parse).collect::<Result<_, _>>()?;
    assert_eq!(parsed[0].as_str(), line);

    // serde: the string; an invalid one is an error naming the offset and what was expected.
    let link: Link = serde_json::from_str(r#"{"href": "../x", "base": "http://a/b/c"}"#)?;
    assert_eq!(
        link.href.resolve_against(&link.base)?.as_str(),
        "http://a/x"
    );
    assert_eq!(
        serde_json::to_string(&link)?,
        r#"{"href":"../x","base":"http://a/b/c"}"#
    );
    let invalid = serde_json::from_str::<Link>(r#"{"href": "a", "base": "http://a/b c"}"#)
        .expect_err("an invalid IRI is refused");
    let message = invalid.to_string();
    assert!(message.contains("byte offset 10"), "{message}");
    assert!(message.contains("expected"), "{message}");

    println!("iri-abnf typed API from outside the workspace: ok");
    Ok(())
}
