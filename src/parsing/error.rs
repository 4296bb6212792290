//! Errors with positions: byte offset, character column, the rules and tokens expected there, and a
//! caret rendering of the input (in the manner of regex-syntax's diagnostics).

use std::collections::BTreeMap;
use std::fmt;
use std::fmt::Write as _;
use std::sync::OnceLock;

use pest::error::{ErrorVariant, InputLocation};
use pest::RuleType;

use crate::grammar::rule::Rule;
use crate::grammar::AnyGrammar;

/// What kind of error a [`ParseError`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The grammar does not have the start rule.
    UnknownRule,
    /// A character of the input cannot be part of any string of the start rule's language there.
    InvalidCharacter,
    /// The input is a proper prefix of strings of the language: it ends too early.
    UnexpectedEnd,
}

/// One thing the grammar would accept at the offset of a [`ParseError`], shown in ABNF notation.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Expected {
    /// A rule (it displays in spec spelling, `ireg-name`): it could start or continue at the offset.
    Rule(Rule),
    /// One character: `"/"` for a printable ASCII character that is not a letter (RFC 5234 quoted
    /// strings are case-insensitive), `%x41` otherwise.
    Literal(char),
    /// Any character of an inclusive range of code points: `%x41-5A`.
    Range(char, char),
    /// The input may end here.
    EndOfInput,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Rule(rule) => f.write_str(rule.name()),
            Expected::Literal(c) => f.write_str(&abnf_char(*c)),
            Expected::Range(a, b) => write!(f, "%x{:02X}-{:02X}", *a as u32, *b as u32),
            Expected::EndOfInput => f.write_str("end of input"),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Expected {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl Expected {
    /// The items for a sorted list of disjoint code point ranges: a range of one or two characters as
    /// literals, longer ones as ranges.
    pub fn from_ranges(ranges: &[(char, char)]) -> Vec<Expected> {
        let mut out = Vec::new();
        for &(a, b) in ranges {
            match b as u32 - a as u32 {
                0 => out.push(Expected::Literal(a)),
                1 => out.extend([Expected::Literal(a), Expected::Literal(b)]),
                _ => out.push(Expected::Range(a, b)),
            }
        }
        out
    }
}

/// The input does not match the start rule.
///
/// `offset` is the byte offset of the first character that cannot be part of any match: the length of
/// the longest prefix of the input that some string of the rule's language starts with, always at a
/// character boundary (or the input's length when the input ends too early); `column` is the 1-based
/// character position of that offset. Both come from the rule's DFA, so they are exact for the ABNF.
/// `expected` lists, in spec spelling, the rules that could continue at that offset (`ireg-name`,
/// `port`; only in the errors of [`ParseError::explain`](crate::ParseError::explain), when the pest parser fails at the same offset),
/// then every character the grammar would accept there, as ABNF literals and code point ranges (`"/"`,
/// `%x41-5A`), then `end of input` when the input could end there.
#[derive(Clone)]
#[non_exhaustive]
pub struct ParseError {
    /// The grammar the input was checked against (it compares equal to a [`crate::grammar::Grammar`] too).
    pub grammar: AnyGrammar,
    /// The start rule (it displays and serializes as [`Rule::name`]; [`ParseError::message`] spells it
    /// as the grammar's files do, [`AnyGrammar::rule_name`]).
    pub rule: Rule,
    /// Byte offset of the error.
    pub offset: usize,
    /// 1-based character column of the error.
    pub column: usize,
    /// The input ([`ParseError::input`]), kept for rendering and for what is made on demand.
    input: Kept,
    /// What [`ParseError::expected`] and [`ParseError::hint`] are made of (held in the error, so that
    /// making one allocates nothing for an input of up to [`Kept::INLINE`] bytes).
    pub(crate) detail: Detail,
}

/// The copy of the input an error keeps: in the error itself when it is short (as most inputs are),
/// so that making an error allocates nothing; otherwise on the heap.
#[derive(Clone)]
enum Kept {
    Inline { len: u8, bytes: [u8; Kept::INLINE] },
    Heap(Box<str>),
}

impl Kept {
    /// The longest input kept inline.
    const INLINE: usize = 54;

    #[inline]
    fn new(input: &str) -> Kept {
        match u8::try_from(input.len()) {
            Ok(len) if input.len() <= Kept::INLINE => Kept::Inline {
                len,
                bytes: Kept::copy(input.as_bytes()),
            },
            _ => Kept::Heap(input.into()),
        }
    }

    /// `input` (at most [`Kept::INLINE`] bytes) followed by zero bytes: two copies of a fixed size
    /// that overlap with the same bytes (the first and the last 32, 16 or 8 bytes), which compile to
    /// a few moves instead of a call to copy a length known only at run time.
    #[inline]
    fn copy(input: &[u8]) -> [u8; Kept::INLINE] {
        fn both<const N: usize>(bytes: &mut [u8; Kept::INLINE], input: &[u8]) {
            let len = input.len();
            bytes[..N].copy_from_slice(&input[..N]);
            bytes[len - N..len].copy_from_slice(&input[len - N..]);
        }
        let mut bytes = [0; Kept::INLINE];
        match input.len() {
            32.. => both::<32>(&mut bytes, input),
            16.. => both::<16>(&mut bytes, input),
            8.. => both::<8>(&mut bytes, input),
            _ => {
                bytes[..8].copy_from_slice(&crate::abnf::byteset::word_below_8(input).to_le_bytes())
            }
        }
        bytes
    }

    fn as_str(&self) -> &str {
        match self {
            // A copy of a `str`, so always UTF-8.
            Kept::Inline { len, bytes } => {
                std::str::from_utf8(&bytes[..usize::from(*len)]).unwrap_or_default()
            }
            Kept::Heap(input) => input,
        }
    }
}

/// The parts of a [`ParseError`] that [`ParseError::expected`] is made from, on first use.
#[derive(Clone, Default)]
pub(crate) struct Detail {
    /// Where the list of characters comes from.
    at: At,
    /// The list, made on first use, or at once when it starts with the rules the pest parser names
    /// ([`ParseError::explain`]).
    expected: OnceLock<Box<[Expected]>>,
}

/// Where the characters that could come at the offset of an error are listed from.
#[derive(Clone, Copy, Default)]
enum At {
    /// The DFA of the error's rule ([`crate::abnf::registry::loaded`]), from whose state after the
    /// input up to the offset they are listed, and that state when it is known (otherwise it is found
    /// on first use, by walking the DFA over the input up to the offset).
    Dfa(Option<crate::abnf::State>),
    /// Nothing is listed.
    #[default]
    Nowhere,
    /// The grammar has no such rule ([`no_such_rule`]): nothing is listed.
    NoSuchRule,
}

impl Detail {
    /// The detail of an error at a DFA's state, with the rules the pest parser names first in the list.
    fn new(
        rules: Vec<Rule>,
        dfa: Option<&'static crate::abnf::Dfa>,
        state: Option<crate::abnf::State>,
    ) -> Detail {
        let detail = Detail {
            at: dfa.map_or(At::Nowhere, |_| At::Dfa(state)),
            expected: OnceLock::new(),
        };
        if rules.is_empty() {
            return detail;
        }
        let mut list: Vec<Expected> = rules.into_iter().map(Expected::Rule).collect();
        if let (Some(dfa), Some(state)) = (dfa, state) {
            list.extend(characters_at(dfa, state));
        }
        Detail {
            expected: OnceLock::from(list.into_boxed_slice()),
            ..detail
        }
    }

    /// Whether the list starts with rules the pest parser names.
    pub(crate) fn has_rules(&self) -> bool {
        self.expected
            .get()
            .is_some_and(|list| matches!(list.first(), Some(Expected::Rule(_))))
    }

    /// The same detail with `rules` before what it lists (`expected`, the list without rules).
    pub(crate) fn with_rules(&self, rules: Vec<Rule>, expected: &[Expected]) -> Detail {
        let mut list: Vec<Expected> = rules.into_iter().map(Expected::Rule).collect();
        list.extend_from_slice(expected);
        Detail {
            at: self.at,
            expected: OnceLock::from(list.into_boxed_slice()),
        }
    }
}

/// The characters that could come in `state` of `dfa`, then `end of input` if the input may end there.
fn characters_at(dfa: &crate::abnf::Dfa, state: crate::abnf::State) -> Vec<Expected> {
    let mut out = Expected::from_ranges(&dfa.continuations(state));
    if dfa.accepts_end(state) {
        out.push(Expected::EndOfInput);
    }
    out
}

/// Short: the grammar, the rule, the offset, the column and the [kind](ParseError::kind), not the
/// input (which can be long) nor what was expected; [`ParseError::input`], [`ParseError::expected`]
/// and [`ParseError::message_verbose`] have them.
///
/// ```
/// use iri_abnf::{validate, Grammar, Rule};
///
/// let e = validate(Grammar::Uri, Rule::UriReference, "http://a/b c").unwrap_err();
/// assert_eq!(
///     format!("{e:?}"),
///     "ParseError { grammar: Uri, rule: UriReference, offset: 10, column: 11, kind: InvalidCharacter }"
/// );
/// ```
impl fmt::Debug for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ParseError")
            .field("grammar", &self.grammar)
            .field("rule", &self.rule)
            .field("offset", &self.offset)
            .field("column", &self.column)
            .field("kind", &self.kind())
            .finish()
    }
}

impl PartialEq for ParseError {
    fn eq(&self, other: &Self) -> bool {
        self.grammar == other.grammar
            && self.rule == other.rule
            && self.input() == other.input()
            && self.offset == other.offset
            && self.column == other.column
            && self.hint() == other.hint()
            && self.expected() == other.expected()
    }
}

