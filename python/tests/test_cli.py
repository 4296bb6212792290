"""Every function against the `iri` command's JSON output on the same inputs."""

import pytest

import iri_abnf
from iri_abnf import IriSyntaxError

INPUTS = [
    "http://example.org/",
    "HTTP://Example.ORG:80/%7euser/./a/../r%C3%A9sum%C3%A9?q#f",
    "http://r\u00e9sum\u00e9.example.org/\u00e9?\u00e9#\u00e9",
    "http://user@[::1]:8042/p",
    "http://[v7.a:b]/",
    "http://192.0.2.16/",
    "urn:isbn:0451450523",
    "mailto:John.Doe@example.com",
    "//h/p",
    "/abs",
    "rel/a",
    "?q",
    "",
    "a b",
    "http://a/b c",
    "http://a:8x",
    "http://[::1",
    "%",
    "http://xn--rsum-bpad.example.org/",
    "http://www.example.org/D%C3%BCrst",
    "http://a/\u202eevil",
    "http://a/%E2%80%AE",
    "file:///C:/x",
    "http://a/\ue000",
]
GRAMMARS = ["uri", "rfc3987", "iri", "leiri"]
BASE = "http://a/b/c/d;p?q"


def reason(err: IriSyntaxError) -> str:
    return err.reason


@pytest.mark.parametrize("grammar", GRAMMARS + ["rfc2396", "duerst01"])
def test_check(cli, grammar):
    records = cli.json("check", "--format", "json", "--grammar", grammar, "--", *INPUTS)
    assert [r["input"] for r in records] == INPUTS
    assert iri_abnf.check_many(INPUTS, grammar=grammar) == [r["valid"] for r in records]
    for s, r in zip(INPUTS, records):
        assert iri_abnf.is_valid(s, grammar=grammar) == r["valid"]
        if r["valid"]:
            iri_abnf.validate(s, grammar=grammar)
            continue
        with pytest.raises(IriSyntaxError) as e:
            iri_abnf.validate(s, grammar=grammar)
        assert e.value.offset == r["error"]["offset"]
        assert e.value.column == r["error"]["column"]
        assert e.value.expected == r["error"]["expected"]
        assert e.value.reason == r["error"]["message"]


def test_check_arrow_and_rule(cli):
    pa = pytest.importorskip("pyarrow")
    inputs = ["255", "256", "0", "01", "x"]
    records = cli.json("check", "--format", "json", "--grammar", "uri", "--rule", "dec-octet", "--", *inputs)
    got = iri_abnf.check_arrow(pa.array(inputs), grammar="uri", rule="dec-octet").to_pylist()
    assert got == [r["valid"] for r in records]


@pytest.mark.parametrize("grammar", GRAMMARS)
def test_parse(cli, grammar):
    records = cli.json("parse", "--format", "json", "--grammar", grammar, "--", *INPUTS)
    for s, r in zip(INPUTS, records):
        if not r["valid"]:
            with pytest.raises(IriSyntaxError) as e:
                iri_abnf.parse(s, grammar=grammar)
            assert e.value.offset == r["error"]["offset"]
            continue
        p = iri_abnf.parse(s, grammar=grammar)
        c = r["components"]
        assert str(p) == s
        assert p.kind == c["kind"]

        def check(value, span, node):
            if node is None:
                assert value is None and span is None
                return
            assert value == node["text"]
            b = s.encode()
            start = len(b[: node["span"]["start"]].decode())
            end = len(b[: node["span"]["end"]].decode())
            assert span == (start, end)

        auth = c.get("authority")
        check(p.scheme, p.scheme_span, c.get("scheme"))
        check(p.userinfo, p.userinfo_span, auth and auth.get("userinfo"))
        check(p.host, p.host_span, auth and auth.get("host"))
        check(p.port, p.port_span, auth and auth.get("port"))
        check(p.path, p.path_span, c.get("path"))
        check(p.query, p.query_span, c.get("query"))
        check(p.fragment, p.fragment_span, c.get("fragment"))
        assert p.host_kind == (auth["host"]["kind"] if auth else None)


@pytest.mark.parametrize("profile", ["default", "strict", "rdf"])
def test_lint(cli, profile):
    records = cli.json("lint", "--no-config", "--format", "json", "--profile", profile, "--", *INPUTS)
    for s, r in zip(INPUTS, records):
        if not r["valid"]:
            with pytest.raises(IriSyntaxError):
                iri_abnf.lint(s, profile=profile)
            continue
        got = iri_abnf.lint(s, profile=profile)
        b = s.encode()
        want = [
            (
                d["code"],
                d["severity"],
                (len(b[: d["start"]].decode()), len(b[: d["end"]].decode())),
                d["component"],
                d["message"],
                d["spec"],
                d.get("suggestion"),
            )
            for d in r["diagnostics"]
        ]
        assert [(d.code, d.severity, d.span, d.component, d.message, d.spec, d.suggestion) for d in got] == want


def outcome(f, *args, **kwargs):
    try:
        return ("ok", f(*args, **kwargs))
    except IriSyntaxError as e:
        return ("syntax", e.reason)
    except ValueError as e:
        return ("error", str(e))


def same(got, output, error):
    kind, value = got
    if output is not None:
        assert (kind, value) == ("ok", output)
    else:
        assert kind != "ok", value
        message = error["message"] if isinstance(error, dict) else error
        assert value in message


