//! Grammars for the tests: the URI and IRI grammars of the workspace's `grammar/` folder (RFC 3986,
//! RFC 3987, draft-ietf-iri-3987bis), the largest automata at hand, read as any rule list is. They
//! are test data only: the crate knows nothing of them.

use crate::rules::AbnfRules;
use crate::table::Tuning;

const CORE: (&str, &str) = ("core.abnf", include_str!("../../grammar/core.abnf"));
const URI: (&str, &str) = ("uri.abnf", include_str!("../../grammar/uri.abnf"));
const RFC3987: (&str, &str) = ("rfc3987.abnf", include_str!("../../grammar/rfc3987.abnf"));
const IRI: (&str, &str) = ("iri.abnf", include_str!("../../grammar/iri.abnf"));
const LEIRI: (&str, &str) = ("leiri.abnf", include_str!("../../grammar/leiri.abnf"));

/// The grammars by name, and their whole-reference rule.
pub(crate) const GRAMMARS: [(&str, &str); 4] = [
    ("uri", "URI-reference"),
    ("rfc3987", "IRI-reference"),
    ("iri", "IRI-reference"),
    ("leiri", "IRI-reference"),
];

/// The rules of the grammar `name` (one of [`GRAMMARS`]).
pub(crate) fn rules(name: &str) -> AbnfRules {
    let sources: &[(&str, &str)] = match name {
        "uri" => &[CORE, URI],
        "rfc3987" => &[CORE, RFC3987],
        "iri" => &[CORE, IRI],
        "leiri" => &[CORE, IRI, LEIRI],
        _ => panic!("no grammar {name}"),
    };
    let mut rules = AbnfRules::parse(sources).expect("reads");
    if name == "leiri" {
        // leiri.abnf replaces `iunreserved`, after which `ucschar` is used by no rule.
        rules.remove("ucschar");
    }
    rules
}

/// The tuning of the walks of references: runs in the states that keep every `unreserved`
/// character (RFC 3986 §2.3), "?" a stop before the first "?" or "#", `http://` and `https://`
/// looked up.
pub(crate) fn tuning() -> Tuning {
    Tuning::new()
        .run_bytes(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        .stops(b"?", b"?#")
        .prefix(b"http://")
        .prefix(b"https://")
}

/// The DFA of `rule` of the grammar `name`, tuned for references, built once per process.
pub(crate) fn dfa(name: &str, rule: &str) -> &'static crate::dfa::Dfa {
    use std::collections::HashMap;
    use std::sync::Mutex;
    static BUILT: Mutex<Option<HashMap<(String, String), &'static crate::dfa::Dfa>>> =
        Mutex::new(None);
    let mut built = BUILT.lock().unwrap_or_else(|p| p.into_inner());
    built
        .get_or_insert_with(HashMap::new)
        .entry((name.to_string(), rule.to_string()))
        .or_insert_with(|| {
            let dfa = rules(name).compile_with(rule, &tuning()).expect("compiles");
            Box::leak(Box::new(dfa))
        })
}
