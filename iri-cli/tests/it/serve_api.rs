//! `iri serve`'s API: each endpoint answers the JSON record that its subcommand prints for the same
//! input, byte for byte; hostile requests (very long lines, NUL bytes, bytes that are not UTF-8, bidi
//! controls, huge bodies, malformed requests, idle connections) get a well-formed, bounded answer,
//! and the server goes on answering.

use crate::common;

use std::io::Write;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::http::{encode, exchange, get, Server};

/// Runs `iri` with `args` and one line on standard input (an input may hold a NUL byte, which no
/// argument can); returns the exit code, stdout and stderr.
fn iri_line(args: &[&str], line: Option<&[u8]>) -> (i32, Vec<u8>, String) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_iri"))
        .current_dir(crate::ROOT)
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run iri");
    {
        let mut stdin = child.stdin.take().expect("stdin");
        if let Some(line) = line {
            stdin.write_all(line).expect("write");
            stdin.write_all(b"\n").expect("write");
        }
    }
    let out = child.wait_with_output().expect("wait");
    let mut stdout = out.stdout;
    // A record of `iri check` says the line of its input (here line 1 of standard input), which a
    // request has not: that member alone is taken out, and only where it is the last one.
    if args.first() == Some(&"check") && line.is_some() {
        let end = b",\"line\":1}\n";
        assert!(
            stdout.ends_with(end),
            "{}",
            String::from_utf8_lossy(&stdout)
        );
        stdout.truncate(stdout.len() - end.len());
        stdout.extend_from_slice(b"}\n");
    }
    (
        out.status.code().unwrap_or(-1),
        stdout,
        String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    )
}

/// The inputs: spec examples (3987bis §3.4.1, §3.7.1, and U+202E RIGHT-TO-LEFT OVERRIDE, whose
/// direct use §3.7.1 forbids), a space, the empty string, a NUL, bytes that are not UTF-8.
const INPUTS: &[&[u8]] = &[
    "http://résumé.example.org".as_bytes(),
    b"http://www.example.org/D%C3%BCrst",
    b"http://xn--99zt52a.example.org/%e2%80%ae",
    "http://納豆.example.org/\u{202E}".as_bytes(),
    b"http://example.org/a b/{x}",
    b"",
    b"http://a/\x00b",
    b"http://a/\xFF\xFEb",
    b"HTTP://A/%7e%7e%7e%C3%A9%c3%a9",
];

/// One endpoint and the subcommand that prints the same record: the API's parameters (besides
/// `input`) and the command line (before the input).
struct Pair {
    query: &'static str,
    command: &'static [&'static str],
}

