"""The package as a newcomer meets it: parse results that compare and hash by value, the exception's
name, unknown names answered with the closest ones (as the `iri` command does), a plain message
without pyarrow, and docstrings at runtime that say what the stubs say."""

import ast
import inspect
import itertools
import pathlib
import pickle
import subprocess
import sys
import traceback
import typing

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import iri_abnf
from iri_abnf import IriSyntaxError

REPO = pathlib.Path(__file__).resolve().parents[2]
STUB = pathlib.Path(iri_abnf.__file__).parent / "__init__.pyi"

MAIN_GRAMMARS = ("uri", "rfc3987", "iri", "leiri")

# References of every kind and host kind, and pairs that are equivalent but not equal.
REFERENCES = (
    "http://example.org/",
    "HTTP://EXAMPLE.ORG/",
    "http://example.org",
    "http://example.org/%7Euser",
    "http://example.org/~user",
    "http://r\u00e9sum\u00e9.example.org/\u00e9?q#f",
    "http://user@[::1]:8042/p",
    "http://192.0.2.1/",
    "http://[v7.x]/",
    "urn:isbn:0451450523",
    "//example.org/x",
    "/a/b",
    "a/b",
    "",
    "?q",
    "#f",
)


def parses(s):
    """The references `s` parses to, one per main grammar that accepts it."""
    out = []
    for g in MAIN_GRAMMARS:
        try:
            out.append(iri_abnf.parse(s, g))
        except IriSyntaxError:
            pass
    return out


def test_references_compare_and_hash_by_input_and_grammar():
    refs = [r for s in REFERENCES for r in parses(s)]
    assert len(refs) > 40
    for a, b in itertools.product(refs, repeat=2):
        same = (a.input, a.grammar) == (b.input, b.grammar)
        assert (a == b) is same, (a, b)
        assert (a != b) is not same, (a, b)
        if same:
            assert hash(a) == hash(b)
    # Parsing again gives an equal reference: sets and dicts deduplicate.
    again = [r for s in REFERENCES for r in parses(s)]
    assert set(refs) == set(again)
    assert len(set(refs + again)) == len(refs)
    table = {r: r.input for r in refs}
    for r in again:
        assert table[r] == r.input
    # The same string under two grammars: two references.
    assert iri_abnf.parse("http://a/", "uri") != iri_abnf.parse("http://a/", "iri")
    # Never equal to its string, nor to anything else; ordering is not defined.
    r = iri_abnf.parse("http://a/")
    assert r != "http://a/" and r != str(r) and r != None  # noqa: E711
    with pytest.raises(TypeError):
        r < r  # noqa: B015


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet="ab:/?#%12.@[]\u00e9 ", max_size=12),
    st.text(alphabet="ab:/?#%12.@[]\u00e9 ", max_size=12),
)
def test_reference_identity_is_the_string_and_grammar(s, t):
    for g in MAIN_GRAMMARS:
        if not (iri_abnf.is_valid(s, g) and iri_abnf.is_valid(t, g)):
            continue
        a, b = iri_abnf.parse(s, g), iri_abnf.parse(t, g)
        assert (a == b) is (s == t)
        if s == t:
            assert hash(a) == hash(b)
            assert len({a, b}) == 1


def test_diagnostics_compare_and_hash_by_value(references):
    total = 0
    for s in references:
        try:
            first = iri_abnf.lint(s)
        except IriSyntaxError:
            continue
        second = iri_abnf.lint(s)
        assert first == second
        assert [hash(d) for d in first] == [hash(d) for d in second]
        assert len(set(first + second)) == len(set(first))
        total += len(first)
    assert total > 5


def test_iri_syntax_error_is_named_as_imported():
    assert IriSyntaxError.__module__ == "iri_abnf"
    assert IriSyntaxError.__qualname__ == "IriSyntaxError"
    assert repr(IriSyntaxError) == "<class 'iri_abnf.IriSyntaxError'>"
    assert iri_abnf.IriSyntaxError is iri_abnf._iri_abnf.IriSyntaxError
    assert issubclass(IriSyntaxError, ValueError)
    with pytest.raises(IriSyntaxError) as info:
        iri_abnf.validate("http://a b/")
    (line,) = traceback.format_exception_only(info.type, info.value)[:1]
    assert line.startswith("iri_abnf.IriSyntaxError: "), line
    # It pickles by that name (multiprocessing sends exceptions so).
    again = pickle.loads(pickle.dumps(info.value))
    assert type(again) is IriSyntaxError and str(again) == str(info.value)


def cli_error(iri_bin, *args):
    out = subprocess.run([iri_bin, *args], capture_output=True, text=True, encoding="utf-8")
    assert out.returncode != 0
    return out.stderr.strip().removeprefix("iri: ")


