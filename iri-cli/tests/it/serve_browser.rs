//! The live viewer of `iri serve` in a real browser: headless Chromium, driven through WebDriver
//! (chromedriver, spoken to in JSON over HTTP), loads the page and types two examples of
//! draft-ietf-iri-3987bis: §3.7.1 example 1 (the URI http://www.example.org/D%C3%BCrst, whose IRI is
//! printed as step 6) and the IRI that §3.7.1 example 3 warns about, with U+202E RIGHT-TO-LEFT
//! OVERRIDE written directly (the bidi formatting character that draft-duerst-iri-01 §4.2 names
//! &rlo; and that 3987bis §3.7.1 says is forbidden in an IRI). The grammar rows, a component span,
//! the converted URI or IRI and the diagnostic codes that appear in the page are checked against the
//! library.
//!
//! Without Chromium and chromedriver the test passes with a SKIPPED notice written straight to stderr
//! (past the harness's capture, so it shows in every `cargo test` run); with the environment variable
//! CI set (`.ci/run` sets it and installs both), their absence fails it. With
//! IRI_ABNF_BLESS=1 it writes the screenshot of the README, snapshots/serve.png.

use crate::common;

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::http::{json_request, Server};
use iri_abnf::convert::ToUriOptions;
use iri_abnf::lint::{lint, LintOptions};
use iri_abnf::{is_valid, AnyGrammar, Grammar};
use serde_json::{json, Value};

/// The executable named by the environment variable, or the first of `names` found on the PATH
/// (or given as a path).
fn find(variable: &str, names: &[&str]) -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(variable) {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    names.iter().find_map(|name| {
        if Path::new(name).is_absolute() {
            return Path::new(name).is_file().then(|| PathBuf::from(name));
        }
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    })
}

