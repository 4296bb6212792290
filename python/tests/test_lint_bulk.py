"""The vectorized lint (``lint_many``, ``lint_arrow``): per input the codes that ``lint`` gives, in
its order, on a sample with invalid and non-ASCII inputs and on every input of testdata/cases.json."""

import collections
import json
import pathlib

import pytest

import iri_abnf

REPO = pathlib.Path(__file__).resolve().parents[2]
GRAMMARS = ("uri", "rfc3987", "iri", "leiri")

# The shared references (conftest.py), and a few with a lone surrogate, a mailto query, a file path.
MORE = [
    "http://\u0430pple.com/",
    "mailto:a@b?subject=%ZZ",
    "file:///C:/x",
    "http://a/\ud800",
    "http://%41.example/%7E%7e",
    "data:,A%20brief%20note",
]


@pytest.fixture
def sample(references):
    return references + MORE


def expected(s, **options):
    """The codes of ``lint(s)``, or None where it raises (an invalid input or a lone surrogate)."""
    try:
        return tuple(d.code for d in iri_abnf.lint(s, **options))
    except ValueError:
        return None


@pytest.mark.parametrize("grammar", GRAMMARS)
@pytest.mark.parametrize(
    "options",
    [{}, {"profile": "strict"}, {"profile": "security"}, {"allow": ["percent-encoding"], "deny": ["uppercase-scheme"]}],
)
def test_lint_many_equals_lint(grammar, options, sample):
    # Past a few thousand strings the work is split over the cores: the order must hold.
    strings = sample * 300
    want = [expected(s, grammar=grammar, **options) for s in strings]
    assert any(w for w in want), "the sample has findings"
    assert None in want, "the sample has invalid inputs"
    assert iri_abnf.lint_many(strings, grammar=grammar, **options) == want
    assert iri_abnf.lint_many(iter(strings[:40]), grammar=grammar, **options) == want[:40]


def test_lint_many_edges():
    assert iri_abnf.lint_many([]) == []
    out = iri_abnf.lint_many(["http://a/", "HTTP://a/"])
    assert out[0] == () and out[1] == ("uppercase-scheme",)
    with pytest.raises(TypeError):
        iri_abnf.lint_many(["x", 1])
    with pytest.raises(ValueError):
        iri_abnf.lint_many(["x"], profile="nope")
    with pytest.raises(ValueError):
        iri_abnf.lint_many(["x"], grammar="rfc2396")


def test_lint_arrow_equals_lint(sample):
    pa = pytest.importorskip("pyarrow")
    values = [None, *sample] * 300
    # Arrow has no lone surrogates: drop the one of the sample.
    values = [v for v in values if v is None or v.encode("utf-8", "surrogatepass") == v.encode("utf-8", "replace")]
    for grammar in GRAMMARS:
        want = [None if v is None else expected(v, grammar=grammar) for v in values]
        want_lists = [None if w is None else list(w) for w in want]
        for t in (pa.string(), pa.large_string()):
            arr = pa.array(values, type=t)
            out = iri_abnf.lint_arrow(arr, grammar=grammar)
            assert out.type == pa.list_(pa.string())
            assert out.to_pylist() == want_lists
            assert iri_abnf.lint_arrow(arr.slice(5, 30), grammar=grammar).to_pylist() == want_lists[5:35]
            counts = collections.Counter(c for w in want if w for c in w)
            assert iri_abnf.lint_arrow(arr, grammar=grammar, counts=True) == dict(sorted(counts.items()))
        chunked = pa.chunked_array([values[:25], values[25:60]], type=pa.string())
        assert iri_abnf.lint_arrow(chunked, grammar=grammar).to_pylist() == want_lists[:60]
        counts = collections.Counter(c for w in want[:60] if w for c in w)
        assert iri_abnf.lint_arrow(chunked, grammar=grammar, counts=True) == dict(sorted(counts.items()))
    strict = iri_abnf.lint_arrow(pa.array(sample[:5]), profile="strict", deny=["uppercase-scheme"])
    assert strict.to_pylist() == [list(expected(s, profile="strict", deny=["uppercase-scheme"])) for s in sample[:5]]


def test_lint_arrow_edges():
    pa = pytest.importorskip("pyarrow")
    assert iri_abnf.lint_arrow(pa.array([], type=pa.string())).to_pylist() == []
    assert iri_abnf.lint_arrow(pa.array([None], type=pa.string())).to_pylist() == [None]
    assert iri_abnf.lint_arrow(pa.array(["http://a/"])).to_pylist() == [[]]
    # A value that is not UTF-8 (Arrow does not check when built from buffers): null, as check_arrow's
    # verdict on it is False.
    data = b"http://a/\xff" + b"HTTP://a/"
    offsets = pa.array([0, 10, 19], type=pa.int32()).buffers()[1]
    arr = pa.Array.from_buffers(pa.string(), 2, [None, offsets, pa.py_buffer(data)])
    assert iri_abnf.check_arrow(arr).to_pylist() == [False, True]
    assert iri_abnf.lint_arrow(arr).to_pylist() == [None, ["uppercase-scheme"]]
    with pytest.raises(TypeError):
        iri_abnf.lint_arrow(pa.array([1, 2]))
    with pytest.raises(TypeError):
        iri_abnf.lint_arrow(["a"])


def test_testdata_cases():
    path = REPO / "testdata" / "cases.json"
    if not path.is_file():
        pytest.skip(f"SKIPPED: {path} is missing: run from a checkout of the repository")
    inputs = [c["input"] for c in json.loads(path.read_text(encoding="utf-8"))["cases"]]
    assert len(inputs) > 1000
    for grammar in GRAMMARS:
        want = [expected(s, grammar=grammar) for s in inputs]
        assert iri_abnf.lint_many(inputs, grammar=grammar) == want
        assert iri_abnf.check_many(inputs, grammar=grammar) == [iri_abnf.is_valid(s, grammar=grammar) for s in inputs]
        try:
            import pyarrow as pa
        except ImportError:
            continue
        encodable = [s for s in inputs if s.encode("utf-8", "surrogatepass") == s.encode("utf-8", "replace")]
        out = iri_abnf.lint_arrow(pa.array(encodable), grammar=grammar).to_pylist()
        assert out == [None if w is None else list(w) for w in (expected(s, grammar=grammar) for s in encodable)]