const PAIRS: &[Pair] = &[
    Pair {
        query: "/api/check?grammar=uri",
        command: &["check", "--format", "json", "--grammar", "uri"],
    },
    Pair {
        query: "/api/check?lint=true",
        command: &["check", "--format", "json", "--lint", "--no-config"],
    },
    Pair {
        query: "/api/check?grammar=rfc2396&rule=host",
        command: &["check", "-f", "json", "-g", "rfc2396", "-r", "host"],
    },
    Pair {
        query: "/api/parse?tree=true",
        command: &["parse", "--format", "json", "--tree"],
    },
    Pair {
        query: "/api/parse?grammar=leiri&rule=ihost",
        command: &[
            "parse",
            "--format",
            "json",
            "--grammar",
            "leiri",
            "--rule",
            "ihost",
        ],
    },
    Pair {
        query: "/api/compare?",
        command: &["compare", "--format", "json"],
    },
    Pair {
        query: "/api/compare?grammars=uri,iri&rule=ihost",
        command: &[
            "compare",
            "-f",
            "json",
            "--grammars",
            "uri,iri",
            "--rule",
            "ihost",
        ],
    },
    Pair {
        query: "/api/lint?",
        command: &["lint", "--format", "json", "--no-config"],
    },
    Pair {
        query: "/api/lint?max-diagnostics=2",
        command: &[
            "lint",
            "-f",
            "json",
            "--no-config",
            "--max-diagnostics",
            "2",
        ],
    },
    Pair {
        query: "/api/check?lint=true&max-diagnostics=0",
        command: &[
            "check",
            "-f",
            "json",
            "--lint",
            "--no-config",
            "--max-diagnostics",
            "0",
        ],
    },
    Pair {
        query: "/api/lint?grammar=leiri&profile=strict",
        command: &[
            "lint",
            "-f",
            "json",
            "-g",
            "leiri",
            "--profile",
            "strict",
            "--no-config",
        ],
    },
    Pair {
        query: "/api/convert?command=to-uri&host=idna",
        command: &["to-uri", "--format", "json", "--host", "idna"],
    },
    Pair {
        query: "/api/convert?command=to-uri&host=uts46",
        command: &["to-uri", "--format", "json", "--host", "uts46"],
    },
    Pair {
        query: "/api/convert?command=to-iri&trace=true",
        command: &["to-iri", "--format", "json", "--trace"],
    },
    Pair {
        query: "/api/convert?command=from-leiri&to=uri",
        command: &["from-leiri", "--format", "json", "--to", "uri"],
    },
    Pair {
        query: "/api/resolve?base=http%3A%2F%2Fa%2Fb%2Fc%2Fd%3Bp%3Fq&non-strict=true",
        command: &[
            "resolve",
            "--format",
            "json",
            "--non-strict",
            "http://a/b/c/d;p?q",
        ],
    },
];

#[test]
fn every_endpoint_answers_the_json_of_its_subcommand() {
    let server = Server::start(&["--no-config"]);
    for pair in PAIRS {
        for &input in INPUTS {
            let target = format!("{}&input={}", pair.query, encode(input));
            let reply = get(&server.addr, &target);
            let (_, stdout, stderr) = iri_line(pair.command, Some(input));
            assert_eq!(reply.status, 200, "{target}: {}", reply.text());
            assert_eq!(
                reply.header("Content-Type"),
                Some("application/json"),
                "{target}"
            );
            assert!(!stdout.is_empty(), "{:?}: {stderr}", pair.command);
            assert_eq!(
                String::from_utf8_lossy(&reply.body),
                String::from_utf8_lossy(&stdout),
                "{target} and {:?} {:?}",
                pair.command,
                String::from_utf8_lossy(input)
            );
        }
    }
    // The rules of each grammar, with their definitions.
    for grammar in ["uri", "leiri", "rfc2732", "iri-printed"] {
        let reply = get(&server.addr, &format!("/api/rules?grammar={grammar}"));
        let (_, stdout, _) = iri_line(&["rules", "--format", "json", "--grammar", grammar], None);
        assert_eq!(reply.body, stdout, "{grammar}");
    }
}