impl Eq for ParseError {}

#[cfg(feature = "serde")]
impl serde::Serialize for ParseError {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = serializer.serialize_struct("ParseError", 6)?;
        st.serialize_field("grammar", &self.grammar)?;
        st.serialize_field("rule", &self.rule)?;
        st.serialize_field("offset", &self.offset)?;
        st.serialize_field("column", &self.column)?;
        st.serialize_field("expected", self.expected())?;
        if let Some(hint) = self.hint() {
            st.serialize_field("hint", &hint)?;
        } else {
            st.skip_field("hint")?;
        }
        st.end()
    }
}

/// The verdict of `rule` of `grammar` on `input` by the rule's automaton: `Err` with the offset of the
/// first character that cannot be part of a match ([`crate::abnf::Dfa::check`], the offset
/// of the error that `validate` gives), for the advice that tries the input otherwise.
fn verdict(grammar: AnyGrammar, rule: Rule, input: &str) -> Result<(), usize> {
    match crate::abnf::dfa(grammar, rule) {
        Ok(dfa) => dfa.check(input).map_err(|f| f.offset),
        Err(_) => Err(0),
    }
}

impl ParseError {
    /// An error at `offset` of `input` with nothing listed as expected (for the rendering tests).
    #[cfg(test)]
    pub(crate) fn new(
        grammar: impl Into<AnyGrammar>,
        rule: Rule,
        input: &str,
        offset: usize,
    ) -> ParseError {
        let offset = offset.min(input.len());
        ParseError {
            grammar: grammar.into(),
            rule,
            input: Kept::new(input),
            offset,
            column: column_of(input, offset),
            detail: Detail::default(),
        }
    }

    /// What the grammar would accept at the offset: in spec spelling, the rules that could continue
    /// there (`ireg-name`, `port`; only in the errors of [`ParseError::explain`](crate::ParseError::explain), when the pest parser fails
    /// at the same offset), then every character the grammar would accept there, as ABNF literals and
    /// code point ranges (`"/"`, `%x41-5A`), then `end of input` when the input could end there.
    ///
    /// Made on first use from the rule's DFA, so an error costs nothing for it until it is asked for.
    pub fn expected(&self) -> &[Expected] {
        let detail = &self.detail;
        detail.expected.get_or_init(|| match detail.at {
            At::Dfa(state) => {
                let dfa = crate::abnf::registry::loaded(self.grammar, self.rule);
                let state = state
                    .unwrap_or_else(|| dfa.state_after(&self.input().as_bytes()[..self.offset]));
                characters_at(dfa, state).into_boxed_slice()
            }
            At::Nowhere | At::NoSuchRule => Box::default(),
        })
    }

    /// The input, as it was given.
    pub fn input(&self) -> &str {
        self.input.as_str()
    }

    /// A note on a likely cause, when one is known: a zone identifier in an IP-literal (RFC 6874
    /// syntax, which no grammar of the crate has). [`ParseError::message`] ends with it. Made on
    /// demand.
    pub fn hint(&self) -> Option<String> {
        // Only an error at a "%" can be a zone identifier's.
        match self.input().as_bytes().get(self.offset) {
            Some(b'%') => zone_id_hint(self.grammar, self.input(), self.offset),
            _ => None,
        }
    }

    /// The same error without the rules of [`ParseError::explain`](crate::ParseError::explain): what [`crate::validate`] gives.
    pub fn without_rules(mut self) -> ParseError {
        if self.detail.has_rules() {
            let rest: Vec<Expected> = self
                .expected()
                .iter()
                .filter(|e| !matches!(e, Expected::Rule(_)))
                .cloned()
                .collect();
            self.detail = self.detail.with_rules(Vec::new(), &rest);
        }
        self
    }

    /// [`ErrorKind::InvalidCharacter`] or, when the offset is the end of the input,
    /// [`ErrorKind::UnexpectedEnd`].
    pub fn kind(&self) -> ErrorKind {
        if let At::NoSuchRule = self.detail.at {
            ErrorKind::UnknownRule
        } else if self.offset >= self.input().len() {
            ErrorKind::UnexpectedEnd
        } else {
            ErrorKind::InvalidCharacter
        }
    }

    /// What is at the offset: `character 'é' (U+00E9)` or `end of input`.
    pub fn found(&self) -> String {
        match self
            .input()
            .get(self.offset..)
            .and_then(|s| s.chars().next())
        {
            Some(c) => format!("character {} (U+{:04X})", quote_char(c), c as u32),
            None => "end of input".to_string(),
        }
    }

    /// One line: first, for the common mistakes, what is wrong in plain words and how to fix it
    /// ([`ParseError::advice`]); then `invalid character 'é' (U+00E9) at byte offset 8 (column 9) for
    /// …; expected …`, with a list of more than six items summarized by class ("a
    /// letter, a digit, one of - . _ ~, …"; the full list is [`ParseError::expected`] and
    /// [`ParseError::message_verbose`]), and the [hint](ParseError::hint) if there is one.
    pub fn message(&self) -> String {
        self.message_with(false)
    }

    /// [`ParseError::message`] with the full list of what was expected, in ABNF notation.
    pub fn message_verbose(&self) -> String {
        self.message_with(true)
    }

    fn message_with(&self, full: bool) -> String {
        if let At::NoSuchRule = self.detail.at {
            return crate::grammar::UnknownName::rule(self.grammar, self.rule.name()).to_string();
        }
        let found = self.found();
        let what = if found == "end of input" {
            "unexpected end of input".to_string()
        } else {
            format!("invalid {found}")
        };
        let hint = self
            .hint()
            .map_or(String::new(), |h| format!("; note: {h}"));
        let advice = self.advice().map_or(String::new(), |a| format!("{a}. "));
        let expected = if full || self.expected().len() <= EXPECTED_SHOWN {
            self.expected_text()
        } else {
            summarize_expected(self.expected())
        };
        format!(
            "{advice}{what} at byte offset {} (column {}) for {} `{}`; expected {expected}{hint}",
            self.offset,
            self.column,
            self.grammar,
            self.grammar.rule_name(self.rule),
        )
    }

