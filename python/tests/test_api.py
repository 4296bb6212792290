"""The API on the RFCs' own examples, its errors and offsets, and bad input."""

import pytest

import iri_abnf
from iri_abnf import IriSyntaxError

BASE = "http://a/b/c/d;p?q"

# RFC 3986 §5.4.1 (normal) and §5.4.2 (abnormal) examples.
RFC3986_5_4 = {
    "g:h": "g:h",
    "g": "http://a/b/c/g",
    "./g": "http://a/b/c/g",
    "g/": "http://a/b/c/g/",
    "/g": "http://a/g",
    "//g": "http://g",
    "?y": "http://a/b/c/d;p?y",
    "g?y": "http://a/b/c/g?y",
    "#s": "http://a/b/c/d;p?q#s",
    "g#s": "http://a/b/c/g#s",
    "g?y#s": "http://a/b/c/g?y#s",
    ";x": "http://a/b/c/;x",
    "g;x": "http://a/b/c/g;x",
    "g;x?y#s": "http://a/b/c/g;x?y#s",
    "": "http://a/b/c/d;p?q",
    ".": "http://a/b/c/",
    "./": "http://a/b/c/",
    "..": "http://a/b/",
    "../": "http://a/b/",
    "../g": "http://a/b/g",
    "../..": "http://a/",
    "../../": "http://a/",
    "../../g": "http://a/g",
    "../../../g": "http://a/g",
    "../../../../g": "http://a/g",
    "/./g": "http://a/g",
    "/../g": "http://a/g",
    "g.": "http://a/b/c/g.",
    ".g": "http://a/b/c/.g",
    "g..": "http://a/b/c/g..",
    "..g": "http://a/b/c/..g",
    "./../g": "http://a/b/g",
    "./g/.": "http://a/b/c/g/",
    "g/./h": "http://a/b/c/g/h",
    "g/../h": "http://a/b/c/h",
    "g;x=1/./y": "http://a/b/c/g;x=1/y",
    "g;x=1/../y": "http://a/b/c/y",
    "g?y/./x": "http://a/b/c/g?y/./x",
    "g?y/../x": "http://a/b/c/g?y/../x",
    "g#s/./x": "http://a/b/c/g#s/./x",
    "g#s/../x": "http://a/b/c/g#s/../x",
    "http:g": "http:g",
}


@pytest.mark.parametrize("reference,target", sorted(RFC3986_5_4.items()))
def test_resolve_rfc3986_examples(reference, target):
    assert iri_abnf.resolve(BASE, reference) == target


def test_resolve_non_strict():
    assert iri_abnf.resolve(BASE, "http:g", non_strict=True) == "http://a/b/c/g"


@pytest.mark.parametrize("target", sorted(set(RFC3986_5_4.values())))
def test_relativize_resolves_back(target):
    ref = iri_abnf.relativize(BASE, target)
    assert iri_abnf.resolve(BASE, ref) == target


# RFC 3986 §1.1.2 and RFC 3987 examples.
VALID = [
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "http://www.ietf.org/rfc/rfc2396.txt",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "mailto:John.Doe@example.com",
    "news:comp.infosystems.www.servers.unix",
    "tel:+1-816-555-1212",
    "telnet://192.0.2.16:80/",
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    "http://r\u00e9sum\u00e9.example.org",
    "http://www.example.org/D\u00fcrst",
    "http://www.example.org/red%09ros\u00e9#red",
    "",
    "#f",
]


@pytest.mark.parametrize("s", VALID)
def test_valid_examples(s):
    assert iri_abnf.is_valid(s)
    assert iri_abnf.validate(s) is None
    assert str(iri_abnf.parse(s)) == s


def test_uri_grammar_rejects_non_ascii():
    assert not iri_abnf.is_valid("http://r\u00e9sum\u00e9.example.org", grammar="uri")
    with pytest.raises(IriSyntaxError) as e:
        iri_abnf.validate("http://r\u00e9sum\u00e9.example.org", grammar="uri")
    assert (e.value.offset, e.value.column) == (8, 9)
    assert '"/"' not in e.value.expected  # "/" is in the range %x23-3B
    assert "%x23-3B" in e.value.expected
    assert "end of input" in e.value.expected


def test_error_offset_column_and_caret():
    with pytest.raises(IriSyntaxError) as e:
        iri_abnf.validate("http://example.org/a b")
    err = e.value
    assert isinstance(err, ValueError)
    assert (err.offset, err.column) == (20, 21)
    assert str(err).endswith("http://example.org/a b\n                    ^")
    assert err.caret == "http://example.org/a b\n                    ^"
    # What is wrong and how to fix it first, then where and what the ABNF expected.
    assert err.reason.startswith(
        "a space is not allowed in an IRI: encode it as %20. "
        "invalid character ' ' (U+0020) at byte offset 20 (column 21)"
    )
    assert (err.grammar, err.rule, err.input) == ("iri", "IRI-reference", "http://example.org/a b")


