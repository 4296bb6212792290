//! `iri serve`: the live viewer, a local web page that shows one string through every grammar, and
//! the JSON API it reads. Each endpoint answers with the record that the matching subcommand prints
//! with `--format json`, built by the same function; the server adds nothing of its own but the HTTP
//! around them ([`http`]) and the page (`serve/index.html`, `style.css`, `app.js`, embedded in the
//! binary).

mod http;
pub(crate) mod scripts;

use std::borrow::Cow;
use std::collections::HashMap;
use std::io::Write as _;
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::sync::OnceLock;

use clap::{Args, ValueEnum};
use iri_abnf::convert::{Charset, HostMapping, ToIriOptions, ToUriOptions};
use iri_abnf::lint::{LintOptions, PROFILES};
use iri_abnf::{AnyGrammar, Grammar};
use serde::Serialize;

use self::http::{query_pairs, Limits, Request, Response};
use super::args::{rule_of, AnyGrammarArg, GrammarArg};
use super::check::{check_record, lint_grammar, CheckOptions};
use super::compare::{input_record, named_rule_of};
use super::convert::{
    iri_record, leiri_outcome, leiri_record, to_iri_outcome, to_uri_outcome, uri_record, HostArg,
    LeiriTarget,
};
use super::input::{text_of, Item, NotText, Origin, DEFAULT_MAX_LENGTH};
use super::lint::{levels, lint_record, LevelArgs};
use super::output::{EXIT_ERROR, EXIT_OK};
use super::parse::parse_record;
use super::records::NotProcessedRecord;
use super::reference::{base_of, resolve_record, resolve_result};
use super::rules::rules_record;

const SERVE_HELP: &str = "\
Starts a local web server with the live viewer: a page where you type a string and see, as you
type, which grammars accept it (and where the others stop), its components coloured over the
input, its parse tree (each rule linked to its ABNF line and section), its IRI -> URI, URI -> IRI
and LEIRI -> IRI conversions, its resolution against a base, and the lint diagnostics. Control,
bidi formatting and invisible characters are shown as <U+XXXX> badges, and the characters that are
not appropriate in an IRI (those `iri to-iri` keeps percent-encoded, 3987bis §3.7 step 4) are marked,
with the reason. The state is in the page
address's fragment, so a link reproduces the view. The page and its scripts are built into the
binary and need no network.

The server listens on 127.0.0.1 (this machine only) unless --bind says otherwise, and prints its
address; stop it with Ctrl-C.

API: GET requests with query parameters (application/x-www-form-urlencoded: percent-encoded UTF-8,
`+` for a space); each answers, with status 200, the JSON record that the subcommand prints with
--format json for that one input, followed by a line feed:
  /api/check?input=S[&grammar=G][&rule=R][&lint=true][&profile=P][&max-diagnostics=N]
                                                                    iri check --format json
  /api/parse?input=S[&grammar=G][&rule=R][&tree=true]               iri parse --format json
  /api/compare?input=S[&grammars=G,G...][&rule=R]                   iri compare --format json
  /api/lint?input=S[&grammar=G][&profile=P][&max-diagnostics=N]     iri lint --format json
  /api/convert?command=to-uri&input=S[&host=percent|idna|uts46][&query-charset=L][&raw=true]
                                                                    iri to-uri --format json
  /api/convert?command=to-iri&input=S[&trace=true][&keep-punycode=true]
                                                                    iri to-iri --format json
  /api/convert?command=from-leiri&input=S[&to=iri|uri][&raw=true]   iri from-leiri --format json
  /api/resolve?base=B&input=S[&grammar=G][&non-strict=true]         iri resolve --format json B S
  /api/rules[?grammar=G]                                            iri rules --format json
