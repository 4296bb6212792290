//! The automaton of a rule: the one type for deciding membership in a rule's language ([`Dfa`]),
//! finding where an input leaves it ([`Failure`]) and what could come there
//! ([`Dfa::continuations`]).

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

use regex_automata::dfa::dense::DFA;
use regex_automata::dfa::Automaton as _;
use regex_automata::util::primitives::StateID;
use regex_automata::util::start;
use regex_automata::Anchored;

use crate::states::{dead_ends, reachable};
use crate::table::{Table, Tuning};
use crate::walk;

/// Inclusive ranges of code points, shared (with the DFA's memo of the states asked for).
pub type Ranges = Arc<[(char, char)]>;

/// The DFA of one rule: the one type for deciding membership in a rule's language, finding where an
/// input leaves it and listing what could come there.
///
/// It is built from ABNF rules ([`AbnfRules::compile`](crate::AbnfRules::compile)), or loaded
/// zero-copy from the bytes of one built ahead of time ([`Dfa::from_bytes`]).
#[derive(Clone, Debug)]
pub struct Dfa {
    pub(crate) dfa: Tables,
    pub(crate) start: StateID,
    /// States that are not dead but from which no string reaches a match: in a minimized DFA of
    /// `regex-automata` only the states that report a match one byte late and then die (matches are
    /// delayed by one byte), e.g. the state after `1x` for `*DIGIT`. Sorted. With them, the number
    /// of states reachable from the start state, the dead state included. Found on first use (the
    /// table's walk needs neither), so that loading a DFA costs less.
    pub(crate) dead_ends: OnceLock<(Box<[StateID]>, usize)>,
    /// Whether the DFA was loaded from the precompiled bytes.
    pub(crate) precompiled: bool,
    /// The transitions in the compact form that [`Dfa::is_match`] walks; `None` when the DFA is too
    /// large for 16-bit entries (then the DFA itself is walked).
    pub(crate) table: Option<Table>,
    /// The [`Dfa::continuations`] of the states asked for so far (only errors ask).
    pub(crate) continuations: Arc<Mutex<HashMap<StateID, Ranges>>>,
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
/// use abnf_automata::AbnfRules;
///
/// let rules = AbnfRules::parse(&[("path.abnf", "path = *( \"/\" *%x61-7A )\n")])?;
/// let dfa = rules.compile("path")?;
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
/// assert!(walk("/usr/bin"));
/// assert!(!walk("/usr/Bin"));
/// # Ok::<(), abnf_automata::AbnfError>(())
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
pub(crate) enum Tables {
    Precompiled(DFA<&'static [u32]>),
    Built(DFA<Vec<u32>>),
}

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
    /// The DFA built at run time, with its anchored start state.
    pub(crate) fn built(dfa: DFA<Vec<u32>>, start: StateID, tuning: &Tuning) -> Dfa {
        let dfa = Tables::Built(dfa);
        let table = Table::new(&dfa.as_ref(), start, tuning);
        Dfa::new(dfa, start, false, table)
    }