/// chromedriver, running until dropped.
struct Driver {
    child: Child,
    addr: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Driver {
    fn start(program: &Path) -> Driver {
        // A free port: taken, then given back for chromedriver to listen on.
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(program)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("start {}: {e}", program.display()));
        let driver = Driver {
            child,
            addr: format!("127.0.0.1:{port}"),
        };
        let started = Instant::now();
        loop {
            if std::net::TcpStream::connect(&driver.addr).is_ok() {
                let (_, status) = json_request(&driver.addr, "GET", "/status", None);
                if status["value"]["ready"] == true {
                    return driver;
                }
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "chromedriver is not ready"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

/// One browser session.
struct Session<'d> {
    driver: &'d Driver,
    id: String,
}

impl Session<'_> {
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let path = format!("/session/{}{path}", self.id);
        let (status, reply) = json_request(&self.driver.addr, method, &path, body.as_ref());
        assert_eq!(status, 200, "{method} {path}: {reply}");
        reply["value"].clone()
    }

    /// Runs a script in the page and returns its result.
    fn script(&self, script: &str) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(json!({ "script": script, "args": [] })),
        )
    }

    fn element(&self, css: &str) -> String {
        let found = self.call(
            "POST",
            "/element",
            Some(json!({ "using": "css selector", "value": css })),
        );
        found["element-6066-11e4-a52e-4f735466cecf"]
            .as_str()
            .unwrap_or_else(|| panic!("no element {css}: {found}"))
            .to_string()
    }

    /// Clears the input box and types `text` into it, key by key.
    fn type_into(&self, css: &str, text: &str) {
        let id = self.element(css);
        self.call("POST", &format!("/element/{id}/clear"), Some(json!({})));
        self.call(
            "POST",
            &format!("/element/{id}/value"),
            Some(json!({ "text": text })),
        );
    }

    /// Opens `url` in a page of its own, as a link followed from elsewhere is: a blank page first,
    /// so that a `url` that differs from the page's only in its fragment is a new document too, not
    /// a move within the page. (A reload right after such a move raced with it: under load the
    /// driver reported the reload aborted by the navigation.) Each navigation waits for its page to
    /// load.
    fn open(&self, url: &str) {
        self.call("POST", "/url", Some(json!({ "url": "about:blank" })));
        self.call("POST", "/url", Some(json!({ "url": url })));
    }

    /// Waits until the page shows the answers for `input` and `base`.
    fn wait_shown(&self, input: &str, base: &str) {
        let started = Instant::now();
        loop {
            let shown =
                self.script("return [document.body.dataset.shown, document.body.dataset.base];");
            if shown == json!([input, base]) {
                return;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "the page shows {shown}, not {input:?}; status: {}",
                self.script("return document.getElementById('status').textContent;")
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

/// What the page shows: the grammar rows, the components, the conversions and the diagnostics, read
/// from the DOM.
const READ_PAGE: &str = r#"
const rows = [...document.querySelectorAll('#grammars tr[data-grammar]')].map((tr) => ({
  grammar: tr.dataset.grammar,
  valid: tr.dataset.valid === 'true',
  mark: tr.querySelector('.verdict').textContent,
}));
const components = {};
for (const span of document.querySelectorAll('#shown [data-component]')) {
  components[span.dataset.component] = (components[span.dataset.component] || '') + span.textContent;
}
const conversions = {};
for (const dd of document.querySelectorAll('#conversions dd[data-conversion]')) {
  conversions[dd.dataset.conversion] = dd.classList.contains('failed') ? null : dd.firstChild.textContent;
}
const codes = [...document.querySelectorAll('#diagnostics li[data-code]')].map((li) => li.dataset.code);
const shown = document.getElementById('shown');
const badges = [...shown.querySelectorAll('.badge')].map((b) => b.textContent);
return { rows, components, conversions, codes, badges, text: shown.textContent,
         treeRules: [...document.querySelectorAll('#tree a.rule')].map((a) => a.textContent) };
"#;

/// The verdicts the page must show: the library's, for each grammar's reference rule.
fn expected_rows(input: &str) -> Vec<Value> {
    AnyGrammar::ALL
        .iter()
        .map(|&g| {
            let valid = is_valid(g, g.reference_rule(), input);
            json!({ "grammar": g.name(), "valid": valid, "mark": if valid { "✓" } else { "✗" } })
        })
        .collect()
}

/// The codes of the diagnostics the page must show: the library's, at the default levels.
fn expected_codes(input: &str) -> Vec<String> {
    let reference = iri_abnf::parse(Grammar::Iri, input).expect("an IRI reference");
    lint(&reference, &LintOptions::default())
        .iter()
        .map(|d| d.code.to_string())
        .collect()
}

/// A printed example of the seeds (tests/fixtures/spec-examples.jsonl), its notation decoded.
fn example(id: &str) -> String {
    let e = common::spec_examples()
        .into_iter()
        .find(|e| e.id == id)
        .unwrap_or_else(|| panic!("no example {id}"));
    String::from_utf8(e.bytes()).expect("text")
}

#[test]
fn the_page_shows_the_spec_examples_as_they_are_typed() {
    let chromium = find(
        "IRI_ABNF_CHROMIUM",
        &[
            "chromium",
            "chromium-browser",
            "google-chrome",
            "/usr/bin/chromium",
        ],
    );
    let chromedriver = find(
        "IRI_ABNF_CHROMEDRIVER",
        &["chromedriver", "/usr/bin/chromedriver"],
    );
    let (Some(chromium), Some(chromedriver)) = (chromium, chromedriver) else {
        let message =
            "Chromium or chromedriver not found: the browser test of `iri serve` DID NOT RUN \
                       (install them: apt-get install chromium chromium-driver; or set \
                       IRI_ABNF_CHROMIUM and IRI_ABNF_CHROMEDRIVER)";
        assert!(
            std::env::var_os("CI").is_none(),
            "{message}; CI requires it"
        );
        // Straight to the process's stderr: the harness captures only `print!` and `eprint!`, so
        // this shows in every `cargo test` run, beside the test's "ok".
        let notice = format!(
            "\n{}\n*** SKIPPED: {message} ***\n{}\n",
            "!".repeat(100),
            "!".repeat(100)
        );
        let _ = std::io::Write::write_all(&mut std::io::stderr(), notice.as_bytes());
        return;
    };

    let server = Server::start(&["--no-config"]);
    let driver = Driver::start(&chromedriver);
    let profile = std::env::temp_dir().join(format!("iri-abnf-chromium-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    std::fs::create_dir_all(&profile).unwrap();
    let capabilities = json!({ "capabilities": { "alwaysMatch": {
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--hide-scrollbars", "--window-size=1280,1320",
                format!("--user-data-dir={}", profile.display()),
            ],
        },
    }}});
    let (status, created) = json_request(&driver.addr, "POST", "/session", Some(&capabilities));
    assert_eq!(status, 200, "{created}");
    let session = Session {
        driver: &driver,
        id: created["value"]["sessionId"]
            .as_str()
            .expect("a session id")
            .to_string(),
    };
    let url = format!("http://{}/", server.addr);
    session.call("POST", "/url", Some(json!({ "url": url })));

    // 3987bis §3.7.1, example 1: a URI with the UTF-8 of U+00FC percent-encoded.
    let uri = example("000-3.7.1-ex1-step1");
    session.type_into("#input", &uri);
    session.wait_shown(&uri, "");
    let page = session.script(READ_PAGE);
    assert_eq!(page["rows"], json!(expected_rows(&uri)), "{page}");
    let reference = iri_abnf::parse(Grammar::Iri, &uri).unwrap();
    let host = reference.authority().unwrap().host().as_str();
    assert_eq!(page["components"]["host"], host, "{page}");
    assert_eq!(page["components"]["scheme"], "http", "{page}");
    // The IRI of step 6, as printed (&#xFC; is ü).
    assert_eq!(
        page["conversions"]["to-iri"],
        example("000-3.7.1-ex1-step6"),
        "{page}"
    );
    assert_eq!(page["codes"], json!(expected_codes(&uri)), "{page}");
    assert!(
        page["treeRules"]
            .as_array()
            .unwrap()
            .contains(&json!("ireg-name")),
        "{page}"
    );
    // A rule of the tree links to its ABNF definition, with the section it comes from.
    let link = session.script(
        "return [...document.querySelectorAll('#tree a.rule')].findIndex((a) => a.textContent === 'ireg-name');",
    );
    let links = session.call(
        "POST",
        "/elements",
        Some(json!({ "using": "css selector", "value": "#tree a.rule" })),
    );
    let id = links[link.as_u64().unwrap() as usize]["element-6066-11e4-a52e-4f735466cecf"]
        .as_str()
        .unwrap()
        .to_string();
    session.call("POST", &format!("/element/{id}/click"), Some(json!({})));
    let definition = iri_abnf::abnf::definition(Grammar::Iri, "ireg-name").unwrap();
    let started = Instant::now();
    let (title, hit) = loop {
        let shown = session.script(
            "const hit = document.querySelector('#abnf-text .line.hit');\n\
             return [document.getElementById('abnf-title').textContent, hit && hit.id, hit && hit.textContent];",
        );
        if shown[1].is_string() {
            break (shown[0].clone(), shown);
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no definition shown"
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    let title = title.as_str().unwrap();
    assert!(
        title.contains(definition.spec) && title.contains(definition.file),
        "{title}"
    );
    assert_eq!(hit[1], format!("L{}", definition.line), "{hit}");
    assert!(
        hit[2].as_str().unwrap().contains("ireg-name      ="),
        "{hit}"
    );

    // The state is in the fragment: a link reproduces the view.
    let fragment = session.script("return location.hash;");
    let fragment = fragment.as_str().unwrap().to_string();
    assert!(fragment.contains("D%25C3%25BCrst"), "{fragment}");
    let link = format!("{url}#input=%5B%3A%3A1%5D&grammar=uri&rule=host");
    session.open(&link);
    session.wait_shown("[::1]", "");
    let controls = session.script(
        "return ['input', 'grammar', 'rule'].map((id) => document.getElementById(id).value);",
    );
    assert_eq!(controls, json!(["[::1]", "uri", "host"]));
    let page = session.script(READ_PAGE);
    assert_eq!(page["components"]["host"], "[::1]", "{page}");
    let rows = page["rows"].as_array().unwrap();
    let uri_row = rows.iter().find(|r| r["grammar"] == "uri").unwrap();
    assert_eq!(uri_row["valid"], is_valid(Grammar::Uri, "host", "[::1]"));
    session.open(&url);

    // The IRI that §3.7.1 example 3 warns about: U+202E written directly.
    let iri = format!(
        "{}\u{202E}",
        example("000-3.7.1-ex3-step6").trim_end_matches("%E2%80%AE")
    );
    assert_eq!(iri, "http://\u{7D0D}\u{8C46}.example.org/\u{202E}");
    session.type_into("#input", &iri);
    session.wait_shown(&iri, "");
    let page = session.script(READ_PAGE);
    assert_eq!(page["rows"], json!(expected_rows(&iri)), "{page}");
    let rows = page["rows"].as_array().unwrap();
    assert!(
        rows.iter()
            .any(|r| r["grammar"] == "uri" && r["valid"] == false)
            && rows
                .iter()
                .any(|r| r["grammar"] == "iri" && r["valid"] == true),
        "{page}"
    );
    assert_eq!(page["components"]["host"], "\u{7D0D}\u{8C46}.example.org");
    let to_uri = iri_abnf::convert::to_uri(&iri, &ToUriOptions::default())
        .unwrap()
        .uri;
    assert_eq!(to_uri, "http://%E7%B4%8D%E8%B1%86.example.org/%E2%80%AE");
    assert_eq!(page["conversions"]["to-uri"], to_uri, "{page}");
    // An IRI is not a URI: the URI → IRI row says so instead of a syntax error in red.
    assert!(
        page["conversions"]["to-iri"]
            .as_str()
            .is_some_and(|t| t.starts_with("not a URI")),
        "{page}"
    );
    let codes = expected_codes(&iri);
    assert!(codes.iter().any(|c| c == "bidi-formatting-character"));
    assert_eq!(page["codes"], json!(codes), "{page}");
    // The RLO is shown as a badge, never raw.
    assert_eq!(page["badges"], json!(["<U+202E>"]), "{page}");
    assert!(
        !page["text"].as_str().unwrap().contains('\u{202E}'),
        "{page}"
    );
    let note = session.script("return document.getElementById('input-note').textContent;");
    assert!(note.as_str().unwrap().contains("<U+202E>"), "{note}");
    assert!(
        !session
            .script("return document.body.innerText;")
            .as_str()
            .unwrap()
            .contains('\u{202E}'),
        "no U+202E anywhere in the rendered page"
    );

    // With a base: the reference resolved against it (RFC 3986 §5.2), as the library resolves it.
    let base = "http://a/b/c/d;p?q";
    session.type_into("#base", base);
    session.type_into("#input", "../g?y#s");
    session.wait_shown("../g?y#s", base);
    let page = session.script(READ_PAGE);
    assert_eq!(
        page["conversions"]["resolve"],
        iri_abnf::resolve(Grammar::Iri, base, "../g?y#s")
            .unwrap()
            .to_string(),
        "{page}"
    );
    assert_eq!(page["components"]["path"], "../g", "{page}");

    // A screenshot of the page (the README's with IRI_ABNF_BLESS=1): a string with every component
    // and an RLO.
    let showcase = "http://user@r\u{E9}sum\u{E9}.example.org:8080/docs/a.txt?lang=fr#top\u{202E}";
    session.type_into("#base", "");
    session.type_into("#input", showcase);
    session.wait_shown(showcase, "");
    let page = session.script(READ_PAGE);
    for name in [
        "scheme", "userinfo", "host", "port", "path", "query", "fragment",
    ] {
        assert!(page["components"][name].is_string(), "{name}: {page}");
    }
    let shot = session.call("GET", "/screenshot", None);
    let png = base64(shot.as_str().expect("base64"));
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
    assert!(png.len() > 10_000, "{} bytes", png.len());
    if std::env::var_os("IRI_ABNF_BLESS").is_some_and(|v| v == "1") {
        let path = Path::new(crate::ROOT).join("snapshots/serve.png");
        std::fs::write(&path, &png).unwrap();
        eprintln!("wrote {}", path.display());
    }
    session.call("DELETE", "", None);
    let _ = std::fs::remove_dir_all(&profile);
}

/// Standard base64 (RFC 4648 §4), as WebDriver sends screenshots.
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let (mut acc, mut bits) = (0u32, 0);
    for v in text.bytes().filter_map(value) {
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}
