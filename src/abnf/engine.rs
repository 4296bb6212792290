//! The automaton as the engine of validation: membership without allocation, the offset of the first
//! character that no string of the language can have there, and the characters that could.

use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use regex_automata::dfa::dense::DFA;
use regex_automata::dfa::Automaton as _;
use regex_automata::util::primitives::StateID;

use super::byteset::{self, Search};
use super::AbnfError;
use crate::grammar::AnyGrammar;
use crate::rule::{Rule, RuleName};

/// The DFA of one rule: the one type for deciding membership in a rule's language, finding where an
/// input leaves it and listing what could come there.
///
/// It is loaded zero-copy from the precompiled bytes (`src/abnf/automata/`), or built from ABNF rules
/// ([`super::AbnfRules::compile`]); [`dfa`] gives the one of a rule of a grammar, kept for the life of
/// the process.
#[derive(Clone, Debug)]
pub struct Dfa {
    dfa: Tables,
    start: StateID,
    /// States that are not dead but from which no string reaches a match: in a minimized DFA of
    /// `regex-automata` only the states that report a match one byte late and then die (matches are
    /// delayed by one byte), e.g. the state after `1x` for `*DIGIT`. Sorted. With them, the number
    /// of states reachable from the start state, the dead state included. Found on first use (the
    /// table's walk needs neither), so that loading a DFA costs less.
    dead_ends: OnceLock<(Box<[StateID]>, usize)>,
    /// Whether the DFA was loaded from the precompiled bytes.
    precompiled: bool,
    /// The transitions in the compact form that [`Dfa::is_match`] walks; `None` when the DFA is too
    /// large for 16-bit entries (then the DFA itself is walked).
    table: Option<Table>,
    /// The [`Dfa::continuations`] of the states asked for so far (only errors ask).
    continuations: Arc<Mutex<HashMap<StateID, Ranges>>>,
}

/// The transitions of a [`Dfa`] as rows of byte classes ([`Dfa::rows`]): the same language, walked
/// one byte of UTF-8 at a time.
///
/// A state is a number, the index of its row in `rows`; state 0 is the dead state (no string of the
/// language begins with what led there). From state `s`, byte `b` leads to
/// `rows[s + classes[b]]`; the input may end in `s` when `rows[s + width]` is not 0. The walk of an
/// input starts at `start`:
///
/// ```
/// use iri_abnf::{abnf, Grammar, Rule};
///
/// let dfa = abnf::dfa(Grammar::Uri, Rule::UriReference).unwrap();
/// let t = dfa.rows().unwrap();
/// let walk = |input: &str| {
///     let mut s = t.start;
///     for &b in input.as_bytes() {
///         s = usize::from(t.rows[s + usize::from(t.classes[usize::from(b)])]);
///         if s == 0 {
///             return false;
///         }
///     }
///     t.rows[s + t.width] != 0
/// };
/// assert!(walk("http://example.org/a?b#c"));
/// assert!(!walk("http://exa mple.org/"));
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Rows<'a> {
    /// The class of each byte: the bytes of one class lead from every state to the same state.
    pub classes: &'a [u8; 256],
    /// The number of classes: a row has `width` transitions and then the end flag.
    pub width: usize,
    /// The start state.
    pub start: usize,
    /// The rows, each at the number of its state.
    pub rows: &'a [u16],
}

/// The dense DFA of `regex-automata`: borrowed from the precompiled bytes, or built and owned.
#[derive(Clone, Debug)]
enum Tables {
    Precompiled(DFA<&'static [u32]>),
    Built(DFA<Vec<u32>>),
}

/// Inclusive ranges of code points, shared.
type Ranges = Arc<[(char, char)]>;

/// A state of a [`Dfa`], as [`Failure::state`] gives it: opaque, and meaningful only to the DFA it
/// came from.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct State(pub(crate) StateID);

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "State({})", self.0.as_usize())
    }
}

/// Where and why the input is not in the language: see [`Dfa::check`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The length of the longest prefix of the input that is a prefix of some string of the language,
    /// at a character boundary: the byte offset of the first offending character, or the input's length
    /// when the whole input is a proper prefix.
    pub offset: usize,
    /// The DFA's state after the input up to `offset`, for [`Dfa::continuations`] and
    /// [`Dfa::accepts_end`].
    pub state: State,
}

impl Dfa {
    /// The DFA loaded from the precompiled bytes, with its anchored start state, and the bytes of its
    /// walk's table, when they were precompiled too ([`Dfa::table_to_bytes`]; the table is built
    /// from the DFA if they are not, or do not read).
    pub(crate) fn precompiled(
        dfa: DFA<&'static [u32]>,
        start: StateID,
        table: Option<&[u8]>,
    ) -> Dfa {
        let dfa = Tables::Precompiled(dfa);
        let table = match table.and_then(Table::from_bytes) {
            Some(table) => Some(table),
            None => Table::new(&dfa.as_ref(), start),
        };
        Dfa::new(dfa, start, true, table)
    }

    /// The DFA built at run time, with its anchored start state.
    pub(crate) fn built(dfa: DFA<Vec<u32>>, start: StateID) -> Dfa {
        let dfa = Tables::Built(dfa);
        let table = Table::new(&dfa.as_ref(), start);
        Dfa::new(dfa, start, false, table)
    }

    fn new(dfa: Tables, start: StateID, precompiled: bool, table: Option<Table>) -> Dfa {
        Dfa {
            dfa,
            start,
            dead_ends: OnceLock::new(),
            precompiled,
            table,
            continuations: Arc::default(),
        }
    }

    /// The DFA of `regex-automata`, borrowed: anchored, `MatchKind::All`, over the UTF-8 bytes of the
    /// input.
    pub(crate) fn raw(&self) -> DFA<&[u32]> {
        self.dfa.as_ref()
    }

    /// The anchored start state.
    pub(crate) fn start_id(&self) -> StateID {
        self.start
    }

    /// The anchored start state.
    pub fn start(&self) -> State {
        State(self.start)
    }

    /// The state after `byte` from `state`: a walk of the DFA one byte at a time, over the UTF-8 bytes
    /// of the input.
    pub fn next(&self, state: State, byte: u8) -> State {
        State(match &self.dfa {
            Tables::Precompiled(dfa) => dfa.next_state(state.0, byte),
            Tables::Built(dfa) => dfa.next_state(state.0, byte),
        })
    }

    /// The number of states reachable from the anchored start state, the dead state included.
    pub fn state_count(&self) -> usize {
        self.dead_ends().1
    }

    /// The states that are not dead but reach no match (see the field), and the number of states.
    fn dead_ends(&self) -> &(Box<[StateID]>, usize) {
        self.dead_ends
            .get_or_init(|| dead_ends(&self.raw(), self.start))
    }

    /// The size of the DFA's tables, in bytes (borrowed from the binary for a precompiled DFA, on the
    /// heap for a built one).
    pub fn memory_usage(&self) -> usize {
        match &self.dfa {
            Tables::Precompiled(dfa) => dfa.memory_usage(),
            Tables::Built(dfa) => dfa.memory_usage(),
        }
    }

    /// The DFA serialized in `regex-automata`'s little-endian format: the bytes that
    /// `src/abnf/automata/` loads without copying (from a buffer aligned to 4 bytes), as
    /// `cargo xtask generate` writes them.
    pub fn to_bytes_little_endian(&self) -> Vec<u8> {
        let (bytes, pad) = match &self.dfa {
            Tables::Precompiled(dfa) => dfa.to_bytes_little_endian(),
            Tables::Built(dfa) => dfa.to_bytes_little_endian(),
        };
        bytes[pad..].to_vec()
    }

    /// The table that [`Dfa::is_match`] walks, as bytes, for `cargo xtask generate` to store beside
    /// the DFA's own ([`Dfa::to_bytes_little_endian`]), so that loading a precompiled DFA does not
    /// build it; `None` for a DFA too large for it (see [`Dfa::rows`]).
    pub fn table_to_bytes(&self) -> Option<Vec<u8>> {
        self.table.as_ref().map(Table::to_bytes)
    }

    /// Whether the DFA came from the precompiled bytes rather than being built at run time.
    pub fn is_precompiled(&self) -> bool {
        self.precompiled
    }

    /// Whether the whole of `input` is a string of the rule's language. Allocates nothing.
    ///
    /// The walk goes over a compact copy of the DFA's transitions, built when the DFA is loaded. Most
    /// of a long link of the web (one that begins with `http://` or `https://`) is runs of characters
    /// that leave the state as it is (the characters of a path segment, a host name, a query): the walk
    /// searches for the end of such a run against the state's set, which needs no transition, so that
    /// it does not wait for one transition after another; a percent-encoded octet (RFC 3986 §2.1)
    /// inside a run continues it. Any other input, and a short one, is walked one transition at a
    /// time, which costs less where runs are short.
    #[inline]
    pub fn is_match(&self, input: &str) -> bool {
        match &self.table {
            Some(table) => table.is_match(input.as_bytes()),
            None => self.is_match_plain(input),
        }
    }

    /// [`Dfa::is_match`] on bytes that need not be UTF-8: whether `input` is the UTF-8 of a string of
    /// the rule's language. The DFA is a UTF-8 validator as well: the ABNF's terminals are code points,
    /// which the DFA reads as their UTF-8 sequences (RFC 3629 §3), so that it rejects every byte
    /// sequence that is not well-formed UTF-8 (checked for every precompiled DFA by a walk of its
    /// states beside the states of UTF-8). A caller with raw bytes (lines of a file) needs no UTF-8
    /// check of its own before this one; only a rejected input needs one, to tell why. Allocates
    /// nothing.
    #[inline]
    pub fn is_match_bytes(&self, input: &[u8]) -> bool {
        match &self.table {
            Some(table) => table.is_match(input),
            None => match &self.dfa {
                Tables::Precompiled(dfa) => is_match(dfa, self.start, input),
                Tables::Built(dfa) => is_match(dfa, self.start, input),
            },
        }
    }

