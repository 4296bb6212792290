//! The seeds of the cases of a campaign over the grammars: each grammar draws its own cases, the same
//! for the same seed ([`case_seed`]); the strings of a case come from `abnf_automata::case_input`.

use crate::grammar::Grammar;

/// splitmix64 finaliser: derives independent case seeds from the campaign seed.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of case `i` of grammar `grammar` in a campaign with seed `seed`: campaigns over several
/// grammars draw independent, reproducible cases for each.
pub fn case_seed(seed: u64, grammar: Grammar, i: u64) -> u64 {
    mix(seed ^ mix(grammar as u64 + 1) ^ mix(i.wrapping_mul(0x1000_0000_01B3)))
}
