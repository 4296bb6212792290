//! The walks of a [`Table`]: one transition at a time through its rows, or with the search over the
//! runs of its states of text ([`crate::search`]), and the plain walk of the DFA itself, which the
//! tests compare them with.

use regex_automata::dfa::Automaton;
use regex_automata::util::primitives::StateID;

use crate::search::{self, Search};
use crate::table::{state_numbers, RunState, Table, SHORT, SHORT_PREFIXED};

impl Table {
    /// Whether `input` (well-formed UTF-8) leads from the start state to a state where it may end.
    ///
    /// Only an input that begins with one of the tuning's beginnings ([`crate::Tuning::prefix`]),
    /// of [`SHORT_PREFIXED`] bytes or more, is walked with the search over runs; every other input
    /// is walked one transition at a time through the rows. The search pays where runs are long,
    /// which the caller's beginnings say of the inputs that have them; on strings dense in
    /// delimiters, escapes and characters of the supplementary planes, the switches between runs
    /// and transitions cost more than the transitions they save, and the plain byte-at-a-time walk
    /// is faster. Both walks decide the same.
    #[inline]
    pub(crate) fn is_match(&self, input: &[u8]) -> bool {
        if input.len() >= SHORT_PREFIXED {
            let (s, i) = self.beginning(input);
            if i != 0 {
                return self.walk_searching(input, (s, i), |_, _| {}).is_ok();
            }
        }
        self.walk_rows(input, |_, _| {}).is_ok()
    }

