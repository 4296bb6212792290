"""iri_abnf.jsonschema: every case of the JSON Schema Test Suite's formats uri, uri-reference, iri,
iri-reference and idn-hostname (tests/corpora/json-schema-test-suite/, draft2020-12 through
Draft202012Validator and draft7 through Draft7Validator), the cases where the suite is not the RFCs'
listed in tests/json_schema_deviations.txt (shared with js/tests/ajv.test.mjs); then the options of
format_checker, and `import iri_abnf` without jsonschema."""

import json
import os
import pathlib
import subprocess
import sys

import pytest

import iri_abnf

REPO = pathlib.Path(__file__).resolve().parents[2]
SUITE = REPO / "tests" / "corpora" / "json-schema-test-suite"
DEVIATIONS = REPO / "tests" / "json_schema_deviations.txt"
FORMATS = ("uri", "uri-reference", "iri", "iri-reference", "idn-hostname")
DRAFTS = ("draft2020-12", "draft7")

try:
    import jsonschema

    HAVE_JSONSCHEMA = True
except ImportError:
    HAVE_JSONSCHEMA = False

if not HAVE_JSONSCHEMA:
    if os.environ.get("IRI_ABNF_REQUIRE_JSONSCHEMA"):
        raise RuntimeError("IRI_ABNF_REQUIRE_JSONSCHEMA is set but jsonschema is not installed")
    pytestmark = pytest.mark.skip(
        reason="SKIPPED: jsonschema is not installed, so iri_abnf.jsonschema is NOT tested "
        "(pip install jsonschema; CI installs it)"
    )
else:
    import iri_abnf.jsonschema as ijs


def read_deviations():
    """(draft, format, iri, data) -> reason."""
    out = {}
    for number, line in enumerate(DEVIATIONS.read_text(encoding="utf-8").split("\n"), 1):
        if not line or line.startswith("#"):
            continue
        fields = line.split("\t")
        where = f"{DEVIATIONS}:{number}"
        assert len(fields) == 5, f"{where}: 5 tab-separated fields"
        draft, fmt, iri, data, reason = fields
        assert draft in DRAFTS, where
        assert fmt in FORMATS, where
        if fmt in ("iri", "iri-reference"):
            assert iri in ("rfc3987", "3987bis"), where
        else:
            assert iri == "-", where
        assert reason.strip(), where
        key = (draft, fmt, iri, json.loads(data))
        assert key not in out, f"{where}: listed twice"
        out[key] = reason
    return out


DEVIATION_LIST = read_deviations()


def suite_runs():
    for draft in DRAFTS:
        for fmt in FORMATS:
            for iri in ("rfc3987", "3987bis") if fmt.startswith("iri") else ("-",):
                yield draft, fmt, iri


def validator_class(draft):
    return jsonschema.Draft202012Validator if draft == "draft2020-12" else jsonschema.Draft7Validator


def run_suite(draft, fmt, iri):
    """The cases of one run: (data, description, suite's verdict, listed, verdict)."""
    checker = ijs.format_checker() if iri == "-" else ijs.format_checker(iri=iri)
    groups = json.loads((SUITE / draft / f"{fmt}.json").read_text(encoding="utf-8"))
    out = []
    for group in groups:
        assert group["schema"]["format"] == fmt
        cls = validator_class(draft)
        cls.check_schema(group["schema"])
        validator = cls(group["schema"], format_checker=checker)
        for case in group["tests"]:
            data = case["data"]
            listed = isinstance(data, str) and (draft, fmt, iri, data) in DEVIATION_LIST
            out.append((data, case["description"], case["valid"], listed, validator.is_valid(data)))
    return out


@pytest.mark.parametrize("draft,fmt,iri", list(suite_runs()))
def test_json_schema_test_suite(draft, fmt, iri):
    wrong = []
    cases = run_suite(draft, fmt, iri)
    assert cases
    for data, description, valid, listed, got in cases:
        expected = (not valid) if listed else valid
        if got != expected:
            note = " (listed as a deviation, but the verdicts agree)" if listed else ""
            wrong.append(f"{data!r} ({description}): suite {valid}, checker {got}{note}")
    assert wrong == []


def test_every_deviation_matches_a_case():
    seen = set()
    total = agree = 0
    for draft, fmt, iri in suite_runs():
        for data, _, valid, listed, got in run_suite(draft, fmt, iri):
            total += 1
            if listed:
                seen.add((draft, fmt, iri, data))
            elif got == valid:
                agree += 1
    assert sorted(set(DEVIATION_LIST) - seen) == []
    print(
        f"json-schema-test-suite through jsonschema: {total} cases, {agree} agree with the suite, "
        f"{len(seen)} listed deviations"
    )