#[test]
fn usage_errors_are_400_with_the_message_of_the_subcommand() {
    let server = Server::start(&["--no-config"]);
    // (API request, command line whose message on standard error is the same)
    let cases: &[(&str, &[&str])] = &[
        (
            "/api/check?input=a&rule=nope",
            &["check", "--rule", "nope", "a"],
        ),
        (
            "/api/parse?input=a&grammar=uri&rule=ihost",
            &["parse", "--grammar", "uri", "--rule", "ihost", "a"],
        ),
        (
            "/api/check?input=a&grammar=rfc2396&lint=true",
            &["check", "--grammar", "rfc2396", "--lint", "a"],
        ),
        (
            "/api/check?input=a&rule=ihost&lint=true",
            &["check", "--rule", "ihost", "--lint", "a"],
        ),
        (
            "/api/resolve?base=..%2Fa&input=b",
            &["resolve", "../a", "b"],
        ),
        (
            "/api/compare?input=a&grammars=uri&rule=iuserinfo",
            &["compare", "--grammars", "uri", "--rule", "iuserinfo", "a"],
        ),
        (
            "/api/convert?command=to-uri&input=a&query-charset=nope",
            &["to-uri", "--query-charset", "nope", "a"],
        ),
    ];
    for (target, command) in cases {
        let reply = get(&server.addr, target);
        let (code, _, stderr) = iri_line(command, None);
        assert_eq!(code, 2, "{command:?}");
        assert_eq!(reply.status, 400, "{target}: {}", reply.text());
        let message = reply.json()["error"].as_str().unwrap().to_string();
        assert_eq!(
            format!("iri: {message}\n"),
            stderr,
            "{target} and {command:?}"
        );
    }
    // Errors of the API's own: a missing input, an unknown parameter or value, a repeated
    // parameter, bad percent-encoding, an unknown endpoint.
    for (target, status, says) in [
        ("/api/check", 400, "missing parameter `input`"),
        (
            "/api/check?input=a&bogus=1",
            400,
            "unknown parameter `bogus`",
        ),
        ("/api/check?input=a&grammar=url", 400, "one of uri, rfc3987"),
        ("/api/check?input=a&input=b", 400, "given twice"),
        ("/api/check?input=%E2%8", 400, "malformed percent-encoding"),
        ("/api/check?input=a&lint=maybe", 400, "true or false"),
        ("/api/convert?input=a", 400, "to-uri, to-iri or from-leiri"),
        (
            "/api/lint?input=a&profile=lax",
            400,
            "one of default, strict",
        ),
        ("/api/nothing", 404, "no endpoint /api/nothing"),
        ("/nothing", 404, "no page at /nothing"),
    ] {
        let reply = get(&server.addr, target);
        assert_eq!(reply.status, status, "{target}");
        let message = reply.json()["error"].as_str().unwrap().to_string();
        assert!(message.contains(says), "{target}: {message}");
    }
}

#[test]
fn the_page_its_assets_and_the_grammar_files_are_served() {
    let server = Server::start(&[]);
    let page = get(&server.addr, "/");
    assert_eq!(page.status, 200);
    assert_eq!(
        page.header("Content-Type"),
        Some("text/html; charset=utf-8")
    );
    let csp = page.header("Content-Security-Policy").unwrap_or_default();
    assert!(csp.contains("script-src 'self'"), "{csp}");
    let html = page.text();
    for asset in ["/style.css", "/app.js", "/needs-escape.js"] {
        // Relative to the page, "/" (so that the static build of the page works in any folder).
        let reference = format!("\"{}\"", &asset[1..]);
        assert!(html.contains(&reference), "the page loads {asset}");
        let reply = get(&server.addr, asset);
        assert_eq!(reply.status, 200, "{asset}");
        assert!(!reply.body.is_empty(), "{asset}");
    }
    // The scripts set user text with textContent only: no call that parses HTML.
    let app = get(&server.addr, "/app.js").text();
    for parser in [
        "innerHTML",
        "outerHTML",
        "insertAdjacentHTML",
        "document.write",
        "DOMParser",
    ] {
        assert!(!app.contains(parser), "{parser}");
    }
    for (g, file) in [
        (iri_abnf::AnyGrammar::Iri, "grammar/iri.abnf"),
        (iri_abnf::AnyGrammar::Leiri, "grammar/leiri.abnf"),
        (iri_abnf::AnyGrammar::Rfc2396, "grammar/rfc2396.abnf"),
    ] {
        let reply = get(&server.addr, &format!("/{file}"));
        assert_eq!(reply.status, 200, "{file}");
        let text = g.abnf_sources().iter().find(|(f, _)| *f == file).unwrap().1;
        assert_eq!(reply.text(), text, "{file}");
    }
    assert_eq!(get(&server.addr, "/grammar/../Cargo.toml").status, 404);
}

