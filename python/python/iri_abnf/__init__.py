"""Reference parser and validator for URIs (RFC 3986), IRIs (RFC 3987, draft-ietf-iri-3987bis) and
LEIRIs (3987bis §5.1), driven by the specs' ABNF: the Python bindings of the Rust library iri-abnf.

Grammars (``grammar=``): ``uri`` (RFC 3986 Appendix A), ``rfc3987`` (RFC 3987 §2.2), ``iri``
(3987bis §2.2, the default) and ``leiri`` (3987bis §5.1); the checks and ``compare`` also take the
grammars with a language only (``rfc2396``, ``rfc2732``, ``masinter07``, ``duerst01``,
``iri-printed``). Rules (``rule=``) are named as in the spec (``IRI-reference``, ``ihost``); ``None``
is the grammar's reference rule.

Strings: a ``str`` holding a lone surrogate (which UTF-8 cannot encode) is valid in no grammar: the
checks answer ``False`` for it, the other functions raise ``ValueError``. A non-``str`` argument
raises ``TypeError``. Spans are ``str`` indices (code points); ``IriSyntaxError.offset`` is the UTF-8
byte offset that the ``iri`` command reports, ``column`` the 1-based character column.
"""

from __future__ import annotations

from typing import Any, Iterable, List, Optional, Sequence

from . import _iri_abnf
from ._iri_abnf import (
    DEFAULT_MAX_DIAGNOSTICS,
    Diagnostic,
    IriSyntaxError,
    Reference,
    __version__,
    check_many,
    compare,
    compare_languages,
    equivalent,
    from_leiri,
    is_idn_hostname,
    is_valid,
    lint_many,
    normalize,
    parse,
    preprocess,
    relativize,
    resolve,
    to_iri,
    to_uri,
    validate,
)

__all__ = [
    "DEFAULT_MAX_DIAGNOSTICS",
    "Diagnostic",
    "Diagnostics",
    "IriSyntaxError",
    "Reference",
    "__version__",
    "check_arrow",
    "check_many",
    "compare",
    "compare_languages",
    "equivalent",
    "from_leiri",
    "is_idn_hostname",
    "is_valid",
    "lint",
    "lint_arrow",
    "lint_many",
    "normalize",
    "parse",
    "preprocess",
    "relativize",
    "resolve",
    "to_iri",
    "to_uri",
    "validate",
]


def _pyarrow(function: str) -> Any:
    """The ``pyarrow`` module, or an ``ImportError`` that says what ``function`` needs."""
    try:
        import pyarrow
    except ImportError as e:
        raise ImportError(
            f"iri_abnf.{function} needs pyarrow, which is not installed: "
            "pip install pyarrow (or pip install 'iri-abnf[arrow]')",
            name="pyarrow",
        ) from e
    return pyarrow


def check_arrow(array: Any, grammar: str = "iri", rule: Optional[str] = None) -> Any:
    """The verdicts of :func:`is_valid` on a pyarrow ``string`` or ``large_string`` array (or chunked
    array) as a ``pyarrow.BooleanArray`` (a ``ChunkedArray`` for a chunked input).

    The strings are read in place through the Arrow C data interface (no copy); a null element gives
    a null verdict, a value that is not UTF-8 ``False``. Checks on every core, without the GIL.
    Needs pyarrow (``pip install 'iri-abnf[arrow]'``): ``ImportError`` saying so without it."""
    pa = _pyarrow("check_arrow")
    if isinstance(array, pa.ChunkedArray):
        return pa.chunked_array(
            [check_arrow(c, grammar, rule) for c in array.chunks], type=pa.bool_()
        )
    n, verdicts, validity = _iri_abnf._check_arrow(array, grammar, rule)
    buffers: List[Any] = [
        None if validity is None else pa.py_buffer(validity),
        pa.py_buffer(verdicts),
    ]
    return pa.Array.from_buffers(pa.bool_(), n, buffers)



