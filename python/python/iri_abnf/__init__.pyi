"""Type stubs of iri_abnf (the extension module iri_abnf._iri_abnf, check_arrow and lint_arrow).

Names the functions take are ``Literal`` types; the runtime raises ``ValueError`` for any other,
naming the closest names or listing the ones there are. A function's docstring here is its
``__doc__`` at runtime (python/tests/test_package.py checks that they agree)."""

from typing import Any, Dict, Iterable, List, Literal, Optional, Sequence, Tuple, Union

__version__: str

Span = Tuple[int, int]

GrammarName = Literal["uri", "rfc3987", "iri", "leiri"]
"""The four grammars with components (RFC 3986 Appendix A, RFC 3987 §2.2, 3987bis §2.2, 3987bis
§5.1): :func:`parse`, the conversions, :func:`resolve`, :func:`normalize`, :func:`lint`."""

LanguageGrammarName = Literal[
    "uri", "rfc3987", "iri", "leiri", "rfc2396", "rfc2732", "masinter07", "duerst01", "iri-printed"
]
"""Every grammar, the five with a language only included: the checks, :func:`compare`,
:func:`compare_languages`."""

Level = Literal["simple", "case", "percent", "path", "scheme", "nfc"]
"""A rung of the comparison ladder (RFC 3986 §6.2, RFC 3987 §5.3)."""

Profile = Literal["default", "strict", "minting", "rdf", "security"]
"""A lint profile (docs/lint.md)."""

HostMapping = Literal["percent", "idna"]
"""The mapping of a ``reg-name`` host in :func:`to_uri`: 3987bis §3.4.1 or §3.4.2."""

LeiriTarget = Literal["iri", "uri"]
"""What :func:`from_leiri` produces."""

LabelSeparators = Literal["rfc3490", "idna2008"]
"""The label separators of :func:`is_idn_hostname`: ``rfc3490`` (U+002E and U+3002, U+FF0E,
U+FF61, RFC 3490 §3.1 and RFC 5895 §2) or ``idna2008`` (U+002E only)."""

Charset = Union[
    Literal[
        "utf-8", "ibm866", "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5", "iso-8859-6",
        "iso-8859-7", "iso-8859-8", "iso-8859-8-i", "iso-8859-10", "iso-8859-13", "iso-8859-14",
        "iso-8859-15", "iso-8859-16", "koi8-r", "koi8-u", "macintosh", "windows-874",
        "windows-1250", "windows-1251", "windows-1252", "windows-1253", "windows-1254",
        "windows-1255", "windows-1256", "windows-1257", "windows-1258", "x-mac-cyrillic", "gbk",
        "gb18030", "big5", "euc-jp", "iso-2022-jp", "shift_jis", "euc-kr", "utf-16be", "utf-16le",
        "x-user-defined", "us-ascii",
    ],
    str,
]
"""A charset label of the WHATWG Encoding Standard (3987bis §3.5): the encodings' names (and
``us-ascii``) are listed, any other label of the standard (``latin1``, ``sjis``, ``UTF8``, …) is
taken too."""

ReferenceKind = Literal[
    "iri", "absolute-iri", "network-path", "absolute-path", "relative-path", "empty"
]
HostKind = Literal["ipv4", "ipv6", "ipv-future", "reg-name"]
Severity = Literal["info", "warning", "error"]
Relation = Literal["equal", "proper-subset", "proper-superset", "overlapping", "disjoint"]

class IriSyntaxError(ValueError):
    """The input does not match the rule of the grammar (an ``iri_abnf.IriSyntaxError``, a
    ``ValueError``). ``str(e)`` is the message and, on its second line, the input with a caret under
    the error; the attributes say the same as fields."""

    offset: int
    """UTF-8 byte offset of the error (as the ``iri`` command reports it)."""
    column: int
    """1-based character column of the error (``column - 1`` indexes the ``str``)."""
    expected: List[str]
    """What could come there: rules in spec spelling, characters and ranges in ABNF notation,
    ``end of input``."""
    input: str
    grammar: LanguageGrammarName
    rule: str
    reason: str
    """The message without the caret."""
    caret: str
    """The input and a caret line under the error."""