Parameters are the subcommand's options without the dashes; a flag is `true` or `false` (a name
alone is `true`). An input that is not UTF-8 once decoded, or longer than --max-length, gets the
record the subcommand gives it (\"input\": null, or for resolve \"reference\": null, with the
bytes escaped and the error). A usage error (an
unknown parameter or rule, a missing input, a base that is not an IRI) is status 400 with
{\"error\": \"...\"}, the message the subcommand prints. Requests are bounded: the request head may
have at most 3 x --max-length + 64 KiB bytes (414 or 431 beyond), no body is read (413), and a
request head must arrive within 10 s (408); 32 connections are served at once (503 beyond). The
lint levels are those of `iri lint` in the directory the server was started in (iri.toml, or
--profile, --allow, --warn, --deny, --config).

Other paths: / (the page), /grammar/FILE.abnf (the grammar files, as text).

Examples:
  iri serve                       # then open the printed address
  iri serve --port 8080 --open    # and open it in the default browser
  curl 'http://127.0.0.1:3987/api/check?input=http://r%C3%A9sum%C3%A9.example.org&grammar=uri'";

/// Serve the live viewer: a local web page and its JSON API.
#[derive(Args)]
#[command(after_help = SERVE_HELP)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port; the address is printed).
    #[arg(long, short, default_value_t = 3987)]
    port: u16,
    /// The address to listen on. Other than a loopback address, the viewer is open to the network.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    bind: IpAddr,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
    /// The longest input, in bytes, as for the other subcommands.
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_LENGTH)]
    max_length: usize,
    /// The levels of the lint codes, as `iri lint` takes them.
    #[command(flatten)]
    levels: LevelArgs,
}

/// The most connections served at once; beyond, a connection is answered 503 at once.
const CONNECTIONS: usize = 32;

/// The page and its assets.
const INDEX_HTML: &str = include_str!("serve/index.html");
const STYLE_CSS: &str = include_str!("serve/style.css");
const APP_JS: &str = include_str!("serve/app.js");

/// What every request reads: the limits and the lint levels.
struct Server {
    max_length: usize,
    /// The levels of `iri lint` here (configuration and command line).
    levels: LintOptions,
    /// The same with each profile instead (`profile=NAME`).
    profiles: HashMap<&'static str, LintOptions>,
    /// The most diagnostics of one input in an answer (`--max-diagnostics`; `None`: all).
    max_diagnostics: Option<usize>,
}

pub fn run(args: &ServeArgs) -> i32 {
    let (levels, _) = match levels(&args.levels) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("iri: {e}");
            return EXIT_ERROR;
        }
    };
    let mut profiles = HashMap::new();
    for p in PROFILES {
        match super::lint::levels(&args.levels.with_profile(p.name)) {
            Ok((options, _)) => {
                profiles.insert(p.name, options);
            }
            Err(e) => {
                eprintln!("iri: {e}");
                return EXIT_ERROR;
            }
        }
    }
    let server = Server {
        max_length: args.max_length,
        levels,
        profiles,
        max_diagnostics: args.levels.max_diagnostics(),
    };
    let listener = match TcpListener::bind(SocketAddr::new(args.bind, args.port)) {
        Ok(l) => l,
        Err(e) => {
            eprintln!(
                "iri: cannot listen on {}: {e} (another port: --port P; any free one: --port 0)",
                SocketAddr::new(args.bind, args.port)
            );
            return EXIT_ERROR;
        }
    };
    let address = match listener.local_addr() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("iri: {e}");
            return EXIT_ERROR;
        }
    };
    let port = address.port();
    let url = match address.ip() {
        ip if ip.is_unspecified() => format!("http://127.0.0.1:{port}/"),
        IpAddr::V6(ip) => format!("http://[{ip}]:{port}/"),
        IpAddr::V4(ip) => format!("http://{ip}:{port}/"),
    };
    // On a loopback address only requests for this server's names are answered: its own address
    // and the loopback names, with the port (and without it on port 80, where browsers leave it out).
    let allowed_hosts = if address.ip().is_loopback() {
        let mut names = vec![
            address.to_string(),
            format!("127.0.0.1:{port}"),
            format!("localhost:{port}"),
            format!("[::1]:{port}"),
        ];
        if port == 80 {
            let bare: Vec<String> = names
                .iter()
                .filter_map(|n| n.strip_suffix(":80").map(str::to_string))
                .collect();
            names.extend(bare);
        }
        names
    } else {
        Vec::new()
    };
    println!("iri: the live viewer is at {url} (Ctrl-C stops it)");
    let _ = std::io::stdout().flush();
    if args.open {
        open_browser(&url);
    }
    let limits = Limits {
        // An input of --max-length bytes, every byte percent-encoded, and room for the rest.
        head: args.max_length.saturating_mul(3).saturating_add(64 << 10),
        connections: CONNECTIONS,
    };
    http::serve(&listener, limits, allowed_hosts, move |request| {
        server.answer(request)
    });
    EXIT_OK
}

