//! The table that the walks go over: a compact copy of a DFA's transitions with the runs of bytes
//! that keep its states of text, built from the DFA ([`Table::new`]), and written to and read from
//! bytes ([`Table::to_bytes`], [`Table::from_bytes`]) so that a DFA compiled ahead of time need not
//! build it again. What the table is tuned for is the caller's [`Tuning`].

use std::collections::HashMap;

use regex_automata::dfa::dense::DFA;
use regex_automata::dfa::Automaton as _;
use regex_automata::util::primitives::StateID;

use crate::search;

/// What the walk's table is tuned for: which states get a run, which bytes the walk must see, and
/// which beginnings of an input have their states looked up when the table is built. The language
/// of a [`Dfa`](crate::Dfa) is the same whatever its tuning; only the speed of the walks differs (and
/// what [`Dfa::first_transitions`](crate::Dfa::first_transitions) is sure to see).
///
/// ```
/// use abnf_automata::Tuning;
///
/// // Text of the words of a sentence: a state gets a run when its bytes hold every letter; "."
/// // ends every run before the first "." or "!"; an input that begins with "The " starts after it.
/// let tuning = Tuning::new()
///     .run_bytes(b"abcdefghijklmnopqrstuvwxyz")
///     .stops(b".", b".!")
///     .prefix(b"The ");
/// assert_eq!(tuning.stop_bytes(), b".");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tuning {
    run_bytes: Vec<u8>,
    stops: Vec<u8>,
    until: Vec<u8>,
    prefixes: Vec<Vec<u8>>,
}

impl Tuning {
    /// The most beginnings a table looks up ([`Tuning::prefix`]).
    pub const MAX_PREFIXES: usize = 2;
    /// The longest beginning a table looks up, in bytes.
    pub const MAX_PREFIX_LEN: usize = 8;

    /// No requirement on runs (every state whose set of bytes that keep it is not empty gets a
    /// run), no stops, no beginnings looked up: [`Tuning::default`].
    pub fn new() -> Tuning {
        Tuning::default()
    }

    /// Only the states whose set of bytes that leave them unchanged holds every byte of `bytes`
    /// get a run (the states of text); the others, whose runs are short, are walked a transition
    /// at a time, which costs less there than a search.
    pub fn run_bytes(mut self, bytes: &[u8]) -> Tuning {
        self.run_bytes = bytes.to_vec();
        self
    }

    /// The bytes `bytes` continue no run in the states an input can reach before the first byte of
    /// `until` (which should hold them): the walk takes a transition on a byte of `bytes` that
    /// comes before any byte of `until`, so that
    /// [`Dfa::first_transitions`](crate::Dfa::first_transitions) sees it. (A byte that leaves every
    /// state it can come in, which no run keeps, is a transition wherever it comes.)
    pub fn stops(mut self, bytes: &[u8], until: &[u8]) -> Tuning {
        self.stops = bytes.to_vec();
        self.until = until.to_vec();
        self
    }

    /// A beginning of inputs whose state the table looks up when it is built: an input that begins
    /// with it starts its walk after it, and an input of 16 bytes or more that begins with one is
    /// walked with the search over runs by [`Dfa::is_match`](crate::Dfa::is_match) (any other one
    /// a transition at a time).
    ///
    /// # Panics
    /// If `bytes` is empty or longer than [`Tuning::MAX_PREFIX_LEN`], or if there are
    /// [`Tuning::MAX_PREFIXES`] beginnings already.
    pub fn prefix(mut self, bytes: &[u8]) -> Tuning {
        assert!(
            !bytes.is_empty() && bytes.len() <= Tuning::MAX_PREFIX_LEN,
            "a beginning has 1 to {} bytes",
            Tuning::MAX_PREFIX_LEN
        );
        assert!(
            self.prefixes.len() < Tuning::MAX_PREFIXES,
            "at most {} beginnings",
            Tuning::MAX_PREFIXES
        );
        self.prefixes.push(bytes.to_vec());
        self
    }

    /// The bytes of [`Tuning::stops`].
    pub fn stop_bytes(&self) -> &[u8] {
        &self.stops
    }
}