    /// A [`Matcher`] of this DFA: for deciding many inputs in turn, such as the lines of a file,
    /// faster where they share their beginnings.
    pub fn matcher(&self) -> Matcher<'_> {
        Matcher {
            dfa: self,
            memo: Beginnings::default(),
        }
    }

    /// The text of `input` when it is a string of the rule's language ([`Dfa::is_match_bytes`]);
    /// for a precompiled DFA without a UTF-8 check of its own.
    #[inline]
    pub fn match_text<'i>(&self, input: &'i [u8]) -> Option<&'i str> {
        if !self.is_match_bytes(input) {
            None
        } else {
            self.text_of_match(input)
        }
    }

    /// The text of `input`, which the DFA matched.
    #[inline]
    fn text_of_match<'i>(&self, input: &'i [u8]) -> Option<&'i str> {
        if self.precompiled {
            // SAFETY: a precompiled DFA matches well-formed UTF-8 only (see `is_match_bytes`; the
            // test `every_dfa_matches_only_utf8` walks every one of them to show it).
            Some(unsafe { std::str::from_utf8_unchecked(input) })
        } else {
            // A DFA built at run time is built the same way, but no test walked it.
            std::str::from_utf8(input).ok()
        }
    }

    /// Whether no string of the language holds `byte`: then a caller that writes the strings the DFA
    /// accepts need not look for that byte in them (`iri check --format json` writes a valid input
    /// as it is when the language has no `"`, `\` or control character, RFC 8259 §7).
    ///
    /// ```
    /// use iri_abnf::{abnf, Grammar, Rule};
    ///
    /// let iri = abnf::dfa(Grammar::Iri, Rule::IriReference).unwrap();
    /// assert!(iri.excludes(b'"') && iri.excludes(b'\n') && !iri.excludes(b'/'));
    /// // LEIRI allows the characters that IRIs exclude (3987bis §5.1), the line feed among them.
    /// let leiri = abnf::dfa(Grammar::Leiri, Rule::IriReference).unwrap();
    /// assert!(!leiri.excludes(b'"') && !leiri.excludes(b'\n'));
    /// ```
    pub fn excludes(&self, byte: u8) -> bool {
        match &self.table {
            Some(table) => table.excludes(byte),
            None => self.excludes_plain(byte),
        }
    }

    /// [`Dfa::excludes`] from the DFA itself: no state that an input reaches and some string of the
    /// language passes through leads with `byte` to another such state.
    fn excludes_plain(&self, byte: u8) -> bool {
        let dfa = &self.raw();
        let all: Vec<u8> = (0..=255).collect();
        reachable(dfa, self.start, &all)
            .into_iter()
            .filter(|&s| self.live(dfa, s))
            .all(|s| !self.live(dfa, dfa.next_state(s, byte)))
    }

    /// The transitions that [`Dfa::is_match`] walks, as rows of byte classes, for a walk of the DFA
    /// outside Rust (the npm package `iri-abnf` walks them in JavaScript over the UTF-8 of a string,
    /// without copying it into WebAssembly's memory); `None` for a DFA too large for 16-bit entries.
    /// See [`Rows`] for how to walk them.
    pub fn rows(&self) -> Option<Rows<'_>> {
        self.table.as_ref().map(|t| Rows {
            classes: &t.classes,
            width: t.width,
            start: t.start,
            rows: &t.rows,
        })
    }

    /// [`Dfa::is_match`], and for an input in the language the offsets of its first "?" or "#" and of
    /// its first "#" (the input's length for none); for an input not in the language, the offset of
    /// its first offending character, as [`Dfa::check`] gives it.
    ///
    /// For the reference rules (RFC 3986 §3, Appendix B) these are where the path and the query end. The
    /// walk sees every "?" and "#" as the byte of a transition: "?" never continues a run (see
    /// [`Table`]), and "#", which no component has, leaves every state (the fragment's state has no
    /// "#" in its future, the states before it have). The split of a reference ([`crate::parse`])
    /// longer than 32 bytes reads them from here instead of scanning the path and the query again
    /// (a shorter one reads them from the masks of its delimiters), and its error takes the offset
    /// from here instead of walking again.
    #[inline]
    pub(crate) fn match_delimiters(&self, input: &str) -> Result<(usize, usize), usize> {
        let len = input.len();
        let (mut query_or_hash, mut hash) = (len, len);
        match &self.table {
            Some(table) => table
                .walk(input.as_bytes(), |i, byte| {
                    if byte == b'?' || byte == b'#' {
                        query_or_hash = query_or_hash.min(i);
                        if byte == b'#' {
                            hash = hash.min(i);
                        }
                    }
                })
                .map_err(|i| character_start(input, i))?,
            None => self.offset_plain(input)?,
        }
        Ok((query_or_hash, hash))
    }

    /// `Ok` if `input` is in the language; otherwise the byte offset of the first offending character
    /// ([`Failure::offset`]): [`Dfa::check`] without the state. One walk, which allocates nothing.
    #[inline]
    pub fn failure_offset(&self, input: &str) -> Result<(), usize> {
        match &self.table {
            Some(table) => table
                .walk(input.as_bytes(), |_, _| {})
                .map_err(|i| character_start(input, i)),
            None => self.offset_plain(input),
        }
    }

    /// [`Dfa::failure_offset`] by the walk of the DFA itself, one byte at a time.
    #[cold]
    fn offset_plain(&self, input: &str) -> Result<(), usize> {
        let dfa = &self.raw();
        let mut state = self.start;
        for (i, &byte) in input.as_bytes().iter().enumerate() {
            state = dfa.next_state(state, byte);
            if !self.live(dfa, state) {
                return Err(character_start(input, i));
            }
        }
        if dfa.is_match_state(dfa.next_eoi_state(state)) {
            Ok(())
        } else {
            Err(input.len())
        }
    }

    /// The state after `prefix`, from the anchored start state.
    pub(crate) fn state_after(&self, prefix: &[u8]) -> State {
        let dfa = &self.raw();
        State(prefix.iter().fold(self.start, |s, &b| dfa.next_state(s, b)))
    }

    /// Whether some string of the language starts with what led to `state`.
    pub fn is_live(&self, state: State) -> bool {
        self.live(&self.raw(), state.0)
    }

    /// [`Dfa::is_live`] on the borrowed DFA.
    fn live(&self, dfa: &DFA<&[u32]>, state: StateID) -> bool {
        !((dfa.is_special_state(state) && dfa.is_dead_state(state))
            || self.dead_ends().0.binary_search(&state).is_ok())
    }

    /// `Ok` if `input` is in the language; otherwise the first offending character (see [`Failure`]).
    /// Allocates nothing.
    ///
    /// The offending character is the one after the longest prefix of the input, at a character
    /// boundary, that some string of the language begins with: one walk finds its offset
    /// ([`Dfa::failure_offset`]), and the state is the DFA's after the input up to there.
    pub fn check(&self, input: &str) -> Result<(), Failure> {
        self.failure_offset(input).map_err(|offset| Failure {
            offset,
            state: self.state_after(&input.as_bytes()[..offset]),
        })
    }

    /// Whether the input may end in `state`.
    pub fn accepts_end(&self, state: State) -> bool {
        let dfa = self.raw();
        dfa.is_match_state(dfa.next_eoi_state(state.0))
    }

    /// The code points whose UTF-8 encoding leads from `state` to a live state, as sorted, merged,
    /// inclusive ranges. Explores UTF-8 sequences by runs of bytes of one byte class, with the suffixes
    /// of each intermediate state computed once, so it never enumerates the code points one by one.
    /// The ranges of a state are computed once and kept with the DFA.
    pub fn continuations(&self, state: State) -> Vec<(char, char)> {
        self.shared_continuations(state).to_vec()
    }

    /// [`Dfa::continuations`], shared with the DFA's memo.
    pub(crate) fn shared_continuations(&self, state: State) -> Ranges {
        let state = state.0;
        // A panic while the lock was held cannot leave the map half-updated: insertion is one step.
        let memo = || {
            self.continuations
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
        };
        if let Some(known) = memo().get(&state) {
            return Arc::clone(known);
        }
        let ranges: Ranges = self.compute_continuations(state).into();
        Arc::clone(memo().entry(state).or_insert(ranges))
    }

    /// [`Dfa::continuations`], computed.
    fn compute_continuations(&self, state: StateID) -> Vec<(char, char)> {
        let dfa = &self.raw();
        if !self.live(dfa, state) {
            return Vec::new();
        }
        let mut memo = HashMap::new();
        let mut out = Vec::new();
        // (first lead byte, last lead byte, continuation bytes, payload bits of the lead byte)
        for (lo, hi, rem, mask) in [
            (0x00u8, 0x7Fu8, 0u32, 0x7Fu32),
            (0xC2, 0xDF, 1, 0x1F),
            (0xE0, 0xEF, 2, 0x0F),
            (0xF0, 0xF4, 3, 0x07),
        ] {
            for (first, last) in runs(dfa, lo, hi) {
                let next = dfa.next_state(state, first);
                let suffixes = if rem == 0 {
                    if self.live(dfa, next) {
                        vec![(0, 0)]
                    } else {
                        continue;
                    }
                } else {
                    if dfa.is_dead_state(next) {
                        continue;
                    }
                    self.suffixes(dfa, next, rem, &mut memo)
                };
                let width = 1u32 << (6 * rem);
                spread(
                    u32::from(first) & mask,
                    u32::from(last) & mask,
                    width,
                    &suffixes,
                    &mut out,
                );
            }
        }
        merge(&mut out);
        out.into_iter()
            .filter_map(|(a, b)| Some((char::from_u32(a)?, char::from_u32(b)?)))
            .collect()
    }

    /// The values of the `rem` continuation bytes (6 bits each) that lead from `state` to a live state.
    fn suffixes(
        &self,
        dfa: &DFA<&[u32]>,
        state: StateID,
        rem: u32,
        memo: &mut HashMap<(StateID, u32), Vec<(u32, u32)>>,
    ) -> Vec<(u32, u32)> {
        if let Some(v) = memo.get(&(state, rem)) {
            return v.clone();
        }
        let mut out = Vec::new();
        let width = 1u32 << (6 * (rem - 1));
        for (first, last) in runs(dfa, 0x80, 0xBF) {
            let next = dfa.next_state(state, first);
            let sub = if rem == 1 {
                if self.live(dfa, next) {
                    vec![(0, 0)]
                } else {
                    continue;
                }
            } else {
                if dfa.is_dead_state(next) {
                    continue;
                }
                self.suffixes(dfa, next, rem - 1, memo)
            };
            spread(
                u32::from(first) & 0x3F,
                u32::from(last) & 0x3F,
                width,
                &sub,
                &mut out,
            );
        }
        merge(&mut out);
        memo.insert((state, rem), out.clone());
        out
    }

    /// [`Dfa::is_match`] by the plain walk: the DFA itself, one transition per byte from the anchored
    /// start state, stopping at the dead state, without the compact table. The tests compare the two
    /// walks, and `cargo bench --bench validate` measures both. Allocates nothing.
    pub fn is_match_plain(&self, input: &str) -> bool {
        match &self.dfa {
            Tables::Precompiled(dfa) => is_match(dfa, self.start, input.as_bytes()),
            Tables::Built(dfa) => is_match(dfa, self.start, input.as_bytes()),
        }
    }
}

impl Tables {
    /// The DFA, borrowed.
    fn as_ref(&self) -> DFA<&[u32]> {
        match self {
            Tables::Precompiled(dfa) => dfa.as_ref(),
            Tables::Built(dfa) => dfa.as_ref(),
        }
    }
}

/// The offset of the character that holds the byte at `i` of `input` (its lead byte), or the input's
/// length when `i` is past its end.
#[inline]
fn character_start(input: &str, i: usize) -> usize {
    let bytes = input.as_bytes();
    if i >= bytes.len() {
        return bytes.len();
    }
    // Well-formed UTF-8 (RFC 3629 §3): a lead byte is at most 3 bytes before.
    (i.saturating_sub(3)..=i)
        .rev()
        .find(|&j| input.is_char_boundary(j))
        .unwrap_or(0)
}

/// The maximal runs of consecutive bytes in `lo..=hi` that share a byte class (and so lead from any
/// state to the same state).
fn runs(dfa: &DFA<&[u32]>, lo: u8, hi: u8) -> Vec<(u8, u8)> {
    let classes = dfa.byte_classes();
    let mut runs: Vec<(u8, u8)> = Vec::new();
    for b in lo..=hi {
        match runs.last_mut() {
            Some((_, last)) if classes.get(*last) == classes.get(b) => *last = b,
            _ => runs.push((b, b)),
        }
    }
    runs
}