def test_error_offset_in_bytes_column_in_characters():
    s = "http://\u00e9\u00e9/a b"
    with pytest.raises(IriSyntaxError) as e:
        iri_abnf.validate(s)
    assert e.value.offset == len(s[: s.index(" ")].encode())
    assert s[e.value.column - 1] == " "


def test_unfinished_input_errs_at_its_end():
    with pytest.raises(IriSyntaxError) as e:
        iri_abnf.validate("http://a:8x")
    assert e.value.offset == len("http://a:8x")


def test_any_rule_can_be_the_start_rule():
    assert iri_abnf.is_valid("r\u00e9sum\u00e9.example.org", rule="ihost")
    assert not iri_abnf.is_valid("256", grammar="uri", rule="dec-octet")
    assert iri_abnf.is_valid("255", grammar="uri", rule="dec-octet")
    with pytest.raises(ValueError, match="no rule"):
        iri_abnf.is_valid("x", rule="no-such-rule")
    with pytest.raises(ValueError):
        iri_abnf.is_valid("x", grammar="no-such-grammar")


def test_parse_components_and_spans():
    s = "http://user@[v7.a:b]:8042/r%C3%A9/s?q#f"
    r = iri_abnf.parse(s)
    assert (r.scheme, r.userinfo, r.host, r.host_kind, r.port) == (
        "http",
        "user",
        "[v7.a:b]",
        "ipv-future",
        "8042",
    )
    assert (r.path, r.query, r.fragment, r.kind) == ("/r%C3%A9/s", "q", "f", "iri")
    assert r.query_span == (36, 37)
    for name in ["scheme", "userinfo", "host", "port", "path", "query", "fragment"]:
        start, end = getattr(r, name + "_span")
        assert s[start:end] == getattr(r, name)
    assert str(r) == s


def test_parse_spans_are_str_indices():
    s = "http://r\u00e9sum\u00e9.example.org/\u00e9?q"
    r = iri_abnf.parse(s)
    assert s[slice(*r.host_span)] == "r\u00e9sum\u00e9.example.org"
    assert s[slice(*r.query_span)] == "q"
    assert r.userinfo is None and r.userinfo_span is None and r.port is None


def test_parse_relative_and_invalid():
    r = iri_abnf.parse("//h/p")
    assert (r.scheme, r.host, r.host_kind, r.kind) == (None, "h", "reg-name", "network-path")
    with pytest.raises(IriSyntaxError):
        iri_abnf.parse("a b")


def test_conversions():
    assert (
        iri_abnf.to_uri("http://www.example.org/red%09ros\u00e9#red")
        == "http://www.example.org/red%09ros%C3%A9#red"
    )
    assert iri_abnf.to_uri("http://r\u00e9sum\u00e9.example.org/", host="idna") == (
        "http://xn--rsum-bpad.example.org/"
    )
    assert iri_abnf.to_iri("http://www.example.org/D%C3%BCrst") == "http://www.example.org/D\u00fcrst"
    assert iri_abnf.to_iri("http://xn--rsum-bpad.example.org/") == "http://r\u00e9sum\u00e9.example.org/"
    assert iri_abnf.to_iri("http://xn--rsum-bpad.example.org/", keep_punycode=True) == (
        "http://xn--rsum-bpad.example.org/"
    )
    assert iri_abnf.from_leiri("http://a/b c") == "http://a/b%20c"
    assert iri_abnf.from_leiri("http://a/\u00e9 c", to="uri") == "http://a/%C3%A9%20c"
    assert iri_abnf.preprocess(" a b ", split=True) == ["a", "b"]
    assert iri_abnf.preprocess(" a b ", encode_spaces=True) == ["a%20b"]
    with pytest.raises(IriSyntaxError):
        iri_abnf.to_uri("a b")
    assert iri_abnf.to_uri("a b", raw=True) == "a%20b"
    with pytest.raises(ValueError, match="host"):
        iri_abnf.to_uri("x", host="nope")


def test_normalize_and_equivalent():
    s = "HTTP://Example.ORG/%7euser/./r%C3%A9sum%C3%A9"
    # RFC 3987 §5.3.2.3: the percent level decodes the octets of IRI characters too.
    assert iri_abnf.normalize(s) == "http://example.org/~user/r\u00e9sum\u00e9"
    assert iri_abnf.normalize(s, level="case") == "http://example.org/%7Euser/./r%C3%A9sum%C3%A9"
    assert iri_abnf.normalize(s, level="simple") == s
    assert iri_abnf.equivalent("http://a/", "HTTP://A/")
    assert not iri_abnf.equivalent("http://x/A", "http://x/a", level="nfc")
    with pytest.raises(ValueError):
        iri_abnf.normalize("x", level="nope")