    /// What is wrong, in plain words, and how to fix it, for the common mistakes:
    ///
    /// - whitespace at the start or at the end of the input (a space, a tab, a line break, any Unicode
    ///   `White_Space` the grammar rejects there): it is not part of the identifier, remove it (RFC 3986
    ///   Appendix C; draft-weber-iri-guidelines §4 step 1 trims it); a space inside is to be encoded as
    ///   `%20` (RFC 3986 §2, 3987bis §2.2);
    /// - a scheme that does not begin with a letter (RFC 3986 §3.1: `scheme = ALPHA *( ALPHA / DIGIT /
    ///   "+" / "-" / "." )`), or text before the first `:` that cannot be a scheme;
    /// - a relative reference (RFC 3986 §4.2) where an absolute one is required (the rules `URI`, `IRI`,
    ///   `absolute-URI`, `absolute-IRI`, `absoluteURI`, `absoluteIRI`: RFC 3986 §4.3, 3987bis §2.2), and
    ///   a fragment under the absolute rules that have none (RFC 3986 §4.3);
    /// - a character that no URI or IRI may hold raw (RFC 3986 §2, 3987bis §2.2: encode it as `%HH`), a
    ///   `%` not followed by two hex digits (RFC 3986 §2.1: write `%25`), a character outside US-ASCII
    ///   in a URI (RFC 3986 §2; 3987bis §3.6: `iri to-uri`), a second `#`, square brackets outside the
    ///   host, a port that is not digits (RFC 3986 §3.2.3), an IP literal that is not an IPv6 address
    ///   (RFC 3986 §3.2.2).
    ///
    /// `None` when no such cause is recognized: the ABNF detail of [`ParseError::message`] says it all.
    ///
    /// ```
    /// use iri_abnf::{validate, Grammar, Rule};
    ///
    /// let e = validate(Grammar::Iri, Rule::IriReference, "http://a/b c").unwrap_err();
    /// assert_eq!(e.advice().unwrap(), "a space is not allowed in an IRI: encode it as %20");
    /// let e = validate(Grammar::Iri, Rule::IriReference, "http://a/b ").unwrap_err();
    /// assert!(e.advice().unwrap().starts_with("a space at the end of the input is not part of an IRI: remove it"));
    /// let e = validate(Grammar::Iri, Rule::Iri, "//example.org/x").unwrap_err();
    /// assert!(e.advice().unwrap().starts_with(
    ///     "a relative reference (a network-path reference, RFC 3986 §4.2) was given where an \
    ///      absolute IRI is required"
    /// ));
    /// let e = validate(Grammar::Uri, Rule::Uri, "1http://a").unwrap_err();
    /// assert!(e.advice().unwrap().starts_with("a scheme begins with a letter"));
    /// ```
    pub fn advice(&self) -> Option<String> {
        if !matches!(self.detail.at, At::Dfa(_) | At::Nowhere) {
            return None;
        }
        let input = self.input();
        let mut at = self.offset.min(input.len());
        while !input.is_char_boundary(at) {
            at -= 1;
        }
        let before = &input[..at];
        let c = input[at..].chars().next();
        let uri = self.is_uri_grammar();
        let what = if uri { "a URI" } else { "an IRI" };
        if let Some(advice) = self.edge_whitespace(at, what) {
            return Some(advice);
        }
        if let Some(advice) = self.scheme_start(at) {
            return Some(advice);
        }
        if let Some(advice) = self.relative_for_absolute(at) {
            return Some(advice);
        }
        // A `%` at the offset or one or two bytes before it that does not start `%HH`.
        let bytes = input.as_bytes();
        let percent = |p: usize| {
            let hex = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_hexdigit);
            bytes.get(p) == Some(&b'%') && !(hex(p + 1) && hex(p + 2))
        };
        for back in 1..=2 {
            if let Some(p) = at.checked_sub(back) {
                if percent(p) && bytes[p + 1..at].iter().all(u8::is_ascii_hexdigit) {
                    return Some(
                        "'%' must start a percent-encoding, '%' and two hex digits (%HH); to write \
                         a '%' itself, write %25"
                            .to_string(),
                    );
                }
            }
        }
        if let Some(c) = c {
            if c == '%' && percent(at) && !self.in_authority_port(at) {
                return Some(
                    "'%' must start a percent-encoding, '%' and two hex digits (%HH); to write a \
                     '%' itself, write %25"
                        .to_string(),
                );
            }
        }
        let encoded = |c: char| {
            let mut buf = [0; 4];
            c.encode_utf8(&mut buf)
                .bytes()
                .map(|b| format!("%{b:02X}"))
                .collect::<String>()
        };
        let plain = c.and_then(|c| match c {
            ' ' => Some(format!(
                "a space is not allowed in {what}: encode it as %20"
            )),
            '<' | '>' | '"' | '{' | '}' | '|' | '\\' | '^' | '`' => Some(format!(
                "the character {} is not allowed anywhere in {what}: encode it as {}",
                quote_char(c),
                encoded(c)
            )),
            c if c.is_control() => Some(format!(
                "a control character ({}) is not allowed in {what}: encode it as {}",
                quote_char(c),
                encoded(c)
            )),
            c if !c.is_ascii() && uri => Some(format!(
                "a URI holds only US-ASCII characters, and {} is not: convert the IRI to a URI \
                 with `iri to-uri` (it becomes {}), or check it as an IRI (--grammar iri)",
                quote_char(c),
                encoded(c)
            )),
            _ => None,
        });
        if plain.is_some() {
            return plain;
        }
        if let Some(advice) = self.not_a_scheme(at) {
            return Some(advice);
        }
        // Inside an IP literal: `[` before the offset in the authority, with no `]` after it.
        if let Some(open) = self.authority_before(at).and_then(|a| a.rfind('[')) {
            let authority = self.authority_before(at).unwrap_or_default();
            if !authority[open..].contains(']') && self.hint().is_none() {
                return Some(
                    "not a valid IP literal: between '[' and ']' the host must be an IPv6 address \
                     (up to eight groups of 1 to 4 hex digits separated by ':', at most one '::', \
                     optionally ending in an IPv4 address) or IPvFuture ('v', a hex version, '.', \
                     then characters)"
                        .to_string(),
                );
            }
        }
        if let Some(port) = self.port_before(at) {
            let digits = port.bytes().all(|b| b.is_ascii_digit());
            if !digits || c.is_some_and(|c| !matches!(c, '/' | '?' | '#')) {
                let shown = if digits {
                    &input[at - port.len()..(at + c.map_or(0, char::len_utf8))]
                } else {
                    port
                };
                return Some(format!(
                    "the port after ':' in the authority must be decimal digits only, and \"{}\" is \
                     not; a ':' in a host name is allowed only inside [ ] around an IPv6 address",
                    display_text(&shown.chars().take(40).collect::<String>())
                        + if shown.chars().nth(40).is_some() { "…" } else { "" }
                ));
            }
        }
        let c = c?;
        match c {
            '#' if before.contains('#') => Some(
                "only the first '#' starts the fragment; a '#' inside the fragment must be \
                 encoded as %23"
                    .to_string(),
            ),
            '[' | ']' => Some(format!(
                "square brackets are allowed only around an IP literal in the host: elsewhere \
                 encode them as %5B and %5D (here: {})",
                encoded(c)
            )),
            c if !c.is_ascii() => Some(format!(
                "the character {} (U+{:04X}) is not allowed here in {what}: percent-encode its \
                 UTF-8 octets as {}",
                quote_char(c),
                c as u32,
                encoded(c)
            )),
            _ => None,
        }
    }

    /// The authority up to byte `at`, when `at` is inside the authority of an absolute reference or
    /// a network-path reference (`//` after an optional scheme).
    fn authority_before(&self, at: usize) -> Option<&str> {
        let input = self.input().get(..at)?;
        let start = match input.find("//") {
            Some(i) if i == 0 || input[..i].strip_suffix(':').is_some_and(is_scheme) => i + 2,
            _ => return None,
        };
        let authority = &input[start..];
        (!authority.contains(['/', '?', '#'])).then_some(authority)
    }

    /// The port digits before `at` when `at` is in the port of an authority (after the host's ':',
    /// with no userinfo '@' after it).
    fn port_before(&self, at: usize) -> Option<&str> {
        let authority = self.authority_before(at)?;
        let host = &authority[authority.rfind('@').map_or(0, |i| i + 1)..];
        let host_end = host.rfind(']').unwrap_or(0);
        let colon = host[host_end..].find(':')? + host_end;
        if host.starts_with('[') && host_end == 0 {
            return None;
        }
        // A ':' with '@' later in the input may be userinfo: only when no '@' follows the offset.
        if self
            .input()
            .get(at..)?
            .split(['/', '?', '#'])
            .next()?
            .contains('@')
        {
            return None;
        }
        Some(&host[colon + 1..])
    }

    fn in_authority_port(&self, at: usize) -> bool {
        self.port_before(at).is_some()
    }

    /// Whether the grammar is one of URIs (RFC 3986, RFC 2396, RFC 2732), whose messages say "a URI".
    fn is_uri_grammar(&self) -> bool {
        matches!(
            self.grammar,
            AnyGrammar::Uri | AnyGrammar::Rfc2396 | AnyGrammar::Rfc2732
        )
    }

    /// Whether the start rule is one of the absolute rules, which begin with `scheme ":"` (RFC 3986
    /// §3 and §4.3, 3987bis §2.2, RFC 2396 §3): `URI`, `IRI`, `absolute-URI`, `absolute-IRI`,
    /// `absoluteURI`, `absoluteIRI`.
    fn absolute_rule(&self) -> bool {
        matches!(
            self.grammar.rule_name(self.rule),
            "URI" | "IRI" | "absolute-URI" | "absolute-IRI" | "absoluteURI" | "absoluteIRI"
        )
    }

    /// Whether the start rule begins with a scheme or may (the absolute rules and the reference rule),
    /// or is `scheme` itself.
    fn scheme_first(&self) -> bool {
        self.absolute_rule()
            || self.rule == self.grammar.reference_rule()
            || self.rule == Rule::Scheme
    }

    /// Whitespace at the start or at the end of the input: not part of a URI or IRI (RFC 3986
    /// Appendix C: whitespace around an identifier "should be ignored when the URI is extracted";
    /// draft-weber-iri-guidelines §4 step 1 removes it), so the advice is to remove it, not to encode it.
    /// Given when the error is inside such whitespace, or when the input without it matches the rule.
    fn edge_whitespace(&self, at: usize, what: &str) -> Option<String> {
        let input = self.input();
        let lead = input.len() - input.trim_start().len();
        let trail = input.len() - input.trim_end().len();
        if lead == 0 && trail == 0 {
            return None;
        }
        let (lead, trail) = if lead == input.len() {
            // Only whitespace: it is all "at the start".
            (lead, 0)
        } else {
            (lead, trail)
        };
        let end = input.len() - trail;
        let in_lead = at < lead;
        let in_trail = trail > 0 && at >= end && at < input.len();
        let rest_valid = verdict(self.grammar, self.rule, &input[lead..end]).is_ok();
        let (start, finish) = match (rest_valid, in_lead, in_trail) {
            (true, _, _) => (lead > 0, trail > 0),
            (false, true, _) => (true, false),
            (false, _, true) => (false, true),
            (false, false, false) => return None,
        };
        let rule = self.grammar.rule_name(self.rule);
        let tail = if rest_valid {
            format!(" (the rest is a valid {rule})")
        } else {
            String::new()
        };
        Some(match (start, finish) {
            (true, true) => format!(
                "{} at the start and {} at the end of the input are not part of {what}: remove \
                 them{tail}",
                whitespace_words(&input[..lead]),
                whitespace_words(&input[end..])
            ),
            (true, false) => format!(
                "{} at the start of the input {} not part of {what}: remove {}{tail}",
                whitespace_words(&input[..lead]),
                verb(&input[..lead]),
                pronoun(&input[..lead])
            ),
            _ => format!(
                "{} at the end of the input {} not part of {what}: remove {}{tail}",
                whitespace_words(&input[end..]),
                verb(&input[end..]),
                pronoun(&input[end..])
            ),
        })
    }

    /// The text before the first `:` of the input, when nothing before it ends a scheme (no `/`, `?`
    /// or `#`; RFC 3986 §3.1, §4.2: such a colon can only end a scheme) and it is not empty, with the
    /// colon's offset; for the rule `scheme`, the whole input.
    fn scheme_candidate(&self) -> Option<(&str, usize)> {
        let input = self.input();
        if self.rule == Rule::Scheme {
            return (!input.is_empty()).then_some((input, input.len()));
        }
        let colon = input.find([':', '/', '?', '#'])?;
        (input.as_bytes()[colon] == b':' && colon > 0).then(|| (&input[..colon], colon))
    }

    /// A scheme that begins with a digit, `+`, `-` or `.` and holds only scheme characters after it
    /// (RFC 3986 §3.1: `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`; RFC 2396 §3.1 and the
    /// IRI grammars have the same rule).
    fn scheme_start(&self, at: usize) -> Option<String> {
        if !self.scheme_first() {
            return None;
        }
        let (candidate, colon) = self.scheme_candidate()?;
        let first = candidate.chars().next()?;
        let rest_ok = candidate.bytes().all(is_scheme_byte);
        if first.is_ascii_alphabetic() || !rest_ok || at > colon {
            return None;
        }
        let what = if first.is_ascii_digit() {
            format!("the digit {}", quote_char(first))
        } else {
            quote_char(first)
        };
        Some(format!(
            "a scheme begins with a letter (RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \
             \"-\" / \".\" )), and \"{}\" begins with {what}",
            shortened(candidate)
        ))
    }

    /// Text before the first `:` that cannot be a scheme because it holds a character that no scheme
    /// holds (RFC 3986 §3.1), when the error is within it or at the colon.
    fn not_a_scheme(&self, at: usize) -> Option<String> {
        if !self.scheme_first() {
            return None;
        }
        let (candidate, colon) = self.scheme_candidate()?;
        if at > colon || !candidate.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return None;
        }
        let bad = candidate
            .chars()
            .find(|&c| !(c.is_ascii() && is_scheme_byte(c as u8)))?;
        Some(format!(
            "\"{}\" before the first ':' is not a scheme: a scheme is a letter followed by letters, \
             digits, '+', '-' and '.' only (RFC 3986 §3.1), and {} is none of them",
            shortened(candidate),
            quote_char(bad)
        ))
    }

    /// A relative reference (RFC 3986 §4.2) given to an absolute rule: the input has no scheme (no
    /// `:` before its first `/`, `?` or `#`, RFC 3986 §4.2), and the grammar's reference rule reads further into it
    /// than the absolute rule did. Also a fragment given to an absolute rule that has none
    /// (`absolute-URI`, `absolute-IRI`, RFC 2396's `absoluteURI`: RFC 3986 §4.3).
    fn relative_for_absolute(&self, at: usize) -> Option<String> {
        if !self.absolute_rule() {
            return None;
        }
        let input = self.input();
        let name = self.grammar.rule_name(self.rule);
        let reference = self.grammar.reference_rule();
        let reference_name = self.grammar.rule_name(reference);
        let absolute = if self.is_uri_grammar() {
            "an absolute URI"
        } else {
            "an absolute IRI"
        };
        if let Some((candidate, _)) = self.scheme_candidate() {
            if !is_scheme(candidate) {
                // Not a relative reference: text before a ':' that is no scheme
                // ([`ParseError::scheme_start`], [`ParseError::not_a_scheme`]).
                return None;
            }
            // A fragment where the rule has none: the input up to the '#' matches the rule.
            let fragment = input.as_bytes().get(at) == Some(&b'#')
                && !matches!(name, "URI" | "IRI")
                && verdict(self.grammar, self.rule, &input[..at]).is_ok();
            return fragment.then(|| {
                format!(
                    "{name} has no fragment (RFC 3986 §4.3): remove the '#' and what follows it, \
                     or check the input under {reference_name}"
                )
            });
        }
        let further = match verdict(self.grammar, reference, input) {
            Ok(()) => true,
            Err(offset) => offset > at,
        };
        if !further {
            return None;
        }
        let kind = if input.is_empty() {
            "an empty reference".to_string()
        } else if input.starts_with('#') {
            "a relative reference (a same-document reference, RFC 3986 §4.4)".to_string()
        } else if input.starts_with("//") {
            "a relative reference (a network-path reference, RFC 3986 §4.2)".to_string()
        } else if input.starts_with('/') {
            "a relative reference (an absolute-path reference, RFC 3986 §4.2)".to_string()
        } else {
            "a relative reference (a relative-path reference, RFC 3986 §4.2)".to_string()
        };
        Some(format!(
            "{kind} was given where {absolute} is required: {name} starts with a scheme and ':', \
             such as \"http:\" (RFC 3986 §4.3); resolve the reference against a base first, or \
             check it under {reference_name}, where relative references are valid"
        ))
    }

    fn expected_text(&self) -> String {
        match self.expected() {
            [] => "nothing more".to_string(),
            [one] => one.to_string(),
            many => {
                let items: Vec<String> = many.iter().map(ToString::to_string).collect();
                format!("one of {}", items.join(", "))
            }
        }
    }

    /// The input on one line (characters that would disturb the display escaped as `\u{…}`) with a caret
    /// under the error, as two lines.
    pub fn render_caret(&self) -> String {
        render_caret(self.input(), self.offset)
    }
}

