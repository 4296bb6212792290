"""Adapter for `iri judge` around one Python URI/IRI library.

Usage: judge.py NAME [--rule=RULE] [--components], NAME one of rfc3987, rfc3986-validator,
python-rfc3986, uritools, rfc3987-syntax, jsonschema, jsonschema-rs; --rule: for rfc3987 the rule
passed to rfc3987.parse (default IRI_reference; jsonschema's "iri" format passes IRI), for
rfc3987-syntax the term passed to is_valid_syntax (default iri), for jsonschema and jsonschema-rs the
format checked (default uri). One input per line of standard input (UTF-8); one answer per line of standard output:
`valid`/`invalid`, or with --components one JSON object of the components the library reports.
Answers are written and flushed whenever every complete line read so far is answered, and every
50 ms while answering.
"""

import collections
import json
import os
import sys
import time

# Exceptions other than the documented ones, by type: counted as rejections (a library that throws
# rejects), and listed on standard error at the end so that they are not silently hidden.
UNEXPECTED = collections.Counter()


def rejects(call, expected):
    """Runs call(); None when it raises (expected or not), else its result."""
    try:
        return call()
    except expected:
        return None
    except Exception as e:  # noqa: BLE001 - a library that throws rejects the input
        UNEXPECTED[type(e).__name__] += 1
        return None


# The eight components, as `iri judge --mode components` names them.
COMPONENTS = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")


def attributes(parsed):
    """The components of a parsed reference whose attributes have the components' names."""
    return {name: getattr(parsed, name) for name in COMPONENTS}


def rfc3987_adapter(rule="IRI_reference"):
    import rfc3987

    # rfc3987.parse(s, rule="IRI_reference"): parse's default rule and jsonschema's "iri-reference"
    # format; its "iri" format passes rule="IRI" (--rule=IRI), a subset of the same regular
    # expression. It
    # raises ValueError when the string does not match. With the `regex` module installed ("Some
    # features require regex", says its README), parse returns the named groups of the rule's
    # regular expression, userinfo, host and port too; with `re` only the RFC 3986 Appendix B split.
    if not rfc3987.REGEX:
        sys.exit("rfc3987 is meant to run with the regex module")

    def verdict(s):
        return rejects(lambda: rfc3987.parse(s, rule=rule), ValueError) is not None

    def components(s):
        d = rejects(lambda: rfc3987.parse(s, rule=rule), ValueError)
        if d is None:
            return None
        return {
            "scheme": d["scheme"],
            "authority": d["authority"],
            "userinfo": d["iuserinfo"],
            "host": d["ihost"],
            "port": d["port"],
            "path": d["path"],
            "query": d["query"],
            "fragment": d["fragment"],
        }

    return verdict, components


def rfc3986_validator_adapter():
    from rfc3986_validator import validate_rfc3986

    # jsonschema's "uri" format: validate_rfc3986(instance, rule="URI"), a match object or None.
    # Its regular expression has no named groups, so there is no components mode.
    def verdict(s):
        return rejects(lambda: validate_rfc3986(s, rule="URI"), ()) is not None

    return verdict, None


def python_rfc3986_adapter():
    import rfc3986
    from rfc3986 import exceptions, validators

    # The documented validation API (since rfc3986 1.1; URIReference.is_valid is deprecated): a
    # Validator checking the validity of every component, applied to rfc3986.uri_reference(s).
    validator = validators.Validator().check_validity_of(
        "scheme", "userinfo", "host", "port", "path", "query", "fragment"
    )

    def parse(s):
        def call():
            ref = rfc3986.uri_reference(s)
            validator.validate(ref)
            return ref

        return rejects(call, exceptions.ValidationError)

    def verdict(s):
        return parse(s) is not None

    def components(s):
        ref = parse(s)
        if ref is None:
            return None
        return attributes(ref)

    return verdict, components


def uritools_adapter():
    import uritools

    # urisplit matches every string (RFC 3986 Appendix B's regular expression); what the documented
    # API rejects is a getter raising ValueError (UnicodeDecodeError is one): gethost on an
    # unmatched bracket or a bad IP literal, the decoding getters (default encoding UTF-8, errors
    # "strict") on percent-encoded octets that are not UTF-8.
    def parse(s):
        def call():
            parts = uritools.urisplit(s)
            parts.getscheme()
            parts.getauthority()  # getuserinfo, gethost, getport
            parts.getpath()
            parts.getquery()
            parts.getfragment()
            return parts

        return rejects(call, ValueError)

    def verdict(s):
        return parse(s) is not None

    def components(s):
        parts = parse(s)
        if parts is None:
            return None
        return attributes(parts)

    return verdict, components


