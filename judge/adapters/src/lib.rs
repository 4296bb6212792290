//! The loop every adapter runs: one input per line of standard input, one answer per line of
//! standard output, flushed whenever all the input read so far is answered (so that `iri judge` can
//! pipeline its cases). `--components` answers with JSON components instead of a verdict.

#![forbid(unsafe_code)]

use std::io::{BufRead, BufReader, BufWriter, Write};

/// The components of a parsed reference; `None` for a component the library does not split out
/// (left out of the answer, so `iri judge` does not compare it).
#[derive(Default)]
pub struct Parts {
    pub scheme: Option<Option<String>>,
    pub authority: Option<Option<String>>,
    pub userinfo: Option<Option<String>>,
    pub host: Option<Option<String>>,
    pub port: Option<Option<String>>,
    pub path: Option<Option<String>>,
    pub query: Option<Option<String>>,
    pub fragment: Option<Option<String>>,
}

/// Runs the adapter: `verdict` says whether the library accepts an input; `components` (when the
/// adapter has it and `--components` is given) splits it, or `None` when the library rejects it.
pub fn serve(verdict: fn(&str) -> bool, components: Option<fn(&str) -> Option<Parts>>) {
    let want_components = std::env::args().any(|a| a == "--components");
    if want_components && components.is_none() {
        eprintln!("this adapter has no components mode");
        std::process::exit(2);
    }
    let mut input = BufReader::with_capacity(1 << 16, std::io::stdin().lock());
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut line = String::new();
    loop {
        if input.buffer().is_empty() && out.flush().is_err() {
            return;
        }
        line.clear();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if line.ends_with('\n') {
            line.pop();
        }
        let written = match components.filter(|_| want_components) {
            Some(split) => match split(&line) {
                None => out.write_all(b"{\"valid\":false}\n"),
                Some(p) => {
                    let mut o = serde_json::Map::new();
                    o.insert("valid".into(), true.into());
                    for (k, v) in [
                        ("scheme", p.scheme),
                        ("authority", p.authority),
                        ("userinfo", p.userinfo),
                        ("host", p.host),
                        ("port", p.port),
                        ("path", p.path),
                        ("query", p.query),
                        ("fragment", p.fragment),
                    ] {
                        if let Some(v) = v {
                            o.insert(k.into(), v.map_or(serde_json::Value::Null, Into::into));
                        }
                    }
                    writeln!(out, "{}", serde_json::Value::Object(o))
                }
            },
            None => out.write_all(if verdict(&line) {
                b"valid\n"
            } else {
                b"invalid\n"
            }),
        };
        if written.is_err() {
            return;
        }
    }
    let _ = out.flush();
}