@pytest.mark.parametrize("host", ["percent", "idna"])
def test_to_uri(cli, host):
    for raw in (False, True):
        args = ["to-uri", "--format", "json", "--host", host] + (["--raw"] if raw else [])
        for s, r in zip(INPUTS, cli.json(*args, "--", *INPUTS)):
            same(outcome(iri_abnf.to_uri, s, host=host, raw=raw), r["output"], r["error"])


def test_to_uri_query_charset(cli):
    inputs = ["http://a/?\u00e9", "http://a/?\u3042", "http://a/\u00e9?x"]
    for label in ["utf-8", "iso-8859-1", "shift_jis"]:
        records = cli.json("to-uri", "--format", "json", "--query-charset", label, "--", *inputs)
        for s, r in zip(inputs, records):
            same(outcome(iri_abnf.to_uri, s, query_charset=label), r["output"], r["error"])


def test_to_iri(cli):
    for keep in (False, True):
        args = ["to-iri", "--format", "json"] + (["--keep-punycode"] if keep else [])
        for s, r in zip(INPUTS, cli.json(*args, "--", *INPUTS)):
            same(outcome(iri_abnf.to_iri, s, keep_punycode=keep), r["output"], r["error"])


def test_from_leiri(cli):
    for to in ("iri", "uri"):
        for raw in (False, True):
            args = ["from-leiri", "--format", "json", "--to", to] + (["--raw"] if raw else [])
            for s, r in zip(INPUTS, cli.json(*args, "--", *INPUTS)):
                same(outcome(iri_abnf.from_leiri, s, to=to, raw=raw), r["output"], r["error"])


def test_preprocess(cli):
    inputs = INPUTS + ["  a  b ", "&#xE9;x &#233;", "e\u0301"]
    for flags in ([], ["--split"], ["--encode-spaces"], ["--nfc"], ["--decode-ncr"]):
        kwargs = {f[2:].replace("-", "_"): True for f in flags}
        for s, r in zip(inputs, cli.json("preprocess", "--format", "json", *flags, "--", *inputs)):
            assert iri_abnf.preprocess(s, **kwargs) == r["output"]


@pytest.mark.parametrize("grammar", GRAMMARS)
def test_resolve(cli, grammar):
    for non_strict in (False, True):
        args = ["resolve", "--format", "json", "--grammar", grammar] + (["--non-strict"] if non_strict else [])
        for s, r in zip(INPUTS, cli.json(*args, "--", BASE, *INPUTS)):
            same(outcome(iri_abnf.resolve, BASE, s, grammar=grammar, non_strict=non_strict), r["target"], r["error"])


@pytest.mark.parametrize("grammar", GRAMMARS)
def test_relativize(cli, grammar):
    for s, r in zip(INPUTS, cli.json("relativize", "--format", "json", "--grammar", grammar, "--", BASE, *INPUTS)):
        same(outcome(iri_abnf.relativize, BASE, s, grammar=grammar), r["reference"], r["error"])


@pytest.mark.parametrize("level", ["simple", "case", "percent", "path", "scheme", "nfc"])
def test_normalize(cli, level):
    for grammar in GRAMMARS:
        args = ["normalize", "--format", "json", "--grammar", grammar, "--level", level]
        for s, r in zip(INPUTS, cli.json(*args, "--", *INPUTS)):
            same(outcome(iri_abnf.normalize, s, grammar=grammar, level=level), r["normalized"], r["error"])


@pytest.mark.parametrize("level", ["case", "path", "nfc"])
def test_equivalent(cli, level):
    pairs = [("http://a/", "HTTP://A/"), ("http://a/%7e", "http://a/~"), ("http://x/A", "http://x/a"), ("a b", "x")]
    for a, b in pairs:
        (r,) = cli.json("equal", "--format", "json", "--level", level, "--", a, b, codes=(0, 1, 2))
        got = outcome(iri_abnf.equivalent, a, b, level=level)
        if r["equivalent"] is None:
            assert got[0] != "ok" and got[1] in r["error"]
        else:
            assert got == ("ok", r["equivalent"])


def test_compare(cli):
    for s in INPUTS:
        (r,) = cli.json("compare", "--format", "json", "--", s)
        got = iri_abnf.compare(s)
        assert [(v["grammar"], v["rule"], v["valid"]) for v in got] == [
            (v["grammar"], v["rule"], v["valid"]) for v in r["grammars"]
        ]
        for g, w in zip(got, r["grammars"]):
            if w["error"]:
                for k in ("offset", "column", "expected", "message"):
                    assert g["error"][k] == w["error"][k]


@pytest.mark.parametrize("a,b", [("uri", "iri"), ("rfc3987", "iri"), ("iri", "leiri"), ("rfc2396", "uri")])
def test_compare_languages(cli, a, b):
    (r,) = cli.json("compare", "--format", "json", "--languages", a, b)
    got = iri_abnf.compare_languages(a, b)
    assert got["relation"] == r["relation"]
    assert got["common"] == r["common"]
    assert got["only_a"] == [dict(w, range=w["range"] and tuple(w["range"])) for w in r["only_a"]]
    assert got["only_b"] == [dict(w, range=w["range"] and tuple(w["range"])) for w in r["only_b"]]