/// The transitions of a DFA's reachable states, copied into a compact table for the membership walk,
/// with the runs of bytes that each state keeps.
///
/// A walk of the DFA is one dependent load per byte: the next state cannot be looked up before the
/// previous one is known. Most of a reference, though, is runs of characters that leave the state as it
/// is (the `iunreserved` characters of a path segment, a query or a host name): for such a state the
/// table holds the set of bytes that keep it, and the walk searches for the end of the run
/// ([`byteset`]: 32 bytes at a time where the CPU allows), which does not wait for one byte's check
/// before the next, and takes a transition only for the byte that ends the run.
///
/// A search costs more than a few transitions, and the walk's choice between a run and a row is a
/// branch that the processor mispredicts when runs and rows alternate; so the table gives a run only
/// to the states whose set holds every `unreserved` character (RFC 3986 §2.3), the states of text
/// (segments, queries, fragments, host and user names), and not to those of numbers and names (a
/// port's digits, the hexadecimal digits of an IP literal, a scheme), whose runs are short. An input
/// shorter than [`SHORT`] bytes is walked one byte at a time: the search of such an input would cost
/// more than it saves. For [`Dfa::is_match`] the choice is by what the input begins with
/// ([`Table::is_match`]): an input that begins with `http://` or `https://` is searched from
/// [`SHORT_LINK`] bytes on, and any other one is walked one byte at a time.
///
/// - A multi-byte character belongs to the set when every UTF-8 encoding with its lead byte leads back
///   to the state (the input is a `&str`, so only well-formed UTF-8 occurs, RFC 3629 §4); its
///   continuation bytes are then in the set too, and a run, which starts at a character boundary, also
///   ends at one. A character whose lead byte is outside the set (a lead byte of `ucschar` whose
///   plane ends in two noncharacters) is followed through the rows where the search stops at it
///   ([`Table::character`]), and continues the run when it leads back to the state.
/// - An escape, an ASCII byte followed by two ASCII digits that lead back to the state whatever they
///   are among the digits (`pct-encoded = "%" HEXDIG HEXDIG`, RFC 3986 §2.1), continues the run when
///   both digits follow (for a state with one such byte, which is not a digit: `%`).
/// - "?" continues no run in the states that an input can reach before its first "?" or "#", so that
///   the walk takes a transition on the first "?" ([`Dfa::match_delimiters`]): the DFA of a URI
///   reference has one state for the path and the query, whose futures are the same, and "?" keeps
///   it.
/// - States that only the DFA's reporting of matches tells apart are merged ([`indistinguishable`]).
/// - The states after `http://` and `https://`, the commonest beginnings of a reference, are looked up
///   when the table is built, and an input that begins with one of them starts its walk there.
///
/// A state is the offset of its row in `rows`: the dead state 0 (whose row leads back to it), then the
/// states with a run, the `k`-th at `k << shift` (rows padded to a power of two), then the others. The
/// state with a run at `s` is `runs[s >> shift]`, and its exit takes the next state from the byte
/// itself, with no table of classes in between.
#[derive(Clone, Debug)]
struct Table {
    /// The class of each byte: the bytes of one class lead from every state to the same state.
    classes: [u8; 256],
    /// The number of classes.
    width: usize,
    /// The states with a run, the state at `s` as entry `s >> shift`; entry 0, the dead state, keeps
    /// nothing and is never walked.
    runs: Box<[RunState]>,
    /// Where the rows of the states with a run begin: `k << shift` is the `k`-th.
    shift: u32,
    /// The numbers below this are the dead state and the states with a run.
    run_end: usize,
    /// The rows of the states, each at its number: `width` entries, the next state for each class,
    /// then 1 if the input may end in the state (0 if not).
    rows: Box<[u16]>,
    /// The start state.
    start: usize,
    /// The digits of an escape.
    digits: [bool; 256],
    /// Beginnings of the input and the state after them: (the bytes, a mask of their length over the
    /// first 8 bytes of the input, the length, the state).
    prefixes: [(u64, u64, usize, usize); 2],
    /// The vector search over runs, where the CPU has one.
    #[cfg(target_arch = "x86_64")]
    avx2: Option<byteset::Avx2>,
}

/// What a [`Table`] is made of, the rest being derived from it ([`Table::assemble`]): what
/// [`Table::to_bytes`] writes.
struct Parts {
    classes: [u8; 256],
    width: usize,
    shift: u32,
    rows: Box<[u16]>,
    start: usize,
    digits: [bool; 256],
    /// Each state with a run (entry 0 the dead state, which keeps nothing): the bytes that keep it,
    /// and its escape byte, if the walk passes over its escapes.
    runs: Vec<([bool; 256], Option<u8>)>,
}

/// The numbers of the states of a [`Table`] with `runs` states with a run (the dead state first), rows
/// of `1 << shift` entries for those, `rows` entries in all and `width` classes: the states with a
/// run, then the others, `width + 1` entries apart.
fn state_numbers(
    runs: usize,
    shift: u32,
    rows: usize,
    width: usize,
) -> impl Iterator<Item = usize> {
    (0..runs)
        .map(move |k| k << shift)
        .chain(((runs << shift)..rows).step_by(width + 1))
}

/// The first bytes of [`Table::to_bytes`]: the format and its version.
const TABLE_MAGIC: &[u8] = b"iri-abnf walk table 1\n";

/// A state with a run (see [`Table`]).
#[derive(Clone, Debug)]
struct RunState {
    /// The bytes that keep the state and its escape, for the search.
    run: byteset::Run,
    /// The next state for each byte (the bytes of the run included).
    next: [u16; 256],
    /// Whether each byte keeps the state, for the search byte by byte.
    keeps: [bool; 256],
    /// Whether the input may end in the state.
    accept: bool,
}

/// The length from which [`Table`]'s walk searches for the ends of runs; shorter inputs are walked one
/// byte at a time.
const SHORT: usize = 32;

/// The length from which [`Table::is_match`] searches for the ends of runs in a web link (an input
/// that begins with one of [`PREFIXES`]): such a link of 16 to 31 bytes is mostly a host name and a
/// path segment or two, two or three runs.
const SHORT_LINK: usize = 16;

/// The characters `unreserved` (RFC 3986 §2.3): [`Table`] gives a run to the states whose set holds
/// them all.
const UNRESERVED: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";

/// The beginnings whose states [`Table`] looks up once.
const PREFIXES: [&[u8]; 2] = [b"http://", b"https://"];

impl Table {
    /// The table of the states reachable from `start`, or `None` if a state's number would not fit in
    /// 16 bits.
    fn new(dfa: &DFA<&[u32]>, start: StateID) -> Option<Table> {
        let moves = Moves::explore(dfa, start)?;
        let Moves {
            classes,
            rows: next,
            accept,
            start,
        } = &moves;
        let (classes, start) = (*classes, *start);
        let width = next.first().map_or(0, Vec::len);

        // The states an input can reach before its first "?" or "#": "?" continues none of their runs.
        let (question, hash) = (classes[usize::from(b'?')], classes[usize::from(b'#')]);
        let mut before = vec![false; next.len()];
        let mut stack = vec![start];
        before[start] = true;
        while let Some(r) = stack.pop() {
            for (class, &to) in next[r].iter().enumerate() {
                let class = class as u8;
                if class != question && class != hash && !before[to] {
                    before[to] = true;
                    stack.push(to);
                }
            }
        }
        let runs: Vec<Option<[bool; 256]>> = (0..next.len())
            .map(|r| {
                let mut set = if r == 0 { None } else { moves.run_set(r) }?;
                if !UNRESERVED.iter().all(|&b| set[usize::from(b)]) {
                    return None;
                }
                if before[r] {
                    set[usize::from(b'?')] = false;
                }
                Some(set)
            })
            .collect();

        // The numbers: the dead state, the states with a run (rows padded to `1 << shift` entries),
        // then the others.
        let shift = (width + 1).next_power_of_two().trailing_zeros();
        let mut number = vec![0; next.len()];
        let mut with_run = vec![0];
        for r in 1..next.len() {
            if runs[r].is_some() {
                number[r] = with_run.len() << shift;
                with_run.push(r);
            }
        }
        let run_end = with_run.len() << shift;
        let mut end = run_end;
        for r in 1..next.len() {
            if runs[r].is_none() {
                number[r] = end;
                end += width + 1;
            }
        }
        if end > usize::from(u16::MAX) + 1 {
            return None;
        }
        // Numbers are below `end`, checked to fit.
        let to = |r: usize| number[r] as u16;
        let mut rows = vec![0u16; end];
        for r in 1..next.len() {
            let row = &mut rows[number[r]..number[r] + width + 1];
            for (entry, &t) in row.iter_mut().zip(&next[r]) {
                *entry = to(t);
            }
            row[width] = u16::from(accept[r]);
        }
        let mut digits: Option<[bool; 256]> = None;
        let mut states = Vec::with_capacity(with_run.len());
        for &r in &with_run {
            let keeps = runs[r].unwrap_or([false; 256]);
            let mut escapes = Vec::new();
            for b in (0..=255u8).filter(|&b| r != 0 && !keeps[usize::from(b)]) {
                // One set of digits for all escapes: the first found.
                if let Some(d) = moves.escape(r, b) {
                    if *digits.get_or_insert(d) == d {
                        escapes.push(b);
                    }
                }
            }
            // The walk passes over the escapes of a state with one escape byte that is not a digit
            // (`%`); any other escape is walked as transitions.
            let escape = match (&escapes[..], digits) {
                (&[byte], Some(digits)) if !digits[usize::from(byte)] => Some(byte),
                _ => None,
            };
            states.push((keeps, escape));
        }
        Some(Table::assemble(Parts {
            classes,
            width,
            shift,
            rows: rows.into_boxed_slice(),
            start: number[start],
            digits: digits.unwrap_or([false; 256]),
            runs: states,
        }))
    }

    /// The table of its [`Parts`]: what the others are derived from.
    fn assemble(parts: Parts) -> Table {
        let Parts {
            classes,
            width,
            shift,
            rows,
            start,
            digits,
            runs,
        } = parts;
        let run_end = runs.len() << shift;
        let digit_set = byteset::ByteSet::new(&digits);
        let states: Vec<RunState> = runs
            .into_iter()
            .enumerate()
            .map(|(k, (keeps, escape))| {
                let s = k << shift;
                RunState {
                    run: byteset::Run::new(
                        byteset::ByteSet::new(&keeps),
                        escape.map(|byte| (byte, digit_set)),
                    ),
                    next: std::array::from_fn(|b| rows[s + usize::from(classes[b])]),
                    keeps,
                    accept: rows[s + width] != 0,
                }
            })
            .collect();
        let prefixes = PREFIXES.map(|p| {
            let state = p.iter().fold(start, |s, &b| {
                usize::from(rows[s + usize::from(classes[usize::from(b)])])
            });
            if state == 0 {
                // No string of the language begins so: the walk takes the bytes one by one, to find
                // the one that ends it. The bytes 0xFF never occur in UTF-8, so this never matches.
                return (u64::MAX, u64::MAX, 0, 0);
            }
            let mut bytes = [0; 8];
            bytes[..p.len()].copy_from_slice(p);
            let mask = u64::MAX >> (8 * (8 - p.len()));
            (u64::from_le_bytes(bytes), mask, p.len(), state)
        });
        Table {
            classes,
            width,
            runs: states.into_boxed_slice(),
            shift,
            run_end,
            rows,
            start,
            digits,
            prefixes,
            #[cfg(target_arch = "x86_64")]
            avx2: byteset::Avx2::detect(),
        }
    }

    /// The table as bytes, for a precompiled DFA (`cargo xtask generate` writes them beside the DFA's
    /// own): its [`Parts`], little-endian, after [`TABLE_MAGIC`]. [`Table::from_bytes`] reads them.
    fn to_bytes(&self) -> Vec<u8> {
        let mut out = TABLE_MAGIC.to_vec();
        for n in [
            self.width,
            self.shift as usize,
            self.start,
            self.rows.len(),
            self.runs.len(),
        ] {
            out.extend_from_slice(&(n as u32).to_le_bytes());
        }
        out.extend_from_slice(&self.classes);
        out.extend(self.digits.map(u8::from));
        for state in &*self.runs {
            out.extend(state.keeps.map(u8::from));
            let escape = state.run.escape.map(|(byte, _)| byte);
            out.extend([u8::from(escape.is_some()), escape.unwrap_or(0)]);
        }
        for &entry in &*self.rows {
            out.extend_from_slice(&entry.to_le_bytes());
        }
        out
    }

