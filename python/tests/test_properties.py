"""Properties on generated strings: `is_valid` agrees with the `iri` command, `parse` round-trips,
nothing raises anything but the documented exceptions, nothing crashes."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import iri_abnf
from iri_abnf import IriSyntaxError

# Strings near the grammar: its delimiters, percent-encodings, ASCII, non-ASCII, controls,
# private use, and lone surrogates.
PIECES = st.sampled_from(
    ["http:", "//", "/", "?", "#", "@", ":", "[", "]", "::1", "v7.x", "%", "%41", "%e9", "%C3%A9",
     ".", "..", " ", "\u00e9", "\u202e", "\ue000", "\ufffe", "\U0001f600", "\t", "a", "Z", "0", "-",
     "\ud800", "xn--", "&#233;"]
)
TEXT = st.one_of(
    st.lists(PIECES, max_size=12).map("".join),
    st.text(max_size=30),
)
GRAMMARS = st.sampled_from(["uri", "rfc3987", "iri", "leiri"])


def cli_verdicts(cli, grammar, strings):
    records = cli.json("check", "--format", "json", "--grammar", grammar, "--", *strings)
    return [r["valid"] for r in records]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(strings=st.lists(TEXT, min_size=1, max_size=20), grammar=GRAMMARS)
def test_is_valid_agrees_with_the_cli(cli, strings, grammar):
    # The command line cannot carry NUL or a lone surrogate; both are invalid everywhere.
    sendable = [s for s in strings if "\x00" not in s and not any(0xD800 <= ord(c) <= 0xDFFF for c in s)]
    mine = iri_abnf.check_many(sendable, grammar=grammar)
    assert mine == [iri_abnf.is_valid(s, grammar=grammar) for s in sendable]
    if sendable:
        assert mine == cli_verdicts(cli, grammar, sendable)
    for s in strings:
        if s not in sendable and "\x00" not in s:
            assert not iri_abnf.is_valid(s, grammar=grammar)


@settings(max_examples=300, deadline=None)
@given(s=TEXT, grammar=GRAMMARS)
def test_parse_round_trips_and_only_documented_errors(s, grammar):
    try:
        r = iri_abnf.parse(s, grammar=grammar)
    except IriSyntaxError as e:
        assert not iri_abnf.is_valid(s, grammar=grammar)
        assert 1 <= e.column <= len(s) + 1
    except ValueError as e:
        assert "surrogate" in str(e)
    else:
        assert iri_abnf.is_valid(s, grammar=grammar)
        assert str(r) == s
        for name in ["scheme", "userinfo", "host", "port", "path", "query", "fragment"]:
            span = getattr(r, name + "_span")
            if span is not None:
                assert s[span[0] : span[1]] == getattr(r, name)
    for f in (iri_abnf.to_uri, iri_abnf.to_iri, iri_abnf.from_leiri, iri_abnf.normalize, iri_abnf.lint, iri_abnf.preprocess):
        try:
            f(s)
        except ValueError:
            pass
    for f in (iri_abnf.resolve, iri_abnf.relativize):
        try:
            f("http://a/b/c/d;p?q", s, grammar=grammar)
        except ValueError:
            pass