class Reference:
    """A parsed reference (:func:`parse`): its components and their spans (``str`` indices, so that
    ``s[start:end]`` is the component). ``str(ref)`` is the input.

    Two references are equal when their inputs and grammars are (``==``, ``hash``: a reference is
    the string it was parsed from, read by one grammar), so they serve as set members and dict keys;
    a reference never equals a ``str``. Equal strings of different grammars are different
    references; equivalent but different strings too (see :func:`equivalent`)."""

    input: str
    grammar: GrammarName
    kind: ReferenceKind
    """``iri``, ``absolute-iri``, ``network-path``, ``absolute-path``, ``relative-path``, ``empty``."""
    scheme: Optional[str]
    userinfo: Optional[str]
    host: Optional[str]
    host_kind: Optional[HostKind]
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
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Diagnostic:
    """One finding of :func:`lint`. Diagnostics compare and hash by all their fields."""

    code: str
    severity: Severity
    """``info``, ``warning`` or ``error``."""
    span: Span
    component: str
    message: str
    spec: str
    suggestion: Optional[str]
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

def is_valid(s: str, grammar: LanguageGrammarName = "iri", rule: Optional[str] = None) -> bool:
    """Whether ``s`` matches ``rule`` (the grammar's reference rule when ``None``; rule names as the
    spec spells them, ``IRI-reference``, ``ihost``) of ``grammar`` to its end. ``False`` for a
    ``str`` with a lone surrogate; ``ValueError`` for an unknown grammar or rule, naming the closest
    ones."""

def validate(s: str, grammar: LanguageGrammarName = "iri", rule: Optional[str] = None) -> None:
    """Raises :class:`IriSyntaxError` unless ``s`` matches ``rule`` (the reference rule when
    ``None``) of ``grammar``: the error says where and what was expected there. ``ValueError`` for a
    lone surrogate, an unknown grammar or rule."""

def parse(s: str, grammar: GrammarName = "iri") -> Reference:
    """Parses ``s`` as a whole reference of ``grammar`` into its components (RFC 3986 §3; 3987bis
    §2.2): a :class:`Reference`, or :class:`IriSyntaxError`."""

def to_uri(
    s: str,
    *,
    host: HostMapping = "percent",
    query_charset: Optional[Charset] = None,
    raw: bool = False,
) -> str:
    """Maps an IRI to a URI (3987bis §3.3–§3.6). ``host``: ``percent`` (percent-encode a
    ``reg-name``, §3.4.1) or ``idna`` (its A-labels, §3.4.2, the IDNA2008 lookup of RFC 5891).
    ``query_charset``: a WHATWG charset label for the query of http(s) IRIs (§3.5; ``None`` is
    UTF-8). ``raw``: map an input that is not an IRI too. :class:`IriSyntaxError` for an invalid
    input, ``ValueError`` for a host or query that cannot be mapped."""

def to_iri(s: str, *, keep_punycode: bool = False) -> str:
    """Converts a URI to an IRI (3987bis §3.7): decodes the percent-encoded UTF-8 that may stand as
    itself, and (unless ``keep_punycode``) the A-labels of the host that map back (§3.7 step 6)."""

def from_leiri(s: str, *, to: LeiriTarget = "iri", raw: bool = False) -> str:
    """Converts a LEIRI to an IRI (``to="iri"``) or a URI (``to="uri"``) by percent-encoding what
    the IRI (or URI) grammar does not allow (3987bis §5.1). :class:`IriSyntaxError` for an input
    that is not a LEIRI unless ``raw``."""

def preprocess(
    s: str,
    *,
    split: bool = False,
    encode_spaces: bool = False,
    nfc: bool = False,
    decode_ncr: bool = False,
) -> List[str]:
    """Preprocesses a raw string into references (draft-weber-iri-guidelines §4): trims spaces,
    tabs, CR and LF (step 1); ``split`` splits at inner spaces into several references, or
    ``encode_spaces`` writes each inner space as ``%20`` (step 2); ``decode_ncr`` decodes numeric
    character references (step 4); ``nfc`` normalizes to NFC. A list of one reference, or several
    with ``split``."""

def resolve(
    base: str, reference: str, *, grammar: GrammarName = "iri", non_strict: bool = False
) -> str:
    """Resolves ``reference`` against the absolute ``base`` (RFC 3986 §5.2); ``non_strict`` ignores
    a scheme of the reference equal to the base's (§5.2.2). :class:`IriSyntaxError` (its message
    begins with ``base:`` for the base) for an invalid argument."""

def relativize(base: str, target: str, *, grammar: GrammarName = "iri") -> str:
    """The shortest reference that resolves against ``base`` to ``target`` (the inverse of
    :func:`resolve`, RFC 3986 §5.2)."""

def normalize(
    s: str, *, grammar: GrammarName = "iri", level: Level = "path", ipv6_rfc5952: bool = False
) -> str:
    """Normalizes ``s`` up to ``level`` of the comparison ladder: ``simple``, ``case``, ``percent``,
    ``path``, ``scheme`` or ``nfc`` (RFC 3986 §6.2, RFC 3987 §5.3); ``ipv6_rfc5952`` writes IPv6
    addresses as RFC 5952 §4 recommends."""