def test_unknown_rules_name_the_closest_as_the_cli_does(iri_bin):
    for grammar, rule, closest in [
        ("iri", "IRI-refrence", "`IRI-reference`"),
        ("iri", "host", "`ihost`"),
        ("uri", "ihost", "`host`"),
        ("rfc3987", "IRI-referenc", "`IRI-reference`"),
    ]:
        with pytest.raises(ValueError) as info:
            iri_abnf.is_valid("a", grammar, rule)
        message = str(info.value)
        assert f"(did you mean {closest}?)" in message, message
        assert message == cli_error(iri_bin, "check", "--grammar", grammar, "--rule", rule, "a")
        for call in (
            lambda: iri_abnf.validate("a", grammar, rule),
            lambda: iri_abnf.check_many(["a"], grammar, rule),
        ):
            with pytest.raises(ValueError, match=r"did you mean"):
                call()
    with pytest.raises(ValueError, match=r'no grammar has a rule "IRI-refrence" \(did you mean'):
        iri_abnf.compare("a", "IRI-refrence")


def test_unknown_grammars_levels_and_charsets_name_the_closest():
    cases = [
        (lambda: iri_abnf.is_valid("a", "url"), 'unknown grammar "url" (did you mean `uri`?): '),
        (lambda: iri_abnf.parse("a", "rfc3897"), 'unknown grammar "rfc3897" (did you mean `rfc3987`?)'),
        (lambda: iri_abnf.resolve("http://a/", "b", grammar="IRI"), "(did you mean `iri`?)"),
        (lambda: iri_abnf.compare_languages("iri", "lеiri"), 'unknown grammar "lеiri"'),
        (lambda: iri_abnf.normalize("a", level="paths"), '"paths" (did you mean `path`?): expected'),
        (lambda: iri_abnf.equivalent("a", "b", level="NFC"), "(did you mean `nfc`?)"),
        (
            lambda: iri_abnf.to_uri("http://a/?b", query_charset="shift-jiss"),
            'unknown charset label "shift-jiss" (did you mean `shift_jis`?)',
        ),
        (lambda: iri_abnf.to_uri("http://a/?b", query_charset="klingon"), 'label "klingon": expected'),
        (lambda: iri_abnf.to_uri("a", host="punycode"), 'host must be "percent" or "idna", not'),
        (lambda: iri_abnf.from_leiri("a", to="leiri"), 'to must be "iri" or "uri", not'),
    ]
    for call, part in cases:
        with pytest.raises(ValueError) as info:
            call()
        assert part in str(info.value), str(info.value)


