"""Type stubs of iri_abnf (the extension module iri_abnf._iri_abnf and check_arrow)."""

from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

__version__: str

Span = Tuple[int, int]

class IriSyntaxError(ValueError):
    """The input does not match the rule of the grammar. ``str(e)`` is the message and, on its
    second line, the input with a caret under the error."""

    offset: int
    """UTF-8 byte offset of the error (as the ``iri`` command reports it)."""
    column: int
    """1-based character column of the error (``column - 1`` indexes the ``str``)."""
    expected: List[str]
    """What could come there: rules in spec spelling, characters and ranges in ABNF notation,
    ``end of input``."""
    input: str
    grammar: str
    rule: str
    reason: str
    """The message without the caret."""
    caret: str
    """The input and a caret line under the error."""

class Reference:
    """A parsed reference; ``str(ref)`` is the input. Spans are ``str`` indices."""

    input: str
    grammar: str
    kind: str
    """``iri``, ``absolute-iri``, ``network-path``, ``absolute-path``, ``relative-path``, ``empty``."""
    scheme: Optional[str]
    userinfo: Optional[str]
    host: Optional[str]
    host_kind: Optional[str]
    """``ipv4``, ``ipv6``, ``ipv-future`` or ``reg-name`` (``None`` without an authority)."""
    port: Optional[str]
    path: str
    query: Optional[str]
    fragment: Optional[str]
    scheme_span: Optional[Span]
    userinfo_span: Optional[Span]
    host_span: Optional[Span]
    port_span: Optional[Span]
    path_span: Span
    query_span: Optional[Span]
    fragment_span: Optional[Span]

class Diagnostic:
    """One finding of :func:`lint`."""

    code: str
    severity: str
    """``info``, ``warning`` or ``error``."""
    span: Span
    component: str
    message: str
    spec: str
    suggestion: Optional[str]

def is_valid(s: str, grammar: str = "iri", rule: Optional[str] = None) -> bool:
    """Whether ``s`` matches ``rule`` (the reference rule when ``None``) of ``grammar`` to its end."""

def validate(s: str, grammar: str = "iri", rule: Optional[str] = None) -> None:
    """Raises :class:`IriSyntaxError` unless ``s`` matches the rule."""

def parse(s: str, grammar: str = "iri") -> Reference:
    """Parses ``s`` as a whole reference into its components (RFC 3986 §3)."""

def to_uri(
    s: str, *, host: str = "percent", query_charset: Optional[str] = None, raw: bool = False
) -> str:
    """Maps an IRI to a URI (3987bis §3.3–§3.6); ``host`` is ``percent`` (§3.4.1) or ``idna``
    (§3.4.2); ``query_charset`` a WHATWG label for http(s) queries (§3.5)."""

def to_iri(s: str, *, keep_punycode: bool = False) -> str:
    """Converts a URI to an IRI (3987bis §3.7)."""

def from_leiri(s: str, *, to: str = "iri", raw: bool = False) -> str:
    """Converts a LEIRI to an IRI or (``to="uri"``) a URI (3987bis §5.1)."""

def preprocess(
    s: str,
    *,
    split: bool = False,
    encode_spaces: bool = False,
    nfc: bool = False,
    decode_ncr: bool = False,
) -> List[str]:
    """Preprocesses a raw string (draft-weber-iri-guidelines §4); one reference, or several with
    ``split``."""

def resolve(base: str, reference: str, *, grammar: str = "iri", non_strict: bool = False) -> str:
    """Resolves ``reference`` against ``base`` (RFC 3986 §5.2)."""

def relativize(base: str, target: str, *, grammar: str = "iri") -> str:
    """The shortest reference that resolves against ``base`` to ``target``."""

def normalize(
    s: str, *, grammar: str = "iri", level: str = "path", ipv6_rfc5952: bool = False
) -> str:
    """Normalizes up to ``level``: simple, case, percent, path, scheme or nfc (RFC 3986 §6.2, RFC
    3987 §5.3)."""

def equivalent(
    a: str, b: str, *, grammar: str = "iri", level: str = "path", ipv6_rfc5952: bool = False
) -> bool:
    """Whether ``a`` and ``b`` normalize to the same reference at ``level``."""

DEFAULT_MAX_DIAGNOSTICS: int

class Diagnostics(List[Diagnostic]):
    """The diagnostics of :func:`lint`: a list of :class:`Diagnostic` in input order, the first
    ``max_diagnostics`` of them, with ``omitted``, the number of the others."""

    omitted: int
    def __init__(self, diagnostics: Iterable[Diagnostic] = ..., omitted: int = ...) -> None: ...

def lint(
    s: str,
    *,
    grammar: str = "iri",
    profile: str = "default",
    allow: Sequence[str] = ...,
    warn: Sequence[str] = ...,
    deny: Sequence[str] = ...,
    max_diagnostics: Optional[int] = ...,
) -> Diagnostics:
    """What the specs say beyond the grammar, as ``iri lint``; ``IriSyntaxError`` for an invalid
    input. At most ``max_diagnostics`` (default 20, ``None`` or 0 for all), the first in input
    order; ``omitted`` counts the others."""

def compare(s: str, rule: Optional[str] = None) -> List[dict]:
    """The verdict of every grammar on ``s``: dicts with ``grammar``, ``rule``, ``valid`` and
    ``error`` (``offset``, ``column``, ``expected``, ``message``) or ``None``."""

def compare_languages(a: str, b: str, *, rule: Optional[str] = None, witnesses: int = 3) -> dict:
    """How the language of grammar ``a`` relates to that of ``b``: ``relation`` (equal,
    proper-subset, proper-superset, overlapping, disjoint), ``only_a``, ``only_b``, ``common``."""

def is_idn_hostname(s: str) -> bool:
    """Whether ``s`` is an internationalized host name as JSON Schema's ``idn-hostname`` means it
    (RFC 5890 §2.3.2.3): NR-LDH labels, A-labels and U-labels (IDNA2008: RFC 5891 §5.3–§5.5, the
    contextual rules of RFC 5892), the Bidi Rule (RFC 5893 §2), at most 63 octets a label and 253 the
    name in ASCII; labels separated by ``.`` only, no final dot, no percent-encoding."""

def check_many(strings: Iterable[str], grammar: str = "iri", rule: Optional[str] = None) -> List[bool]:
    """:func:`is_valid` on every string, on every core (the GIL is held while the strings are read,
    not while they are checked)."""

def check_arrow(array: Any, grammar: str = "iri", rule: Optional[str] = None) -> Any:
    """:func:`is_valid` on a pyarrow string/large_string array, read in place: a
    ``pyarrow.BooleanArray`` (null for a null element)."""

def lint_many(
    strings: Iterable[str],
    *,
    grammar: str = "iri",
    profile: str = "default",
    allow: List[str] = ...,
    warn: List[str] = ...,
    deny: List[str] = ...,
) -> List[Optional[Tuple[str, ...]]]:
    """:func:`lint` on every string, on every core (as :func:`check_many`): per string the tuple of its
    diagnostics' codes (in :func:`lint`'s order), ``None`` for one that is not a reference of the
    grammar."""

def lint_arrow(
    array: Any,
    *,
    grammar: str = "iri",
    profile: str = "default",
    allow: Sequence[str] = ...,
    warn: Sequence[str] = ...,
    deny: Sequence[str] = ...,
    counts: bool = False,
) -> Any:
    """:func:`lint` on a pyarrow string/large_string array, read in place: a
    ``pyarrow.ListArray`` of the codes per element (null for a null or invalid element), or with
    ``counts=True`` a ``Dict[str, int]`` of diagnostics per code."""