def equivalent(
    a: str,
    b: str,
    *,
    grammar: GrammarName = "iri",
    level: Level = "path",
    ipv6_rfc5952: bool = False,
) -> bool:
    """Whether ``a`` and ``b`` normalize to the same reference at ``level`` (see
    :func:`normalize`)."""

DEFAULT_MAX_DIAGNOSTICS: int

class Diagnostics(List[Diagnostic]):
    """The diagnostics of :func:`lint`: a list of :class:`Diagnostic` in input order, the first
    ``max_diagnostics`` of them, with ``omitted``, the number of the others."""

    omitted: int
    def __init__(self, diagnostics: Iterable[Diagnostic] = ..., omitted: int = ...) -> None: ...

def lint(
    s: str,
    *,
    grammar: GrammarName = "iri",
    profile: Profile = "default",
    allow: Sequence[str] = ...,
    warn: Sequence[str] = ...,
    deny: Sequence[str] = ...,
    max_diagnostics: Optional[int] = 20,
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

def compare(s: str, rule: Optional[str] = None) -> List[dict]:
    """The verdict of every grammar on ``s`` (its reference rule, or ``rule``'s counterpart in each
    grammar that has one): dicts with ``grammar``, ``rule``, ``valid`` and ``error`` (``offset``,
    ``column``, ``expected``, ``message``) or ``None``."""

def compare_languages(
    a: LanguageGrammarName,
    b: LanguageGrammarName,
    *,
    rule: Optional[str] = None,
    witnesses: int = 3,
) -> dict:
    """How the language of grammar ``a`` relates to that of ``b`` (reference rules, or ``rule``'s
    counterparts), decided on their automata: ``a`` and ``b`` (grammar, rule), ``relation``
    (``equal``, ``proper-subset``, ``proper-superset``, ``overlapping``, ``disjoint``), ``symbol``,
    ``only_a`` and ``only_b`` (up to ``witnesses`` shortest strings each, as dicts with ``text``,
    ``offset``, ``column``, ``range``), ``common``."""

def is_idn_hostname(s: str, *, separators: LabelSeparators = "rfc3490") -> bool:
    """Whether ``s`` is an internationalized host name as JSON Schema's ``idn-hostname`` means it
    (RFC 5890 §2.3.2.3): NR-LDH labels, A-labels and U-labels (IDNA2008: RFC 5891 §5.3–§5.5, the
    contextual rules of RFC 5892), the Bidi Rule (RFC 5893 §2), at most 63 octets a label and 253 the
    name in ASCII; no empty label, no final dot, no percent-encoding. ``separators``: ``rfc3490``
    (the default) separates labels at U+002E and at U+3002, U+FF0E, U+FF61, as RFC 3490 §3.1 and the
    mapping of RFC 5895 §2 do (and the JSON Schema Test Suite); ``idna2008`` at U+002E only, the
    strict IDNA2008 lookup, where the other three are DISALLOWED characters (RFC 5892)."""

def check_many(
    strings: Iterable[str], grammar: LanguageGrammarName = "iri", rule: Optional[str] = None
) -> List[bool]:
    """:func:`is_valid` on every string, on every core (the GIL is held while the strings are read,
    not while they are checked)."""

def check_arrow(
    array: Any, grammar: LanguageGrammarName = "iri", rule: Optional[str] = None
) -> Any:
    """The verdicts of :func:`is_valid` on a pyarrow ``string`` or ``large_string`` array (or chunked
    array) as a ``pyarrow.BooleanArray`` (a ``ChunkedArray`` for a chunked input).

    The strings are read in place through the Arrow C data interface (no copy); a null element gives
    a null verdict, a value that is not UTF-8 ``False``. Checks on every core, without the GIL.
    Needs pyarrow (``pip install 'iri-abnf[arrow]'``): ``ImportError`` saying so without it."""

def lint_many(
    strings: Iterable[str],
    *,
    grammar: GrammarName = "iri",
    profile: Profile = "default",
    allow: List[str] = ...,
    warn: List[str] = ...,
    deny: List[str] = ...,
) -> List[Optional[Tuple[str, ...]]]:
    """:func:`lint` on every string, on every core (as :func:`check_many`): per string the tuple of
    the codes of all its diagnostics (in :func:`lint`'s order, without a limit), ``None`` for one
    that is not a reference of the grammar (:func:`lint` raises ``IriSyntaxError`` for it, or
    ``ValueError`` for a lone surrogate)."""

def lint_arrow(
    array: Any,
    *,
    grammar: GrammarName = "iri",
    profile: Profile = "default",
    allow: Sequence[str] = ...,
    warn: Sequence[str] = ...,
    deny: Sequence[str] = ...,
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