/// Opens `url` with the desktop's opener; says so when there is none.
fn open_browser(url: &str) {
    let opener: &[&str] = if cfg!(target_os = "macos") {
        &["open"]
    } else if cfg!(windows) {
        &["cmd", "/C", "start", ""]
    } else {
        &["xdg-open"]
    };
    let spawned = std::process::Command::new(opener[0])
        .args(&opener[1..])
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(e) = spawned {
        eprintln!(
            "iri: cannot open a browser ({}: {e}); open {url}",
            opener[0]
        );
    }
}

/// The query parameters of one request, each taken once; the names an endpoint does not know are
/// an error, as unknown options are on the command line.
struct Params {
    endpoint: &'static str,
    values: HashMap<String, Vec<u8>>,
}

/// A usage error: status 400 and the message.
type Usage = String;

impl Params {
    fn new(endpoint: &'static str, query: &str, known: &[&str]) -> Result<Params, Usage> {
        let mut values = HashMap::new();
        for (name, value) in query_pairs(query)? {
            let name =
                String::from_utf8(name).map_err(|_| "a parameter name is not UTF-8".to_string())?;
            if !known.contains(&name.as_str()) {
                return Err(format!(
                    "unknown parameter `{name}` for {endpoint} (parameters: {})",
                    known.join(", ")
                ));
            }
            if values.insert(name.clone(), value).is_some() {
                return Err(format!("parameter `{name}` given twice"));
            }
        }
        Ok(Params { endpoint, values })
    }

    /// A parameter's bytes.
    fn bytes(&self, name: &str) -> Option<&[u8]> {
        self.values.get(name).map(Vec::as_slice)
    }

    /// A parameter that must be given.
    fn required(&self, name: &str) -> Result<&[u8], Usage> {
        self.bytes(name)
            .ok_or_else(|| format!("missing parameter `{name}` for {}", self.endpoint))
    }

    /// A parameter as text.
    fn text(&self, name: &str) -> Result<Option<&str>, Usage> {
        self.bytes(name)
            .map(|b| std::str::from_utf8(b).map_err(|_| format!("parameter `{name}` is not UTF-8")))
            .transpose()
    }

    /// A flag: absent is false; `true` or nothing is true, `false` false.
    fn flag(&self, name: &str) -> Result<bool, Usage> {
        match self.text(name)? {
            None | Some("false") => Ok(false),
            Some("" | "true") => Ok(true),
            Some(v) => Err(format!("invalid value `{v}` for `{name}`: true or false")),
        }
    }

    /// The most diagnostics of one input (`max-diagnostics=N`, 0 for all), or `default`.
    fn max_diagnostics(&self, default: Option<usize>) -> Result<Option<usize>, Usage> {
        match self.text("max-diagnostics")? {
            None => Ok(default),
            Some(v) => match v.parse::<usize>() {
                Ok(0) => Ok(None),
                Ok(n) => Ok(Some(n)),
                Err(_) => Err(format!(
                    "invalid value `{v}` for `max-diagnostics`: a number (0 for all)"
                )),
            },
        }
    }

