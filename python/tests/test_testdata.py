"""The portable test data of testdata/ (testdata/README.md), run whole through the Python API: every
verdict, both error offsets, the components, the normalization ladder, the conversions and the
resolution targets; the files against testdata/schema.json; and the JSON Schema Test Suite files
through iri_abnf.jsonschema.

The files are found from the repository checkout (the tests run from its root and from python/). When
they are missing the tests skip, unless IRI_ABNF_REQUIRE_TESTDATA=1 or IRI_ABNF_REQUIRE_CORPORA=1 is
set: then they fail."""

import json
import os
import pathlib

import pytest

import iri_abnf

REPO = pathlib.Path(__file__).resolve().parents[2]
TESTDATA = REPO / "testdata"
GRAMMARS = ("uri", "rfc3987", "iri", "leiri")
LEVELS = ("simple", "case", "percent", "path", "scheme", "nfc")
COMPONENTS = ("scheme", "userinfo", "host", "host_kind", "port", "path", "query", "fragment")
SUITE_FORMATS = ("uri", "uri-reference", "iri", "iri-reference")

REQUIRED = any(os.environ.get(v) == "1" for v in ("IRI_ABNF_REQUIRE_TESTDATA", "IRI_ABNF_REQUIRE_CORPORA"))


def load(name):
    path = TESTDATA / name
    if not path.is_file():
        if REQUIRED:
            pytest.fail(f"{path} is missing (IRI_ABNF_REQUIRE_TESTDATA or IRI_ABNF_REQUIRE_CORPORA is set)")
        pytest.skip(f"SKIPPED: {path} is missing: run from a checkout of the repository")
    with path.open(encoding="utf-8") as f:
        return json.load(f)


def outcome(call):
    """The result of ``call()``, or the error code the files use for its exception."""
    try:
        return call()
    except iri_abnf.IriSyntaxError:
        return {"error": "syntax"}
    except ValueError:
        return {"error": "refused"}


def expected_outcome(value):
    """What :func:`outcome` gives for a recorded value: a syntax error stays one, other refusals
    (``idna``, …) are a ``ValueError`` that is no ``IriSyntaxError`` in Python."""
    if isinstance(value, dict) and value.get("error") != "syntax":
        return {"error": "refused"}
    return value


def test_cases():
    data = load("cases.json")
    failures = []
    count = 0

    def check(what, got, want):
        if got != want:
            failures.append(f"{what}: got {got!r}, the file has {want!r}")

    for case in data["cases"]:
        s = case["input"]
        count += 1
        for g in GRAMMARS:
            v = case[g]
            what = f"{s!r} {g}"
            check(f"{what} is_valid", iri_abnf.is_valid(s, grammar=g), v["valid"])
            if v["valid"]:
                r = iri_abnf.parse(s, grammar=g)
                got = {k: getattr(r, k) for k in COMPONENTS if getattr(r, k) is not None}
                check(f"{what} components", got, v["components"])
                for level in LEVELS:
                    got = iri_abnf.normalize(s, grammar=g, level=level)
                    check(f"{what} normalize {level}", got, v["normalized"][level])
            else:
                try:
                    iri_abnf.validate(s, grammar=g)
                    failures.append(f"{what}: validate accepts it")
                    continue
                except iri_abnf.IriSyntaxError as e:
                    before = s[: e.column - 1]
                    check(f"{what} offset", e.offset, v["offset"])
                    check(f"{what} column", len(before.encode("utf-8")), v["offset"])
                    check(f"{what} offset_utf16", len(before.encode("utf-16-le")) // 2, v["offset_utf16"])
        for host in ("percent", "idna"):
            got = outcome(lambda: iri_abnf.to_uri(s, host=host))
            check(f"{s!r} to_uri {host}", got, expected_outcome(case["to_uri"][host]))
        check(f"{s!r} to_iri", outcome(lambda: iri_abnf.to_iri(s)), expected_outcome(case["to_iri"]))
    assert count > 0
    assert not failures, f"{len(failures)} differences, first: " + "\n".join(failures[:20])


def resolve_outcome(base, reference, grammar, non_strict):
    try:
        return iri_abnf.resolve(base, reference, grammar=grammar, non_strict=non_strict)
    except iri_abnf.IriSyntaxError as e:
        # The base's syntax error says so first ("base: …").
        return {"error": "invalid-base" if str(e).startswith("base: ") else "invalid-reference"}
    except ValueError:
        return {"error": "relative-base"}


def test_resolution():
    data = load("resolution.json")
    failures = []
    for case in data["cases"]:
        b, r, g = case["base"], case["reference"], case["grammar"]
        for key, non_strict in (("strict", False), ("non_strict", True)):
            got = resolve_outcome(b, r, g, non_strict)
            if got != case[key]:
                failures.append(f"{b!r} {r!r} {key}: got {got!r}, the file has {case[key]!r}")
    assert data["cases"]
    assert not failures, f"{len(failures)} differences, first: " + "\n".join(failures[:20])


def jsonschema_module():
    try:
        import jsonschema
    except ImportError:
        if os.environ.get("IRI_ABNF_REQUIRE_JSONSCHEMA"):
            raise
        pytest.skip("SKIPPED: jsonschema is not installed (pip install jsonschema; CI installs it)")
    return jsonschema


@pytest.mark.parametrize("name", ["cases.json", "resolution.json"])
def test_files_match_the_schema(name):
    jsonschema = jsonschema_module()
    schema = load("schema.json")
    jsonschema.Draft202012Validator.check_schema(schema)
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(load(name)))
    assert not errors, f"{name}: {len(errors)} errors, first: {errors[0].message} at {list(errors[0].absolute_path)}"


@pytest.mark.parametrize("fmt", SUITE_FORMATS)
def test_json_schema_test_suite_files(fmt):
    jsonschema = jsonschema_module()
    import iri_abnf.jsonschema as ijs

    groups = load(f"json-schema-test-suite/{fmt}.json")
    checker = ijs.format_checker()
    failures, count = [], 0
    for group in groups:
        assert group["schema"]["format"] == fmt
        validator = jsonschema.Draft202012Validator(group["schema"], format_checker=checker)
        for t in group["tests"]:
            count += 1
            if validator.is_valid(t["data"]) != t["valid"]:
                failures.append(f"{t['data']!r}: the file says valid={t['valid']} ({t['description']})")
    assert count > 0
    assert not failures, f"{fmt}: {len(failures)} differences, first: " + "\n".join(failures[:20])