def test_the_module_checker_is_the_default():
    assert ijs.FORMATS == FORMATS
    assert isinstance(ijs.FORMAT_CHECKER, jsonschema.FormatChecker)
    assert sorted(ijs.FORMAT_CHECKER.checkers) == sorted(FORMATS)
    validator = jsonschema.Draft202012Validator(
        {"type": "string", "format": "iri"}, format_checker=ijs.FORMAT_CHECKER
    )
    assert validator.is_valid("http://r\u00e9sum\u00e9.example.org/")
    assert not validator.is_valid("/r\u00e9sum\u00e9")


def test_iri_is_rfc3987_by_default_and_3987bis_on_request():
    # 3987bis §2.2 iprivate has %xE0000-E0FFF, RFC 3987 §2.2 iprivate has not (U+E0100 VARIATION
    # SELECTOR-17 in the query).
    bis_only = ["http://example.org/?\U000e0100", "?\U000e0100"]
    default = ijs.format_checker()
    explicit = ijs.format_checker(iri="rfc3987")
    bis = ijs.format_checker(iri="3987bis")
    for checker in (ijs.FORMAT_CHECKER, default, explicit):
        assert not checker.conforms(bis_only[0], "iri")
        assert not checker.conforms(bis_only[0], "iri-reference")
        assert not checker.conforms(bis_only[1], "iri-reference")
    assert bis.conforms(bis_only[0], "iri")
    assert bis.conforms(bis_only[0], "iri-reference")
    assert bis.conforms(bis_only[1], "iri-reference")
    for checker in (default, bis):
        assert checker.conforms("http://r\u00e9sum\u00e9.example.org/", "iri")
        assert not checker.conforms("/r\u00e9sum\u00e9", "iri")
        assert checker.conforms("/r\u00e9sum\u00e9", "iri-reference")
        assert not checker.conforms("a b", "iri-reference")
        # The option does not touch uri: RFC 3986 has no non-ASCII character.
        assert not checker.conforms("http://r\u00e9sum\u00e9.example.org/", "uri")
        assert checker.conforms("http://xn--rsum-bpad.example.org/", "uri")
        assert checker.conforms("//example.org", "uri-reference")
        assert not checker.conforms("//example.org", "uri")


def test_a_subset_of_the_formats():
    checker = ijs.format_checker(["uri", "idn-hostname"], iri="3987bis")
    assert sorted(checker.checkers) == ["idn-hostname", "uri"]
    # A format the checker does not know holds for every value (jsonschema's rule).
    assert checker.conforms("not an iri", "iri")
    assert not checker.conforms("not a uri", "uri")
    assert ijs.format_checker([]).checkers == {}
    assert sorted(ijs.format_checker(iter(["iri"])).checkers) == ["iri"]


def test_base_checkers_are_kept_and_not_changed():
    base = jsonschema.Draft202012Validator.FORMAT_CHECKER
    before = dict(base.checkers)
    checker = ijs.format_checker(base=base)
    assert base.checkers == before
    assert set(before) | set(FORMATS) == set(checker.checkers)
    for name in FORMATS:
        assert checker.checkers[name] != before.get(name), name
    assert checker.conforms("2024-02-29", "date")
    assert not checker.conforms("2023-02-29", "date")
    assert not checker.conforms("http://r\u00e9sum\u00e9.example.org/", "uri")


def test_values_that_are_not_strings_are_not_checked():
    for fmt in FORMATS:
        validator = jsonschema.Draft202012Validator({"format": fmt}, format_checker=ijs.FORMAT_CHECKER)
        for value in (12, 13.7, {}, [], False, None, {"href": "not a uri"}, ["a b"]):
            assert validator.is_valid(value), (fmt, value)
        assert not validator.is_valid("a b"), fmt
    validator = jsonschema.Draft7Validator(
        {"type": "string", "format": "uri"}, format_checker=ijs.FORMAT_CHECKER
    )
    assert not validator.is_valid(12)


def test_errors_carry_the_syntax_error():
    validator = jsonschema.Draft202012Validator(
        {"format": "uri"}, format_checker=ijs.FORMAT_CHECKER
    )
    (error,) = validator.iter_errors("http://example.org/a b")
    assert error.validator == "format"
    assert isinstance(error.cause, iri_abnf.IriSyntaxError)
    assert error.cause.offset == 20
    # A lone surrogate is in no grammar: ValueError as the cause.
    (error,) = validator.iter_errors("http://example.org/\ud800")
    assert isinstance(error.cause, ValueError)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(
            "a b", {"format": "iri-reference"}, format_checker=ijs.FORMAT_CHECKER
        )