def test_lint():
    ds = iri_abnf.lint("HTTP://a/%7e")
    assert [d.code for d in ds] == ["uppercase-scheme", "lowercase-percent-encoding", "encoded-unreserved"]
    assert ds[0].span == (0, 4) and ds[0].severity == "warning" and ds[0].suggestion == "http"
    assert ds[0].spec.startswith("RFC 3986")
    assert iri_abnf.lint("http://example.org/") == []
    assert [d.code for d in iri_abnf.lint("HTTP://a/", allow=["uppercase-scheme"])] == []
    with pytest.raises(ValueError):
        iri_abnf.lint("x", profile="nope")
    with pytest.raises(IriSyntaxError):
        iri_abnf.lint("a b")


def test_compare():
    verdicts = {v["grammar"]: v for v in iri_abnf.compare("http://a/\u00e9")}
    assert verdicts["iri"]["valid"] and verdicts["rfc3987"]["valid"]
    assert not verdicts["uri"]["valid"]
    assert verdicts["uri"]["error"]["offset"] == 9
    c = iri_abnf.compare_languages("uri", "iri")
    assert c["relation"] == "proper-subset" and c["only_a"] == [] and c["only_b"]
    assert not iri_abnf.is_valid(c["only_b"][0]["text"], grammar="uri")
    assert iri_abnf.is_valid(c["only_b"][0]["text"], grammar="iri")


def test_bulk():
    strings = ["http://a/", "a b", "", "http://r\u00e9sum\u00e9.example.org", "\ud800"] * 3000
    expected = [iri_abnf.is_valid(s) for s in strings]
    assert iri_abnf.check_many(strings) == expected
    assert iri_abnf.check_many(iter(strings)) == expected
    assert iri_abnf.check_many(s for s in strings[:7]) == expected[:7]
    assert iri_abnf.check_many(["256"], grammar="uri", rule="dec-octet") == [False]
    assert iri_abnf.check_many([]) == []


def test_check_arrow():
    pa = pytest.importorskip("pyarrow")
    values = ["http://a/", None, "a b", "", "http://r\u00e9sum\u00e9.example.org"] * 2000
    expected = [None if s is None else iri_abnf.is_valid(s) for s in values]
    for t in (pa.string(), pa.large_string()):
        arr = pa.array(values, type=t)
        out = iri_abnf.check_arrow(arr)
        assert out.type == pa.bool_()
        assert out.to_pylist() == expected
        # A slice: the array's offset is honoured.
        assert iri_abnf.check_arrow(arr.slice(3, 5)).to_pylist() == expected[3:8]
    chunked = pa.chunked_array([values[:10], values[10:20]])
    assert iri_abnf.check_arrow(chunked).to_pylist() == expected[:20]
    with pytest.raises(TypeError):
        iri_abnf.check_arrow(pa.array([1, 2]))
    with pytest.raises(TypeError):
        iri_abnf.check_arrow(["a"])


@pytest.mark.parametrize("bad", [1, None, b"http://a/", 1.5, ["x"]])
def test_non_str_is_a_type_error(bad):
    for f in (iri_abnf.is_valid, iri_abnf.validate, iri_abnf.parse, iri_abnf.to_uri, iri_abnf.lint):
        with pytest.raises(TypeError):
            f(bad)
    with pytest.raises(TypeError):
        iri_abnf.resolve(BASE, bad)
    with pytest.raises(TypeError):
        iri_abnf.check_many(["x", bad])


def test_lone_surrogate_is_invalid_or_a_value_error():
    s = "http://a/\ud800"
    assert not iri_abnf.is_valid(s)
    assert iri_abnf.check_many([s, "x"]) == [False, True]
    for f in (iri_abnf.validate, iri_abnf.parse, iri_abnf.to_uri, iri_abnf.to_iri, iri_abnf.lint, iri_abnf.normalize):
        with pytest.raises(ValueError, match="surrogate at index 9"):
            f(s)
    # The process goes on as before.
    assert iri_abnf.is_valid("http://a/")
    assert iri_abnf.parse("http://a/").host == "a"


def test_exceptions_leave_the_module_usable():
    for _ in range(100):
        with pytest.raises(IriSyntaxError):
            iri_abnf.validate("a b")
        with pytest.raises(TypeError):
            iri_abnf.is_valid(1)
    assert iri_abnf.is_valid("http://a/")