/// The transitions of a DFA's reachable states, copied into a compact table for the membership walk,
/// with the runs of bytes that each state keeps.
///
/// A walk of the DFA is one dependent load per byte: the next state cannot be looked up before the
/// previous one is known. Much of a text, though, is often runs of characters that leave the state as
/// it is (the letters of a word, the characters of a path segment): for such a state the table holds
/// the set of bytes that keep it, and the walk searches for the end of the run ([`search`]: 32 bytes
/// at a time where the CPU allows), which does not wait for one byte's check before the next, and
/// takes a transition only for the byte that ends the run.
///
/// A search costs more than a few transitions, and the walk's choice between a run and a row is a
/// branch that the processor mispredicts when runs and rows alternate; so the table gives a run only
/// to the states whose set holds every byte of the tuning's [`Tuning::run_bytes`] (the states of
/// text), and not to the others (numbers, names), whose runs are short. An input shorter than
/// [`SHORT`] bytes is walked one byte at a time: the search of such an input would cost more than it
/// saves. For [`Dfa::is_match`](crate::Dfa::is_match) the choice is by what the input begins with
/// ([`Table::is_match`]): an input that begins with one of the tuning's beginnings
/// ([`Tuning::prefix`]) is searched from [`SHORT_PREFIXED`] bytes on, and any other one is walked
/// one byte at a time.
///
/// - A multi-byte character belongs to the set when every UTF-8 encoding with its lead byte leads back
///   to the state (only well-formed UTF-8 leads anywhere but the dead state, RFC 3629 §4); its
///   continuation bytes are then in the set too, and a run, which starts at a character boundary, also
///   ends at one. A character whose lead byte is outside the set (a lead byte of a plane whose last
///   two code points are left out) is followed through the rows where the search stops at it
///   ([`Table::character`]), and continues the run when it leads back to the state.
/// - An escape, an ASCII byte followed by two ASCII digits that lead back to the state whatever they
///   are among the digits (such as `"%" HEXDIG HEXDIG`), continues the run when both digits follow
///   (for a state with one such byte, which is not a digit).
/// - The tuning's stops ([`Tuning::stops`]) continue no run in the states that an input can reach
///   before the first of the bytes they are stops until, so that the walk takes a transition on a
///   stop there
///   ([`Dfa::first_transitions`](crate::Dfa::first_transitions)).
/// - States that only the DFA's reporting of matches tells apart are merged ([`indistinguishable`]).
/// - The states after the tuning's beginnings are looked up when the table is built, and an input
///   that begins with one of them starts its walk there.
///
/// A state is the offset of its row in `rows`: the dead state 0 (whose row leads back to it), then the
/// states with a run, the `k`-th at `k << shift` (rows padded to a power of two), then the others. The
/// state with a run at `s` is `runs[s >> shift]`, and its exit takes the next state from the byte
/// itself, with no table of classes in between.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    /// The class of each byte: the bytes of one class lead from every state to the same state.
    pub(crate) classes: [u8; 256],
    /// The number of classes.
    pub(crate) width: usize,
    /// The states with a run, the state at `s` as entry `s >> shift`; entry 0, the dead state, keeps
    /// nothing and is never walked.
    pub(crate) runs: Box<[RunState]>,
    /// Where the rows of the states with a run begin: `k << shift` is the `k`-th.
    pub(crate) shift: u32,
    /// The numbers below this are the dead state and the states with a run.
    pub(crate) run_end: usize,
    /// The rows of the states, each at its number: `width` entries, the next state for each class,
    /// then 1 if the input may end in the state (0 if not).
    pub(crate) rows: Box<[u16]>,
    /// The start state.
    pub(crate) start: usize,
    /// The digits of an escape.
    pub(crate) digits: [bool; 256],
    /// Beginnings of the input and the state after them: (the bytes, a mask of their length over the
    /// first 8 bytes of the input, the length, the state).
    pub(crate) prefixes: [(u64, u64, usize, usize); Tuning::MAX_PREFIXES],
    /// The vector search over runs, where the CPU has one.
    #[cfg(target_arch = "x86_64")]
    pub(crate) avx2: Option<search::Avx2>,
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
pub(crate) fn state_numbers(
    runs: usize,
    shift: u32,
    rows: usize,
    width: usize,
) -> impl Iterator<Item = usize> {
    (0..runs)
        .map(move |k| k << shift)
        .chain(((runs << shift)..rows).step_by(width + 1))
}

/// The first bytes of [`Table::to_bytes`]: the format and its version (named after the crate the
/// format was first written by, so that the bytes written before stay readable).
const TABLE_MAGIC: &[u8] = b"iri-abnf walk table 1\n";