#[test]
fn the_badge_characters_of_the_page_are_those_of_the_library() {
    let server = Server::start(&[]);
    let js = get(&server.addr, "/needs-escape.js").text();
    let list = js
        .split_once("= [")
        .and_then(|(_, rest)| rest.rsplit_once("];"))
        .map(|(list, _)| list)
        .expect("a list of ranges");
    let ranges: Vec<(u32, u32)> = list
        .trim_matches(|c| c == '[' || c == ']')
        .split("],[")
        .map(|pair| {
            let (a, b) = pair.split_once(',').unwrap();
            let hex = |s: &str| u32::from_str_radix(s.trim_start_matches("0x"), 16).unwrap();
            (hex(a), hex(b))
        })
        .collect();
    assert!(ranges.len() > 10, "{ranges:?}");
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        let listed = ranges.iter().any(|&(a, b)| (a..=b).contains(&(c as u32)));
        assert_eq!(
            listed,
            iri_abnf::report::needs_escape(c),
            "U+{:04X}",
            c as u32
        );
    }
}

/// The page marks the characters of the library's one definition of "not appropriate in an IRI"
/// (3987bis §3.7 step 4), in the path, each with its reason.
#[test]
fn the_marked_characters_of_the_page_are_those_of_the_library() {
    use iri_abnf::characters::{not_appropriate, NotAppropriate, Place};
    let server = Server::start(&[]);
    let page = get(&server.addr, "/").text();
    // Relative to the page, "/".
    assert!(page.contains("\"not-appropriate.js\""));
    let js = get(&server.addr, "/not-appropriate.js").text();
    let list = js
        .split_once("NOT_APPROPRIATE = [")
        .and_then(|(_, rest)| rest.split_once("];"))
        .map(|(list, _)| list)
        .expect("a list of ranges");
    let ranges: Vec<(u32, u32, usize)> = list
        .trim_matches(|c| c == '[' || c == ']')
        .split("],[")
        .map(|triple| {
            let mut parts = triple.split(',');
            let hex = |s: &str| u32::from_str_radix(s.trim_start_matches("0x"), 16).unwrap();
            let a = hex(parts.next().unwrap());
            let b = hex(parts.next().unwrap());
            (a, b, parts.next().unwrap().parse().unwrap())
        })
        .collect();
    assert!(ranges.len() > 10, "{ranges:?}");
    let reasons = js
        .split_once("NOT_APPROPRIATE_REASONS = [")
        .map(|(_, rest)| rest)
        .expect("the reasons");
    for r in NotAppropriate::ALL {
        assert!(reasons.contains(r.source()), "{r:?}");
    }
    let mut at = 0;
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        while ranges.get(at).is_some_and(|&(_, b, _)| b < c as u32) {
            at += 1;
        }
        let listed = ranges
            .get(at)
            .filter(|&&(a, _, _)| a <= c as u32)
            .map(|&(_, _, k)| NotAppropriate::ALL[k]);
        assert_eq!(
            listed,
            not_appropriate(c, Place::Path),
            "U+{:04X}",
            c as u32
        );
    }
}

/// After every hostile request, the server is still running and still answers.
fn still_answers(server: &mut Server) {
    assert!(server.running(), "the server is running");
    let reply = get(&server.addr, "/api/check?input=http%3A%2F%2Fa%2F");
    assert_eq!(reply.status, 200);
    assert_eq!(reply.json()["valid"], true);
}