    /// The DFA that [`Dfa::to_bytes_little_endian`] wrote, read without copying from `bytes`
    /// (which must be aligned to 4 bytes), with the table of its walk read from `table`, the bytes
    /// that [`Dfa::table_to_bytes`] wrote with the same `tuning`, or built from the DFA when there
    /// are none or they do not read. `None` when `bytes` are not such a DFA, or on a big-endian
    /// target, which cannot read little-endian bytes in place.
    ///
    /// ```
    /// use abnf_automata::{AbnfRules, Dfa, Tuning};
    ///
    /// let rules = AbnfRules::parse(&[("digits.abnf", "digits = 1*%x30-39\n")])?;
    /// let built = rules.compile("digits")?;
    /// // Bytes kept for the life of the process, aligned to 4 bytes as `u32`s are.
    /// let words: Vec<u32> = built
    ///     .to_bytes_little_endian()
    ///     .chunks(4)
    ///     .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
    ///     .collect();
    /// let words: &'static [u32] = words.leak();
    /// // SAFETY: the bytes of the `u32`s, which live for the life of the process.
    /// let bytes: &'static [u8] =
    ///     unsafe { std::slice::from_raw_parts(words.as_ptr().cast(), 4 * words.len()) };
    /// if cfg!(target_endian = "little") {
    ///     let loaded = Dfa::from_bytes(bytes, built.table_to_bytes().as_deref(), &Tuning::default())
    ///         .expect("reads");
    ///     assert!(loaded.is_precompiled() && loaded.is_match("2026") && !loaded.is_match("20x6"));
    /// }
    /// # Ok::<(), abnf_automata::AbnfError>(())
    /// ```
    pub fn from_bytes(bytes: &'static [u8], table: Option<&[u8]>, tuning: &Tuning) -> Option<Dfa> {
        if cfg!(target_endian = "big") {
            return None;
        }
        let (dfa, _) = DFA::from_bytes(bytes).ok()?;
        let start = match dfa.universal_start_state(Anchored::Yes) {
            Some(s) => s,
            None => dfa
                .start_state(&start::Config::new().anchored(Anchored::Yes))
                .ok()?,
        };
        let dfa = Tables::Precompiled(dfa);
        let table = match table.and_then(|t| Table::from_bytes(t, tuning)) {
            Some(table) => Some(table),
            None => Table::new(&dfa.as_ref(), start, tuning),
        };
        Some(Dfa::new(dfa, start, true, table))
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

    /// The size of the DFA's tables, in bytes (borrowed for a DFA read from bytes, on the heap for a
    /// built one).
    pub fn memory_usage(&self) -> usize {
        match &self.dfa {
            Tables::Precompiled(dfa) => dfa.memory_usage(),
            Tables::Built(dfa) => dfa.memory_usage(),
        }
    }

    /// The DFA serialized in `regex-automata`'s little-endian format: the bytes that
    /// [`Dfa::from_bytes`] reads without copying (from a buffer aligned to 4 bytes).
    pub fn to_bytes_little_endian(&self) -> Vec<u8> {
        let (bytes, pad) = match &self.dfa {
            Tables::Precompiled(dfa) => dfa.to_bytes_little_endian(),
            Tables::Built(dfa) => dfa.to_bytes_little_endian(),
        };
        bytes[pad..].to_vec()
    }

    /// The table that the walks go over, as bytes, to store beside the DFA's own
    /// ([`Dfa::to_bytes_little_endian`]), so that [`Dfa::from_bytes`] does not build it again;
    /// `None` for a DFA too large for it (see [`Dfa::rows`]).
    pub fn table_to_bytes(&self) -> Option<Vec<u8>> {
        self.table.as_ref().map(Table::to_bytes)
    }

    /// Whether the DFA was read from bytes ([`Dfa::from_bytes`]) rather than built at run time.
    pub fn is_precompiled(&self) -> bool {
        self.precompiled
    }

    /// Whether the whole of `input` is a string of the rule's language. Allocates nothing.
    ///
    /// The walk goes over a compact copy of the DFA's transitions, built when the DFA is built or
    /// read. An input of 16 bytes or more that begins with one of the beginnings of the DFA's
    /// [`Tuning`] is searched for the ends of the runs of characters that leave its states of text
    /// as they are, which needs no transition, so that the walk does not wait for one transition
    /// after another; an escape inside a run continues it. Any other input, and a short one, is
    /// walked one transition at a time, which costs less where runs are short.
    #[inline]
    pub fn is_match(&self, input: &str) -> bool {
        self.is_match_bytes(input.as_bytes())
    }

    /// [`Dfa::is_match`] on bytes that need not be UTF-8: whether `input` is the UTF-8 of a string of
    /// the rule's language. The DFA is a UTF-8 validator as well: the ABNF's terminals are code points,
    /// which the DFA reads as their UTF-8 sequences (RFC 3629 §3), so that it rejects every byte
    /// sequence that is not well-formed UTF-8. A caller with raw bytes (lines of a file) needs no
    /// UTF-8 check of its own before this one. Allocates nothing.
    #[inline]
    pub fn is_match_bytes(&self, input: &[u8]) -> bool {
        match &self.table {
            Some(table) => table.is_match(input),
            None => match &self.dfa {
                Tables::Precompiled(dfa) => walk::is_match(dfa, self.start, input),
                Tables::Built(dfa) => walk::is_match(dfa, self.start, input),
            },
        }
    }

    /// `Ok` if `input` is in the language; otherwise the first offending character (see [`Failure`]).
    /// Allocates nothing.
    ///
    /// The offending character is the one after the longest prefix of the input, at a character
    /// boundary, that some string of the language begins with: one walk finds its offset, and the
    /// state is the DFA's after the input up to there.
    pub fn check(&self, input: &str) -> Result<(), Failure> {
        self.failure_offset(input).map_err(|offset| Failure {
            offset,
            state: self.state_after(&input.as_bytes()[..offset]),
        })
    }

    /// [`Dfa::check`]'s walk, which also notes, for each byte of `bytes`, the offset of the first
    /// transition it took on that byte (the input's length for none); for an input not in the
    /// language, the [`Failure::offset`] alone.
    ///
    /// The walk takes a transition on every byte that leaves its state, and on the [`Tuning::stops`]
    /// of the DFA's tuning that come before the bytes they are stops until: what a splitter of the
    /// input needs when its delimiters are the stops (the later ones, where a state keeps them, are
    /// not seen).
    ///
    /// ```
    /// use abnf_automata::{AbnfRules, Tuning};
    ///
    /// let rules = AbnfRules::parse(&[("kv.abnf", "kv = 1*%x61-7A [ \"=\" 1*%x61-7A ]\n")])?;
    /// let dfa = rules.compile_with("kv", &Tuning::new().stops(b"=", b"="))?;
    /// assert_eq!(dfa.first_transitions("name=value", [b'=']), Ok([4]));
    /// assert_eq!(dfa.first_transitions("name", [b'=']), Ok([4]));
    /// assert_eq!(dfa.first_transitions("name=Value", [b'=']), Err(5));
    /// # Ok::<(), abnf_automata::AbnfError>(())
    /// ```
    #[inline]
    pub fn first_transitions<const N: usize>(
        &self,
        input: &str,
        bytes: [u8; N],
    ) -> Result<[usize; N], usize> {
        let mut first = [input.len(); N];
        match &self.table {
            Some(table) => table
                .walk(input.as_bytes(), |i, byte| {
                    for (at, &b) in first.iter_mut().zip(&bytes) {
                        if byte == b {
                            *at = (*at).min(i);
                        }
                    }
                })
                .map_err(|i| character_start(input, i))?,
            None => {
                self.offset_plain(input)?;
                for (at, &b) in first.iter_mut().zip(&bytes) {
                    *at = input.bytes().position(|c| c == b).unwrap_or(input.len());
                }
            }
        }
        Ok(first)
    }

    /// `Ok` if `input` is in the language; otherwise the byte offset of the first offending character
    /// ([`Failure::offset`]): [`Dfa::check`] without the state. One walk, which allocates nothing.
    #[inline]
    fn failure_offset(&self, input: &str) -> Result<(), usize> {
        match &self.table {
            Some(table) => table
                .walk(input.as_bytes(), |_, _| {})
                .map_err(|i| character_start(input, i)),
            None => self.offset_plain(input),
        }
    }

    /// [`Dfa::check`]'s offset by the walk of the DFA itself, one byte at a time.
    #[cold]
    pub(crate) fn offset_plain(&self, input: &str) -> Result<(), usize> {
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

    /// Whether no string of the language holds `byte`: then a caller that writes the strings the DFA
    /// accepts need not look for that byte in them (such as a writer of JSON strings, for `"`, `\`
    /// and the control characters, RFC 8259 §7).
    ///
    /// ```
    /// use abnf_automata::AbnfRules;
    ///
    /// let rules = AbnfRules::parse(&[("word.abnf", "word = 1*( %x61-7A / \"-\" )\n")])?;
    /// let word = rules.compile("word")?;
    /// assert!(word.excludes(b'"') && word.excludes(b'\n') && !word.excludes(b'-'));
    /// # Ok::<(), abnf_automata::AbnfError>(())
    /// ```
    pub fn excludes(&self, byte: u8) -> bool {
        match &self.table {
            Some(table) => table.excludes(byte),
            None => self.excludes_plain(byte),
        }
    }

    /// [`Dfa::excludes`] from the DFA itself: no state that an input reaches and some string of the
    /// language passes through leads with `byte` to another such state.
    pub(crate) fn excludes_plain(&self, byte: u8) -> bool {
        let dfa = &self.raw();
        let all: Vec<u8> = (0..=255).collect();
        reachable(dfa, self.start, &all)
            .into_iter()
            .filter(|&s| self.live(dfa, s))
            .all(|s| !self.live(dfa, dfa.next_state(s, byte)))
    }

    /// The transitions that the walks go over, as rows of byte classes, for a walk of the DFA
    /// outside Rust (in JavaScript, over the UTF-8 of a string); `None` for a DFA too large for
    /// 16-bit entries. See [`Rows`] for how to walk them.
    pub fn rows(&self) -> Option<Rows<'_>> {
        self.table.as_ref().map(|t| Rows {
            classes: &t.classes,
            width: t.width,
            start: t.start,
            rows: &t.rows,
        })
    }

    /// The state after `prefix`, from the anchored start state.
    pub fn state_after(&self, prefix: &[u8]) -> State {
        let dfa = &self.raw();
        State(prefix.iter().fold(self.start, |s, &b| dfa.next_state(s, b)))
    }

    /// Whether some string of the language starts with what led to `state`.
    pub fn is_live(&self, state: State) -> bool {
        self.live(&self.raw(), state.0)
    }

    /// Whether `state` is the dead state: no string of the language starts with what led there, and
    /// every byte leads back to it. (A state that reports a match and then dies is not the dead
    /// state, though it is not [live](Dfa::is_live) either.)
    pub fn is_dead(&self, state: State) -> bool {
        let dfa = self.raw();
        dfa.is_special_state(state.0) && dfa.is_dead_state(state.0)
    }

    /// [`Dfa::is_live`] on the borrowed DFA.
    pub(crate) fn live(&self, dfa: &DFA<&[u32]>, state: StateID) -> bool {
        !((dfa.is_special_state(state) && dfa.is_dead_state(state))
            || self.dead_ends().0.binary_search(&state).is_ok())
    }

    /// Whether the input may end in `state`.
    pub fn accepts_end(&self, state: State) -> bool {
        let dfa = self.raw();
        dfa.is_match_state(dfa.next_eoi_state(state.0))
    }
}

impl Tables {
    /// The DFA, borrowed.
    pub(crate) fn as_ref(&self) -> DFA<&[u32]> {
        match self {
            Tables::Precompiled(dfa) => dfa.as_ref(),
            Tables::Built(dfa) => dfa.as_ref(),
        }
    }
}

/// The offset of the character that holds the byte at `i` of `input` (its lead byte), or the input's
/// length when `i` is past its end.
#[inline]
pub(crate) fn character_start(input: &str, i: usize) -> usize {
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