/// One line, [`ParseError::message`]: the advice if there is one, what was found at which byte
/// offset and column, and what was expected. The alternate form (`{:#}`) adds the input and a caret
/// under the error ([`ParseError::render_caret`]), each line after `\n  | `, without a final line
/// break (an error of [`ErrorKind::UnknownRule`] has no caret lines).
///
/// ```
/// use iri_abnf::{validate, Grammar, Rule};
///
/// let e = validate(Grammar::Uri, Rule::UriReference, "http://a/b c").unwrap_err();
/// let line = e.to_string();
/// assert!(line.starts_with("a space is not allowed in a URI: encode it as %20. invalid character ' ' \
///                           (U+0020) at byte offset 10 (column 11) for uri `URI-reference`; expected "));
/// assert!(!line.contains('\n'));
/// assert_eq!(format!("{e:#}"), format!("{line}\n  | http://a/b c\n  |           ^"));
/// ```
impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())?;
        if f.alternate() && self.kind() != ErrorKind::UnknownRule {
            for line in self.render_caret().lines() {
                write!(f, "\n  | {line}")?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for ParseError {}

/// Whether `b` can be in a scheme after its first letter (RFC 3986 §3.1).
fn is_scheme_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
}

/// `text` cut to its first 40 characters, with `…` when it is longer, escaped for display.
fn shortened(text: &str) -> String {
    let shown: String = text.chars().take(40).collect();
    let more = if text.chars().nth(40).is_some() {
        "…"
    } else {
        ""
    };
    display_text(&shown) + more
}

/// A run of whitespace in words: `a space`, `3 spaces`, `a tab (U+0009)`, `2 tabs (U+0009)`, or
/// `whitespace (U+0009, U+0020)` for a mix.
fn whitespace_words(run: &str) -> String {
    let mut kinds: Vec<char> = run.chars().collect();
    let count = kinds.len();
    kinds.sort_unstable();
    kinds.dedup();
    match (kinds.as_slice(), count) {
        ([' '], 1) => "a space".to_string(),
        ([' '], n) => format!("{n} spaces"),
        ([c], 1) => format!("{} (U+{:04X})", whitespace_name(*c).0, *c as u32),
        ([c], n) => format!("{n} {} (U+{:04X})", whitespace_name(*c).1, *c as u32),
        (many, _) => {
            let shown: Vec<String> = many
                .iter()
                .take(6)
                .map(|c| format!("U+{:04X}", *c as u32))
                .collect();
            let more = if many.len() > 6 { ", …" } else { "" };
            format!("whitespace ({}{more})", shown.join(", "))
        }
    }
}

/// A whitespace character's name, with its article and in the plural, for [`whitespace_words`].
fn whitespace_name(c: char) -> (&'static str, &'static str) {
    match c {
        '\t' => ("a tab", "tabs"),
        '\n' => ("a line feed", "line feeds"),
        '\r' => ("a carriage return", "carriage returns"),
        '\u{B}' => ("a line tabulation", "line tabulations"),
        '\u{C}' => ("a form feed", "form feeds"),
        '\u{A0}' => ("a no-break space", "no-break spaces"),
        '\u{3000}' => ("an ideographic space", "ideographic spaces"),
        _ => ("a whitespace character", "whitespace characters"),
    }
}

/// `are` for a run of more than one character of one kind (`3 spaces`), `is` otherwise.
fn verb(run: &str) -> &'static str {
    let mut chars = run.chars();
    let first = chars.next();
    let plural = chars.clone().next().is_some() && chars.all(|c| Some(c) == first);
    if plural {
        "are"
    } else {
        "is"
    }
}

/// `it` or `them`, as [`verb`] says `is` or `are`.
fn pronoun(run: &str) -> &'static str {
    if verb(run) == "is" {
        "it"
    } else {
        "them"
    }
}

/// `input` on one line (characters that would disturb the display escaped as `\u{…}`) with a caret
/// under the character at byte `offset`, as two lines.
///
/// A line of more than 4000 display columns is shown as a window around the offset: at most 1000
/// columns before it and as many from it, with `…` where the line is cut (an escape is never cut in
/// two). The caret stays under the character at the offset; the columns are counted in characters,
/// as in [`ParseError::column`]. Any offset renders, whatever the line's length. It is what
/// [`ParseError::render_caret`] shows for an error.
///
/// ```
/// use iri_abnf::report::render_caret;
///
/// assert_eq!(render_caret("http://a/b c", 10), "http://a/b c\n          ^");
/// // A right-to-left override would reorder the line on screen: it is shown escaped.
/// assert_eq!(render_caret("/\u{202E}x", 4), "/\\u{202E}x\n         ^");
/// ```
pub fn render_caret(input: &str, offset: usize) -> String {
    let (line, caret_col) = render_line(input, offset);
    // Not `{:>width$}`: a format width above u16::MAX panics.
    format!("{line}\n{}^", " ".repeat(caret_col))
}