    /// The table that [`Table::to_bytes`] wrote, or `None` when `bytes` are not such a table: every
    /// number is checked (each entry of the rows is the number of a state, each class within a row),
    /// so that the walk of any table read here stays inside its rows.
    fn from_bytes(bytes: &[u8]) -> Option<Table> {
        let mut rest = bytes.strip_prefix(TABLE_MAGIC)?;
        let mut take = |n: usize| {
            let (head, tail) = rest.split_at_checked(n)?;
            rest = tail;
            Some(head)
        };
        let mut number = || {
            let word = take(4)?;
            Some(u32::from_le_bytes(word.try_into().ok()?) as usize)
        };
        let (width, shift, start, rows_len, runs_len) =
            (number()?, number()?, number()?, number()?, number()?);
        let bools = |b: &[u8]| -> Option<[bool; 256]> {
            let mut set = [false; 256];
            for (member, &byte) in set.iter_mut().zip(b) {
                *member = match byte {
                    0 => false,
                    1 => true,
                    _ => return None,
                };
            }
            Some(set)
        };
        let classes: [u8; 256] = take(256)?.try_into().ok()?;
        let digits = bools(take(256)?)?;
        let mut runs = Vec::with_capacity(runs_len.min(rows_len));
        for _ in 0..runs_len {
            let keeps = bools(take(256)?)?;
            let escape = match *take(2)? {
                [0, 0] => None,
                [1, byte] => Some(byte),
                _ => return None,
            };
            runs.push((keeps, escape));
        }
        let rows: Box<[u16]> = take(rows_len.checked_mul(2)?)?
            .chunks_exact(2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .collect();
        let stride = 1usize.checked_shl(u32::try_from(shift).ok()?)?;
        let run_end = runs_len.checked_mul(stride)?;
        // A state is the dead state, the start of the row of a state with a run, or of another.
        let is_state = |s: usize| {
            s == 0
                || (s < run_end && s.is_multiple_of(stride))
                || (s >= run_end && s < rows_len && (s - run_end).is_multiple_of(width + 1))
        };
        let broken = !rest.is_empty()
            || width == 0
            || width + 1 > stride
            || run_end > rows_len
            || !(rows_len - run_end).is_multiple_of(width + 1)
            || classes.iter().any(|&c| usize::from(c) >= width)
            || !is_state(start);
        if broken {
            return None;
        }
        // Each row: the next state for each class, then whether the input may end there (0 or 1).
        for s in state_numbers(runs_len, shift as u32, rows_len, width) {
            let (next, accept) = rows[s..s + width + 1].split_at(width);
            let dead = s == 0 && (next.iter().any(|&e| e != 0) || accept[0] != 0);
            if dead || accept[0] > 1 || next.iter().any(|&e| !is_state(usize::from(e))) {
                return None;
            }
        }
        Some(Table::assemble(Parts {
            classes,
            width,
            shift: shift as u32,
            rows,
            start,
            digits,
            runs,
        }))
    }

    /// Whether `input` (well-formed UTF-8) leads from the start state to a state where it may end.
    ///
    /// Only a web link (an input that begins with one of [`PREFIXES`]) of [`SHORT_LINK`] bytes or
    /// more is walked with the search over runs; every other input is walked one transition at a
    /// time through the rows. The search pays where runs are long (a host name, path segments, a
    /// query of words), which is what a link of the web mostly is; on strings dense in delimiters,
    /// IP literals, percent-encodings and characters of the supplementary planes, the switches
    /// between runs and transitions cost more than the transitions they save, and the plain
    /// byte-at-a-time walk is faster. Both walks decide the same.
    #[inline]
    fn is_match(&self, input: &[u8]) -> bool {
        if input.len() >= SHORT_LINK {
            let (s, i) = self.beginning(input);
            if i != 0 {
                return self
                    .walk_searching(input, (s, i), |_, _| {}, |_, _| {})
                    .is_ok();
            }
        }
        self.walk_rows(input, |_, _| {}).is_ok()
    }

    /// [`Table::is_match`] with the beginnings of the links before (see [`Matcher`]): a web link of
    /// 16 bytes or more whose first bytes are those of a link in `memo` is walked from the state
    /// that link's walk had after them; any other is walked as by [`Table::is_match`], and noted in
    /// `memo`.
    #[inline]
    fn is_match_memo(&self, input: &[u8], memo: &mut Beginnings) -> bool {
        if input.len() >= SHORT_LINK {
            let (s, i) = self.beginning(input);
            if i != 0 {
                if memo.pause > 0 {
                    memo.pause -= 1;
                    return self
                        .walk_searching(input, (s, i), |_, _| {}, |_, _| {})
                        .is_ok();
                }
                let words = Slot::words(input);
                let slot = &mut memo.slots[Slot::index(&words)];
                if slot.begins(&words, input.len()) {
                    #[cfg(test)]
                    {
                        memo.hits += 1;
                    }
                    memo.score = (memo.score + 1).min(Beginnings::TRUST);
                    let from = (usize::from(slot.state), usize::from(slot.at));
                    return self
                        .walk_searching(input, from, |_, _| {}, |_, _| {})
                        .is_ok();
                }
                // The last state the walk was in at a byte of the first 32 (a state at the top of
                // the walk's loop: after a transition, or at the start of a run).
                let mut resume = (0, 0);
                let verdict = self.walk_searching(
                    input,
                    (s, i),
                    |_, _| {},
                    |s, j| {
                        if j <= 32 {
                            resume = (s, j);
                        }
                    },
                );
                if resume.1 >= i + Beginnings::LEAST {
                    *slot = Slot::new(words, resume);
                }
                memo.missed();
                return verdict.is_ok();
            }
        }
        self.is_match(input)
    }

    /// The state after the beginning of `input` that is looked up at once, one of [`PREFIXES`]
    /// (when a string of the language can begin so: see `prefixes`), and its length; the start
    /// state and 0 when the input does not begin with one.
    #[inline(always)]
    fn beginning(&self, input: &[u8]) -> (usize, usize) {
        if let Some(&first) = input.first_chunk::<8>() {
            let first = u64::from_le_bytes(first);
            for &(bytes, mask, len, state) in &self.prefixes {
                if first & mask == bytes {
                    return (state, len);
                }
            }
        }
        (self.start, 0)
    }

    /// [`Table::is_match`], calling `transition` with the offset and the byte of every transition the
    /// walk takes (every byte that is not skipped as part of a run or of the beginning looked up once).
    /// `Err` holds the offset of the byte that led to the dead state (no string of the language
    /// continues what precedes it and that byte), or the input's length when the input ends in a
    /// state where it may not end.
    #[inline(always)]
    fn walk(&self, input: &[u8], transition: impl FnMut(usize, u8)) -> Result<(), usize> {
        if input.len() < SHORT {
            return self.walk_rows(input, transition);
        }
        self.walk_searching(input, self.beginning(input), transition, |_, _| {})
    }

    /// [`Table::walk`] with the search over runs from the state `s` at offset `i` (after the
    /// input's [`Table::beginning`]), for inputs of 16 bytes or more (the vector search reads blocks
    /// of 16 or 32 bytes inside the input). `top` is called with the state and the offset at each
    /// turn of the walk's loop (what a [`Matcher`] notes); the other callers pass a closure that
    /// does nothing, which compiles away.
    #[inline(always)]
    fn walk_searching(
        &self,
        input: &[u8],
        (s, i): (usize, usize),
        transition: impl FnMut(usize, u8),
        top: impl FnMut(usize, usize),
    ) -> Result<(), usize> {
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = self.avx2 {
            // SAFETY: `avx2` is only `Some` where the CPU has AVX2.
            return unsafe { self.walk_avx2(avx2, input, (s, i), transition, top) };
        }
        self.walk_bytewise(input, (s, i), transition, top)
    }

    /// [`Table::walk`] with the portable search; on x86-64 a function of its own, so that the
    /// callers of the walk with AVX2 stay small.
    #[cfg_attr(target_arch = "x86_64", inline(never))]
    fn walk_bytewise(
        &self,
        input: &[u8],
        from: (usize, usize),
        transition: impl FnMut(usize, u8),
        top: impl FnMut(usize, usize),
    ) -> Result<(), usize> {
        self.walk_with(byteset::Bytewise, input, from, transition, top)
    }

    /// [`Table::walk`] one byte at a time, through the rows alone.
    #[inline(always)]
    fn walk_rows(&self, input: &[u8], mut transition: impl FnMut(usize, u8)) -> Result<(), usize> {
        let (rows, classes) = (&*self.rows, &self.classes);
        let mut s = self.start;
        for (i, &byte) in input.iter().enumerate() {
            transition(i, byte);
            s = usize::from(rows[s + usize::from(classes[usize::from(byte)])]);
            if s == 0 {
                return Err(i);
            }
        }
        if rows[s + self.width] != 0 {
            Ok(())
        } else {
            Err(input.len())
        }
    }

    /// Whether no string of the language holds `byte`: every state leads with it to the dead state.
    fn excludes(&self, byte: u8) -> bool {
        let class = usize::from(self.classes[usize::from(byte)]);
        state_numbers(self.runs.len(), self.shift, self.rows.len(), self.width)
            .all(|s| self.rows[s + class] == 0)
    }

    /// The state with a run at `s`, if it is one (and not the dead state).
    #[inline(always)]
    fn run_state(&self, s: usize) -> Option<&RunState> {
        (s < self.run_end).then(|| &self.runs[s >> self.shift])
    }

    /// [`Table::walk`] compiled with AVX2, so that the vector search inlines into it; for inputs of
    /// 16 bytes or more (the search reads blocks of 16 or 32 bytes inside the input).
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn walk_avx2(
        &self,
        avx2: byteset::Avx2,
        input: &[u8],
        from: (usize, usize),
        transition: impl FnMut(usize, u8),
        top: impl FnMut(usize, usize),
    ) -> Result<(), usize> {
        debug_assert!(input.len() >= SHORT_LINK);
        if input.len() >= 32 {
            self.walk_with(avx2, input, from, transition, top)
        } else {
            self.walk_with(avx2.short(), input, from, transition, top)
        }
    }

    /// [`Table::walk`] with `search` going over the runs, from the state `s` at offset `i` (after
    /// the input's [`Table::beginning`]), calling `top` as [`Table::walk_searching`] says.
    #[inline(always)]
    fn walk_with(
        &self,
        search: impl Search,
        input: &[u8],
        (mut s, mut i): (usize, usize),
        mut transition: impl FnMut(usize, u8),
        mut top: impl FnMut(usize, usize),
    ) -> Result<(), usize> {
        let rows = &*self.rows;
        // A beginning is only listed with a live state after it (see `Table::new`).
        if s == 0 {
            // The start state is dead: the language is empty.
            return Err(0);
        }
        while let Some(&byte) = input.get(i) {
            top(s, i);
            let next = match self.run_state(s) {
                Some(state) => {
                    i = self.skip(search, state, s, input, i)?;
                    let Some(&byte) = input.get(i) else {
                        return if state.accept { Ok(()) } else { Err(i) };
                    };
                    transition(i, byte);
                    state.next[usize::from(byte)]
                }
                None => {
                    transition(i, byte);
                    rows[s + usize::from(self.classes[usize::from(byte)])]
                }
            };
            s = usize::from(next);
            if s == 0 {
                return Err(i);
            }
            i += 1;
        }
        if rows[s + self.width] != 0 {
            Ok(())
        } else {
            Err(i)
        }
    }

    /// The offset of the first byte at or after `i` that does not keep the state `s` (`state`), does
    /// not begin an escape that continues the run and does not begin a character that leads back to
    /// the state, or the input's length.
    #[inline(always)]
    fn skip(
        &self,
        search: impl Search,
        state: &RunState,
        s: usize,
        input: &[u8],
        mut i: usize,
    ) -> Result<usize, usize> {
        loop {
            i = search.first_outside(&state.run, |b| state.keeps[usize::from(b)], input, i);
            let Some(&b) = input.get(i) else {
                return Ok(i);
            };
            if b >= 0xC0 {
                match self.character(state, s, input, i)? {
                    Some(end) => i = end,
                    None => return Ok(i),
                }
                continue;
            }
            match input.get(i + 1..i + 3) {
                Some(&[x, y])
                    if state.run.escape.is_some_and(|(e, _)| e == b)
                        && self.digits[usize::from(x)]
                        && self.digits[usize::from(y)] =>
                {
                    i += 3
                }
                _ => return Ok(i),
            }
        }
    }

    /// The end of the character that begins with the lead byte at `i`, when its bytes lead from the
    /// state `s` (`state`) back to it; `None` when they lead elsewhere; `Err` with the offset of the
    /// byte that leads to the dead state, if one does (the walk ends there, as it would byte by
    /// byte).
    ///
    /// A run's set holds a lead byte only when every character it begins keeps the state (see
    /// [`Table`]); the others, such as the lead bytes of `ucschar` whose planes end in two
    /// noncharacters (RFC 3987 §2.2), are followed here through the rows, since the states inside a
    /// character have no run, without leaving the run.
    #[inline(always)]
    fn character(
        &self,
        state: &RunState,
        s: usize,
        input: &[u8],
        i: usize,
    ) -> Result<Option<usize>, usize> {
        let lead = input[i];
        // RFC 3629 §3: the lead byte gives the length of the sequence.
        let len =
            1 + usize::from(lead >= 0xC0) + usize::from(lead >= 0xE0) + usize::from(lead >= 0xF0);
        let Some(bytes) = input.get(i + 1..i + len) else {
            return Ok(None);
        };
        let mut t = usize::from(state.next[usize::from(lead)]);
        for (k, &c) in bytes.iter().enumerate() {
            // Inside a character the states have no run (`Moves::run_set`): a number below
            // `run_end` is the dead state (0), or a state with a run, which the character left for
            // and the walk takes from the lead byte on, as transitions.
            if t < self.run_end {
                return if t == 0 { Err(i + k) } else { Ok(None) };
            }
            t = usize::from(self.rows[t + usize::from(self.classes[usize::from(c)])]);
        }
        match t {
            0 => Err(i + len - 1),
            _ if t == s => Ok(Some(i + len)),
            _ => Ok(None),
        }
    }

    /// The state after `byte` in state `s`.
    #[cfg(test)]
    fn next(&self, s: usize, byte: u8) -> usize {
        let row = usize::from(self.rows[s + usize::from(self.classes[usize::from(byte)])]);
        if let Some(state) = self.run_state(s).filter(|_| s != 0) {
            assert_eq!(usize::from(state.next[usize::from(byte)]), row);
        }
        row
    }
}

/// A [`Dfa`] that decides many inputs in turn, such as the lines of a file, and remembers the
/// beginnings of the web links among them: a link that begins as one before it is walked from the
/// state that link's walk had reached there. Its verdicts are those of [`Dfa::is_match`].
///
/// The lines of a dump of links mostly share their first bytes with a line not long before: the
/// scheme, the host, the first segments of the path. The matcher notes each link of 16 bytes or
/// more that begins with `http://` or `https://` by its first 32 bytes and the last state its walk
/// had within them, in 16 slots (by a hash of bytes 8 to 15, mostly the host's); a link that begins
/// with the bytes up to that state of the link in its slot starts its walk there. Of the 1,730,768
/// DBpedia links of the corpora, 1,693,980 did, mostly from the slash after the host. Where few of
/// the links begin as one noted (every host another), it stops looking them up for a while, and then
/// tries again.
///
/// ```
/// use iri_abnf::{abnf, Grammar, Rule};
///
/// let dfa = abnf::dfa(Grammar::Iri, Rule::IriReference).unwrap();
/// let mut matcher = dfa.matcher();
/// let lines = [
///     "http://dbpedia.org/resource/Category:Flora_of_Colombia",
///     "http://dbpedia.org/resource/Category:Fauna_of_Colombia",
///     "http://dbpedia.org/resource/Category:Fauna of Colombia",
/// ];
/// let verdicts: Vec<bool> = lines.iter().map(|l| matcher.is_match(l)).collect();
/// assert_eq!(verdicts, [true, true, false]);
/// ```
#[derive(Clone, Debug)]
pub struct Matcher<'d> {
    dfa: &'d Dfa,
    memo: Beginnings,
}