def test_idn_hostname():
    valid = [
        "example.org",
        "1host",
        "b\u00fccher.example",
        "XN--bcher-kva.example",
        "\uc2e4\ub840.\ud14c\uc2a4\ud2b8",
        "\u05d0\u05d1.\u05d2",
    ]
    invalid = [
        "",
        "example.",
        "a..b",
        "-a",
        "a_b",
        "ab--c",
        "B\u00fccher.example",  # upper case is DISALLOWED in a U-label (RFC 5892 §2.2)
        "b%C3%BCcher.example",  # no percent-encoding in a host name
        "xn--bcher-kvb",  # not the A-label of its U-label (RFC 5891 §5.3)
        "0a.\u05d0",  # RFC 5893 §2 condition 1 on every label of a Bidi domain name
        "a" * 64,
        "\ud800",  # a lone surrogate
        "a\u3002",  # the other dots separate labels too: an empty last label
        "\uff0e",
        "\uff61example",
    ]
    for name in valid:
        assert iri_abnf.is_idn_hostname(name), name
        assert ijs.FORMAT_CHECKER.conforms(name, "idn-hostname"), name
    for name in invalid:
        assert not iri_abnf.is_idn_hostname(name), name
        assert not ijs.FORMAT_CHECKER.conforms(name, "idn-hostname"), name
    with pytest.raises(TypeError):
        iri_abnf.is_idn_hostname(12)


DOTS = ("\u3002", "\uff0e", "\uff61")


def test_idn_hostname_separators():
    """The default separates labels at U+002E, U+3002, U+FF0E and U+FF61 (RFC 3490 §3.1, RFC 5895
    §2); ``separators="idna2008"`` / ``idn_hostname="idna2008"`` at U+002E only. Over a family of
    names: each separator in each place, with valid and invalid labels around it."""
    strict = ijs.format_checker(idn_hostname="idna2008")
    explicit = ijs.format_checker(idn_hostname="rfc3490")
    labels = ["a", "example", "b\u00fccher", "xn--bcher-kva", "\u05d0\u05d1", "0a", "", "a_b", "x" * 64]
    checked = 0
    for a in labels:
        for b in labels:
            plain = f"{a}.{b}"
            want = iri_abnf.is_idn_hostname(plain, separators="idna2008")
            assert iri_abnf.is_idn_hostname(plain) == want, plain
            for dot in DOTS:
                name = f"{a}{dot}{b}"
                assert iri_abnf.is_idn_hostname(name) is want, name
                assert iri_abnf.is_idn_hostname(name, separators="rfc3490") is want, name
                assert ijs.FORMAT_CHECKER.conforms(name, "idn-hostname") is want, name
                assert explicit.conforms(name, "idn-hostname") is want, name
                # Strictly, the dot is a DISALLOWED character in a label (RFC 5892).
                assert not iri_abnf.is_idn_hostname(name, separators="idna2008"), name
                assert not strict.conforms(name, "idn-hostname"), name
                checked += 1
    assert checked == len(labels) ** 2 * len(DOTS)
    with pytest.raises(ValueError, match='separators must be "idna2008" or "rfc3490", not "uts46"'):
        iri_abnf.is_idn_hostname("a", separators="uts46")
    with pytest.raises(TypeError):
        iri_abnf.is_idn_hostname("a", "idna2008")  # keyword-only


@pytest.mark.parametrize("draft", DRAFTS)
def test_json_schema_test_suite_strict_idn_hostname(draft):
    """Under ``idn_hostname="idna2008"`` the suite's idn-hostname cases keep their verdicts but the
    six that take U+3002, U+FF0E or U+FF61 for a label separator."""
    strict = ijs.format_checker(idn_hostname="idna2008")
    cls = validator_class(draft)
    flipped = []
    total = 0
    for group in json.loads((SUITE / draft / "idn-hostname.json").read_text(encoding="utf-8")):
        validator = cls(group["schema"], format_checker=strict)
        for case in group["tests"]:
            total += 1
            if validator.is_valid(case["data"]) != case["valid"]:
                flipped.append(case["data"])
    assert total > 80
    assert len(flipped) == 6, flipped
    for data in flipped:
        assert any(dot in data for dot in DOTS), data
        assert iri_abnf.is_idn_hostname(data)
        assert not iri_abnf.is_idn_hostname(data, separators="idna2008")


def test_bad_options():
    with pytest.raises(ValueError, match=r"no format 'email' \(formats: uri, uri-reference, iri"):
        ijs.format_checker(["uri", "email"])
    with pytest.raises(TypeError):
        ijs.format_checker("uri")
    with pytest.raises(TypeError):
        ijs.format_checker([1])
    with pytest.raises(ValueError, match='iri must be "rfc3987" or "3987bis"'):
        ijs.format_checker(iri="rfc3986")
    with pytest.raises(ValueError, match='idn_hostname must be "rfc3490" or "idna2008"'):
        ijs.format_checker(idn_hostname="uts46")
    assert ijs.IDN_HOSTNAME_SEPARATORS == ("rfc3490", "idna2008")
    with pytest.raises(TypeError):
        ijs.format_checker(base={})
    with pytest.raises(TypeError):
        ijs.format_checker(["uri"], "3987bis")  # iri is keyword-only


def test_import_iri_abnf_does_not_import_jsonschema():
    code = (
        "import sys\n"
        "sys.modules['jsonschema'] = None  # makes `import jsonschema` fail\n"
        "import iri_abnf\n"
        "assert iri_abnf.is_valid('http://example.org/')\n"
        "try:\n"
        "    import iri_abnf.jsonschema\n"
        "except ImportError:\n"
        "    print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