/// A state with a run (see [`Table`]).
#[derive(Clone, Debug)]
pub(crate) struct RunState {
    /// The bytes that keep the state and its escape, for the search.
    pub(crate) run: search::Run,
    /// The next state for each byte (the bytes of the run included).
    pub(crate) next: [u16; 256],
    /// Whether each byte keeps the state, for the search byte by byte.
    pub(crate) keeps: [bool; 256],
    /// Whether the input may end in the state.
    pub(crate) accept: bool,
}

/// The length from which [`Table`]'s walk searches for the ends of runs; shorter inputs are walked one
/// byte at a time.
pub(crate) const SHORT: usize = 32;

/// The length from which [`Table::is_match`] searches for the ends of runs in an input that begins
/// with one of the tuning's beginnings ([`Tuning::prefix`]).
pub(crate) const SHORT_PREFIXED: usize = 16;

impl Table {
    /// The table of the states reachable from `start`, or `None` if a state's number would not fit in
    /// 16 bits.
    pub(crate) fn new(dfa: &DFA<&[u32]>, start: StateID, tuning: &Tuning) -> Option<Table> {
        let moves = Moves::explore(dfa, start)?;
        let Moves {
            classes,
            rows: next,
            accept,
            start,
        } = &moves;
        let (classes, start) = (*classes, *start);
        let width = next.first().map_or(0, Vec::len);

        // The states an input can reach before the first byte of `until`: the stops continue none of
        // their runs.
        let stop_classes: Vec<u8> = tuning
            .until
            .iter()
            .map(|&b| classes[usize::from(b)])
            .collect();
        let mut before = vec![false; next.len()];
        let mut stack = vec![start];
        before[start] = true;
        while let Some(r) = stack.pop() {
            for (class, &to) in next[r].iter().enumerate() {
                let class = class as u8;
                if !stop_classes.contains(&class) && !before[to] {
                    before[to] = true;
                    stack.push(to);
                }
            }
        }
        let runs: Vec<Option<[bool; 256]>> = (0..next.len())
            .map(|r| {
                let mut set = if r == 0 { None } else { moves.run_set(r) }?;
                if !tuning.run_bytes.iter().all(|&b| set[usize::from(b)]) {
                    return None;
                }
                if before[r] {
                    for &b in &tuning.stops {
                        set[usize::from(b)] = false;
                    }
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
        Some(Table::assemble(
            Parts {
                classes,
                width,
                shift,
                rows: rows.into_boxed_slice(),
                start: number[start],
                digits: digits.unwrap_or([false; 256]),
                runs: states,
            },
            &tuning.prefixes,
        ))
    }

    /// The table of its [`Parts`]: what the others are derived from.
    fn assemble(parts: Parts, prefixes: &[Vec<u8>]) -> Table {
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
        let digit_set = search::ByteSet::new(&digits);
        let states: Vec<RunState> = runs
            .into_iter()
            .enumerate()
            .map(|(k, (keeps, escape))| {
                let s = k << shift;
                RunState {
                    run: search::Run::new(
                        search::ByteSet::new(&keeps),
                        escape.map(|byte| (byte, digit_set)),
                    ),
                    next: std::array::from_fn(|b| rows[s + usize::from(classes[b])]),
                    keeps,
                    accept: rows[s + width] != 0,
                }
            })
            .collect();
        let prefixes: [(u64, u64, usize, usize); Tuning::MAX_PREFIXES] = std::array::from_fn(|k| {
            let Some(p) = prefixes.get(k) else {
                // No beginning: the bytes 0xFF never occur in UTF-8, so this never matches.
                return (u64::MAX, u64::MAX, 0, 0);
            };
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
            avx2: search::Avx2::detect(),
        }
    }

    /// The table as bytes, for a precompiled DFA (`cargo xtask generate` writes them beside the DFA's
    /// own): its [`Parts`], little-endian, after [`TABLE_MAGIC`]. [`Table::from_bytes`] reads them.
    pub(crate) fn to_bytes(&self) -> Vec<u8> {
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
    pub(crate) fn from_bytes(bytes: &[u8], tuning: &Tuning) -> Option<Table> {
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
        Some(Table::assemble(
            Parts {
                classes,
                width,
                shift: shift as u32,
                rows,
                start,
                digits,
                runs,
            },
            &tuning.prefixes,
        ))
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