#[test]
fn hostile_requests_get_bounded_answers_and_the_server_goes_on() {
    let max = 4096;
    let mut server = Server::start(&["--max-length", &max.to_string(), "--no-config"]);
    let addr = server.addr.clone();
    let request = |target: &str| format!("GET {target} HTTP/1.1\r\nHost: {addr}\r\n\r\n");

    // Inputs that are hostile to the grammars get their records, as from the command line.
    for (input, check) in [
        (&b"http://a/\x00\x00"[..], "NUL bytes"),
        (b"http://a/\xC3", "a truncated UTF-8 sequence"),
        (b"\xFF\xFE\xFD", "bytes that are not UTF-8"),
        (
            "http://a/\u{202E}\u{2066}x\u{200F}".as_bytes(),
            "bidi controls",
        ),
        (
            "\u{FEFF}http://a/".as_bytes(),
            "a byte order mark (kept, as in an argument)",
        ),
    ] {
        for endpoint in ["check", "parse", "compare", "lint"] {
            let reply = get(&addr, &format!("/api/{endpoint}?input={}", encode(input)));
            assert_eq!(reply.status, 200, "{check}: {}", reply.text());
            let record = reply.json();
            assert!(
                record.get("error").is_some() || record.get("grammars").is_some(),
                "{check}: {record}"
            );
        }
        still_answers(&mut server);
    }

    // An input over --max-length gets the record of the command line, with the same error.
    let long = vec![b'a'; max + 1];
    let reply = get(&addr, &format!("/api/check?input={}", encode(&long)));
    let (code, stdout, _) = iri_line(
        &["check", "--format", "json", "--max-length", "4096"],
        Some(&long),
    );
    assert_eq!((reply.status, code), (200, 1));
    assert_eq!(reply.body, stdout);
    assert_eq!(reply.json()["error"]["kind"], "too-long");

    // A request line over the head limit (3 x --max-length + 64 KiB): 414, not read further. The
    // client goes on sending; the server answers and closes.
    let mut huge = b"GET /api/check?input=".to_vec();
    huge.extend(std::iter::repeat_n(b'a', 4 << 20));
    let reply = exchange(&addr, &huge).expect("an answer");
    assert_eq!(
        reply.status,
        414,
        "{}",
        String::from_utf8_lossy(&reply.body)
    );
    assert!(reply.json()["error"]
        .as_str()
        .unwrap()
        .contains("--max-length"));
    still_answers(&mut server);

    // A header field as long: 431; and too many header fields: 431.
    let long_header = format!(
        "GET / HTTP/1.1\r\nHost: {addr}\r\nX-Long: {}\r\n\r\n",
        "b".repeat(1 << 20)
    );
    assert_eq!(exchange(&addr, long_header.as_bytes()).unwrap().status, 431);
    let many: String = (0..200).map(|i| format!("X-{i}: {i}\r\n")).collect();
    let many = format!("GET / HTTP/1.1\r\nHost: {addr}\r\n{many}\r\n");
    assert_eq!(exchange(&addr, many.as_bytes()).unwrap().status, 431);
    still_answers(&mut server);

    // Malformed requests: 400 each (or the connection closed without an answer, for no request at
    // all), never a crash.
    let malformed: Vec<Vec<u8>> = vec![
        b"GARBAGE\r\n\r\n".to_vec(),
        b"GET\r\n\r\n".to_vec(),
        b"GET / HTTP/9.9\r\n\r\n".to_vec(),
        b"GET /\x00 HTTP/1.1\r\n\r\n".to_vec(),
        b"\x00\x00\x00\x00\r\n\r\n".to_vec(),
        [
            &b"GET /api/check?input=\xFF\xFE HTTP/1.1\r\nHost: "[..],
            addr.as_bytes(),
            b"\r\n\r\n",
        ]
        .concat(),
        format!("GET / HTTP/1.1\r\nHost: {addr}\r\nBad Header\r\n\r\n").into_bytes(),
        format!("GET http://{addr}/ HTTP/1.1\r\nHost: {addr}\r\n\r\n").into_bytes(),
        b"\r\n\r\n".to_vec(),
    ];
    for m in &malformed {
        let reply = exchange(&addr, m).unwrap_or_else(|| {
            panic!("{:?}: closed without an answer", String::from_utf8_lossy(m))
        });
        assert!(
            reply.status == 400,
            "{:?}: {} {}",
            String::from_utf8_lossy(m),
            reply.status,
            String::from_utf8_lossy(&reply.body)
        );
        assert!(reply.json()["error"].is_string());
        still_answers(&mut server);
    }
    // A connection closed at once, and one closed half-way through the head.
    drop(TcpStream::connect(&addr).unwrap());
    let mut half = TcpStream::connect(&addr).unwrap();
    half.write_all(b"GET /api/check?in").unwrap();
    drop(half);
    still_answers(&mut server);

    // Bodies are not read: a huge POST gets 405, a GET with a body 413, while the client is still
    // sending.
    let mut post =
        format!("POST /api/check HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 1000000000\r\n\r\n")
            .into_bytes();
    post.extend(std::iter::repeat_n(b'x', 8 << 20));
    let reply = exchange(&addr, &post).unwrap();
    assert_eq!(reply.status, 405);
    assert_eq!(reply.header("Allow"), Some("GET, HEAD"));
    let mut body = format!(
        "GET /api/check?input=a HTTP/1.1\r\nHost: {addr}\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    .into_bytes();
    body.extend(std::iter::repeat_n(b'7', 1 << 20));
    assert_eq!(exchange(&addr, &body).unwrap().status, 413);
    still_answers(&mut server);

    // Only this server's names are taken in Host (a page of another site cannot read the API).
    let rebinding = b"GET /api/check?input=a HTTP/1.1\r\nHost: evil.example:80\r\n\r\n";
    assert_eq!(exchange(&addr, rebinding).unwrap().status, 403);
    assert_eq!(
        exchange(&addr, b"GET / HTTP/1.1\r\n\r\n").unwrap().status,
        403,
        "no Host at all"
    );
    // HEAD: the head of the response only.
    let head = exchange(&addr, request("/").replace("GET", "HEAD").as_bytes()).unwrap();
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());

    // Idle connections hold nothing but their own thread: the others are answered at once.
    let idle: Vec<TcpStream> = (0..8)
        .map(|_| {
            let mut s = TcpStream::connect(&addr).unwrap();
            s.write_all(b"GET /api/ch").unwrap();
            s
        })
        .collect();
    let started = Instant::now();
    still_answers(&mut server);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    // An idle connection is answered 408 when its deadline passes, and closed.
    let mut first = idle.into_iter().next().unwrap();
    first
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut answer = Vec::new();
    let _ = std::io::Read::read_to_end(&mut first, &mut answer);
    assert!(
        answer.starts_with(b"HTTP/1.1 408 "),
        "{}",
        String::from_utf8_lossy(&answer)
    );
    still_answers(&mut server);
}