/// The bytes `start..end` of `input` underlined (`^^^`) under the input on one line, escaped as
/// [`render_caret`] escapes it, for a diagnostic: a line of more than 120 display columns is shown as
/// a window of at most 40 columns on each side of the span (and of the span's first 40 columns), with
/// `…` where it is cut, as rustc cuts long lines. The
/// work and the text are bounded by the window, not by the input: an input can have a diagnostic per
/// character.
///
/// ```
/// use iri_abnf::report::render_span;
///
/// assert_eq!(render_span("HTTP://a/", 0, 4), "HTTP://a/\n^^^^");
/// assert_eq!(render_span("/a\u{200B}b", 2, 5), "/a\\u{200B}b\n  ^^^^^^^^");
/// let long = format!("http://a/{}%7e{}", "b".repeat(500), "c".repeat(500));
/// let shown = render_span(&long, 509, 512);
/// let (line, carets) = shown.split_once('\n').unwrap();
/// assert!(line.starts_with('…') && line.ends_with('…') && line.contains("b%7ec"));
/// assert_eq!(carets.trim_start(), "^^^");
/// // The carets stand under the span, and the line is cut to the window.
/// let under: String = line.chars().skip(carets.len() - 3).take(3).collect();
/// assert_eq!(under, "%7e");
/// assert!(line.chars().count() <= 2 + 2 * 40 + 3);
/// ```
pub fn render_span(input: &str, start: usize, end: usize) -> String {
    let floor = |mut b: usize| {
        b = b.min(input.len());
        while !input.is_char_boundary(b) {
            b -= 1;
        }
        b
    };
    let (start, end) = (floor(start), floor(end.max(start)));
    let width = |c: char| {
        if needs_escape(c) {
            // `\u{…}`: three characters, the hex digits, and the brace.
            4 + format!("{:X}", c as u32).len()
        } else {
            1
        }
    };
    // The window: up to SPAN_CONTEXT columns before the span, the span's first SPAN_CONTEXT columns,
    // and up to SPAN_CONTEXT columns after what is shown of the span. A line of at most
    // SPAN_LINE_MAX columns is shown whole; it is found out without looking further than that.
    let short =
        input.len() <= SPAN_LINE_MAX && input.chars().map(width).sum::<usize>() <= SPAN_LINE_MAX;
    let (from, to, span_to) = if short {
        (0, input.len(), end)
    } else {
        let mut from = start;
        let mut cols = 0;
        for (i, c) in input[..start].char_indices().rev() {
            cols += width(c);
            if cols > SPAN_CONTEXT {
                break;
            }
            from = i;
        }
        let mut span_to = start;
        let mut cols = 0;
        for (i, c) in input[start..end].char_indices() {
            if cols >= SPAN_CONTEXT {
                break;
            }
            cols += width(c);
            span_to = start + i + c.len_utf8();
        }
        let mut to = span_to;
        let mut cols = 0;
        for (i, c) in input[span_to..].char_indices() {
            cols += width(c);
            if cols > SPAN_CONTEXT {
                break;
            }
            to = span_to + i + c.len_utf8();
        }
        (from, to, span_to)
    };
    let mut line = String::new();
    if from > 0 {
        line.push('…');
    }
    let before = line.chars().count() + input[from..start].chars().map(width).sum::<usize>();
    let under = input[start..span_to]
        .chars()
        .map(width)
        .sum::<usize>()
        .max(1);
    for c in input[from..to].chars() {
        push_display(c, &mut line);
    }
    if to < input.len() {
        line.push('…');
    }
    format!("{line}\n{}{}", " ".repeat(before), "^".repeat(under))
}

/// Lines longer than this many display columns are shown by [`render_span`] as a window around the
/// span (its documentation gives the number).
pub(crate) const SPAN_LINE_MAX: usize = 120;

/// Display columns shown on each side of the span in a line longer than [`SPAN_LINE_MAX`].
pub(crate) const SPAN_CONTEXT: usize = 40;

/// Lines longer than this many display columns are shown as a window around the error
/// (see [`render_caret`], whose documentation gives the number).
pub(crate) const CARET_LINE_MAX: usize = 4000;

/// Display columns shown on each side of the error in a line longer than [`CARET_LINE_MAX`].
pub(crate) const CARET_CONTEXT: usize = 1000;

/// The display text of one character: itself, or `\u{…}` for the characters of [`needs_escape`].
fn push_display(c: char, out: &mut String) -> usize {
    if needs_escape(c) {
        let e = format!("\\u{{{:X}}}", c as u32);
        out.push_str(&e);
        e.len()
    } else {
        out.push(c);
        1
    }
}

/// The input as [`render_caret`] shows it (without the window): each character of [`needs_escape`] as
/// `\u{…}`, every other one as itself.
pub(crate) fn display_text(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    for c in input.chars() {
        push_display(c, &mut out);
    }
    out
}

/// Lists of at most this many expected items are shown whole in [`ParseError::message`]; longer ones
/// are summarized by class.
pub(crate) const EXPECTED_SHOWN: usize = 6;

/// A list of expected items summarized by class, for people: the rules by name, then `a letter`, `a
/// digit` or `a hex digit` where the whole class is in the list, the other ASCII characters one by one
/// (`one of - . _ ~`), `a character outside US-ASCII (N ranges from U+00A0)`, and `end of input`.
pub(crate) fn summarize_expected(items: &[Expected]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut ascii = [false; 128];
    let mut wide: Vec<(char, char)> = Vec::new();
    let mut end = false;
    for item in items {
        match *item {
            Expected::Rule(r) => parts.push(r.name().to_string()),
            Expected::Literal(c) => mark(&mut ascii, &mut wide, c, c),
            Expected::Range(a, b) => mark(&mut ascii, &mut wide, a, b),
            Expected::EndOfInput => end = true,
        }
    }
    let all =
        |r: std::ops::RangeInclusive<u8>, set: &[bool; 128]| r.into_iter().all(|b| set[b as usize]);
    let letters = all(b'a'..=b'z', &ascii) && all(b'A'..=b'Z', &ascii);
    let digits = all(b'0'..=b'9', &ascii);
    let hex = !letters && digits && all(b'a'..=b'f', &ascii) && all(b'A'..=b'F', &ascii);
    let mut covered = [false; 128];
    if letters {
        parts.push("a letter".to_string());
        for b in (b'a'..=b'z').chain(b'A'..=b'Z') {
            covered[b as usize] = true;
        }
    }
    if hex {
        parts.push("a hex digit".to_string());
        for b in (b'0'..=b'9').chain(b'a'..=b'f').chain(b'A'..=b'F') {
            covered[b as usize] = true;
        }
    } else if digits {
        parts.push("a digit".to_string());
        for b in b'0'..=b'9' {
            covered[b as usize] = true;
        }
    }
    let rest: Vec<String> = (0u8..128)
        .filter(|&b| ascii[b as usize] && !covered[b as usize])
        .map(|b| {
            let c = b as char;
            if c.is_ascii_graphic() {
                c.to_string()
            } else {
                format!("%x{b:02X}")
            }
        })
        .collect();
    match rest.as_slice() {
        [] => {}
        [one] => parts.push(format!("'{one}'")),
        many => parts.push(format!("one of {}", many.join(" "))),
    }
    if let Some(&(first, _)) = wide.first() {
        let n = wide.len();
        parts.push(format!(
            "a character outside US-ASCII ({n} range{} from U+{:04X})",
            if n == 1 { "" } else { "s" },
            first as u32
        ));
    }
    if end {
        parts.push("end of input".to_string());
    }
    match parts.len() {
        0 => "nothing more".to_string(),
        1 => parts.remove(0),
        _ => {
            let last = parts.pop().unwrap_or_default();
            format!("{}, or {last}", parts.join(", "))
        }
    }
}

/// Marks the ASCII part of `a..=b` in `ascii` and keeps the rest in `wide`.
fn mark(ascii: &mut [bool; 128], wide: &mut Vec<(char, char)>, a: char, b: char) {
    for c in (a as u32)..=(b as u32).min(127) {
        ascii[c as usize] = true;
    }
    if b as u32 > 127 {
        let from = char::from_u32((a as u32).max(128)).unwrap_or(a);
        wide.push((from, b));
    }
}

/// A scheme: a letter, then letters, digits, `+`, `-` and `.` (RFC 3986 §3.1).
fn is_scheme(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// The 1-based character column of a byte offset, as [`ParseError::column`] counts it (the offset is
/// clamped to the input and to a character boundary at or before it).
///
/// ```
/// use iri_abnf::report::column_of;
///
/// assert_eq!(column_of("http://r\u{E9}sum\u{E9}/x y", 17), 16);
/// assert_eq!(column_of("ab", 99), 3);
/// ```
pub fn column_of(input: &str, offset: usize) -> usize {
    let mut end = offset.min(input.len());
    while !input.is_char_boundary(end) {
        end -= 1;
    }
    // The characters are the bytes that are not UTF-8 continuation bytes (`10xxxxxx`, RFC 3629 §3).
    end - crate::abnf::byteset::continuation_bytes(&input.as_bytes()[..end]) + 1
}

/// Characters that would make a terminal rendering lie about the input: controls, the bidirectional
/// formatting characters (which reorder what follows them on screen), and characters that show nothing
/// (zero-width and invisible format characters, tags, noncharacters). They are shown as `\u{…}`
/// ([`quote`], [`render_caret`], [`render_span`]).
///
/// ```
/// use iri_abnf::report::needs_escape;
///
/// assert!(needs_escape('\u{202E}') && needs_escape('\u{200B}') && needs_escape('\n'));
/// assert!(!needs_escape('é') && !needs_escape(' '));
/// ```
pub fn needs_escape(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF0}'..='\u{FFFB}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
        || crate::characters::is_noncharacter(c)
}