impl<'d> Matcher<'d> {
    /// The DFA it walks.
    pub fn dfa(&self) -> &'d Dfa {
        self.dfa
    }

    /// [`Dfa::is_match`].
    #[inline]
    pub fn is_match(&mut self, input: &str) -> bool {
        self.is_match_bytes(input.as_bytes())
    }

    /// [`Dfa::is_match_bytes`]: whether `input` is the UTF-8 of a string of the rule's language.
    #[inline]
    pub fn is_match_bytes(&mut self, input: &[u8]) -> bool {
        match &self.dfa.table {
            Some(table) => table.is_match_memo(input, &mut self.memo),
            None => self.dfa.is_match_bytes(input),
        }
    }

    /// [`Dfa::match_text`]: the text of `input` when it is a string of the rule's language.
    #[inline]
    pub fn match_text<'i>(&mut self, input: &'i [u8]) -> Option<&'i str> {
        if !self.is_match_bytes(input) {
            None
        } else {
            self.dfa.text_of_match(input)
        }
    }
}

/// The links a [`Matcher`] noted: 16 slots, each the beginning of a link and a state of its walk.
#[derive(Clone, Debug)]
struct Beginnings {
    slots: [Slot; 16],
    /// Up by one for each link that begins as one noted, down by two for each other one, at most
    /// [`Beginnings::TRUST`]; at 2 or less the matcher pauses.
    score: u8,
    /// The links still to walk without the slots before they are looked up again.
    pause: u16,
    /// The links found in the slots.
    #[cfg(test)]
    hits: usize,
}

impl Default for Beginnings {
    fn default() -> Self {
        Beginnings {
            slots: [Slot::default(); 16],
            score: Beginnings::TRUST,
            pause: 0,
            #[cfg(test)]
            hits: 0,
        }
    }
}

impl Beginnings {
    /// The highest score.
    const TRUST: u8 = 32;
    /// The number of links walked without the slots when the score runs out.
    const PAUSE: u16 = 1024;
    /// The least number of bytes after the [`Table::beginning`] that a slot skips.
    const LEAST: usize = 8;

    /// A link was not found in the slots.
    #[inline(always)]
    fn missed(&mut self) {
        if self.score <= 2 {
            self.score = Beginnings::TRUST / 2;
            self.pause = Beginnings::PAUSE;
        } else {
            self.score -= 2;
        }
    }
}

/// A noted link: its first 32 bytes (as four little-endian words), a mask of its first `at` bytes,
/// and `state`, the state its walk had at `at`. An empty slot has `at` 0 (no link begins as it: see
/// [`Slot::begins`]).
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    words: [u64; 4],
    mask: [u64; 4],
    at: u8,
    state: u16,
}

impl Slot {
    /// The first 32 bytes of a link of 16 bytes or more as four words, zero bytes after a shorter
    /// link (read by loads of 8 bytes inside it that overlap, moved into place: no copy).
    #[inline(always)]
    fn words(input: &[u8]) -> [u64; 4] {
        let len = input.len();
        debug_assert!(len >= 16);
        let word = |at: usize| {
            let mut w = [0; 8];
            w.copy_from_slice(&input[at..at + 8]);
            u64::from_le_bytes(w)
        };
        // The 8 bytes that end at `end` (from `from` to 8 bytes after it), moved down by
        // `from - (end - 8)` bytes so that the one at `from` comes first (two shifts, so that none
        // is by 64 when `end` is `from`).
        let tail = |from: usize, end: usize| word(end - 8) >> (8 * (from + 7 - end)) >> 8;
        if len >= 32 {
            [word(0), word(8), word(16), word(24)]
        } else if len >= 24 {
            [word(0), word(8), word(16), tail(24, len)]
        } else {
            [word(0), word(8), tail(16, len), 0]
        }
    }

    /// The slot of a link: a hash of its bytes 8 to 15 (after `http://` or `https://`, mostly the
    /// host).
    #[inline(always)]
    fn index(words: &[u64; 4]) -> usize {
        (words[1].wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 60) as usize
    }

    /// The slot of a link whose walk had state `state` at `at` (at most 32; a state of a
    /// [`Table`], which numbers them in 16 bits).
    fn new(words: [u64; 4], (state, at): (usize, usize)) -> Slot {
        debug_assert!(at <= 32 && at > 0);
        let mask = std::array::from_fn(|k| match at.saturating_sub(8 * k).min(8) {
            8 => u64::MAX,
            n => (1 << (8 * n)) - 1,
        });
        Slot {
            words,
            mask,
            at: at as u8,
            state: state as u16,
        }
    }

    /// Whether a link of `len` bytes with these first 32 bytes begins with the slot's first `at`
    /// bytes (not past its end), and the slot is not empty.
    #[inline(always)]
    fn begins(&self, words: &[u64; 4], len: usize) -> bool {
        let differ = (0..4).fold(0, |d, k| d | ((words[k] ^ self.words[k]) & self.mask[k]));
        // `at` 0 (an empty slot) wraps to the largest number.
        differ == 0 && usize::from(self.at).wrapping_sub(1) < len
    }
}

/// A hash of the integers and integer slices that building a [`Table`] looks up (states, columns of
/// states), faster than the default hash for them; the keys come from the DFA, not from an input.
#[derive(Default)]
struct Mix(u64);

impl std::hash::Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0; 8];
            word.copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
        for &b in chunks.remainder() {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517C_C1B7_2722_0A95);
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// A map with the [`Mix`] hash.
type MixMap<K, V> = HashMap<K, V, std::hash::BuildHasherDefault<Mix>>;

/// The transitions of a DFA's states by byte class: the bytes of one class lead from every state to
/// the same state. State 0 is the dead state.
struct Moves {
    /// The class of each byte.
    classes: [u8; 256],
    /// For each state, the next state for each class.
    rows: Vec<Vec<usize>>,
    /// Whether the input may end in each state.
    accept: Vec<bool>,
    /// The start state.
    start: usize,
}

impl Moves {
    /// The state after `byte` from state `s`.
    fn next(&self, s: usize, byte: u8) -> usize {
        self.rows[s][usize::from(self.classes[usize::from(byte)])]
    }

    /// The states reachable from `start` by bytes, numbered in breadth-first order with the dead state
    /// as 0, with states that no input tells apart merged ([`indistinguishable`]); `None` if there are
    /// more than 256 classes of bytes (there cannot be).
    fn explore(dfa: &DFA<&[u32]>, start: StateID) -> Option<Moves> {
        // The DFA's own classes of bytes: the bytes of one lead alike from every state, so each class
        // is followed once, by its first byte (in the order of the bytes, so that the states are
        // numbered as they would be byte by byte).
        let dfa_classes = dfa.byte_classes();
        let firsts: Vec<u8> = dfa_classes
            .representatives(..)
            .filter_map(|unit| unit.as_u8())
            .collect();
        // The number of each state (0: not numbered yet), at its identifier without the stride.
        let mut index: Vec<usize> = Vec::new();
        let mut states: Vec<StateID> = Vec::new();
        let stride2 = dfa.stride2();
        let mut number = |s: StateID, states: &mut Vec<StateID>| {
            if dfa.is_dead_state(s) {
                return 0;
            }
            let k = s.as_usize() >> stride2;
            if k >= index.len() {
                index.resize(k + 1, 0);
            }
            if index[k] == 0 {
                states.push(s);
                index[k] = states.len();
            }
            index[k]
        };
        let start = number(start, &mut states);
        // The next state by class of the DFA.
        let mut next: Vec<Vec<usize>> = vec![vec![0; firsts.len()]];
        let mut accept = vec![false];
        while let Some(&s) = states.get(next.len() - 1) {
            let row = firsts
                .iter()
                .map(|&b| number(dfa.next_state(s, b), &mut states))
                .collect();
            next.push(row);
            accept.push(dfa.is_match_state(dfa.next_eoi_state(s)));
        }
        // Classes of the DFA with the same column lead from every state to the same state: one class
        // here.
        let mut class_of: MixMap<Vec<usize>, u8> = MixMap::default();
        let mut representatives = Vec::new();
        let mut ours = Vec::with_capacity(firsts.len());
        for c in 0..firsts.len() {
            let column: Vec<usize> = next.iter().map(|row| row[c]).collect();
            let n = u8::try_from(class_of.len()).ok()?;
            ours.push(*class_of.entry(column).or_insert_with(|| {
                representatives.push(c);
                n
            }));
        }
        let classes: [u8; 256] =
            std::array::from_fn(|b| ours[usize::from(dfa_classes.get(b as u8))]);
        let rows: Vec<Vec<usize>> = next
            .iter()
            .map(|row| representatives.iter().map(|&b| row[b]).collect())
            .collect();
        let (block, count) = indistinguishable(&rows, &accept);
        let mut merged = vec![Vec::new(); count];
        let mut verdict = vec![false; count];
        for (s, row) in rows.iter().enumerate() {
            merged[block[s]] = row.iter().map(|&t| block[t]).collect();
            verdict[block[s]] = accept[s];
        }
        Some(Moves {
            classes,
            rows: merged,
            accept: verdict,
            start: block[start],
        })
    }

