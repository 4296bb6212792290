//! The IANA "Uniform Resource Identifier (URI) Schemes" registry (RFC 7595 §4, §5), vendored as IANA
//! publishes it (`uri-schemes-1.csv` beside this file) for [`Code::UnregisteredScheme`] and
//! [`Code::HistoricalScheme`].
//!
//! The copy holds 413 schemes (99 Permanent, 296 Provisional, 18 Historical), the registry as it was
//! by 2026-06-02 at the latest (its newest entry is `ztdnaid`). docs/lint.md says how to update it; the
//! tests check that it parses and that every entry is a scheme name of RFC 3986 §3.1.
//!
//! [`Code::UnregisteredScheme`]: super::Code::UnregisteredScheme
//! [`Code::HistoricalScheme`]: super::Code::HistoricalScheme

use std::sync::OnceLock;

/// The registry's text, as IANA publishes it (RFC 4180 CSV, CRLF line ends).
pub const REGISTRY_CSV: &str = include_str!("uri-schemes-1.csv");

/// The registration status of a scheme (RFC 7595 §4: permanent, provisional, historical).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Registered as Permanent.
    Permanent,
    /// Registered as Provisional.
    Provisional,
    /// Registered as Historical: no longer in common use, or not recommended.
    Historical,
}

/// One row of the registry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Registration {
    /// The scheme name in lower case (a note such as `shttp (OBSOLETE)` left out).
    pub name: String,
    /// Its status.
    pub status: Status,
    /// The registry's reference column (`[RFC9110, Section 4.2.1]`).
    pub reference: String,
}

/// The rows of an RFC 4180 CSV text: fields separated by ",", records by CRLF or LF, a field in
/// double quotes may hold commas, line breaks and `""` for a quote.
fn csv_records(text: &str) -> Result<Vec<Vec<String>>, String> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut chars = text.chars().peekable();
    let mut line = 1;
    while let Some(c) = chars.next() {
        match c {
            '"' if field.is_empty() => loop {
                match chars.next() {
                    Some('"') if chars.peek() == Some(&'"') => {
                        chars.next();
                        field.push('"');
                    }
                    Some('"') => break,
                    Some(c) => {
                        line += usize::from(c == '\n');
                        field.push(c);
                    }
                    None => return Err(format!("line {line}: a quoted field is not closed")),
                }
            },
            ',' => record.push(std::mem::take(&mut field)),
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
                line += 1;
            }
            c => field.push(c),
        }
    }
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        records.push(record);
    }
    Ok(records)
}

/// The registry parsed from `text` (the header checked), sorted by name.
pub fn parse_registry(text: &str) -> Result<Vec<Registration>, String> {
    let mut records = csv_records(text)?.into_iter();
    let header = records.next().ok_or("the registry is empty")?;
    let column = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| format!("the registry has no column {name:?}"))
    };
    let (scheme, status, reference) = (
        column("URI Scheme")?,
        column("Status")?,
        column("Reference")?,
    );
    let mut out = Vec::new();
    for (i, r) in records.enumerate() {
        let field = |k: usize| {
            r.get(k)
                .ok_or_else(|| format!("record {}: {} fields", i + 2, r.len()))
        };
        let name = field(scheme)?
            .split(' ')
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        let status = match field(status)?.as_str() {
            "Permanent" => Status::Permanent,
            "Provisional" => Status::Provisional,
            "Historical" => Status::Historical,
            other => return Err(format!("record {}: unknown status {other:?}", i + 2)),
        };
        out.push(Registration {
            name,
            status,
            reference: field(reference)?.clone(),
        });
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(out)
}

/// The vendored registry, parsed on first use.
pub fn registry() -> &'static [Registration] {
    static REGISTRY: OnceLock<Vec<Registration>> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        parse_registry(REGISTRY_CSV).expect("the vendored registry parses (tested)")
    })
}

/// The registration of a scheme (compared without case, RFC 3986 §3.1).
pub fn lookup(scheme: &str) -> Option<&'static Registration> {
    let registry = registry();
    let lower = scheme.bytes().map(|b| b.to_ascii_lowercase());
    registry
        .binary_search_by(|r| r.name.bytes().cmp(lower.clone()))
        .ok()
        .map(|i| &registry[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_vendored_registry_parses() {
        let r = registry();
        assert_eq!(r.len(), 413);
        let count = |s| r.iter().filter(|x| x.status == s).count();
        assert_eq!(
            (
                count(Status::Permanent),
                count(Status::Provisional),
                count(Status::Historical)
            ),
            (99, 296, 18)
        );
        for x in r {
            let ok = x
                .name
                .bytes()
                .next()
                .is_some_and(|b| b.is_ascii_lowercase())
                && x.name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"+-.".contains(&b));
            assert!(ok, "{:?} is not a scheme name (RFC 3986 §3.1)", x.name);
        }
        assert!(r.windows(2).all(|w| w[0].name < w[1].name), "unique names");
        assert_eq!(lookup("HTTP").unwrap().status, Status::Permanent);
        assert_eq!(
            lookup("shttp").unwrap().status,
            Status::Permanent,
            "noted OBSOLETE, yet Permanent"
        );
        assert_eq!(lookup("wais").unwrap().status, Status::Historical);
        assert!(lookup("web+ap").is_some() && lookup("no-such-scheme").is_none());
        assert!(lookup("https").unwrap().reference.contains("RFC9110"));
    }

    #[test]
    fn csv_quoting() {
        let rows = csv_records("a,\"b,\"\"c\"\"\r\nd\",\r\nx,y,z").unwrap();
        assert_eq!(
            rows,
            vec![vec!["a", "b,\"c\"\r\nd", ""], vec!["x", "y", "z"]]
        );
        assert!(csv_records("a,\"b").is_err());
        assert!(parse_registry("URI Scheme,Status\nfoo,Maybe\n")
            .unwrap_err()
            .contains("column \"Reference\""));
        assert!(parse_registry("URI Scheme,Status,Reference\nfoo,Maybe,x\n")
            .unwrap_err()
            .contains("unknown status"));
    }
}