/// Renders the input for display and returns the display column (0-based, in characters) of `offset`
/// in the rendered line: the whole input, or a window around the offset when the input is longer
/// than [`CARET_LINE_MAX`] columns (see [`render_caret`]).
fn render_line(input: &str, offset: usize) -> (String, usize) {
    let width = |c: char| {
        if needs_escape(c) {
            display_text(c.encode_utf8(&mut [0; 4])).len()
        } else {
            1
        }
    };
    // The caret's column and the line's width, in one pass without building the line.
    let mut caret = None;
    let mut total = 0;
    for (i, c) in input.char_indices() {
        if i >= offset && caret.is_none() {
            caret = Some(total);
        }
        total += width(c);
    }
    let caret = caret.unwrap_or(total);
    if total <= CARET_LINE_MAX {
        return (display_text(input), caret);
    }
    // The characters whose display starts within CARET_CONTEXT columns of the caret, on either side.
    let from = caret.saturating_sub(CARET_CONTEXT);
    let to = caret + CARET_CONTEXT;
    let mut out = String::new();
    let mut col = 0;
    let mut first = None;
    let mut cut_after = false;
    for c in input.chars() {
        if col >= to {
            cut_after = true;
            break;
        }
        if col >= from {
            first.get_or_insert(col);
            push_display(c, &mut out);
        }
        col += width(c);
    }
    let first = first.unwrap_or(caret);
    let mut line = String::with_capacity(out.len() + 6);
    let mut shown_caret = caret - first;
    if first > 0 {
        line.push('…');
        shown_caret += 1;
    }
    line.push_str(&out);
    if cut_after {
        line.push('…');
    }
    (line, shown_caret)
}

/// Text for display on one terminal line: `\` as `\\`, and the characters of [`needs_escape`]
/// (controls, bidi formatting and invisible characters) as `\u{X}`; borrowed when nothing needs it.
/// Unlike [`quote`], no quotation marks are added and `"` stands for itself.
///
/// ```
/// use iri_abnf::report::escape;
///
/// assert_eq!(escape("http://a/b"), "http://a/b");
/// assert_eq!(escape("a\\b"), "a\\\\b");
/// assert_eq!(escape("a\u{202E}b\nc"), "a\\u{202E}b\\u{A}c");
/// ```
pub fn escape(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| c == '\\' || needs_escape(c)) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    escape_into(text, &mut out);
    std::borrow::Cow::Owned(out)
}

/// [`escape`], appended to `out`.
pub fn escape_into(text: &str, out: &mut String) {
    for c in text.chars() {
        if c == '\\' {
            out.push_str("\\\\");
        } else if needs_escape(c) {
            let _ = write!(out, "\\u{{{:X}}}", c as u32);
        } else {
            out.push(c);
        }
    }
}

/// The input quoted for display, with the characters of [`needs_escape`] and `"`/`\` escaped as in
/// a Rust string literal (`\u{…}`, `\"`, `\\`); every other character stands for itself.
///
/// ```
/// use iri_abnf::report::quote;
///
/// assert_eq!(quote("http://a/r\u{E9}sum\u{E9}"), "\"http://a/résumé\"");
/// assert_eq!(quote("a\"b\u{200B}"), r#""a\"b\u{200B}""#);
/// ```
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    quote_into(s, &mut out);
    out
}

/// [`quote`], appended to `out`: no allocation when `out` has the room.
///
/// ```
/// let mut line = String::from("valid ");
/// iri_abnf::report::quote_into("/a b", &mut line);
/// assert_eq!(line, "valid \"/a b\"");
/// ```
pub fn quote_into(s: &str, out: &mut String) {
    out.push('"');
    let mut rest = s;
    loop {
        // Printable ASCII other than `"` and `\` stands for itself.
        let plain = rest
            .bytes()
            .position(|b| !(0x20..0x7F).contains(&b) || b == b'"' || b == b'\\')
            .unwrap_or(rest.len());
        out.push_str(&rest[..plain]);
        rest = &rest[plain..];
        let Some(c) = rest.chars().next() else {
            break;
        };
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if needs_escape(c) => {
                let _ = write!(out, "\\u{{{:X}}}", c as u32);
            }
            c => out.push(c),
        }
        rest = &rest[c.len_utf8()..];
    }
    out.push('"');
}

fn quote_char(c: char) -> String {
    if needs_escape(c) {
        format!("'\\u{{{:X}}}'", c as u32)
    } else if c == '\'' {
        "'\\''".to_string()
    } else {
        format!("'{c}'")
    }
}

/// Formats a character of the grammar the way ABNF does: `"/"` for a printable ASCII character other
/// than a letter (quoted strings are case-insensitive, RFC 5234 §2.3) and `"`, `%xHH` otherwise.
fn abnf_char(c: char) -> String {
    if c.is_ascii_graphic() && c != '"' && !c.is_ascii_alphabetic() {
        format!("\"{c}\"")
    } else {
        format!("%x{:02X}", c as u32)
    }
}

/// The rules that pest was trying at its error position (sorted by their names in spec spelling), and
/// that position: the furthest
/// position its parse attempts reached with pest's error detail (which this crate turns on before its
/// first pest parse), otherwise the start of the furthest failed rule. The start rule itself and pest's `EOI` are not listed.
pub(crate) fn pest_rules<R: RuleType>(
    rule: Rule,
    error: &pest::error::Error<R>,
    spec: impl Fn(R) -> Option<Rule>,
) -> (usize, Vec<Rule>) {
    let spec = |r: &R| spec(*r).map(|r| (r.name(), r));
    let mut offset = match error.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let mut names = BTreeMap::new();
    if let Some(attempts) = error.parse_attempts() {
        offset = attempts.max_position.max(offset);
        for stack in attempts.call_stacks() {
            // The rule that was trying to match at the offset, named in spec spelling.
            let deepest = stack.deepest.get_rule().and_then(spec);
            let parent = stack.parent.as_ref().and_then(spec);
            if let Some((name, r)) = deepest.or(parent) {
                names.insert(name, r);
            }
        }
    }
    if let ErrorVariant::ParsingError { positives, .. } = &error.variant {
        names.extend(positives.iter().filter_map(spec));
    }
    names.remove(rule.name());
    (offset, names.into_values().collect())
}

/// The error for `input`, which the DFA of `rule` rejects with `failure`: the offset from the DFA, the
/// characters (and end of input) that would keep the input alive there, and the rules of `pest` (its
/// offset and rule names) when pest failed at the same offset.
pub(crate) fn syntax_error(
    grammar: AnyGrammar,
    rule: Rule,
    input: &str,
    dfa: &'static crate::abnf::Dfa,
    failure: crate::abnf::Failure,
    pest: Option<(usize, Vec<Rule>)>,
) -> ParseError {
    let rules = match pest {
        Some((offset, names)) if offset == failure.offset => names,
        _ => Vec::new(),
    };
    located(
        grammar,
        rule,
        input,
        failure.offset,
        Detail::new(rules, Some(dfa), Some(failure.state)),
    )
}

/// An error at `offset` of `input` (a character boundary within it) with its column, the zone
/// identifier note if it applies, and `detail`.
#[inline]
fn located(
    grammar: AnyGrammar,
    rule: Rule,
    input: &str,
    offset: usize,
    detail: Detail,
) -> ParseError {
    ParseError {
        grammar,
        rule,
        input: Kept::new(input),
        offset,
        column: column_of(input, offset),
        detail,
    }
}

/// The error for an input that the DFA of `rule` ([`crate::abnf::registry::loaded`]) rejects at
/// `offset` ([`crate::abnf::Dfa::check`]), with no rules named: what [`crate::validate`] and
/// [`crate::parse`] return. The DFA's state there is found when [`ParseError::expected`] first asks.
#[cold]
#[inline(never)]
pub(crate) fn rejected_at(
    grammar: AnyGrammar,
    rule: Rule,
    input: &str,
    offset: usize,
) -> ParseError {
    let detail = Detail {
        at: At::Dfa(None),
        expected: OnceLock::new(),
    };
    located(grammar, rule, input, offset, detail)
}

/// The error when pest rejects an input that the DFA accepts (the two grammars disagree, which the
/// tests rule out): pest's offset and rules.
pub(crate) fn pest_only_error(
    grammar: crate::grammar::Grammar,
    rule: Rule,
    input: &str,
    (offset, names): (usize, Vec<Rule>),
) -> ParseError {
    let offset = offset.min(input.len());
    let detail = Detail::new(names, None, None);
    located(grammar.into(), rule, input, offset, detail)
}

/// The error of a start rule that the grammar does not have ([`ErrorKind::UnknownRule`]): at offset 0,
/// listing nothing; its message is the [`UnknownName`](crate::UnknownName) message, with the
/// grammar's rules closest to the one given.
#[cold]
pub(crate) fn no_such_rule(grammar: AnyGrammar, rule: Rule, input: &str) -> ParseError {
    at_start(grammar, rule, input, At::NoSuchRule)
}

/// An error at offset 0 that lists nothing, for a reason other than the input ([`At`]).
fn at_start(grammar: AnyGrammar, rule: Rule, input: &str, at: At) -> ParseError {
    ParseError {
        grammar,
        rule,
        input: Kept::new(input),
        offset: 0,
        column: 1,
        detail: Detail {
            at,
            expected: OnceLock::new(),
        },
    }
}