    /// The bytes that keep the state `r` (see [`Table`]); `None` if there are none.
    fn run_set(&self, r: usize) -> Option<[bool; 256]> {
        // A run starts at a character boundary. A state from which a continuation byte leads on may be
        // inside a character (with a DFA over well-formed UTF-8, exactly those states are): no run.
        if (0x80..0xC0).any(|c| self.next(r, c) != 0) {
            return None;
        }
        let mut set = [false; 256];
        for b in 0..0x80 {
            set[usize::from(b)] = self.next(r, b) == r;
        }
        // A lead byte keeps the state when every well-formed sequence it starts does (RFC 3629 §4: the
        // second byte after E0, ED, F0 and F4 has a narrower range). Bytes of one class lead alike, so
        // each class is followed once, and leads of one class with the same range are decided once.
        let classes_in = |range: std::ops::RangeInclusive<u8>| {
            let mut classes: Vec<u8> = range.map(|c| self.classes[usize::from(c)]).collect();
            classes.sort_unstable();
            classes.dedup();
            classes
        };
        let any = classes_in(0x80..=0xBF);
        let narrow = [
            classes_in(0xA0..=0xBF),
            classes_in(0x80..=0x9F),
            classes_in(0x90..=0xBF),
            classes_in(0x80..=0x8F),
        ];
        // Whether every path of `more` continuation bytes from `t` (the first from `first`) ends in r.
        fn back(moves: &Moves, t: usize, first: &[u8], any: &[u8], more: usize, r: usize) -> bool {
            if more == 0 {
                return t == r;
            }
            t != 0
                && first
                    .iter()
                    .all(|&c| back(moves, moves.rows[t][usize::from(c)], any, any, more - 1, r))
        }
        let mut decided: MixMap<(u8, usize, usize), bool> = MixMap::default();
        let mut any_lead = false;
        for lead in 0xC2..=0xF4u8 {
            // The number of continuation bytes and the range of the first (0: any, else narrow[_ - 1]).
            let (more, range) = match lead {
                0xC2..=0xDF => (1, 0),
                0xE0 => (2, 1),
                0xED => (2, 2),
                0xE1..=0xEF => (2, 0),
                0xF0 => (3, 3),
                0xF4 => (3, 4),
                _ => (3, 0),
            };
            let second = if range == 0 { &any } else { &narrow[range - 1] };
            let key = (self.classes[usize::from(lead)], more, range);
            let keeps = *decided
                .entry(key)
                .or_insert_with(|| back(self, self.next(r, lead), second, &any, more, r));
            if keeps {
                set[usize::from(lead)] = true;
                any_lead = true;
            }
        }
        if any_lead {
            set[0x80..0xC0].fill(true);
        }
        set.contains(&true).then_some(set)
    }

    /// The digits of an escape that starts with the ASCII byte `b` in state `r` (see [`Table`]): the
    /// bytes that lead on from the state after `b`, when they are all ASCII and any two of them lead
    /// back to `r`.
    fn escape(&self, r: usize, b: u8) -> Option<[bool; 256]> {
        let after = self.next(r, b);
        if b >= 0x80 || after == 0 {
            return None;
        }
        let mut digits = [false; 256];
        for (d, digit) in (0..=255u8).zip(digits.iter_mut()) {
            *digit = self.next(after, d) != 0;
        }
        let set: Vec<u8> = (0..=255u8).filter(|&d| digits[usize::from(d)]).collect();
        let back = !set.is_empty()
            && set.iter().all(|&d| d < 0x80)
            && set
                .iter()
                .all(|&x| set.iter().all(|&y| self.next(self.next(after, x), y) == r));
        back.then_some(digits)
    }
}

/// The states that no input tells apart, found by Moore's partition refinement over the transitions
/// by class `rows` and the verdicts `accept`: each state's block, block 0 being that of state 0, and
/// the number of blocks.
///
/// The DFA's own minimization keeps apart states that differ only in reporting a match (which a
/// `regex-automata` DFA does one byte late: the state after `é` in a path segment does not report one,
/// the state after `e` does, and both continue alike); the walk asks for the verdict only at the end
/// of the input, so such states are one. The states from which no input reaches acceptance join the
/// dead state.
fn indistinguishable(rows: &[Vec<usize>], accept: &[bool]) -> (Vec<usize>, usize) {
    let mut block: Vec<usize> = accept
        .iter()
        .map(|&a| usize::from(a != accept[0]))
        .collect();
    let mut count = 0;
    // The signatures of all states, one after the other: a state's block, then the block of each of
    // its next states.
    let width = rows.first().map_or(0, Vec::len) + 1;
    let mut signatures = vec![0; rows.len() * width];
    loop {
        for ((s, row), signature) in rows
            .iter()
            .enumerate()
            .zip(signatures.chunks_exact_mut(width))
        {
            signature[0] = block[s];
            for (to, &t) in signature[1..].iter_mut().zip(row) {
                *to = block[t];
            }
        }
        let mut ids: MixMap<&[usize], usize> = MixMap::default();
        let refined: Vec<usize> = signatures
            .chunks_exact(width)
            .map(|signature| {
                let n = ids.len();
                *ids.entry(signature).or_insert(n)
            })
            .collect();
        let blocks = ids.len();
        block = refined;
        if blocks == count {
            return (block, count);
        }
        count = blocks;
    }
}

/// Adds `(prefix * width + s)` for every prefix in `first..=last` and every range `s` of `suffixes`
/// (values below `width`), as few ranges as possible.
fn spread(first: u32, last: u32, width: u32, suffixes: &[(u32, u32)], out: &mut Vec<(u32, u32)>) {
    if suffixes == [(0, width - 1)] {
        out.push((first * width, last * width + width - 1));
        return;
    }
    for p in first..=last {
        out.extend(
            suffixes
                .iter()
                .map(|&(a, b)| (p * width + a, p * width + b)),
        );
    }
}

/// Sorts and merges overlapping or adjacent ranges.
fn merge(ranges: &mut Vec<(u32, u32)>) {
    ranges.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(ranges.len());
    for &(a, b) in ranges.iter() {
        match out.last_mut() {
            Some((_, last)) if a <= last.saturating_add(1) => *last = (*last).max(b),
            _ => out.push((a, b)),
        }
    }
    *ranges = out;
}

/// Every state reachable from `start` (bytes and end of input), in breadth-first order.
pub(crate) fn reachable<A: regex_automata::dfa::Automaton>(
    dfa: &A,
    start: StateID,
    representatives: &[u8],
) -> Vec<StateID> {
    let mut seen: HashSet<StateID> = HashSet::from([start]);
    let mut order = vec![start];
    let mut queue = VecDeque::from([start]);
    while let Some(s) = queue.pop_front() {
        for next in representatives
            .iter()
            .map(|&b| dfa.next_state(s, b))
            .chain([dfa.next_eoi_state(s)])
        {
            if seen.insert(next) {
                order.push(next);
                queue.push_back(next);
            }
        }
    }
    order
}

/// The reachable states that are not dead and from which no string leads to acceptance, and the number
/// of reachable states (the dead state included).
fn dead_ends(dfa: &DFA<&[u32]>, start: StateID) -> (Box<[StateID]>, usize) {
    let reps: Vec<u8> = dfa
        .byte_classes()
        .representatives(..)
        .filter_map(|u| u.as_u8())
        .collect();
    let states = reachable(dfa, start, &reps);
    let count = states.len();
    let mut live: HashSet<StateID> = states
        .iter()
        .copied()
        .filter(|&s| dfa.is_match_state(dfa.next_eoi_state(s)))
        .collect();
    loop {
        let before = live.len();
        for &s in &states {
            if !live.contains(&s) && reps.iter().any(|&b| live.contains(&dfa.next_state(s, b))) {
                live.insert(s);
            }
        }
        if live.len() == before {
            break;
        }
    }
    let mut out: Vec<StateID> = states
        .into_iter()
        .filter(|&s| !live.contains(&s) && !dfa.is_dead_state(s))
        .collect();
    out.sort_unstable();
    (out.into_boxed_slice(), count)
}

type Cell = OnceLock<Result<Dfa, AbnfError>>;

/// One cell per grammar and rule, indexed by `AnyGrammar as usize` and `Rule as usize`.
static CELLS: [[Cell; Rule::COUNT]; AnyGrammar::COUNT] =
    [const { [const { Cell::new() }; Rule::COUNT] }; AnyGrammar::COUNT];

/// The DFA of `rule` of `grammar`, or why it could not be built, as [`dfa`] gives it but borrowed: no
/// error is cloned. `rule` must be a rule of `grammar` ([`AnyGrammar::has`]).
#[inline]
pub(crate) fn loaded(grammar: AnyGrammar, rule: Rule) -> &'static Result<Dfa, AbnfError> {
    debug_assert!(grammar.has(rule));
    let cell = &CELLS[grammar as usize][rule as usize];
    match cell.get() {
        Some(loaded) => loaded,
        None => load(cell, grammar, rule),
    }
}

/// [`loaded`] on first use: the precompiled DFA when there is one, otherwise one built now.
#[cold]
#[inline(never)]
fn load(cell: &'static Cell, grammar: AnyGrammar, rule: Rule) -> &'static Result<Dfa, AbnfError> {
    let loaded = cell.get_or_init(|| match super::precompiled::load(grammar, rule) {
        Some((dfa, start)) => Ok(Dfa::precompiled(
            dfa,
            start,
            super::precompiled::table(grammar, rule),
        )),
        None => super::rules(grammar)?.compile(rule.name()),
    });
    if let Ok(Dfa {
        table: Some(table), ..
    }) = loaded
    {
        TABLES[grammar as usize][rule as usize].store(
            std::ptr::from_ref(table).cast_mut(),
            std::sync::atomic::Ordering::Release,
        );
    }
    loaded
}

/// The [`Table`] of each DFA of [`CELLS`] that is loaded and has one, null for the others: the verdict
/// of [`is_match_loaded`] costs one load before the walk, where [`loaded`] reads the cell's state, the
/// result and the table's presence in turn (which shows on short inputs). Only [`load`] stores here,
/// a pointer into a cell that is initialized and never changes or drops.
static TABLES: [[std::sync::atomic::AtomicPtr<Table>; Rule::COUNT]; AnyGrammar::COUNT] =
    [const { [const { std::sync::atomic::AtomicPtr::new(std::ptr::null_mut()) }; Rule::COUNT] };
        AnyGrammar::COUNT];

/// [`Dfa::is_match`] of the DFA of `rule` of `grammar` when that DFA is loaded and has a table;
/// `None` otherwise (the rule is not the grammar's, or its DFA is not loaded yet or has no table):
/// the caller then goes through [`loaded`], which loads it.
#[inline(always)]
pub(crate) fn is_match_loaded(grammar: AnyGrammar, rule: Rule, input: &str) -> Option<bool> {
    let table = TABLES[grammar as usize][rule as usize].load(std::sync::atomic::Ordering::Acquire);
    // SAFETY: a pointer stored in `TABLES` is to the table of a DFA in a cell of `CELLS`, which is
    // static: once initialized, a cell's value is neither moved, changed nor dropped (see `load`).
    let table = unsafe { table.as_ref() }?;
    Some(table.is_match(input.as_bytes()))
}

/// The DFA of `rule` of `grammar`, any grammar: a [`Rule`], or a rule name in spec spelling or with
/// underscores ([`AnyGrammar::rule`]), or in any case (ABNF rule names are case-insensitive, RFC 5234
/// §2.1). It is the precompiled one when there is one (loaded once), otherwise built on first use, and
/// kept for the life of the process: after the first call for a rule, this allocates nothing (unless
/// the name is spelled in another case). An [`AbnfError::UndefinedRule`] if the grammar has no such
/// rule.
pub fn dfa(grammar: impl Into<AnyGrammar>, rule: impl RuleName) -> Result<&'static Dfa, AbnfError> {
    let grammar = grammar.into();
    let found = grammar.rule(&rule).or_else(|| {
        // Another case: the spelling of the grammar's files.
        let origin = super::rules(grammar).ok()?.origin(rule.as_name())?;
        grammar.rule(origin.rule.as_str())
    });
    let Some(found) = found else {
        return Err(AbnfError::UndefinedRule {
            rule: rule.as_name().to_string(),
            used_by: None,
        });
    };
    loaded(grammar, found).as_ref().map_err(Clone::clone)
}