    /// A value of a command-line value enumeration (`grammar=uri`), spelled as on the command line.
    fn value<T: ValueEnum>(&self, name: &str) -> Result<Option<T>, Usage> {
        self.text(name)?.map(|v| value_of::<T>(name, v)).transpose()
    }
}

fn value_of<T: ValueEnum>(name: &str, v: &str) -> Result<T, Usage> {
    T::from_str(v, false).map_err(|_| {
        let names: Vec<String> = T::value_variants()
            .iter()
            .filter_map(|x| x.to_possible_value())
            .map(|p| p.get_name().to_string())
            .collect();
        format!(
            "invalid value `{v}` for `{name}`: one of {}",
            names.join(", ")
        )
    })
}

/// A JSON record, as the subcommand writes it: one line.
fn json<T: Serialize>(record: &T) -> Response {
    match serde_json::to_vec(record) {
        Ok(mut body) => {
            body.push(b'\n');
            Response::new(200, "application/json", body)
        }
        Err(e) => Response::error(500, &e.to_string()),
    }
}

impl Server {
    fn answer(&self, request: &Request<'_>) -> Response {
        let static_file = |content_type, body: &'static str| {
            Response::new(200, content_type, body)
                .with_header("Content-Security-Policy", CSP.to_string())
        };
        match request.path {
            "/" | "/index.html" => static_file("text/html; charset=utf-8", INDEX_HTML),
            "/style.css" => static_file("text/css; charset=utf-8", STYLE_CSS),
            "/app.js" => static_file("text/javascript; charset=utf-8", APP_JS),
            "/needs-escape.js" => static_file("text/javascript; charset=utf-8", needs_escape_js()),
            "/not-appropriate.js" => {
                static_file("text/javascript; charset=utf-8", not_appropriate_js())
            }
            path if path.starts_with("/api/") => self
                .api(path, request.query)
                .unwrap_or_else(|usage| Response::error(400, &usage)),
            path if path.starts_with("/grammar/") => grammar_file(&path["/".len()..]),
            _ => Response::error(404, &format!("no page at {}", request.path)),
        }
    }

    fn api(&self, path: &str, query: &str) -> Result<Response, Usage> {
        match path {
            "/api/check" => self.check(query),
            "/api/parse" => self.parse(query),
            "/api/compare" => self.compare(query),
            "/api/lint" => self.lint(query),
            "/api/convert" => self.convert(query),
            "/api/resolve" => self.resolve(query),
            "/api/rules" => {
                let p = Params::new("/api/rules", query, &["grammar"])?;
                let grammar: AnyGrammar = p
                    .value::<AnyGrammarArg>("grammar")?
                    .map_or(AnyGrammar::Iri, Into::into);
                Ok(json(&rules_record(grammar)))
            }
            _ => Ok(Response::error(
                404,
                &format!(
                    "no endpoint {path} (endpoints: /api/check, /api/parse, /api/compare, \
                     /api/lint, /api/convert, /api/resolve, /api/rules)"
                ),
            )),
        }
    }

    /// The input parameter as the command line takes an argument: its text, or why it is not
    /// processed.
    fn input<'p>(&self, p: &'p Params, name: &str) -> Result<Result<Cow<'p, str>, NotText>, Usage> {
        Ok(text_of(p.required(name)?, self.max_length))
    }

    /// The lint levels: the server's, or those of a profile.
    fn lint_options(&self, p: &Params) -> Result<Option<&LintOptions>, Usage> {
        match p.text("profile")? {
            None => Ok(None),
            Some(name) => self.profiles.get(name).map(Some).ok_or_else(|| {
                let names: Vec<&str> = PROFILES.iter().map(|p| p.name).collect();
                format!(
                    "invalid value `{name}` for `profile`: one of {}",
                    names.join(", ")
                )
            }),
        }
    }

    fn check(&self, query: &str) -> Result<Response, Usage> {
        let p = Params::new(
            "/api/check",
            query,
            &[
                "input",
                "grammar",
                "rule",
                "lint",
                "profile",
                "max-diagnostics",
            ],
        )?;
        let grammar: AnyGrammar = p
            .value::<AnyGrammarArg>("grammar")?
            .map_or(AnyGrammar::Iri, Into::into);
        let rule = rule_of(grammar, p.text("rule")?).map_err(|e| e.to_string())?;
        let profile = self.lint_options(&p)?;
        let lint = if p.flag("lint")? {
            let main = lint_grammar(grammar, rule)?;
            let limit = p.max_diagnostics(self.max_diagnostics)?;
            Some((main, profile.unwrap_or(&self.levels).clone(), limit))
        } else if profile.is_some() || p.text("max-diagnostics")?.is_some() {
            return Err("profile and max-diagnostics apply with lint=true".to_string());
        } else {
            None
        };
        let options = CheckOptions {
            grammar,
            rule,
            lint,
        };
        let input = self.input(&p, "input")?;
        let (record, _) = check_record(&options, input.as_deref(), false);
        Ok(json(&record))
    }

    fn parse(&self, query: &str) -> Result<Response, Usage> {
        let p = Params::new("/api/parse", query, &["input", "grammar", "rule", "tree"])?;
        let grammar: Grammar = p
            .value::<GrammarArg>("grammar")?
            .map_or(Grammar::Iri, Into::into);
        let rule = rule_of(grammar, p.text("rule")?).map_err(|e| e.to_string())?;
        let input = self.input(&p, "input")?;
        let (record, _) = parse_record(grammar, rule, p.flag("tree")?, input.as_deref(), false);
        Ok(json(&record))
    }

    fn compare(&self, query: &str) -> Result<Response, Usage> {
        let p = Params::new("/api/compare", query, &["input", "grammars", "rule"])?;
        let grammars: Vec<AnyGrammar> = match p.text("grammars")? {
            None => AnyGrammar::ALL.to_vec(),
            Some(list) => list
                .split(',')
                .map(|g| value_of::<AnyGrammarArg>("grammars", g).map(Into::into))
                .collect::<Result<_, _>>()?,
        };
        let rule = named_rule_of(p.text("rule")?, &grammars)?;
        let input = self.input(&p, "input")?;
        Ok(match input.as_deref() {
            Ok(input) => json(&input_record(&grammars, rule, input).0),
            Err(e) => json(&NotProcessedRecord::from(e)),
        })
    }

    fn lint(&self, query: &str) -> Result<Response, Usage> {
        let p = Params::new(
            "/api/lint",
            query,
            &["input", "grammar", "profile", "max-diagnostics"],
        )?;
        let grammar: Grammar = p
            .value::<GrammarArg>("grammar")?
            .map_or(Grammar::Iri, Into::into);
        let options = self.lint_options(&p)?.unwrap_or(&self.levels);
        let limit = p.max_diagnostics(self.max_diagnostics)?;
        let input = self.input(&p, "input")?;
        Ok(match input.as_deref() {
            Ok(input) => json(&lint_record(grammar, options, limit, input).0),
            Err(e) => json(&NotProcessedRecord::from(e)),
        })
    }

    fn convert(&self, query: &str) -> Result<Response, Usage> {
        let command = query_pairs(query)?
            .into_iter()
            .find(|(name, _)| name == b"command")
            .map(|(_, value)| value);
        let item_of = |input: &'_ Result<Cow<'_, str>, NotText>| -> Result<String, NotText> {
            input.as_deref().map(str::to_string).map_err(Clone::clone)
        };
        match command.as_deref() {
            Some(b"to-uri") => {
                let p = Params::new(
                    "/api/convert?command=to-uri",
                    query,
                    &["command", "input", "host", "query-charset", "raw"],
                )?;
                let query_charset = p
                    .text("query-charset")?
                    .map(|l| Charset::for_label(l).map_err(|e| e.to_string()))
                    .transpose()?;
                let options = ToUriOptions::default()
                    .with_host(
                        p.value::<HostArg>("host")?
                            .map_or(HostMapping::Percent, HostMapping::from),
                    )
                    .with_query_charset(query_charset)
                    .with_raw(p.flag("raw")?);
                let input = item_of(&self.input(&p, "input")?);
                let item = item(&input);
                let result = to_uri_outcome(&options, &item);
                Ok(json(&uri_record(&item, &result)))
            }
            Some(b"to-iri") => {
                let p = Params::new(
                    "/api/convert?command=to-iri",
                    query,
                    &["command", "input", "trace", "keep-punycode"],
                )?;
                // The steps are made as the record is written (`iri_record`).
                let options = ToIriOptions::default()
                    .with_convert_punycode(!p.flag("keep-punycode")?)
                    .with_trace(false);
                let input = item_of(&self.input(&p, "input")?);
                let item = item(&input);
                let result = to_iri_outcome(&options, &item);
                Ok(json(&iri_record(
                    &item,
                    &result,
                    p.flag("trace")?,
                    &options,
                )))
            }
            Some(b"from-leiri") => {
                let p = Params::new(
                    "/api/convert?command=from-leiri",
                    query,
                    &["command", "input", "to", "raw"],
                )?;
                let to = p.value::<LeiriTarget>("to")?.unwrap_or(LeiriTarget::Iri);
                let input = item_of(&self.input(&p, "input")?);
                let item = item(&input);
                let result = leiri_outcome(to, p.flag("raw")?, &item);
                Ok(json(&leiri_record(&item, &result)))
            }
            _ => Err(
                "parameter `command` of /api/convert must be to-uri, to-iri or from-leiri"
                    .to_string(),
            ),
        }
    }

    fn resolve(&self, query: &str) -> Result<Response, Usage> {
        let p = Params::new(
            "/api/resolve",
            query,
            &["base", "input", "grammar", "non-strict"],
        )?;
        let grammar: Grammar = p
            .value::<GrammarArg>("grammar")?
            .map_or(Grammar::Iri, Into::into);
        let base = match self.input(&p, "base")? {
            Ok(text) => base_of(grammar, &text)?,
            Err(e) => {
                return Err(format!(
                    "BASE: {}: {} (input: \"{}\")",
                    Origin::Parameter("base"),
                    e.message(),
                    e.escaped
                ))
            }
        };
        let non_strict = p.flag("non-strict")?;
        let input = self.input(&p, "input")?;
        let input = input.as_deref().map(str::to_string).map_err(Clone::clone);
        let item = item(&input);
        let result = resolve_result(&base, non_strict, &item);
        Ok(json(&resolve_record(
            &base, grammar, non_strict, &item, &result,
        )))
    }
}