def test_check_arrow_without_pyarrow_says_so():
    code = (
        "import sys\n"
        "sys.modules['pyarrow'] = None\n"  # as if it were not installed
        "import iri_abnf\n"
        "for f in (iri_abnf.check_arrow, iri_abnf.lint_arrow):\n"
        "    try:\n"
        "        f([])\n"
        "    except ImportError as e:\n"
        "        print(type(e).__name__, e.name, e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines = out.stdout.strip().split("\n")
    assert lines == [
        f"ImportError pyarrow iri_abnf.{f} needs pyarrow, which is not installed: pip install "
        "pyarrow (or pip install 'iri-abnf[arrow]')"
        for f in ("check_arrow", "lint_arrow")
    ], out.stdout + out.stderr


def stub_tree():
    return ast.parse(STUB.read_text(encoding="utf-8"))


def literal_values(name):
    """The strings of the stub's ``Literal`` alias ``name`` (inside a ``Union`` too)."""
    for node in stub_tree().body:
        if isinstance(node, ast.Assign) and node.targets[0].id == name:
            return [
                n.value
                for n in ast.walk(node.value)
                if isinstance(n, ast.Constant) and isinstance(n.value, str)
            ]
    raise AssertionError(f"no alias {name} in the stub")


def test_stub_literals_are_the_names_the_runtime_takes():
    grammars = literal_values("GrammarName")
    assert grammars == list(MAIN_GRAMMARS)
    languages = literal_values("LanguageGrammarName")
    assert languages[:4] == grammars and len(languages) == 9
    for g in languages:
        assert iri_abnf.is_valid("a", g) in (True, False)
    for g in grammars:
        iri_abnf.parse("http://a/", g)
    # The runtime's list of grammars (the message of an unknown one) is the stub's.
    with pytest.raises(ValueError) as info:
        iri_abnf.is_valid("a", "x")
    assert [g for g in languages if g in str(info.value)] == languages
    levels = literal_values("Level")
    for level in levels:
        iri_abnf.normalize("http://a/", level=level)
    with pytest.raises(ValueError) as info:
        iri_abnf.normalize("a", level="x")
    assert str(info.value).endswith("expected one of " + ", ".join(levels))
    for profile in literal_values("Profile"):
        iri_abnf.lint("http://a/", profile=profile)
    profiles_doc = (REPO / "src" / "lint" / "CATALOGUE.md").read_text(encoding="utf-8")
    for profile in literal_values("Profile"):
        assert f"`{profile}`" in profiles_doc, profile
    for host in literal_values("HostMapping"):
        iri_abnf.to_uri("http://a/", host=host)
    for to in literal_values("LeiriTarget"):
        iri_abnf.from_leiri("http://a/", to=to)
    for separators in literal_values("LabelSeparators"):
        iri_abnf.is_idn_hostname("a", separators=separators)
    charsets = literal_values("Charset")
    assert len(charsets) == 40
    for label in charsets:
        iri_abnf.to_uri("http://a/?b", query_charset=label)
    kinds = set(literal_values("ReferenceKind"))
    host_kinds = set(literal_values("HostKind"))
    for s in REFERENCES:
        r = iri_abnf.parse(s)
        assert r.kind in kinds, r
        assert r.host_kind is None or r.host_kind in host_kinds, r
    assert {iri_abnf.parse(s).kind for s in REFERENCES} == kinds
    assert {iri_abnf.parse(s).host_kind for s in REFERENCES} - {None} == host_kinds
    severities = set(literal_values("Severity"))
    relations = set(literal_values("Relation"))
    assert iri_abnf.compare_languages("uri", "iri")["relation"] in relations
    assert iri_abnf.compare_languages("iri", "iri")["relation"] in relations
    for s in ("http://a/\u202e", "HTTP://A/%7e"):
        for d in iri_abnf.lint(s, profile="strict"):
            assert d.severity in severities


def test_stub_names_are_literal_types():
    """Every parameter named for a name (grammar, level, profile, host, to, charset, separators)
    has a Literal alias of the stub for its type, not ``str``."""
    aliases = {"grammar": {"GrammarName", "LanguageGrammarName"}, "a": {"LanguageGrammarName"},
               "b": {"LanguageGrammarName"}, "level": {"Level"}, "profile": {"Profile"},
               "host": {"HostMapping"}, "to": {"LeiriTarget"}, "query_charset": {"Charset"},
               "separators": {"LabelSeparators"}}
    seen = 0
    for node in stub_tree().body:
        if not isinstance(node, ast.FunctionDef):
            continue
        for arg in node.args.args + node.args.kwonlyargs:
            if arg.arg not in aliases or (node.name == "equivalent" and arg.arg in "ab"):
                continue
            names = {n.id for n in ast.walk(arg.annotation) if isinstance(n, ast.Name)}
            assert names & aliases[arg.arg], (node.name, arg.arg, ast.unparse(arg.annotation))
            seen += 1
    assert seen > 20


# Names of the package that are neither functions nor classes.
NOT_DOCUMENTED = {"__version__", "DEFAULT_MAX_DIAGNOSTICS"}


def test_runtime_docstrings_are_the_stubs():
    checked = []
    for node in stub_tree().body:
        if not isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            continue
        stub_doc = ast.get_docstring(node)
        assert stub_doc, f"{node.name} has no docstring in the stub"
        runtime = getattr(iri_abnf, node.name)
        assert inspect.cleandoc(runtime.__doc__ or "") == stub_doc, node.name
        checked.append(node.name)
    assert sorted(checked) == sorted(
        n for n in iri_abnf.__all__ if n not in NOT_DOCUMENTED
    )


def test_stub_signatures_are_the_runtimes():
    """The stub's parameters (names, kinds, defaults) are the runtime's."""
    for node in stub_tree().body:
        if not isinstance(node, ast.FunctionDef):
            continue
        runtime = inspect.signature(getattr(iri_abnf, node.name))
        stub = [(a.arg, "positional") for a in node.args.args] + [
            (a.arg, "keyword") for a in node.args.kwonlyargs
        ]
        got = [
            (p.name, "keyword" if p.kind is p.KEYWORD_ONLY else "positional")
            for p in runtime.parameters.values()
        ]
        assert got == stub, node.name
        defaults = node.args.defaults + [d for d in node.args.kw_defaults if d is not None]
        stub_defaults = [
            ast.literal_eval(d) for d in defaults if not (isinstance(d, ast.Constant) and d.value is ...)
        ]
        runtime_defaults = [
            p.default
            for p in runtime.parameters.values()
            if p.default is not p.empty
            and p.default is not ...
            and not isinstance(p.default, (list, tuple))
        ]
        assert runtime_defaults == stub_defaults, node.name