def rfc3987_syntax_adapter(term="iri"):
    from rfc3987_syntax import is_valid_syntax

    # is_valid_syntax(term, value): parses value with the Lark grammar of RFC 3987 from the rule
    # named by term ("iri", "iri_reference", …) and returns False when Lark raises. What jsonschema's
    # "iri" format calls when it is installed with the format-nongpl extra (without rfc3987). The
    # Lark parse tree is not a split into components: verdict mode only.
    def verdict(s):
        return rejects(lambda: is_valid_syntax(term, s), ()) is True

    return verdict, None


def jsonschema_adapter(format_name="uri"):
    import jsonschema

    # What a user of jsonschema.FormatChecker() gets: the checker with every format jsonschema
    # knows, backed by the libraries installed beside it. requirements.txt installs
    # jsonschema[format] (rfc3987 among them), with which the "uri" format is
    # rfc3987.parse(s, rule="URI") and the "iri" format rfc3987.parse(s, rule="IRI").
    checker = jsonschema.FormatChecker()
    if format_name not in checker.checkers:
        sys.exit("jsonschema %s has no %s format" % (jsonschema.__version__, format_name))

    def verdict(s):
        return rejects(lambda: checker.conforms(s, format_name), ()) is True

    return verdict, None


def jsonschema_rs_adapter(format_name="uri"):
    import jsonschema_rs

    # jsonschema-rs (the Rust crate jsonschema, as its Python wheel): a validator for
    # {"type": "string", "format": FORMAT} with format validation on (off by default from draft
    # 2019-09 on, as the specification says); the draft is the default one, 2020-12.
    validator = jsonschema_rs.validator_for(
        {"type": "string", "format": format_name}, validate_formats=True
    )

    def verdict(s):
        return rejects(lambda: validator.is_valid(s), ()) is True

    return verdict, None


ADAPTERS = {
    "rfc3987": rfc3987_adapter,
    "rfc3986-validator": rfc3986_validator_adapter,
    "python-rfc3986": python_rfc3986_adapter,
    "uritools": uritools_adapter,
    "rfc3987-syntax": rfc3987_syntax_adapter,
    "jsonschema": jsonschema_adapter,
    "jsonschema-rs": jsonschema_rs_adapter,
}
# The adapters that take --rule=RULE.
WITH_RULE = ("rfc3987", "rfc3987-syntax", "jsonschema", "jsonschema-rs")


def main():
    args = sys.argv[1:]
    want_components = "--components" in args
    rules = [a[len("--rule="):] for a in args if a.startswith("--rule=")]
    names = [a for a in args if a != "--components" and not a.startswith("--rule=")]
    if len(names) != 1 or names[0] not in ADAPTERS or (rules and names[0] not in WITH_RULE):
        sys.exit(
            "usage: judge.py {%s} [--rule=RULE (%s)] [--components]"
            % (",".join(ADAPTERS), ", ".join(WITH_RULE))
        )
    verdict, components = ADAPTERS[names[0]](*rules[-1:])
    if want_components and components is None:
        sys.exit("%s has no components mode" % names[0])

    if want_components:

        def answer(s):
            c = components(s)
            if c is None:
                return '{"valid":false}'
            return json.dumps({"valid": True, **c}, ensure_ascii=False, separators=(",", ":"))

    else:

        def answer(s):
            return "valid" if verdict(s) else "invalid"

    pending = b""
    try:
        while True:
            chunk = os.read(0, 1 << 16)
            if not chunk:
                break
            *lines, pending = (pending + chunk).split(b"\n")
            # A slow library (rfc3987-syntax: tens of milliseconds a case) would keep a whole
            # chunk's answers for seconds: the answers so far are also flushed every 50 ms.
            out, since = [], time.monotonic()
            for line in lines:
                out.append(answer(line.decode("utf-8")) + "\n")
                if time.monotonic() - since > 0.05:
                    sys.stdout.buffer.write("".join(out).encode("utf-8"))
                    sys.stdout.buffer.flush()
                    out, since = [], time.monotonic()
            if out:
                sys.stdout.buffer.write("".join(out).encode("utf-8"))
                sys.stdout.buffer.flush()
        if pending:
            sys.stdout.buffer.write((answer(pending.decode("utf-8")) + "\n").encode("utf-8"))
            sys.stdout.buffer.flush()
    except BrokenPipeError:
        # The judge stopped reading (it ended the run): nothing left to answer.
        os._exit(0)
    for name, count in sorted(UNEXPECTED.items()):
        print(f"{names[0]}: {count} inputs raised {name} (answered invalid)", file=sys.stderr)


if __name__ == "__main__":
    main()