/// An input parameter as an [`Item`] of the command line's subcommands.
fn item(input: &Result<String, NotText>) -> Item<'_> {
    Item {
        origin: Origin::Parameter("input"),
        input: input.as_deref().map_err(Clone::clone),
        bom_removed: false,
    }
}

/// The page's scripts and styles are its own files; nothing else is loaded or run.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; \
                   img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// A grammar file (`grammar/iri.abnf`) as text.
fn grammar_file(path: &str) -> Response {
    let text = AnyGrammar::ALL
        .iter()
        .flat_map(|g| g.abnf_sources())
        .find(|(file, _)| *file == path)
        .map(|(_, text)| *text);
    match text {
        Some(text) => Response::new(200, "text/plain; charset=utf-8", text),
        None => Response::error(404, &format!("no grammar file /{path}")),
    }
}

/// The script that tells the page which characters to show as `<U+XXXX>` badges
/// ([`scripts::needs_escape_script`]), made once.
fn needs_escape_js() -> &'static str {
    static JS: OnceLock<String> = OnceLock::new();
    JS.get_or_init(scripts::needs_escape_script)
}

/// The script that tells the page which characters are not appropriate in the path of an IRI
/// ([`scripts::not_appropriate_script`]), made once.
fn not_appropriate_js() -> &'static str {
    static JS: OnceLock<String> = OnceLock::new();
    JS.get_or_init(scripts::not_appropriate_script)
}