/// The note for an error at a `%` that follows an `IPv6address` in an IP-literal (`[fe80::1%25eth0]`):
/// an IPv6 zone identifier.
///
/// RFC 6874 §2 amends the RFC 3986 §3.2.2 rule to `IP-literal = "[" ( IPv6address / IPv6addrz /
/// IPvFuture ) "]"` with `IPv6addrz = IPv6address "%25" ZoneID`; RFC 3986 itself, RFC 3987 §2.2 and
/// draft-ietf-iri-3987bis §2.2 have no zone identifiers (and RFC 9844 obsoletes RFC 6874), so none of
/// the grammars accepts one. The offset and the expected list of the error stay as the grammar gives
/// them; the note only names the cause.
pub(crate) fn zone_id_hint(
    grammar: impl Into<AnyGrammar>,
    input: &str,
    offset: usize,
) -> Option<String> {
    let grammar = grammar.into();
    if !input.get(offset..)?.starts_with('%') {
        return None;
    }
    // The longest IPv6address is 45 characters (six h16 and an IPv4address).
    let mut start = offset.saturating_sub(46);
    while !input.is_char_boundary(start) {
        start += 1;
    }
    let open = input.get(start..offset)?.rfind('[')? + start;
    let address = &input[open + 1..offset];
    if address.contains(']')
        || !crate::abnf::dfa(grammar, crate::grammar::rule::Rule::Ipv6address)
            .is_ok_and(|dfa| dfa.is_match(address))
    {
        return None;
    }
    Some(
        "an IPv6 zone identifier (\"%25\" and a ZoneID after the IPv6address) is RFC 6874 syntax \
         (IPv6addrz, which amends the IP-literal of RFC 3986 §3.2.2; RFC 6874 is obsoleted by \
         RFC 9844); no grammar of this crate has it (not RFC 3986, RFC 3987, draft-ietf-iri-3987bis, \
         RFC 2732 or the IRI drafts)"
            .to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The summary names whole classes, then the other ASCII characters, the ranges outside
    /// US-ASCII and the end of input.
    #[test]
    fn summarize_expected_by_class() {
        let items = [
            Expected::Range('a', 'z'),
            Expected::Range('A', 'Z'),
            Expected::Range('0', '9'),
            Expected::Literal('-'),
            Expected::Range('\u{A0}', '\u{D7FF}'),
            Expected::EndOfInput,
        ];
        assert_eq!(
            summarize_expected(&items),
            "a letter, a digit, '-', a character outside US-ASCII (1 range from U+00A0), \
             or end of input"
        );
    }

    /// The display text escapes the characters of `needs_escape` only.
    #[test]
    fn display_text_escapes_what_would_mislead() {
        assert_eq!(display_text("a\u{202E}b"), "a\\u{202E}b");
        assert_eq!(display_text("ré/"), "ré/");
    }

    /// The caret line is spaces and a caret; returns the caret's column and checks that the shown line's
    /// text before it is the input's text before the offset (or its end, after a `…`).
    fn caret_checks(input: &str, offset: usize) -> (String, usize) {
        let rendered = render_caret(input, offset);
        let (line, caret) = rendered.split_once('\n').expect("two lines");
        let col = caret.len() - 1;
        assert_eq!(caret, format!("{}^", " ".repeat(col)));
        let before: String = line.chars().take(col).collect();
        let full = display_text(&input[..offset]);
        match before.strip_prefix('…') {
            Some(tail) if before != full => assert!(full.ends_with(tail), "{offset}"),
            _ => assert_eq!(before, full, "{offset}"),
        }
        (line.to_string(), col)
    }

    fn advice_of(grammar: AnyGrammar, input: &str) -> String {
        let rule = grammar.reference_rule();
        match crate::validate(grammar, rule, input) {
            Err(e) => e.advice().unwrap_or_default(),
            other => panic!("{input}: {other:?}"),
        }
    }

    #[test]
    fn advice_names_the_mistake_and_its_fix() {
        let iri = AnyGrammar::Iri;
        let cases = [
            (iri, "http://a/b c", "a space is not allowed in an IRI: encode it as %20"),
            (iri, "%zz", "to write a '%' itself, write %25"),
            (iri, "http://a/%4", "to write a '%' itself, write %25"),
            (iri, "http://a/%", "to write a '%' itself, write %25"),
            (iri, "http://a/<b>", "'<' is not allowed anywhere in an IRI: encode it as %3C"),
            (iri, "http://a/{", "encode it as %7B"),
            (iri, "http://a/\\", "encode it as %5C"),
            (iri, "http://a/x#y#z", "encoded as %23"),
            (iri, "http://a/[x]", "encode them as %5B and %5D"),
            (iri, "http://a:80x/", "the port after ':' in the authority must be decimal digits only, and \"80x\" is not"),
            (iri, "http://a:8 0/", "a space is not allowed"),
            (iri, "http://[::g]/", "not a valid IP literal"),
            (iri, "http://a/\u{1}", "a control character ('\\u{1}') is not allowed in an IRI: encode it as %01"),
            (iri, "http://a/\u{E000}", "percent-encode its UTF-8 octets as %EE%80%80"),
            (AnyGrammar::Uri, "http://a/é", "convert the IRI to a URI with `iri to-uri` (it becomes %C3%A9)"),
        ];
        for (grammar, input, want) in cases {
            let got = advice_of(grammar, input);
            assert!(got.contains(want), "{input}: {got}");
        }
        // The advice comes first in the message, the ABNF detail after it.
        let Err(e) = crate::validate(iri, Rule::IriReference, "a b") else {
            panic!()
        };
        assert!(
            e.message().starts_with(
                "a space is not allowed in an IRI: encode it as %20. invalid character ' '"
            ),
            "{}",
            e.message()
        );
        // An absolute rule names the missing scheme.
        let Err(e) = crate::validate(iri, Rule::Iri, "hello") else {
            panic!()
        };
        assert!(e.advice().unwrap().contains("starts with a scheme and ':'"));
        // No advice where no common mistake is recognized.
        let Err(e) = crate::validate(iri, Rule::Ipv4address, "1.2.3") else {
            panic!()
        };
        assert_eq!(e.advice(), None, "{}", e.message());
    }

    /// The absolute rules a grammar has, by the names its files give them.
    fn absolute_rules(g: AnyGrammar) -> Vec<Rule> {
        [
            "URI",
            "IRI",
            "absolute-URI",
            "absolute-IRI",
            "absoluteURI",
            "absoluteIRI",
        ]
        .into_iter()
        .filter_map(|name| g.rule(name))
        .filter(|&r| {
            let name = g.rule_name(r);
            name.starts_with("absolute") || name == "URI" || name == "IRI"
        })
        .collect()
    }

    /// Strings of the rule `name` of `g` (of at most 30 characters), `n` of them.
    fn strings(g: AnyGrammar, name: &str, n: u64) -> Vec<String> {
        let rules = crate::abnf::rules(g).expect("loads");
        let generator = crate::abnf::Generator::new(rules, name).expect("generator");
        (0..n)
            .map(|i| generator.generate(abnf_automata::nth_seed(45, i), 30))
            .collect()
    }

    /// For every grammar and every absolute rule it has: each relative reference (drawn from the
    /// grammar's relative rule and valid under its reference rule) is named so, and so is the empty
    /// input; each scheme made to begin with a digit, `+`, `-` or `.` is named so under the absolute
    /// rules, the reference rule and `scheme`; each kind of Unicode whitespace before or after a valid
    /// reference or absolute IRI is to be removed, not encoded; a fragment under an absolute rule
    /// without one is named.
    #[test]
    fn advice_in_plain_words_over_every_grammar() {
        let mut counts = [0usize; 5];
        let whitespace: Vec<char> = (0..=0x3000u32)
            .filter_map(char::from_u32)
            .filter(|c| c.is_whitespace())
            .collect();
        assert!(whitespace.len() >= 20, "{whitespace:?}");
        for g in AnyGrammar::ALL {
            let reference = g.reference_rule();
            let absolute = absolute_rules(g);
            assert!(!absolute.is_empty(), "{g}");
            let relative = [
                "relative-ref",
                "irelative-ref",
                "relativeURI",
                "relativeIRI",
            ]
            .into_iter()
            .find(|name| g.rule(*name).is_some())
            .unwrap_or_else(|| panic!("{g}: no relative rule"));
            let what = if matches!(
                g,
                AnyGrammar::Uri | AnyGrammar::Rfc2396 | AnyGrammar::Rfc2732
            ) {
                "an absolute URI"
            } else {
                "an absolute IRI"
            };
            // (a) A relative reference where an absolute one is required.
            let mut relatives = strings(g, g.rule_name(g.rule(relative).unwrap()), 150);
            relatives.extend(
                [
                    "",
                    "//example.org/x",
                    "/relative",
                    "a/b",
                    "hello",
                    "?q",
                    "#f",
                    "//a?b#c",
                ]
                .map(String::from),
            );
            for input in &relatives {
                if crate::validate(g, reference, input).is_err() {
                    continue;
                }
                for &rule in &absolute {
                    let e = crate::validate(g, rule, input).expect_err(input);
                    let advice = e.advice().unwrap_or_default();
                    if input.trim() != input {
                        // Whitespace at an edge (the LEIRI and RFC 2396-era IRI grammars allow
                        // some): to remove, or the relative reference is named.
                        assert!(
                            advice.contains(": remove ")
                                || advice.starts_with("a relative reference ("),
                            "{g} {input:?}: {advice}"
                        );
                        continue;
                    }
                    let kind = if input.is_empty() {
                        "an empty reference"
                    } else {
                        "a relative reference ("
                    };
                    assert!(
                        advice.starts_with(kind)
                            && advice.contains(&format!("was given where {what} is required"))
                            && advice.contains(g.rule_name(rule))
                            && advice.contains(g.rule_name(reference)),
                        "{g} {} {input:?}: {advice}",
                        g.rule_name(rule)
                    );
                    counts[0] += 1;
                }
            }
            // (b) A scheme that begins with a digit, '+', '-' or '.'.
            for &rule in &absolute {
                for (i, valid) in strings(g, g.rule_name(rule), 60).iter().enumerate() {
                    let colon = valid.find(':').expect("a scheme");
                    let first = ['0', '1', '7', '9', '+', '-', '.'][i % 7];
                    let input = format!("{first}{}", &valid[1..]);
                    let scheme = &input[..colon];
                    for (r, text) in [
                        (rule, &input[..]),
                        (reference, &input[..]),
                        (Rule::Scheme, scheme),
                    ] {
                        let e = crate::validate(g, r, text).expect_err(text);
                        let advice = e.advice().unwrap_or_default();
                        assert!(
                            advice.starts_with("a scheme begins with a letter (RFC 3986 §3.1")
                                && advice
                                    .contains(&format!("\"{}\" begins with", shortened(scheme))),
                            "{g} {} {text:?}: {advice}",
                            g.rule_name(r)
                        );
                        counts[1] += 1;
                    }
                    // (d) A fragment under an absolute rule that has none.
                    let name = g.rule_name(rule);
                    if name != "URI" && name != "IRI" {
                        let input = format!("{valid}#f");
                        if let Err(e) = crate::validate(g, rule, &input) {
                            if e.offset == valid.len() {
                                let advice = e.advice().unwrap_or_default();
                                assert!(
                                    advice.starts_with(&format!("{name} has no fragment")),
                                    "{g} {input:?}: {advice}"
                                );
                                counts[4] += 1;
                            }
                        }
                    }
                }
            }
            // (c) Whitespace at the start or at the end: remove it.
            let mut valid = strings(g, g.rule_name(reference), 20);
            for &rule in &absolute {
                valid.extend(strings(g, g.rule_name(rule), 10));
            }
            valid.retain(|v| !v.is_empty() && v.trim() == v);
            for (i, v) in valid.iter().enumerate() {
                let rule = if crate::validate(g, reference, v).is_ok() && i % 2 == 0 {
                    reference
                } else {
                    absolute[i % absolute.len()]
                };
                if crate::validate(g, rule, v).is_err() {
                    continue;
                }
                for &w in &whitespace {
                    let two = format!("{w}{w}");
                    for (input, start, end) in [
                        (format!("{w}{v}"), true, false),
                        (format!("{v}{w}"), false, true),
                        (format!("{two}{v}"), true, false),
                        (format!("{w}{v}{w}"), true, true),
                    ] {
                        let Err(e) = crate::validate(g, rule, &input) else {
                            continue;
                        };
                        let advice = e.advice().unwrap_or_default();
                        let place = match (start, end) {
                            (true, true) => "at the start and ",
                            (true, false) => "at the start of the input",
                            _ => "at the end of the input",
                        };
                        assert!(
                            advice.contains(place)
                                && advice.contains(": remove ")
                                && advice.contains("(the rest is a valid ")
                                && !advice.contains("encode"),
                            "{g} {} {input:?}: {advice}",
                            g.rule_name(rule)
                        );
                        counts[2] += 1;
                    }
                }
                // A space inside stays one to encode, where the grammar rejects it.
                if let Some(mid) = (1..v.len()).find(|&m| v.is_char_boundary(m)) {
                    let input = format!("{} {}", &v[..mid], &v[mid..]);
                    if let Err(e) = crate::validate(g, rule, &input) {
                        if e.offset == mid {
                            let advice = e.advice().unwrap_or_default();
                            assert!(
                                advice.starts_with("a space is not allowed in ")
                                    && advice.ends_with(": encode it as %20"),
                                "{g} {input:?}: {advice}"
                            );
                            counts[3] += 1;
                        }
                    }
                }
            }
        }
        // Every family was reached, many times.
        assert!(counts.iter().all(|&n| n >= 50), "{counts:?}");
        eprintln!("advice cases: {counts:?}");
    }

    #[test]
    fn long_expected_lists_are_summarized_and_verbose_keeps_them() {
        let Err(e) = crate::validate(AnyGrammar::Iri, Rule::IriReference, "http://a/b c") else {
            panic!()
        };
        assert!(e.expected().len() > EXPECTED_SHOWN);
        let m = e.message();
        assert!(
            m.contains("expected a letter, a digit, one of ! # $ % & ' ( ) * + , - . / : ; = ? @ _ ~, a character outside US-ASCII (17 ranges from U+00A0), or end of input"),
            "{m}"
        );
        let v = e.message_verbose();
        assert!(v.contains("expected one of \"!\", %x23-3B"), "{v}");
        assert!(v.contains("%xE1000-EFFFD, end of input"), "{v}");
        // A short list stays as it is.
        assert_eq!(
            summarize_expected(&[
                Expected::Range('0', '9'),
                Expected::Range('a', 'f'),
                Expected::Range('A', 'F')
            ]),
            "a hex digit"
        );
        assert_eq!(summarize_expected(&[]), "nothing more");
        assert_eq!(
            summarize_expected(&[Expected::Literal(']'), Expected::Literal('\u{7F}')]),
            "one of ] %x7F"
        );
    }

    #[test]
    fn caret_at_large_offsets_renders() {
        // A format width of 65535 or more panics; the caret must render at any column.
        for offset in [65_534, 65_535, 65_536, 70_000] {
            let input = "a".repeat(offset) + " b";
            let (line, col) = caret_checks(&input, offset);
            assert_eq!(line.chars().nth(col), Some(' '), "{offset}");
            assert!(line.starts_with('…') && line.ends_with(" b"), "{offset}");
            assert!(line.chars().count() <= 2 * CARET_CONTEXT + 2, "{offset}");
        }
    }

    #[test]
    fn caret_in_a_one_megabyte_line() {
        let input = "é".repeat(300_000) + "\u{202E}" + &"z".repeat(700_000);
        for offset in [0, 2, 600_000, 600_003, input.len() - 1, input.len()] {
            let (line, col) = caret_checks(&input, offset);
            assert!(line.chars().count() <= 2 * CARET_CONTEXT + 12, "{offset}");
            if offset == 600_000 {
                assert_eq!(
                    &line[line.char_indices().nth(col).unwrap().0..][..9],
                    "\\u{202E}z"
                );
            }
        }
        // The display of a parse error of such a line is bounded too.
        let e = ParseError::new(AnyGrammar::Iri, Rule::Iri, &input, input.len());
        assert!(!e.to_string().contains('\n'));
        assert!(format!("{e:#}").len() < 3 * CARET_CONTEXT + 300);
    }

    #[test]
    fn short_lines_are_shown_whole() {
        let input = "a".repeat(CARET_LINE_MAX - 5) + "\u{0}";
        let (line, col) = caret_checks(&input, CARET_LINE_MAX - 5);
        assert_eq!(line, display_text(&input));
        assert_eq!(col, CARET_LINE_MAX - 5);
        let longer = input + "a";
        assert!(caret_checks(&longer, 0).0.ends_with('…'));
        // An escape is never cut by the window.
        let input = "\u{200B}".repeat(5000);
        for offset in (0..input.len()).step_by(3 * 997) {
            let (line, _) = caret_checks(&input, offset);
            let inner = line.trim_start_matches('…').trim_end_matches('…');
            assert!(inner.starts_with("\\u{200B}") && inner.ends_with("\\u{200B}"));
        }
    }
}

#[cfg(test)]
mod size_tests {
    /// An error is returned by value from every parse: it stays within the size at which a `Result`
    /// carrying it is still cheap to return (clippy's `result_large_err` bound).
    #[test]
    fn a_parse_error_stays_small() {
        assert!(std::mem::size_of::<super::ParseError>() <= 128);
    }

    /// The copy an error keeps is the input, for every length kept inline and beyond.
    #[test]
    fn the_kept_copy_is_the_input() {
        let text: String = "aé中\u{10348}".chars().cycle().take(80).collect();
        for end in (0..=text.len()).filter(|&e| text.is_char_boundary(e)) {
            let input = &text[..end];
            let kept = super::Kept::new(input);
            assert_eq!(kept.as_str(), input);
            if let super::Kept::Inline { len, bytes } = kept {
                assert!(bytes[usize::from(len)..].iter().all(|&b| b == 0), "{end}");
            }
        }
    }

    /// The column is the number of characters before the offset, plus one, for every offset (inside a
    /// character too, which counts from its start), over inputs longer than one counting chunk.
    #[test]
    fn columns_count_characters() {
        let pieces = ["a", "é", "ж", "中", "\u{10348}", "%", "\u{E000}"];
        for (n, len) in [(0, 0), (1, 7), (2, 300), (3, 700), (4, 1100)] {
            let input: String = (0..len)
                .map(|i| pieces[(i * 7 + n) % pieces.len()])
                .collect();
            for offset in 0..=input.len() + 2 {
                let mut start = offset.min(input.len());
                while !input.is_char_boundary(start) {
                    start -= 1;
                }
                let expected = input[..start].chars().count() + 1;
                assert_eq!(super::column_of(&input, offset), expected, "{len} {offset}");
            }
        }
    }
}