/// A line made of diagnostics (256 KiB of `%7e`, two diagnostics per escape) is answered at once by
/// `/api/lint` and `/api/check?lint=true`: the first 20 diagnostics and the count of the others, in
/// an answer about the size of the input; `max-diagnostics` sets the limit, and is refused without
/// `lint=true`.
#[test]
fn inputs_made_of_diagnostics_get_bounded_answers() {
    let server = Server::start(&["--no-config"]);
    let count = (256 * 1024 - 9) / 3;
    let input = format!("http://a/{}", "%7e".repeat(count));
    for api in ["/api/lint?", "/api/check?lint=true&"] {
        let reply = get(
            &server.addr,
            &format!("{api}input={}", encode(input.as_bytes())),
        );
        assert_eq!(reply.status, 200, "{api}");
        assert!(
            reply.body.len() < 2 * input.len(),
            "{api}: {} bytes",
            reply.body.len()
        );
        let r = reply.json();
        assert_eq!(r["diagnostics"].as_array().unwrap().len(), 20, "{api}");
        assert_eq!(r["diagnostics_omitted"], 2 * count - 20, "{api}");
    }
    let reply = get(
        &server.addr,
        "/api/lint?max-diagnostics=1&input=http://a/%257e",
    );
    assert_eq!(reply.json()["diagnostics_omitted"], 1);
    let reply = get(&server.addr, "/api/lint?max-diagnostics=x&input=a");
    assert_eq!(reply.status, 400);
    assert!(reply.text().contains("max-diagnostics"), "{}", reply.text());
    let reply = get(&server.addr, "/api/check?max-diagnostics=3&input=a");
    assert_eq!(reply.status, 400);
    assert!(reply.text().contains("lint=true"), "{}", reply.text());
}