/// Whether `input` leads `dfa` from the anchored `start` state to a match at the end of the input: the
/// walk over the input's bytes that stops at the dead state. Allocates nothing.
#[inline]
pub(crate) fn is_match<A: regex_automata::dfa::Automaton>(
    dfa: &A,
    start: StateID,
    input: &[u8],
) -> bool {
    let mut state = start;
    for &byte in input {
        state = dfa.next_state(state, byte);
        if dfa.is_special_state(state) && dfa.is_dead_state(state) {
            return false;
        }
    }
    dfa.is_match_state(dfa.next_eoi_state(state))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::Grammar;

    /// The DFA of a rule, with its table (the tests below would compare the plain walk with itself
    /// without one).
    fn loaded_dfa(
        grammar: impl Into<AnyGrammar> + Copy + std::fmt::Display,
        rule: impl RuleName + Copy + std::fmt::Display,
    ) -> &'static Dfa {
        let dfa = dfa(grammar, rule).expect("builds");
        assert!(dfa.table.is_some(), "{grammar} {rule}: no table");
        dfa
    }

    /// The table's walk agrees with the walk of the DFA one byte at a time, and `check` with both.
    #[track_caller]
    fn agrees(dfa: &Dfa, input: &str) {
        let plain = dfa.is_match_plain(input);
        assert_eq!(dfa.is_match(input), plain, "{input:?}");
        let table = dfa.table.as_ref().unwrap();
        let bytewise = table.walk_with(
            byteset::Bytewise,
            input.as_bytes(),
            table.beginning(input.as_bytes()),
            |_, _| {},
            |_, _| {},
        );
        assert_eq!(bytewise.is_ok(), plain, "{input:?} byte by byte");
        assert_eq!(dfa.check(input).is_ok(), plain, "{input:?}");
        let offset = dfa.failure_offset(input).err();
        assert_eq!(
            bytewise.map_err(|i| character_start(input, i)).err(),
            offset,
            "{input:?} byte by byte"
        );
        assert_eq!(offset, dfa.offset_plain(input).err(), "{input:?} plain");
        assert_eq!(offset, longest_live_prefix(dfa, input), "{input:?}");
    }

    /// The offset of the first offending character by its definition, for an input the DFA rejects:
    /// the end of the longest prefix at a character boundary after which the DFA is in a state from
    /// which some string reaches acceptance (found here by a search backwards from the accepting
    /// states, apart from the engine's own).
    fn longest_live_prefix(dfa: &Dfa, input: &str) -> Option<usize> {
        if dfa.is_match_plain(input) {
            return None;
        }
        type LiveSets = HashMap<usize, Arc<HashSet<StateID>>>;
        static LIVE: Mutex<Option<LiveSets>> = Mutex::new(None);
        let live = LIVE
            .lock()
            .unwrap()
            .get_or_insert_with(HashMap::new)
            .entry(dfa as *const Dfa as usize)
            .or_insert_with(|| {
                let raw = dfa.raw();
                let states = reachable(&raw, dfa.start, &(0..=255).collect::<Vec<u8>>());
                let mut live: HashSet<StateID> = states
                    .iter()
                    .copied()
                    .filter(|&s| raw.is_match_state(raw.next_eoi_state(s)))
                    .collect();
                loop {
                    let before = live.len();
                    for &s in &states {
                        if (0..=255).any(|b| live.contains(&raw.next_state(s, b))) {
                            live.insert(s);
                        }
                    }
                    if live.len() == before {
                        break;
                    }
                }
                Arc::new(live)
            })
            .clone();
        let boundaries = (0..=input.len()).filter(|&j| input.is_char_boundary(j));
        let ok = |j: usize| live.contains(&dfa.state_after(&input.as_bytes()[..j]).0);
        Some(boundaries.take_while(|&j| ok(j)).last().unwrap_or(0))
    }

    /// The table of every precompiled DFA is read from its precompiled bytes, and is the table built
    /// from the DFA: every field, and the bytes it writes. Bytes cut short or changed do not read.
    #[test]
    fn precompiled_tables_are_the_tables_built() {
        let mut read = 0;
        for grammar in AnyGrammar::ALL {
            for &rule in super::super::precompiled::rules(grammar) {
                let dfa = dfa(grammar, rule).expect("loads");
                let Some(bytes) = super::super::precompiled::table(grammar, rule) else {
                    assert!(
                        dfa.table.is_none(),
                        "{grammar} {rule}: no precompiled table"
                    );
                    continue;
                };
                let built = Table::new(&dfa.raw(), dfa.start).expect("a table");
                let loaded = Table::from_bytes(bytes).expect("the bytes read");
                assert_eq!(
                    format!("{loaded:?}"),
                    format!("{built:?}"),
                    "{grammar} {rule}"
                );
                assert_eq!(built.to_bytes(), bytes, "{grammar} {rule}");
                assert_eq!(
                    format!("{:?}", dfa.table.as_ref().unwrap()),
                    format!("{built:?}"),
                    "{grammar} {rule}: the loaded DFA's table"
                );
                assert!(Table::from_bytes(&bytes[..bytes.len() - 1]).is_none());
                let mut changed = bytes.to_vec();
                // The first entry of the start state's row: made a number of no state.
                let at = changed.len() - 2 * (built.rows.len() - built.start);
                changed[at..at + 2].copy_from_slice(&u16::MAX.to_le_bytes());
                assert!(Table::from_bytes(&changed).is_none(), "{grammar} {rule}");
                read += 1;
            }
        }
        assert!(read > 50, "{read} tables read");
    }

    /// The bytes that the table says no string holds are those that the DFA itself says so of, for
    /// the reference rule of every grammar.
    #[test]
    fn excluded_bytes_are_those_of_the_dfa() {
        for grammar in Grammar::ALL {
            let dfa = loaded_dfa(grammar, grammar.reference_rule());
            let excluded: Vec<u8> = (0..=255).filter(|&b| dfa.excludes(b)).collect();
            let plain: Vec<u8> = (0..=255).filter(|&b| dfa.excludes_plain(b)).collect();
            assert_eq!(excluded, plain, "{grammar}");
            // The bytes never in UTF-8 (RFC 3629 §3), and at least the space in every grammar but
            // LEIRI's.
            assert!(
                excluded.contains(&0xC0) && excluded.contains(&0xFF),
                "{grammar}"
            );
            assert_eq!(
                excluded.contains(&b' '),
                grammar != Grammar::Leiri,
                "{grammar}"
            );
        }
    }

    /// The state after `input` in the table's walk one byte at a time.
    fn state_after(table: &Table, input: &[u8]) -> usize {
        input.iter().fold(table.start, |s, &b| table.next(s, b))
    }

    /// Whether `byte` keeps the state `s`, if the state has a run.
    fn keeps(table: &Table, s: usize, byte: u8) -> Option<bool> {
        let state = table.run_state(s).filter(|_| s != 0)?;
        assert_eq!(
            state.keeps[usize::from(byte)],
            state.run.keeps.contains(byte)
        );
        Some(state.keeps[usize::from(byte)])
    }

    /// The delimiters the walk records are the first "?" or "#" and the first "#" of every valid
    /// reference, and the verdict is `is_match`'s: 20,000 generated or mutated strings per grammar.
    #[test]
    fn match_delimiters_are_the_first_query_and_fragment_delimiters() {
        for grammar in Grammar::ALL {
            let rule = grammar.reference_rule();
            let dfa = loaded_dfa(grammar, rule);
            let rules = crate::abnf::rules(grammar).unwrap();
            let generator = crate::abnf::Generator::new(rules, rule).unwrap();
            let mut valid = 0;
            for i in 0..20_000 {
                let seed = crate::abnf::generate::case_seed(0xD311, grammar, i);
                let s = crate::abnf::generate::case_input(&generator, seed, 40);
                let got = dfa.match_delimiters(&s);
                assert_eq!(got.is_ok(), dfa.is_match(&s), "{grammar} {s:?}");
                assert_eq!(got.err(), dfa.check(&s).err().map(|f| f.offset), "{s:?}");
                if let Ok((query_or_hash, hash)) = got {
                    valid += 1;
                    let first = |f: &dyn Fn(u8) -> bool| s.bytes().position(f).unwrap_or(s.len());
                    assert_eq!(query_or_hash, first(&|c| c == b'?' || c == b'#'), "{s:?}");
                    assert_eq!(hash, first(&|c| c == b'#'), "{s:?}");
                }
            }
            assert!(valid > 5_000, "{grammar}: {valid}");
        }
    }

    /// The states of a UTF-8 decoder (RFC 3629 §4): between characters, or the continuation bytes a
    /// character still needs, with the range of the next one where it is narrower than 80..BF.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    enum Utf8 {
        Between,
        /// `n` more continuation bytes, the next one in `lo..=hi`.
        Needs(u8, u8, u8),
        Malformed,
    }

    impl Utf8 {
        fn next(self, b: u8) -> Utf8 {
            match self {
                Utf8::Between => match b {
                    0x00..=0x7F => Utf8::Between,
                    0xC2..=0xDF => Utf8::Needs(1, 0x80, 0xBF),
                    0xE0 => Utf8::Needs(2, 0xA0, 0xBF),
                    0xED => Utf8::Needs(2, 0x80, 0x9F),
                    0xE1..=0xEF => Utf8::Needs(2, 0x80, 0xBF),
                    0xF0 => Utf8::Needs(3, 0x90, 0xBF),
                    0xF4 => Utf8::Needs(3, 0x80, 0x8F),
                    0xF1..=0xF3 => Utf8::Needs(3, 0x80, 0xBF),
                    _ => Utf8::Malformed,
                },
                Utf8::Needs(n, lo, hi) if (lo..=hi).contains(&b) => match n {
                    1 => Utf8::Between,
                    _ => Utf8::Needs(n - 1, 0x80, 0xBF),
                },
                _ => Utf8::Malformed,
            }
        }
    }

    /// Every precompiled DFA of every grammar matches only well-formed UTF-8, the ground of
    /// `Dfa::match_text`: in the product of its states and a UTF-8 decoder's, reached over all 256
    /// bytes from the start, no byte that the decoder finds malformed leads to a state from which a
    /// match can be reached (the dead state or a dead end), and no
    /// input ending in the middle of a character is matched. Each byte sequence is also walked by
    /// the table: `is_match_bytes` rejects the malformed ones the product reaches first.
    #[test]
    fn every_dfa_matches_only_utf8() {
        let mut checked = 0;
        for grammar in AnyGrammar::ALL {
            for rule in super::super::precompiled::rules(grammar) {
                let dfa = loaded_dfa(grammar, rule);
                let raw = dfa.raw();
                let mut seen = HashSet::new();
                let mut queue = vec![(dfa.start, Utf8::Between, Vec::new())];
                while let Some((state, utf8, path)) = queue.pop() {
                    if !seen.insert((state, utf8)) {
                        continue;
                    }
                    let accepts = raw.is_match_state(raw.next_eoi_state(state));
                    assert!(
                        !accepts || utf8 == Utf8::Between,
                        "{grammar} {rule}: {path:02X?} is matched in the middle of a character"
                    );
                    for b in 0..=255u8 {
                        let next = raw.next_state(state, b);
                        // A dead end reports the match of the input before this byte and dies.
                        if raw.is_dead_state(next) || dfa.dead_ends().0.binary_search(&next).is_ok()
                        {
                            continue;
                        }
                        let mut longer = path.clone();
                        longer.push(b);
                        assert_ne!(
                            utf8.next(b),
                            Utf8::Malformed,
                            "{grammar} {rule}: {longer:02X?} is not UTF-8 and the DFA lives on"
                        );
                        queue.push((next, utf8.next(b), longer));
                    }
                }
                // The walk of the table agrees on a malformed byte after each reached prefix.
                for bad in [
                    &b"\xFF"[..],
                    b"\xC0\xAF",
                    b"\xED\xA0\x80",
                    b"\xF4\x90\x80\x80",
                    b"\xE2\x82",
                ] {
                    assert!(!dfa.is_match_bytes(bad), "{grammar} {rule}: {bad:02X?}");
                }
                checked += 1;
            }
        }
        assert!(checked > 40, "{checked} DFAs");
    }

    #[test]
    fn every_precompiled_rule_has_a_table() {
        for grammar in AnyGrammar::ALL {
            for rule in super::super::precompiled::rules(grammar) {
                loaded_dfa(grammar, rule);
            }
        }
    }

    #[test]
    fn runs_cover_the_characters_of_a_segment() {
        let dfa = loaded_dfa(Grammar::Iri, "IRI-reference");
        let table = dfa.table.as_ref().unwrap();
        // After `http://a/b`, in a path segment: the ASCII of `ipchar`, "/" and the lead bytes of
        // characters that are all `ucschar` keep the state; "%" starts an escape; "?" ends the run.
        let s = state_after(table, b"http://a/b");
        for byte in [
            b'b', b'~', b'/', b':', b'@', b'!', 0xC3, 0xD0, 0xE4, 0x80, 0xBF,
        ] {
            assert_eq!(keeps(table, s, byte), Some(true), "{byte:#x}");
        }
        assert_eq!(
            table.run_state(s).unwrap().run.escape.map(|e| e.0),
            Some(b'%')
        );
        for byte in [b'%', b'?', b'#', b' ', b'"'] {
            assert_eq!(keeps(table, s, byte), Some(false), "{byte:#x}");
        }
        // After the first "?", "?" continues the runs of the query.
        let q = state_after(table, b"http://a/b?q");
        assert_eq!(keeps(table, q, b'?'), Some(true));
        assert_eq!(keeps(table, q, b'#'), Some(false));
        // C2 also starts U+0080-009F, which are not `ucschar`; F0 also starts U+1FFFE and U+1FFFF.
        for byte in [0xC2, 0xF0] {
            assert_eq!(keeps(table, s, byte), Some(false), "{byte:#x}");
        }
        // The state after "é" is the state after "e": the DFA tells them apart only by reporting a
        // match one byte late.
        assert_eq!(s, state_after(table, "http://a/é".as_bytes()));
        assert_ne!(dfa.next(dfa.start(), b'e'), {
            let mut st = dfa.start();
            for &b in "é".as_bytes() {
                st = dfa.next(st, b);
            }
            st
        });
    }

    /// Only the states whose set holds every `unreserved` character have a run: those of a path
    /// segment, a query, a fragment, a user or host name do; those of a port, of the digits of an IP
    /// literal and of a scheme (or a first segment, in "ab") do not.
    #[test]
    fn runs_only_in_the_states_of_text() {
        let dfa = loaded_dfa(Grammar::Iri, "IRI-reference");
        let table = dfa.table.as_ref().unwrap();
        let run = |text: &str| {
            table
                .run_state(state_after(table, text.as_bytes()))
                .is_some()
        };
        for text in [
            "http://a/b",
            "http://a/b?q",
            "http://a/b#f",
            "http://ab",
            "//user@host",
            "a/b",
        ] {
            assert!(run(text), "{text}");
        }
        for text in ["http://a:1", "http://[1", "http://[v1", "ab"] {
            assert!(!run(text), "{text}");
        }
    }

    #[test]
    fn runs_ending_at_the_end_of_the_input() {
        for (grammar, rule) in [
            (Grammar::Iri, "IRI-reference"),
            (Grammar::Uri, "URI-reference"),
            (Grammar::Leiri, "IRI-reference"),
            (Grammar::Rfc3987, "ihost"),
        ] {
            let dfa = loaded_dfa(grammar, rule);
            for head in [
                "",
                "a",
                "http://",
                "https://",
                "http://h/",
                "//h?",
                "#",
                "x:",
            ] {
                for n in 0..20 {
                    for unit in [
                        "a", "é", "中", "𠮷", "%41", "/", ".", " ", "%", "%4", "\u{FFFF}",
                    ] {
                        agrees(dfa, &format!("{head}{}", unit.repeat(n)));
                        agrees(dfa, &format!("{head}{}b", unit.repeat(n)));
                        agrees(dfa, &format!("{head}b{}", unit.repeat(n)));
                    }
                }
            }
        }
    }

    #[test]
    fn runs_with_a_dead_byte_inside() {
        let dfa = loaded_dfa(Grammar::Iri, "IRI-reference");
        let base = "http://example.org/aaaaaaaaaaaaaaaa/bbbbbbbb?cccccccccccc#dddddddd";
        for bad in [
            " ",
            "\"",
            "<",
            "\u{0}",
            "\u{80}",
            "\u{FFFF}",
            "\u{1FFFE}",
            "%G",
            "%",
            "#",
        ] {
            for i in (0..=base.len()).filter(|&i| base.is_char_boundary(i)) {
                let input = format!("{}{bad}{}", &base[..i], &base[i..]);
                agrees(dfa, &input);
                if let Err(f) = dfa.check(&input) {
                    // The offset is the first offending character: before it, the input is a prefix of
                    // the language, which the walk one byte at a time confirms.
                    let mut st = dfa.start();
                    for &b in &input.as_bytes()[..f.offset] {
                        st = dfa.next(st, b);
                    }
                    assert!(dfa.is_live(st), "{input:?} at {}", f.offset);
                }
            }
        }
    }

    #[test]
    fn escapes_in_runs() {
        let dfa = loaded_dfa(Grammar::Iri, "IRI-reference");
        for tail in [
            "%41", "%4", "%", "%G1", "%4G", "%%41", "%41%42", "%4%41", "%e9x", "%E9", "%41é", "%é",
        ] {
            for head in [
                "http://a/b",
                "http://a/b?q",
                "http://a/b#f",
                "a/b",
                "http://%41b",
            ] {
                agrees(dfa, &format!("{head}{tail}"));
                agrees(dfa, &format!("{head}{tail}/c"));
            }
        }
    }

    #[test]
    fn the_prefixes_begin_the_walk() {
        let dfa = loaded_dfa(Grammar::Iri, "IRI-reference");
        for input in [
            "http://",
            "http://a",
            "https://",
            "https://a",
            "http:///",
            "http://[::1]/",
            "http://[",
            "HTTP://a",
            "https:/a",
            "http:/a/b",
            "http://a b",
            "https://é",
            "http://%",
            "https://?",
        ] {
            agrees(dfa, input);
        }
        for rule in ["ihost", "iquery", "scheme", "IRI"] {
            let dfa = loaded_dfa(Grammar::Iri, rule);
            for input in ["http://a", "https://a/b", "http://", "https://"] {
                agrees(dfa, input);
            }
        }
    }

    /// A small deterministic generator (SplitMix64) from `seed`: each call gives a number below
    /// its argument.
    fn random(mut seed: u64) -> impl FnMut(usize) -> usize {
        move |n: usize| {
            seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) % n as u64) as usize
        }
    }

    #[test]
    fn a_slot_reads_the_first_32_bytes() {
        let bytes: Vec<u8> = (1..=40).collect();
        for len in 16..=40 {
            let mut padded = [0; 32];
            let n = len.min(32);
            padded[..n].copy_from_slice(&bytes[..n]);
            let expected: Vec<u64> = padded
                .chunks_exact(8)
                .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
                .collect();
            assert_eq!(Slot::words(&bytes[..len]).to_vec(), expected, "{len}");
        }
    }

    #[test]
    fn the_matcher_agrees_with_the_walk() {
        let mut next = random(0x3986);
        // Beginnings shared by many lines: ends of the host before, at and after byte 32, escapes
        // and characters of several bytes across it, invalid bytes before it, IP literals, ports.
        const BASES: &[&str] = &[
            "http://dbpedia.org/resource/",
            "http://de.dbpedia.org/resource/Kategorie:",
            "https://d-nb.info/gnd/",
            "http://www.w3.org/2002/07/owl#",
            "http://a-very-long-host-name-of-thirty-bytes.example/",
            "http://example.org/abcdefghijk%41x/abcdefghijk",
            "http://example.org/abcdefghijkl%4",
            "http://example.org/abcdefghijkléé/",
            "http://example.org/abcdefghijk中/",
            "http://example.org/abcdefghij𠮷",
            "http://example.org/abcdefghijkl\u{FDD0}",
            "http://exa mple.org/abcdefghijklmnopqrstuvwxyz/",
            "http://[::1]:8080/abcdefghijklmnopqrstuvwxyz/",
            "http://[v1.x]/a?",
            "http://user:pw@example.org:80/a/b/c/d/e/f/g/h/",
            "http://192.168.0.1/abcdefghijklmnopqrstuvwxyz/",
            "http://example.org?a=b&c=d&e=f&g=h&i=j&k=l#",
            "https://example.org/%e9%E9%41/é/ж/中/𠮷/\u{E0001}",
            "http:///abcdefghijklmnopqrstuvwxyz/abcdefghij",
            "http://%41%42%43.example.org/abcdefghijklmno",
        ];
        const TAILS: &[&str] = &[
            "",
            "a",
            "Category:Flora_of_Colombia",
            "%41",
            "%4",
            "%",
            "é",
            " ",
            "#f",
            "?q",
            "/",
            "[",
            "]",
            "%G1",
            "\u{FFFE}",
            "\u{FFFD}",
            "123456789",
            "a b",
            "::",
            "@",
            "|",
        ];
        for grammar in AnyGrammar::ALL {
            for &rule in super::super::precompiled::rules(grammar) {
                let dfa = loaded_dfa(grammar, rule);
                let mut matcher = dfa.matcher();
                let line = |input: &str, matcher: &mut Matcher<'_>| {
                    let verdict = matcher.is_match(input);
                    assert_eq!(
                        verdict,
                        dfa.is_match_plain(input),
                        "{grammar} {rule} {input:?}"
                    );
                    assert_eq!(
                        matcher.match_text(input.as_bytes()),
                        verdict.then_some(input)
                    );
                };
                // Per round: the lines of 16 bytes or more, and the lines that resumed a walk.
                let (mut paused, mut long, mut hits) = (false, [0; 3], [0; 3]);
                for round in 0..3 {
                    // Lines that share their beginnings, then lines that share none (every host
                    // another), which pause the matcher, then shared ones again.
                    for k in 0..2000 {
                        let input = if round == 1 {
                            format!("http://h{k}x.example.org/{}", TAILS[next(TAILS.len())])
                        } else {
                            let mut input = BASES[next(BASES.len())].to_string();
                            for _ in 0..next(4) {
                                input.push_str(TAILS[next(TAILS.len())]);
                            }
                            // One line in four cut short, to 16 bytes or more: shorter than the
                            // beginnings noted of the lines it begins as.
                            if next(4) == 0 {
                                let mut cut = 16 + next(input.len() - 15);
                                while !input.is_char_boundary(cut) {
                                    cut -= 1;
                                }
                                input.truncate(cut);
                            }
                            input
                        };
                        line(&input, &mut matcher);
                        paused |= matcher.memo.pause > 0;
                        long[round] += usize::from(input.len() >= SHORT_LINK);
                    }
                    hits[round] = matcher.memo.hits - hits.iter().sum::<usize>();
                }
                if grammar == AnyGrammar::Iri && rule == Rule::IriReference {
                    // Most such lines of the first round resumed a walk (not those whose walk ends
                    // before a slot would skip anything, or that end before the beginning noted);
                    // the round of other hosts paused the matcher, and the third round found the
                    // slots again after the pause.
                    assert!(hits[0] * 3 > long[0] * 2, "{hits:?} of {long:?}");
                    assert!(paused);
                    assert!(hits[2] > long[2] / 4, "{hits:?} of {long:?}");
                }
            }
        }
    }

    #[test]
    fn random_strings_agree_with_the_plain_walk() {
        let mut next = random(0x3987);
        const PIECES: &[&str] = &[
            "a",
            "Z",
            "0",
            "9",
            "-",
            ".",
            "_",
            "~",
            "!",
            "$",
            "&",
            "'",
            "(",
            ")",
            "*",
            "+",
            ",",
            ";",
            "=",
            ":",
            "@",
            "/",
            "?",
            "#",
            "[",
            "]",
            "%",
            "%4",
            "%41",
            "%e9",
            "%G",
            " ",
            "\"",
            "<",
            "\\",
            "^",
            "`",
            "{",
            "|",
            "\u{0}",
            "\u{7F}",
            "\u{80}",
            "\u{A0}",
            "é",
            "ж",
            "\u{7FF}",
            "\u{800}",
            "中",
            "\u{D7FF}",
            "\u{E000}",
            "\u{F8FF}",
            "\u{FDD0}",
            "\u{FFEF}",
            "\u{FFFD}",
            "\u{FFFF}",
            "𠮷",
            "\u{1FFFD}",
            "\u{1FFFE}",
            "\u{E0001}",
            "\u{F0000}",
            "\u{10FFFD}",
            "http://",
            "https://",
            "//",
            "v1.",
            "::",
            "1.2.3.4",
            "[::1]",
        ];
        for grammar in AnyGrammar::ALL {
            for &rule in super::super::precompiled::rules(grammar) {
                let dfa = loaded_dfa(grammar, rule);
                for _ in 0..3000 {
                    let len = next(101);
                    let mut input = String::new();
                    while input.len() < len {
                        input.push_str(PIECES[next(PIECES.len())]);
                    }
                    // Lengths 0 to 100 (below and above the 32 bytes of a block of the vector search), cut at a
                    // character boundary.
                    let mut cut = len.min(input.len());
                    while !input.is_char_boundary(cut) {
                        cut -= 1;
                    }
                    input.truncate(cut);
                    agrees(dfa, &input);
                }
            }
        }
    }
}