class Diagnostics(list):
    """The diagnostics of :func:`lint`: a list of :class:`Diagnostic` in input order, the first
    ``max_diagnostics`` of them, with ``omitted``, the number of the others."""

    __slots__ = ("omitted",)

    def __init__(self, diagnostics: Iterable[Diagnostic] = (), omitted: int = 0) -> None:
        super().__init__(diagnostics)
        self.omitted = omitted

    def __repr__(self) -> str:
        return f"Diagnostics({list.__repr__(self)}, omitted={self.omitted})"


def lint(
    s: str,
    *,
    grammar: str = "iri",
    profile: str = "default",
    allow: Sequence[str] = (),
    warn: Sequence[str] = (),
    deny: Sequence[str] = (),
    max_diagnostics: Optional[int] = DEFAULT_MAX_DIAGNOSTICS,
) -> Diagnostics:
    """What the specs say beyond the grammar, as ``iri lint``: the :class:`Diagnostic` of ``s``, which
    must be a reference of ``grammar`` (``IriSyntaxError`` otherwise), under the levels of ``profile``
    with ``allow``, ``warn`` and ``deny`` (code or family names) over them.

    At most ``max_diagnostics`` (default 20, ``None`` or 0 for all), the first in input order: an
    input can hold a diagnostic per character or escape. The result is a list with ``omitted``, the
    number of diagnostics left out.

    >>> [d.code for d in lint("HTTP://a/%7e")]
    ['uppercase-scheme', 'lowercase-percent-encoding', 'encoded-unreserved']
    >>> lint("http://a/" + "%7e" * 100).omitted
    180
    """
    found, omitted = _iri_abnf._lint(
        s,
        grammar=grammar,
        profile=profile,
        allow=list(allow),
        warn=list(warn),
        deny=list(deny),
        max_diagnostics=max_diagnostics,
    )
    return Diagnostics(found, omitted)


def lint_arrow(
    array: Any,
    *,
    grammar: str = "iri",
    profile: str = "default",
    allow: Sequence[str] = (),
    warn: Sequence[str] = (),
    deny: Sequence[str] = (),
    counts: bool = False,
) -> Any:
    """:func:`lint` on every element of a pyarrow ``string`` or ``large_string`` array (or chunked
    array), read in place and linted on every core without the GIL, with no Python object per
    element or diagnostic.

    Returns a ``pyarrow.ListArray`` of ``string`` (a ``ChunkedArray`` for a chunked input): per
    element the codes of its diagnostics in :func:`lint`'s order, null for an element that is null,
    not UTF-8 or not a reference of ``grammar``. With ``counts=True``, a ``dict`` of the number of
    diagnostics per code over the whole array instead (codes without any are left out). Needs
    pyarrow (``pip install 'iri-abnf[arrow]'``): ``ImportError`` saying so without it."""
    pa = _pyarrow("lint_arrow")

    options = dict(
        grammar=grammar, profile=profile, allow=list(allow), warn=list(warn), deny=list(deny)
    )
    if isinstance(array, pa.ChunkedArray):
        if counts:
            total: dict = {}
            for c in array.chunks:
                for code, n in _iri_abnf._lint_arrow(c, counts=True, **options).items():
                    total[code] = total.get(code, 0) + n
            return dict(sorted(total.items()))
        return pa.chunked_array(
            [lint_arrow(c, **options) for c in array.chunks], type=pa.list_(pa.string())
        )
    if counts:
        return dict(sorted(_iri_abnf._lint_arrow(array, counts=True, **options).items()))
    n, validity, list_offsets, string_offsets, data, m = _iri_abnf._lint_arrow(array, **options)
    codes = pa.Array.from_buffers(
        pa.string(), m, [None, pa.py_buffer(string_offsets), pa.py_buffer(data)]
    )
    return pa.Array.from_buffers(
        pa.list_(pa.string()),
        n,
        [None if validity is None else pa.py_buffer(validity), pa.py_buffer(list_offsets)],
        children=[codes],
    )