    /// The state after the beginning of `input` that is looked up at once, one of the tuning's beginnings
    /// (when a string of the language can begin so: see `prefixes`), and its length; the start
    /// state and 0 when the input does not begin with one.
    #[inline(always)]
    pub(crate) fn beginning(&self, input: &[u8]) -> (usize, usize) {
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
    pub(crate) fn walk(
        &self,
        input: &[u8],
        transition: impl FnMut(usize, u8),
    ) -> Result<(), usize> {
        if input.len() < SHORT {
            return self.walk_rows(input, transition);
        }
        self.walk_searching(input, self.beginning(input), transition)
    }

    /// [`Table::walk`] with the search over runs from the state `s` at offset `i` (after the
    /// input's [`Table::beginning`]), for inputs of 16 bytes or more (the vector search reads blocks
    /// of 16 or 32 bytes inside the input).
    #[inline(always)]
    fn walk_searching(
        &self,
        input: &[u8],
        (s, i): (usize, usize),
        transition: impl FnMut(usize, u8),
    ) -> Result<(), usize> {
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = self.avx2 {
            // SAFETY: `avx2` is only `Some` where the CPU has AVX2.
            return unsafe { self.walk_avx2(avx2, input, (s, i), transition) };
        }
        self.walk_bytewise(input, (s, i), transition)
    }

    /// [`Table::walk`] with the portable search; on x86-64 a function of its own, so that the
    /// callers of the walk with AVX2 stay small.
    #[cfg_attr(target_arch = "x86_64", inline(never))]
    fn walk_bytewise(
        &self,
        input: &[u8],
        from: (usize, usize),
        transition: impl FnMut(usize, u8),
    ) -> Result<(), usize> {
        self.walk_with(search::Bytewise, input, from, transition)
    }

    /// [`Table::walk`] one byte at a time, through the rows alone.
    #[inline(always)]
    pub(crate) fn walk_rows(
        &self,
        input: &[u8],
        mut transition: impl FnMut(usize, u8),
    ) -> Result<(), usize> {
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
    pub(crate) fn excludes(&self, byte: u8) -> bool {
        let class = usize::from(self.classes[usize::from(byte)]);
        state_numbers(self.runs.len(), self.shift, self.rows.len(), self.width)
            .all(|s| self.rows[s + class] == 0)
    }

    /// The state with a run at `s`, if it is one (and not the dead state).
    #[inline(always)]
    pub(crate) fn run_state(&self, s: usize) -> Option<&RunState> {
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
        avx2: search::Avx2,
        input: &[u8],
        from: (usize, usize),
        transition: impl FnMut(usize, u8),
    ) -> Result<(), usize> {
        debug_assert!(input.len() >= SHORT_PREFIXED);
        if input.len() >= 32 {
            self.walk_with(avx2, input, from, transition)
        } else {
            self.walk_with(avx2.short(), input, from, transition)
        }
    }

    /// [`Table::walk`] with `search` going over the runs, from the state `s` at offset `i` (after
    /// the input's [`Table::beginning`]).
    #[inline(always)]
    pub(crate) fn walk_with(
        &self,
        search: impl Search,
        input: &[u8],
        (mut s, mut i): (usize, usize),
        mut transition: impl FnMut(usize, u8),
    ) -> Result<(), usize> {
        let rows = &*self.rows;
        // A beginning is only listed with a live state after it (see `Table::new`).
        if s == 0 {
            // The start state is dead: the language is empty.
            return Err(0);
        }
        while let Some(&byte) = input.get(i) {
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
    /// [`Table`]); the others, such as the lead bytes of a plane whose last two code points (two
    /// noncharacters) are left out, are followed here through the rows, since the states inside a
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
    pub(crate) fn next(&self, s: usize, byte: u8) -> usize {
        let row = usize::from(self.rows[s + usize::from(self.classes[usize::from(byte)])]);
        if let Some(state) = self.run_state(s).filter(|_| s != 0) {
            assert_eq!(usize::from(state.next[usize::from(byte)]), row);
        }
        row
    }
}

/// Whether `input` leads `dfa` from the anchored `start` state to a match at the end of the input: the
/// walk over the input's bytes that stops at the dead state. Allocates nothing.
#[inline]
pub(crate) fn is_match<A: Automaton>(dfa: &A, start: StateID, input: &[u8]) -> bool {
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
    use std::collections::{HashMap, HashSet};
    use std::sync::{Arc, Mutex};

    use regex_automata::dfa::Automaton as _;
    use regex_automata::util::primitives::StateID;

    use super::*;
    use crate::dfa::{character_start, Dfa};
    use crate::fixtures;
    use crate::states::reachable;

    /// The DFA of a rule of a grammar of the fixtures, with its table (the tests below would compare
    /// the plain walk with itself without one).
    fn loaded_dfa(grammar: &str, rule: &str) -> &'static Dfa {
        let dfa = fixtures::dfa(grammar, rule);
        assert!(dfa.table.is_some(), "{grammar} {rule}: no table");
        dfa
    }

    /// The plain walk: the DFA itself, one transition per byte.
    fn plain(dfa: &Dfa, input: &str) -> bool {
        is_match(&dfa.raw(), dfa.start, input.as_bytes())
    }

    /// The table's walk agrees with the walk of the DFA one byte at a time, and `check` with both.
    #[track_caller]
    fn agrees(dfa: &Dfa, input: &str) {
        let plain = plain(dfa, input);
        assert_eq!(dfa.is_match(input), plain, "{input:?}");
        let table = dfa.table.as_ref().unwrap();
        let bytewise = table.walk_with(
            search::Bytewise,
            input.as_bytes(),
            table.beginning(input.as_bytes()),
            |_, _| {},
        );
        assert_eq!(bytewise.is_ok(), plain, "{input:?} byte by byte");
        assert_eq!(dfa.check(input).is_ok(), plain, "{input:?}");
        let offset = dfa.check(input).err().map(|f| f.offset);
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
        if plain(dfa, input) {
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

    /// The table of the reference rule of every grammar of the fixtures reads back from its bytes
    /// as the table built, and writes the same bytes; bytes cut short or changed do not read.
    #[test]
    fn tables_read_back_from_their_bytes() {
        let tuning = fixtures::tuning();
        for (grammar, rule) in fixtures::GRAMMARS {
            let dfa = loaded_dfa(grammar, rule);
            let built = dfa.table.as_ref().unwrap();
            let bytes = built.to_bytes();
            let loaded = Table::from_bytes(&bytes, &tuning).expect("the bytes read");
            assert_eq!(
                format!("{loaded:?}"),
                format!("{built:?}"),
                "{grammar} {rule}"
            );
            assert_eq!(loaded.to_bytes(), bytes, "{grammar} {rule}");
            assert!(Table::from_bytes(&bytes[..bytes.len() - 1], &tuning).is_none());
            let mut changed = bytes.clone();
            // The first entry of the start state's row: made a number of no state.
            let at = changed.len() - 2 * (built.rows.len() - built.start);
            changed[at..at + 2].copy_from_slice(&u16::MAX.to_le_bytes());
            assert!(
                Table::from_bytes(&changed, &tuning).is_none(),
                "{grammar} {rule}"
            );
        }
    }

    /// A table with another tuning: without runs' requirements every state of text and more has a
    /// run; without beginnings, an input that begins with `http://` is walked from the start; the
    /// verdicts are the same.
    #[test]
    fn tunings_change_the_walk_not_the_language() {
        let rules = fixtures::rules("iri");
        let plain_tuning = rules.compile("IRI-reference").unwrap();
        let tuned = loaded_dfa("iri", "IRI-reference");
        let runs = |d: &Dfa| d.table.as_ref().unwrap().runs.len();
        assert!(
            runs(&plain_tuning) > runs(tuned),
            "{} {}",
            runs(&plain_tuning),
            runs(tuned)
        );
        for input in [
            "http://example.org/a?b#c",
            "https://example.org/a?b?c#d",
            "http://example.org/a b",
            "ftp://[::1]:21/x%41%4",
            "",
        ] {
            assert_eq!(
                plain_tuning.is_match(input),
                tuned.is_match(input),
                "{input:?}"
            );
            assert_eq!(plain_tuning.check(input), tuned.check(input), "{input:?}");
            agrees(&plain_tuning, input);
        }
    }

    /// The bytes that the table says no string holds are those that the DFA itself says so of, for
    /// the reference rule of every grammar of the fixtures.
    #[test]
    fn excluded_bytes_are_those_of_the_dfa() {
        for (grammar, rule) in fixtures::GRAMMARS {
            let dfa = loaded_dfa(grammar, rule);
            let excluded: Vec<u8> = (0..=255).filter(|&b| dfa.excludes(b)).collect();
            let plain: Vec<u8> = (0..=255).filter(|&b| dfa.excludes_plain(b)).collect();
            assert_eq!(excluded, plain, "{grammar}");
            // The bytes never in UTF-8 (RFC 3629 §3), and at least the space in every grammar but
            // LEIRI's.
            assert!(
                excluded.contains(&0xC0) && excluded.contains(&0xFF),
                "{grammar}"
            );
            assert_eq!(excluded.contains(&b' '), grammar != "leiri", "{grammar}");
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

    /// The first transitions on the stops that the walk notes are the first "?" or "#" and the
    /// first "#" of every valid reference (the stops of the fixtures' tuning, "#" being in no run of
    /// these grammars), and the verdict is `is_match`'s: 20,000 generated or mutated strings per
    /// grammar.
    #[test]
    fn first_transitions_are_the_first_query_and_fragment_delimiters() {
        for (k, (grammar, rule)) in fixtures::GRAMMARS.into_iter().enumerate() {
            let dfa = loaded_dfa(grammar, rule);
            let rules = fixtures::rules(grammar);
            let generator = crate::Generator::new(&rules, rule).unwrap();
            let mut valid = 0;
            for i in 0..20_000 {
                let seed = crate::nth_seed(0xD311 + k as u64, i);
                let s = crate::case_input(&generator, seed, 40);
                let got = dfa
                    .first_transitions(&s, [b'?', b'#'])
                    .map(|[q, h]| (q.min(h), h));
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

    #[test]
    fn runs_cover_the_characters_of_a_segment() {
        let dfa = loaded_dfa("iri", "IRI-reference");
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
        let dfa = loaded_dfa("iri", "IRI-reference");
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
            ("iri", "IRI-reference"),
            ("uri", "URI-reference"),
            ("leiri", "IRI-reference"),
            ("rfc3987", "ihost"),
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
        let dfa = loaded_dfa("iri", "IRI-reference");
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
        let dfa = loaded_dfa("iri", "IRI-reference");
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
        let dfa = loaded_dfa("iri", "IRI-reference");
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
            let dfa = loaded_dfa("iri", rule);
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
        for (grammar, rules) in [
            (
                "uri",
                [
                    "URI-reference",
                    "authority",
                    "IP-literal",
                    "path-abempty",
                    "query",
                ],
            ),
            (
                "rfc3987",
                [
                    "IRI-reference",
                    "iauthority",
                    "IP-literal",
                    "ipath-abempty",
                    "iquery",
                ],
            ),
            (
                "iri",
                [
                    "IRI-reference",
                    "iauthority",
                    "IPv6address",
                    "ipath-rootless",
                    "ifragment",
                ],
            ),
            (
                "leiri",
                [
                    "IRI-reference",
                    "iauthority",
                    "ihost",
                    "ipath-noscheme",
                    "iquery",
                ],
            ),
        ] {
            for rule in rules {
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
