"""JSON Schema formats for the ``jsonschema`` package: a ``jsonschema.FormatChecker`` that checks
``uri``, ``uri-reference``, ``iri``, ``iri-reference`` and ``idn-hostname`` as their RFCs define
them.

======================  =====================================================================
format                  check
======================  =====================================================================
``uri``                 RFC 3986 ``URI`` (§3)
``uri-reference``       RFC 3986 ``URI-reference`` (§4.1)
``iri``                 RFC 3987 ``IRI`` (§2.2); draft-ietf-iri-3987bis with ``iri="3987bis"``
``iri-reference``       RFC 3987 ``IRI-reference`` (§2.2); 3987bis with ``iri="3987bis"``
``idn-hostname``        :func:`iri_abnf.is_idn_hostname` (RFC 5890 §2.3.2.3: IDNA2008 labels,
                        the Bidi Rule of RFC 5893, DNS lengths), labels separated at U+002E
                        and at U+3002, U+FF0E, U+FF61 (RFC 3490 §3.1, RFC 5895 §2), as the
                        JSON Schema Test Suite has it; at U+002E only, the strict IDNA2008
                        lookup, with ``idn_hostname="idna2008"``
======================  =====================================================================

Values that are not ``str`` are not checked (every format holds for them), as JSON Schema says of
formats for other types. A failed ``uri``/``iri`` check carries the :class:`iri_abnf.IriSyntaxError`
as the ``cause`` of the ``ValidationError``.

Usage::

    from jsonschema import Draft202012Validator
    import iri_abnf.jsonschema

    validator = Draft202012Validator(
        {"type": "string", "format": "iri"},
        format_checker=iri_abnf.jsonschema.FORMAT_CHECKER,
    )
    validator.is_valid("http://r\\u00e9sum\\u00e9.example.org/")   # True

This module needs ``jsonschema`` (``pip install jsonschema``); ``import iri_abnf`` does not import
it.
"""

from __future__ import annotations

from typing import Callable, Iterable, Literal, Optional

import jsonschema

from ._iri_abnf import is_idn_hostname, is_valid, validate

__all__ = ["FORMATS", "FORMAT_CHECKER", "IDN_HOSTNAME_SEPARATORS", "IRI_GRAMMARS", "format_checker"]

FORMATS = ("uri", "uri-reference", "iri", "iri-reference", "idn-hostname")
"""The formats of :func:`format_checker`, in its order."""

IRI_GRAMMARS = {"rfc3987": "rfc3987", "3987bis": "iri"}
"""The values of the option ``iri`` and the grammar of this package each names."""

IDN_HOSTNAME_SEPARATORS = ("rfc3490", "idna2008")
"""The values of the option ``idn_hostname``: the ``separators`` of
:func:`iri_abnf.is_idn_hostname`, the default first."""


def _rule(grammar: str, rule: str) -> Callable[[object], bool]:
    def check(instance: object) -> bool:
        if not isinstance(instance, str):
            return True
        if is_valid(instance, grammar, rule):
            return True
        # Raises IriSyntaxError (a ValueError; ValueError for a lone surrogate), which jsonschema
        # keeps as the error's cause.
        validate(instance, grammar, rule)
        return False

    check.__name__ = f"is_{rule.lower().replace('-', '_')}_{grammar}"
    return check


def _idn_hostname(separators: str) -> Callable[[object], bool]:
    def check(instance: object) -> bool:
        return not isinstance(instance, str) or is_idn_hostname(instance, separators=separators)

    check.__name__ = f"is_idn_hostname_{separators}"
    return check


def format_checker(
    formats: Optional[Iterable[str]] = None,
    *,
    iri: Literal["rfc3987", "3987bis"] = "rfc3987",
    idn_hostname: Literal["rfc3490", "idna2008"] = "rfc3490",
    base: Optional[jsonschema.FormatChecker] = None,
) -> jsonschema.FormatChecker:
    """A new ``jsonschema.FormatChecker`` with the formats of this module.

    ``formats``: the formats to check, a subset of :data:`FORMATS` (default: all five).
    ``iri``: the grammar of ``iri`` and ``iri-reference``: ``"rfc3987"`` (the default, RFC 3987,
    which JSON Schema cites) or ``"3987bis"`` (draft-ietf-iri-3987bis).
    ``idn_hostname``: the label separators of ``idn-hostname``: ``"rfc3490"`` (the default: U+002E
    and U+3002, U+FF0E, U+FF61, as RFC 3490 §3.1 and the mapping of RFC 5895 §2 have them, and as
    the JSON Schema Test Suite reads the format) or ``"idna2008"`` (U+002E only: the strict
    IDNA2008 lookup, RFC 5890 §2.2, where the other three are DISALLOWED, RFC 5892).
    ``base``: a checker whose formats are kept (copied; it is not changed), those of this module
    taking the place of its own of the same name, e.g. ``Draft202012Validator.FORMAT_CHECKER`` for
    ``email``, ``date`` and the other formats ``jsonschema`` knows.

    Raises ``ValueError`` for an unknown format, ``iri`` or ``idn_hostname`` value, ``TypeError`` for a ``formats``
    that is a string or holds something else, or a ``base`` that is not a ``FormatChecker``.
    """
    if isinstance(formats, str):
        raise TypeError("formats must be an iterable of format names, not a str")
    names = FORMATS if formats is None else tuple(formats)
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"formats must hold str, not {type(name).__name__}")
        if name not in FORMATS:
            raise ValueError(
                f"iri_abnf.jsonschema has no format {name!r} (formats: {', '.join(FORMATS)})"
            )
    if iri not in IRI_GRAMMARS:
        raise ValueError(f'iri must be "rfc3987" or "3987bis", not {iri!r}')
    if idn_hostname not in IDN_HOSTNAME_SEPARATORS:
        raise ValueError(f'idn_hostname must be "rfc3490" or "idna2008", not {idn_hostname!r}')
    grammar = IRI_GRAMMARS[iri]
    checks = {
        "uri": lambda: _rule("uri", "URI"),
        "uri-reference": lambda: _rule("uri", "URI-reference"),
        "iri": lambda: _rule(grammar, "IRI"),
        "iri-reference": lambda: _rule(grammar, "IRI-reference"),
        "idn-hostname": lambda: _idn_hostname(idn_hostname),
    }
    checker = jsonschema.FormatChecker(formats=())
    if base is not None:
        if not isinstance(base, jsonschema.FormatChecker):
            raise TypeError(f"base must be a jsonschema.FormatChecker, not {type(base).__name__}")
        checker.checkers = dict(base.checkers)
    for name in names:
        raises = () if name == "idn-hostname" else ValueError
        checker.checks(name, raises=raises)(checks[name]())
    return checker


FORMAT_CHECKER = format_checker()
"""The five formats, ``iri`` and ``iri-reference`` under RFC 3987, ``idn-hostname`` with the label
separators of RFC 3490 §3.1."""
