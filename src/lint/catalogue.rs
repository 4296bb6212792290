// The catalogue of diagnostics (see `lint`): one entry per code. `fires` and `quiet` are checked by
// the tests: each input of `fires` is a valid LEIRI reference on which the code fires, each of `quiet`
// one on which it does not.
catalogue! {
    /// A bidirectional formatting character (LRM, RLM, LRE, RLE, PDF, LRO, RLO, or an isolate).
    BidiFormattingCharacter {
        name: "bidi-formatting-character",
        family: Bidi,
        severity: Error,
        spec: "RFC 3987 §4.1; draft-duerst-iri-01 §4.1 (restriction 2); 3987bis §3.7.1",
        summary: "a bidirectional formatting character in the reference",
        explanation: "RFC 3987 §4.1: \"IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, \
LRE, RLE, LRO, RLO, and PDF)\"; draft-duerst-iri-01 §4.1 forbids them in every component, and 3987bis \
§3.7.1 (example 3) keeps U+202E percent-encoded because \"the direct use of this character is \
forbidden in an IRI\". They change how the reference is displayed without changing what it \
identifies, which makes spoofing easy. The isolates U+2066-U+2069 and U+061C ARABIC LETTER MARK, \
added to Unicode later with the same effect (UAX #9 §2), are reported too. No grammar of this crate \
but leiri accepts them raw.\n\nExample: `http://example.org/\\u{202E}txt.exe` (LEIRI) displays as \
`http://example.org/exe.txt`.",
        fires: ["http://example.org/\u{202E}cod", "a\u{200F}b", "x\u{2067}y"],
        quiet: ["http://example.org/cod", "a\u{2010}b"],
    }
    /// A percent-encoded bidirectional formatting character.
    EncodedBidiFormattingCharacter {
        name: "encoded-bidi-formatting-character",
        family: Bidi,
        severity: Warning,
        spec: "RFC 3987 §4.1; 3987bis §3.7 (step 4), §3.7.1",
        summary: "a percent-encoded bidirectional formatting character",
        explanation: "The UTF-8 octets of a bidirectional formatting character, percent-encoded \
(`%E2%80%AE` for U+202E), one of the bidi formatting characters of `bidi-formatting-character` \
(the isolates and U+061C ARABIC LETTER MARK, `%D8%9C`, included). The reference is valid and URI-to-IRI conversion keeps them encoded \
(3987bis §3.7 step 4, §3.7.1 example 3), but any software that decodes them for display shows text \
in another order than it is stored (RFC 3987 §4.1).",
        fires: ["http://xn--99zt52a.example.org/%e2%80%ae", "/%E2%80%8F", "/%D8%9C", "/%E2%81%A6x"],
        quiet: ["http://xn--99zt52a.example.org/%e2%80%af", "/%E2%80%90"],
    }
    /// A component that mixes right-to-left and left-to-right characters.
    BidiMixedDirection {
        name: "bidi-mixed-direction",
        family: Bidi,
        severity: Warning,
        spec: "RFC 3987 §4.2 (rule 1); draft-duerst-iri-01 §4.1 (restriction 1)",
        summary: "a component mixes right-to-left and left-to-right characters",
        explanation: "RFC 3987 §4.2: \"A component SHOULD NOT use both right-to-left and left-to-right \
characters\" (draft-duerst-iri-01 §4.1 said MUST NOT). A component, in this sense, is a run of \
characters between delimiters: the gen-delims, the sub-delims and \".\". Directions are the Unicode \
bidi classes (`L`; `R` and `AL`) from the `unicode-bidi` crate. Within such a component the display \
order of the characters is not predictable from their logical order.\n\nExample: \
`http://example.org/abc\\u{5D0}` mixes Latin and Hebrew in one path segment.",
        fires: ["http://example.org/ab\u{5D0}\u{5D1}", "\u{5D0}b"],
        quiet: ["http://example.org/ab/\u{5D0}\u{5D1}", "\u{5D0}.b"],
    }
    /// A right-to-left component that does not start and end with a right-to-left character or digit.
    BidiComponentBoundary {
        name: "bidi-component-boundary",
        family: Bidi,
        severity: Warning,
        spec: "RFC 3987 §4.2 (rule 2); draft-duerst-iri-01 §4.1 (restriction 3)",
        summary: "a right-to-left component starts or ends with a digit or a neutral character",
        explanation: "RFC 3987 §4.2: \"A component using right-to-left characters SHOULD start and end \
with right-to-left characters.\" A digit (European or Arabic-Indic) or a neutral character \
(punctuation, a symbol, a space) at the edge of a right-to-left component is displayed on a side that \
depends on its neighbours, so the reader cannot tell the order; digits inside the component are \
fine, the softening that draft-duerst-iri-01 §4.1 asks of its restriction 3. Nonspacing marks at the \
end take the direction of the letter before them (UAX #9 rule W1; RFC 5893 §2 rule 3 allows them at \
the end of a right-to-left label), so `\\u{5D0}\\u{5D1}\\u{5B0}` ends right-to-left. Percent-encoded \
characters are decoded for the check, so an encoded digit counts as a digit at either end.\n\n\
Example: `/\\u{5D0}\\u{5D1}~` ends with a neutral \"~\", `/2024\\u{5E9}\\u{5E0}\\u{5D4}` starts with digits.",
        fires: ["/\u{5D0}\u{5D1}~", "/_\u{5D0}", "/\u{5D0}\u{5D1}1", "/%32\u{5D8}\u{5D9}", "/\u{5D2}\u{5D4}%31"],
        quiet: ["/\u{5D0}\u{5D1}", "/\u{5D0}1\u{5D1}", "/~", "/\u{5D0}\u{5D1}\u{5D2}\u{5B0}", "/\u{5D2}\u{5D4}%D7%90"],
    }
    /// Text that is not in Normalization Form C.
    NotNfc {
        name: "not-nfc",
        family: Normalization,
        severity: Warning,
        spec: "3987bis §3.1; RFC 3987 §5.3.2.2; draft-duerst-iri-01 §2.3",
        summary: "characters not in Unicode Normalization Form C",
        explanation: "3987bis §3.1: text taken from a non-Unicode source is normalized to NFC, and text \
already in Unicode should be left as it is; so an IRI created from scratch SHOULD be in NFC, and two \
IRIs that differ only in normalization are different identifiers (RFC 3987 §5.3.2.2). The span is the \
characters that NFC changes, and the suggestion their NFC form. A suggestion never moves where a \
component or a key-value pair ends (RFC 3986 §2.2): NFC is taken between the delimiters (ASCII \
characters other than letters and digits) and the characters that are not appropriate in an IRI \
(which other codes report), so `=` followed by U+0338 is not made \"≠\" and U+037E is not made \";\". \
The input is never rewritten.\n\n\
Example: `r\\u{65}\\u{301}sum\\u{e9}` (an \"e\" with a combining acute accent) is `r\\u{e9}sum\\u{e9}` in NFC.",
        fires: ["/re\u{301}sum\u{E9}", "/\u{212B}"],
        quiet: ["/r\u{E9}sum\u{E9}", "/\u{C5}", "?x=\u{338}y", "/a\u{37E}b"],
    }
    /// A compatibility character: NFKC changes it.
    CompatibilityCharacter {
        name: "compatibility-character",
        family: Normalization,
        severity: Info,
        spec: "3987bis §4.1 (b); draft-duerst-iri-01 §5.1 (c)",
        summary: "a compatibility character (NFKC maps it to other characters)",
        explanation: "3987bis §4.1 b: characters with strong visual look-alikes \"should be avoided\", \
including \"the full-width equivalents of Latin characters, half-width Katakana characters for \
Japanese, and many others\". The characters that Unicode Normalization Form KC maps to other \
characters are such look-alikes (ligatures, superscripts, circled digits, full-width signs). This is \
advice (info) rather than a warning: many of these characters are ordinary in their scripts' text, and \
a whole-corpus run should not drown in them. The suggestion is the NFKC form.\n\nExample: \
`http://example.org/\\u{FB01}le` (LATIN SMALL LIGATURE FI) is `file` under NFKC. The half-width and \
full-width forms U+FF01-U+FFEF, which URI-to-IRI conversion keeps percent-encoded (3987bis §3.7 step 4), \
are `not-appropriate-character`'s.",
        fires: ["/\u{2460}", "/\u{FB01}le"],
        quiet: ["/A", "/file", "/\u{FF21}"],
    }
    /// Lower-case hexadecimal digits in a percent-encoding.
    LowercasePercentEncoding {
        name: "lowercase-percent-encoding",
        family: PercentEncoding,
        severity: Info,
        spec: "RFC 3986 §2.1, §6.2.2.1",
        summary: "a percent-encoding with lower-case hexadecimal digits",
        explanation: "RFC 3986 §2.1: \"For consistency, URI producers and normalizers should use \
uppercase hexadecimal digits for all percent-encodings.\" The case does not change what is \
identified (§6.2.2.1), so this is advice. The suggestion is the triplet in upper case.\n\nExample: \
`%c3%a9` is `%C3%A9`.",
        fires: ["/%c3%a9", "/%2f"],
        quiet: ["/%C3%A9", "/%2F"],
    }
    /// A percent-encoded unreserved character.
    EncodedUnreserved {
        name: "encoded-unreserved",
        family: PercentEncoding,
        severity: Warning,
        spec: "RFC 3986 §2.3, §6.2.2.2",
        summary: "a percent-encoded unreserved character",
        explanation: "RFC 3986 §2.3: percent-encoded octets of ALPHA, DIGIT, \"-\", \".\", \"_\" or \"~\" \
\"should not be created by URI producers and, when found in a URI, should be decoded to their \
corresponding unreserved characters by URI normalizers.\" The suggestion is the character. Not in a \
host that could become an IP address once decoded (`ipv4-like-reg-name`), which normalization keeps \
as written (interpretation note 52).\n\n\
Example: `/%7Euser` is `/~user`.",
        fires: ["/%7Euser", "/a%2Db"],
        quiet: ["/~user", "/a%2Fb", "http://%31%32%37.0.0.1/"],
    }
    /// Percent-encoded octets that are not UTF-8.
    PercentEncodingNotUtf8 {
        name: "percent-encoding-not-utf8",
        family: PercentEncoding,
        severity: Info,
        spec: "3987bis §3.7 (step 3), §3.7.1; RFC 3986 §2.5",
        summary: "percent-encoded octets that are not UTF-8",
        explanation: "A run of percent-encoded octets that is not well-formed UTF-8 cannot be shown as \
characters of an IRI: URI-to-IRI conversion leaves it encoded (3987bis §3.7 step 3; \
`http://www.example.org/r%E9sum%E9.html` in §3.7.1 is iso-8859-1). RFC 3986 §2.5 recommends UTF-8 \
for the characters of new URI schemes. Overlong forms and encoded surrogates have codes of their \
own.\n\nExample: `/r%E9sum%E9`.",
        fires: ["/r%E9sum%E9", "/%FF"],
        quiet: ["/r%C3%A9sum%C3%A9", "/%7F"],
    }
    /// An overlong UTF-8 form, percent-encoded.
    OverlongUtf8 {
        name: "overlong-utf8",
        family: PercentEncoding,
        severity: Error,
        spec: "draft-duerst-iri-01 §7; RFC 3629 §3, §10",
        summary: "a percent-encoded overlong UTF-8 sequence",
        explanation: "draft-duerst-iri-01 §7: \"some UTF-8 decoders also wrongly interpret the sequence \
0xC0 0xAF as a '/'. A sequence such as '%C0%AF..' may pass some security tests and then be \
interpreted as '/..' in a path\". RFC 3629 §3 makes such overlong forms invalid UTF-8, and §10 says \
decoders MUST NOT accept them. The message names the character the octets spell.\n\nExample: \
`/%C0%AF..`.",
        fires: ["/%C0%AF..", "/%E0%80%AF"],
        quiet: ["/%2F..", "/%C2%AF"],
    }
    /// A percent-encoded UTF-16 surrogate.
    EncodedSurrogate {
        name: "encoded-surrogate",
        family: PercentEncoding,
        severity: Error,
        spec: "RFC 3629 §3; 3987bis §3.7 (step 3)",
        summary: "a percent-encoded UTF-16 surrogate (U+D800-U+DFFF)",
        explanation: "RFC 3629 §3: \"The definition of UTF-8 prohibits encoding character numbers \
between U+D800 and U+DFFF\". The octets `ED A0 80` to `ED BF BF` are not UTF-8, and URI-to-IRI \
conversion keeps them encoded.\n\nExample: `/%ED%A0%80`.",
        fires: ["/%ED%A0%80", "/%ED%BF%BF"],
        quiet: ["/%ED%9F%BF", "/%EE%80%80"],
    }
    /// A percent-encoded noncharacter.
    EncodedNoncharacter {
        name: "encoded-noncharacter",
        family: PercentEncoding,
        severity: Warning,
        spec: "3987bis §2.2 (ucschar), §3.7 (step 4)",
        summary: "a percent-encoded noncharacter (U+FDD0-U+FDEF, U+xFFFE, U+xFFFF)",
        explanation: "Noncharacters are not in `ucschar` (3987bis §2.2), so an IRI cannot carry them \
and URI-to-IRI conversion leaves them encoded (§3.7 step 4). Unicode reserves them for internal use \
(Unicode §23.7); they should not be interchanged.\n\nExample: `/%EF%BF%BE` is U+FFFE.",
        fires: ["/%EF%BF%BE", "/%EF%B7%90"],
        quiet: ["/%EF%BF%BD", "/%EF%B7%B0"],
    }
    /// `%00`.
    EncodedNul {
        name: "encoded-nul",
        family: PercentEncoding,
        severity: Warning,
        spec: "RFC 3986 §7.3",
        summary: "a percent-encoded NUL octet (%00)",
        explanation: "RFC 3986 §7.3: \"it is easy for a URI ... to contain ... percent-encoded NUL \
(%00)\"; applications that pass the decoded octets to interfaces with NUL-terminated strings must \
check for it. It is seldom intended.\n\nExample: `/file%00.txt`.",
        fires: ["/file%00.txt"],
        quiet: ["/file%01.txt"],
    }
    /// A percent-encoded character that an IRI could hold as it is.
    EncodedIriCharacter {
        name: "encoded-iri-character",
        family: PercentEncoding,
        severity: Info,
        spec: "3987bis §3.7 (step 4), §1.2",
        summary: "a percent-encoded character that an IRI could hold as it is",
        explanation: "The octets are the UTF-8 of a `ucschar` that URI-to-IRI conversion decodes \
(3987bis §3.7 step 4): an IRI could show the character itself, which is what IRIs are for (§1.2). \
This is advice for IRIs; in a URI the encoding is required. The suggestion is the character. A \
character that step 4 keeps encoded is never suggested: the bidi formatting characters, the tables \
of RFC 3454 that Nameprep prohibits (U+200B ZERO WIDTH SPACE among them), the half-width and \
full-width forms, what §2.2 leaves out, the invisible characters, the look-alikes of delimiters and \
of space (`%E2%88%95` stays as it is: U+2215 DIVISION SLASH would read as \"/\") and the marks that \
compose with a delimiter (the one set of `not-appropriate-character`, interpretation note 15). In a \
host, neither a joiner or variation selector outside a valid IDNA2008 label (interpretation note 54) \
nor anything in a host that could become an IP address (note 52).\n\n\
Example: `/r%C3%A9sum%C3%A9` could be `/r\\u{e9}sum\\u{e9}`.",
        fires: ["/r%C3%A9sum%C3%A9", "/%E2%80%8C"],
        quiet: ["/r%E9sum%E9", "/%C2%A0", "/%E2%80%8B", "/%EF%BC%A1", "/%D8%9C", "/%E2%88%95", "/%E2%81%A4", "http://pay%E2%80%8Dpal.com/"],
    }
    /// A private-use character outside the query.
    PrivateUseCharacter {
        name: "private-use-character",
        family: Characters,
        severity: Warning,
        spec: "3987bis §2.2 (iprivate), §5.1",
        summary: "a private-use character outside the query",
        explanation: "3987bis §2.2 allows the private-use characters (`iprivate`) in the query only; a \
LEIRI (§5.1) may have them anywhere, and its conversion to an IRI percent-encodes them. Their \
meaning is agreed between private parties only.\n\nExample: `/\\u{E000}` in a path.",
        fires: ["/\u{E000}", "#\u{F0000}"],
        quiet: ["?\u{E000}", "/\u{D7FF}"],
    }
    /// A noncharacter, as it is.
    Noncharacter {
        name: "noncharacter",
        family: Characters,
        severity: Warning,
        spec: "3987bis §2.2 (ucschar), §5.1",
        summary: "a noncharacter (U+FDD0-U+FDEF, U+xFFFE, U+xFFFF)",
        explanation: "Noncharacters are not in `ucschar` (3987bis §2.2): only a LEIRI (§5.1) can hold \
them (U+xFFFE and U+xFFFF of the BMP not even there), and its conversion to an IRI percent-encodes \
them.\n\nExample: `/\\u{FDD0}`.",
        fires: ["/\u{FDD0}", "/\u{1FFFE}"],
        quiet: ["/\u{FFFD}", "/\u{FDF0}"],
    }
    /// A tag character (U+E0000-U+E0FFF).
    TagCharacter {
        name: "tag-character",
        family: Characters,
        severity: Warning,
        spec: "3987bis §2.2 (iprivate); Unicode §23.9",
        summary: "a tag character (U+E0000-U+E0FFF)",
        explanation: "3987bis §2.2 puts U+E0000-U+E0FFF in `iprivate`, allowed in the query only. Most \
of these code points are tag characters or unassigned; tags are invisible, and their language use is \
deprecated (Unicode §23.9), so they can hide text.\n\nExample: `?a\\u{E0041}`.",
        fires: ["?a\u{E0041}"],
        quiet: ["?a\u{F0000}"],
    }
    /// A white-space or invisible format character.
    InvisibleCharacter {
        name: "invisible-character",
        family: Characters,
        severity: Warning,
        spec: "3987bis §4.1 (b); draft-duerst-iri-01 §5.1 (b, c); draft-masinter-url-i18n-07 §3.1",
        summary: "a white-space, control or invisible format character",
        explanation: "3987bis §4.1 b names \"look-alikes of space\" among the characters to avoid; \
draft-duerst-iri-01 §5.1 says space, delims and unwise \"should be used carefully\", and \
draft-masinter-url-i18n-07 §3.1 that control characters MUST NOT be used. Reported: white space \
(U+0020 and the Unicode White_Space characters), controls (LEIRI only), and the invisible characters \
of the Unicode version of the tables: Default_Ignorable_Code_Point or General_Category Cf \
(`characters::is_invisible`; U+00AD, U+034F COMBINING GRAPHEME JOINER, U+200B, U+2060-U+2064, \
U+13430, the Hangul fillers, ...), which URI-to-IRI conversion keeps percent-encoded; the prepended \
concatenation marks (U+0600 ARABIC NUMBER SIGN, ...), format characters that are visible, are \
`not-appropriate-character`'s. The \
joiners U+200C and U+200D and the variation selectors of `ucschar` (U+FE00-U+FE0F, U+180B-U+180D, \
U+180F), which text and emoji sequences need and which conversion decodes, are reported too, and the \
message says so. The bidi formatting characters have their own code.\n\nExample: `/a\\u{200B}b` \
(ZERO WIDTH SPACE).",
        fires: ["/a\u{200B}b", "/a b", "/a\u{A0}b", "/a\u{34F}b", "/\u{2764}\u{FE0F}", "/a\u{2064}b"],
        quiet: ["/a-b", "/a%20b"],
    }
    /// A code point that is not assigned in the Unicode version of the tables.
    UnassignedCodePoint {
        name: "unassigned-code-point",
        family: Characters,
        severity: Info,
        spec: "UAX #15 §3 (stability); UTS #39 §3.1 (Identifier_Status); 3987bis §3.1",
        summary: "a code point not assigned in Unicode 18.0",
        explanation: "A code point that Unicode has not (yet) assigned: its Script is Unknown and it is \
neither private use nor a noncharacter (those have their own codes). The tables are those of Unicode \
18.0.0 (the `unicode-script` crate). NFC, which 3987bis §3.1 asks for, is stable only for assigned \
characters (UAX #15 §3), so an IRI with an unassigned code point may stop being in NFC when the code \
point is assigned; UTS #39 gives unassigned code points Identifier_Status Restricted, and IDNA2008 \
(RFC 5892 §2.10) disallows them in domain names. Software built on older tables may also treat the \
character differently.\n\nExample: `/a\\u{378}` (U+0378 is unassigned in the Greek block).",
        fires: ["/a\u{378}", "/\u{2FFFD}"],
        quiet: ["/\u{3B1}\u{37A}", "/\u{20000}"],
    }
    /// A character with the Unicode property Deprecated.
    DeprecatedCharacter {
        name: "deprecated-character",
        family: Characters,
        severity: Warning,
        spec: "3987bis §4.1 (b) (UNIXML: UTR #20 §3.3); RFC 3454 Table C.8; UTS #39 §3.1",
        summary: "a character that Unicode deprecates",
        explanation: "A character with the Unicode property Deprecated (Identifier_Type Deprecated in \
UTS #39), such as U+0149 or the deprecated format characters U+206A-U+206F. 3987bis §4.1 b sends the \
reader to UNIXML (UTR #20) for the characters \"not appropriate for IRIs\", which names the \
deprecated format characters; RFC 3454 Table C.8, whose characters nameprep (RFC 3491, cited by §4.1 \
b) prohibits, lists them too. Their use is strongly discouraged by Unicode itself.\n\nExample: \
`/a\\u{206A}b` (INHIBIT SYMMETRIC SWAPPING).",
        fires: ["/a\u{206A}b", "/\u{149}"],
        quiet: ["/a\u{2010}b", "/\u{148}"],
    }
    /// A character that URI-to-IRI conversion keeps percent-encoded (3987bis §3.7 step 4) and that no
    /// other code reports: the rest of `characters::not_appropriate`.
    NotAppropriateCharacter {
        name: "not-appropriate-character",
        family: Characters,
        severity: Warning,
        spec: "3987bis §3.7 (step 4), §4.1 (b), §2.2; RFC 3491 §5; RFC 3454 Appendix C",
        summary: "a character not appropriate in an IRI (3987bis §3.7 step 4, §4.1 b)",
        explanation: "3987bis §3.7 step 4 re-percent-encodes the characters \"that are not appropriate \
according to Section 2.2 and Section 4.1\" when converting a URI to an IRI. This crate has one \
definition of them (`characters::not_appropriate`, interpretation note 15), used by `to-iri`, by every \
`normalize` level (none decodes into one) and by `lint` (`encoded-iri-character` never suggests \
decoding into one). The set, with the source of each part:\n\n\
- the bidi formatting characters U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069 (RFC 3987 §4.1; \
3987bis §3.7.1; UAX #9 §2);\n\
- the tables of RFC 3454 that Nameprep prohibits (RFC 3491 §5; §4.1 b names the characters \
\"excluded in\" RFC 3491), as RFC 3454 lists them: C.1.2 non-ASCII space (U+200B ZERO WIDTH SPACE among them), \
C.2.2 non-ASCII control but U+200C ZWNJ and U+200D ZWJ, which Persian and Indic words need and IDNA2008 \
allows in context (RFC 5892 A.1, A.2), C.3 private use outside the query (§2.2 `iprivate`), C.4 \
noncharacters, C.5 surrogates, C.6 inappropriate for plain text (U+FFF9-U+FFFD), C.7 inappropriate for \
canonical representation (U+2FF0-U+2FFB), C.8 change display properties or deprecated (U+0340, U+0341, \
U+206A-U+206F), C.9 tagging characters;\n\
- the Halfwidth and Fullwidth Forms U+FF01-U+FFEF: §4.1 b names \"the full-width equivalents of Latin \
characters, half-width Katakana characters for Japanese\" among the look-alikes to avoid;\n\
- what §2.2 leaves out of `ucschar` (and outside the query of `iprivate`);\n\
- the invisible characters, Default_Ignorable_Code_Point or General_Category Cf in the Unicode version \
of the tables, which RFC 3454 (Unicode 3.2) could not list (U+2064, U+0600, U+13430, U+034F, the \
Hangul fillers, ...), but U+200C, U+200D and the variation selectors of `ucschar` (§4.1 b, §9);\n\
- the look-alikes of space and of the delimiters that mean something where they stand (§4.1 b \
\"look-alikes of \"space\", \"delims\", and \"unwise\"\"): of space, \"%\", the gen-delims and RFC 2396's \
delims and unwise everywhere (U+2215, U+066A, U+2223, U+FE6A, U+2800, ...), of \".\" in a host \
(U+3002, U+2024); punctuation, symbols and separators whose NFKC form, UTS #46 mapping or UTS #39 \
skeleton shows one, derived by `cargo xtask generate`; the quotation marks, apostrophes and dandas of \
running text, the look-alikes of the sub-delims and letters are left out;\n\
- the marks that compose with an ASCII delimiter under NFC: U+0338, which makes \"=\" into \"≠\" \
(RFC 3986 §2.2).\n\n\
This code reports such a character as it is, when no more specific code does: the bidi formatting \
characters are `bidi-formatting-character`'s, private use outside the query `private-use-character`'s, \
the noncharacters `noncharacter`'s, U+E0000-U+E0FFF `tag-character`'s, white space, controls and \
invisible characters `invisible-character`'s, look-alikes `syntax-look-alike`'s, and deprecated \
characters `deprecated-character`'s. The message names the table or section.\n\n\
Example: `/caf\\u{FFFD}` (a byte lost in a conversion; RFC 3454 C.6), `/\\u{FF21}` (FULLWIDTH LATIN \
CAPITAL LETTER A).",
        fires: ["/caf\u{FFFD}", "/\u{600}\u{661}\u{662}", "/a\u{FFFC}b", "/\u{2FF0}\u{4E00}\u{4E8C}", "/\u{FF21}", "/\u{FF76}", "/a\u{6DD}", "/\u{340}", "?x=\u{338}y"],
        quiet: ["/caf\u{E9}", "/a\u{2027}b", "/a\u{200C}b", "/A"],
    }
    /// A registered name with upper-case letters.
    UppercaseHost {
        name: "uppercase-host",
        family: Host,
        severity: Info,
        spec: "RFC 3986 §3.2.2, §6.2.2.1",
        summary: "upper-case letters in a registered name",
        explanation: "RFC 3986 §3.2.2: the host is case-insensitive, and producers \"should use \
lowercase for registered names and hexadecimal addresses for the sake of uniformity\". The \
suggestion is the name with its ASCII letters in lower case.\n\nExample: `http://Example.ORG/`.",
        fires: ["http://Example.ORG/"],
        quiet: ["http://example.org/", "http://[::A]/"],
    }
    /// A DNS label longer than 63 octets, or a name longer than 253.
    DnsLength {
        name: "dns-length",
        family: Host,
        severity: Warning,
        spec: "RFC 1034 §3.1; RFC 3986 §3.2.2; 3987bis §3.4.2",
        summary: "a label over 63 octets or a name over 253 octets",
        explanation: "RFC 1034 §3.1: labels are at most 63 octets and names at most 255 (253 \
characters in text, without the root). RFC 3986 §3.2.2 notes that a registered name need not be a \
DNS name; but one that is too long cannot be looked up in the DNS, nor converted with IDNA (3987bis \
§3.4.2). Lengths are those of the ASCII (punycode) form of non-ASCII labels.\n\nExample: a 64-letter \
label.",
        fires: ["http://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.org/"],
        quiet: ["http://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.org/"],
    }
    /// A DNS label that starts or ends with a hyphen.
    DnsHyphen {
        name: "dns-hyphen",
        family: Host,
        severity: Warning,
        spec: "RFC 1034 §3.5; RFC 5891 §4.2.3.1",
        summary: "a label starts or ends with a hyphen",
        explanation: "RFC 1034 §3.5 (preferred name syntax) and RFC 5891 §4.2.3.1: a label must not start \
or end with \"-\". Such names are valid reg-names but not host names.\n\nExample: \
`http://-example.org/`.",
        fires: ["http://-example.org/", "http://example-.org/"],
        quiet: ["http://ex-ample.org/"],
    }
    /// A registered name that looks like an IPv4 address but is not one.
    Ipv4LikeRegName {
        name: "ipv4-like-reg-name",
        family: Host,
        severity: Warning,
        spec: "RFC 3986 §3.2.2, §7.4",
        summary: "a registered name that looks like an IPv4 address",
        explanation: "RFC 3986 §3.2.2: the host is an IPv4 address only if it matches `IPv4address` as \
a whole (\"first-match-wins\"); `1.2.3.256`, `1.2.3` or `0x7f.1` are registered names. Many \
resolvers and the WHATWG URL Standard read them as addresses (RFC 3986 §7.4 warns of such \
ambiguities), so they can reach another host than the name suggests. The name is read as the WHATWG \
host parser reads it: percent-decoded and mapped by UTS #46, so `%31%32%37.0.0.1`, `a.%31` and \
`127.0.0.%F0%9D%9F%8F` (a mathematical bold digit) are reported too. URI-to-IRI conversion and \
normalization keep such a host as written, and no suggestion changes it (interpretation note 52).\n\n\
Example: `http://1.2.3.256/`.",
        fires: ["http://1.2.3.256/", "http://0x7f.1/", "http://127.1/", "http://%31%32%37.0.0.1/", "http://127.0.0.%F0%9D%9F%8F/"],
        quiet: ["http://1.2.3.4/", "http://1.example/"],
    }
    /// A name that IDNA2008 lookup (RFC 5891 §5) rejects.
    InvalidIdn {
        name: "invalid-idn",
        family: Host,
        severity: Warning,
        spec: "3987bis §3.4.2; RFC 5891 §5.3–§5.4; RFC 5892; RFC 5893 §2",
        summary: "a registered name that is not a valid internationalized domain name",
        explanation: "3987bis §3.4.2 converts a non-ASCII `ireg-name` to punycode with the Domain Name \
Lookup procedure of RFC 5891 (IDNA2008), which maps nothing; a name that it rejects (a code point RFC \
5892 disallows, such as an upper-case or full-width letter or a symbol; a joiner or other contextual \
character out of its context; hyphens; the Bidi Rule of RFC 5893 on every label of a name with \
right-to-left characters; DNS lengths; see interpretation note 10), or an `xn--` label that does not \
decode to a valid U-label, cannot be used as a domain name. The message names the label, the \
character and the rule. `iri to-uri --host idna` refuses the same names.\n\nExample: \
`http://xn--a.example/`.",
        fires: [
            "http://xn--a.example/",
            "http://a\u{200D}b.example/",
            "http://\u{FF45}xample.com/",
            "http://0a.\u{5D0}/",
        ],
        quiet: [
            "http://xn--99zt52a.example.org/",
            "http://r\u{E9}sum\u{E9}.example/",
            "http://a0.\u{5D0}/",
        ],
    }
    /// An IPv6 address not in the text form RFC 5952 recommends.
    Ipv6NotCanonical {
        name: "ipv6-not-canonical",
        family: Host,
        severity: Info,
        spec: "RFC 5952 §4; RFC 3986 §3.2.2",
        summary: "an IPv6 address not in the RFC 5952 text form",
        explanation: "RFC 5952 §4 recommends one text form per IPv6 address: lower-case hexadecimal, no \
leading zeros, \"::\" for the longest run of two or more zero fields (the first of equal runs). The \
suggestion is that form.\n\nExample: `[2001:DB8:0:0:0:0:0:1]` is `[2001:db8::1]`.",
        fires: ["http://[2001:DB8:0:0:0:0:0:1]/", "http://[::0:1]/"],
        quiet: ["http://[2001:db8::1]/", "http://[::1]/"],
    }
    /// Percent-encoded non-ASCII octets in a registered name.
    PercentEncodedHost {
        name: "percent-encoded-host",
        family: Host,
        severity: Warning,
        spec: "RFC 3986 §3.2.2; 3987bis §3.4.2",
        summary: "a registered name with percent-encoded UTF-8 where punycode is expected",
        explanation: "RFC 3986 §3.2.2: \"URI producers should provide these registered names in the IDNA \
encoding, rather than a percent-encoding, if they wish to maximize interoperability with legacy URI \
resolvers.\" 3987bis §3.4.2 converts such a name to punycode for the same reason. Reported when the \
`%HH` octets of a registered name decode to non-ASCII UTF-8; the suggestion is the name in IDNA (the \
IDNA2008 lookup of RFC 5891 §5) form when the conversion succeeds.\n\nExample: `http://r%C3%A9sum%C3%A9.example.org/` is \
`http://xn--rsum-bpad.example.org/`.",
        fires: ["http://r%C3%A9sum%C3%A9.example.org/", "//%E7%B4%8D.example/"],
        quiet: ["http://xn--rsum-bpad.example.org/", "http://r%C3%A9sum%C3%A9@example.org/"],
    }
    /// Letters of more than one script in one component.
    MixedScript {
        name: "mixed-script",
        family: Spoofing,
        severity: Warning,
        spec: "draft-masinter-url-i18n-07 §4.4; 3987bis §9; UTS #39 §5.1",
        summary: "a word mixes letters of more than one script",
        explanation: "draft-masinter-url-i18n-07 §4.4: \"letters from different scripts look the same. \
The best know example is the Latin 'A', the Greek 'Alpha', and the Cyrillic 'A'. To disambiguate \
such cases, it should be assumed that all letters in a component are from the same script.\" 3987bis \
§9 names such look-alikes as the means of spoofing. A word, here, is a run of characters between the \
delimiters (gen-delims, sub-delims, \".\") and \"-\", \"_\" and \"~\"; it mixes scripts when its UTS \
#39 resolved script set is empty (UTS #39 §5.1, from the `unicode-security` crate; Common and \
Inherited characters go with any script, and Han with Hiragana and Katakana is one writing \
system).\n\nExample: `/A\\u{391}\\u{410}` is Latin A, Greek Alpha and Cyrillic A.",
        fires: ["/A\u{391}\u{410}", "http://p\u{430}ypal.example/"],
        quiet: ["/A/\u{391}/\u{410}", "/\u{6771}\u{4EAC}\u{30BF}\u{30EF}\u{30FC}", "/Tokyo_\u{6771}\u{4EAC}"],
    }
    /// A label written in one non-Latin script that looks like Latin text.
    WholeScriptConfusable {
        name: "whole-script-confusable",
        family: Spoofing,
        severity: Warning,
        spec: "3987bis §9; draft-duerst-iri-01 §7; UTS #39 §4",
        summary: "a host label in one script that looks like an ASCII label",
        explanation: "3987bis §9: \"There are serious difficulties with relying on a human to verify that \
a an IRI ... is the same as another IRI\"; UTS #39 §4 calls two strings in different scripts with the \
same confusable skeleton whole-script confusables. Reported: a label of the host written in one \
script other than Latin whose every letter has a Latin look-alike, so that the label looks like the \
ASCII label given in the message (the UTS #39 skeleton, from the `unicode-security` crate). Only \
hosts are checked, where a look-alike reaches another server; words in a path are the text of a \
language.\n\nExample: `http://\\u{430}\\u{440}\\u{440}\\u{4CF}\\u{435}.example/` is Cyrillic and looks \
like `apple`.",
        fires: ["http://\u{430}\u{440}\u{440}\u{4CF}\u{435}.example/", "http://\u{3BF}\u{3BF}.example/"],
        quiet: ["http://\u{43C}\u{43E}\u{441}\u{43A}\u{432}\u{430}.example/", "/\u{430}\u{440}\u{440}\u{4CF}\u{435}"],
    }
    /// A character of a host that UTS #39 restricts from identifiers.
    RestrictedCharacter {
        name: "restricted-character",
        family: Spoofing,
        severity: Warning,
        spec: "UTS #39 §3.1 (General Security Profile); 3987bis §9; RFC 5890 §4.2",
        summary: "a host character restricted from identifiers by UTS #39",
        explanation: "UTS #39 §3.1 gives each character an Identifier_Status: Allowed, or Restricted with \
a reason (Identifier_Type: Technical, Uncommon_Use, Limited_Use, Obsolete, Exclusion, Not_XID, ...). \
Characters that are restricted are the ones least expected in a name and the most used for spoofing \
(3987bis §9). Reported for the non-ASCII characters of a registered name (domain names are \
identifiers; RFC 5890 §4.2 asks registries for such restrictions), with the reason, from the \
`unicode-security` crate; characters that other codes report (compatibility, deprecated, \
default-ignorable) are left to them.\n\nExample: `http://\\u{2605}.example/` (Not_XID: a symbol).",
        fires: ["http://a\u{1D00}.example/", "http://\u{2605}.example/"],
        quiet: ["http://\u{E9}t\u{E9}.example/", "/a\u{1D00}"],
    }
    /// A character that looks like a delimiter.
    SyntaxLookAlike {
        name: "syntax-look-alike",
        family: Spoofing,
        severity: Warning,
        spec: "3987bis §4.1 (b), §9; RFC 3986 §7.6",
        summary: "a character that looks like a delimiter (\"/\", \"@\", \":\", \"?\", \"#\", ...)",
        explanation: "3987bis §4.1 b: the characters to avoid include \"many look-alikes of \"space\", \
\"delims\", and \"unwise\"\". A look-alike of \"/\", \"?\", \"#\", \"@\" or \":\" in an IRI is not a \
delimiter, so `http://example.com\\u{2215}evil.example/` has the host `example.com\\u{2215}evil.example` \
while it reads as the host example.com (RFC 3986 §7.6 on such semantic attacks); \
`http://bank.example\\u{FF20}evil.example/` reads as if bank.example were a user name. Reported: \
the look-alikes of `characters::look_alike_of`, which URI-to-IRI conversion keeps percent-encoded \
(interpretation note 15 (f)): punctuation, symbols and separators (General_Category P*, S*, Z*) whose \
NFKC form, UTS #46 mapping or UTS #39 confusable skeleton (the `unicode-security` crate) shows a \
character that means something where it stands: space, \"%\", RFC 3986's gen-delims and RFC 2396's \
delims (`<>#%\"`) and unwise (`{}|\\^[]\\``) everywhere, and \".\" in a host (U+3002 IDEOGRAPHIC FULL \
STOP is \".\" in a host name). U+066A ARABIC PERCENT SIGN and U+2223 DIVIDES count: their skeletons are \
those of \"%\" and \"|\". The quotation marks, apostrophes, primes and dandas of running text \
(U+2019, U+05F4, U+0964), whose skeletons are also those of \"'\" and \"l\", and the look-alikes of the \
sub-delims (U+30A0 looks like \"=\") are not reported. A letter such as Katakana U+30CE, which \
looks like \"/\", is part of words of its script and is not reported (among letters of another script it is `mixed-script`'s); white space is \
`invisible-character`'s.\n\nExample: U+2215 DIVISION SLASH.",
        fires: ["http://example.com\u{2215}evil.example/", "/a\u{FF03}b", "http://example\u{2024}com/", "http://evil\u{3002}com/", "/100\u{66A}", "/a\u{2223}b", "/\u{2800}"],
        quiet: ["http://example.com/evil.example/", "/Hawai\u{2BB}i", "/a\u{2010}b", "/\u{4E0A}\u{30CE}\u{56FD}", "/a\u{2024}b", "/Don\u{2019}t", "/\u{5E6}\u{5D4}\u{5F4}\u{5DC}"],
    }
    /// A userinfo that looks like a host name.
    UserinfoLooksLikeHost {
        name: "userinfo-looks-like-host",
        family: Spoofing,
        severity: Warning,
        spec: "RFC 3986 §7.6; 3987bis §9",
        summary: "a userinfo that reads as a host name",
        explanation: "RFC 3986 §7.6 (Semantic Attacks): in \
`ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm` \"the host is actually 10.0.0.1\", \
while \"a casual user might be led to believe that this URI would identify a news story\" on \
cnn.example.com. Reported: a userinfo that starts with a domain name of three or more labels (letters, \
digits, hyphens; the last one starting with a letter; two labels are too often a user name such as \
`j.doe`) or with an IPv4 address.\n\nExample: the RFC's \
own.",
        fires: ["ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm", "http://www.bank.example@evil.example/"],
        quiet: ["ftp://user@example.org/", "http://j.doe@example.org/"],
    }
    /// A scheme with upper-case letters.
    UppercaseScheme {
        name: "uppercase-scheme",
        family: Generic,
        severity: Warning,
        spec: "RFC 3986 §3.1, §6.2.2.1",
        summary: "upper-case letters in the scheme",
        explanation: "RFC 3986 §3.1: \"An implementation should accept uppercase letters as equivalent \
to lowercase in scheme names (e.g., allow \"HTTP\" as well as \"http\") for the sake of robustness \
but should only produce lowercase scheme names for consistency.\" The suggestion is the scheme in \
lower case.\n\nExample: `HTTP://example.org/`.",
        fires: ["HTTP://example.org/", "Urn:x"],
        quiet: ["http://example.org/", "urn:X"],
    }
    /// `host:` with no port.
    EmptyPort {
        name: "empty-port",
        family: Generic,
        severity: Warning,
        spec: "RFC 3986 §3.2.3, §6.2.3",
        summary: "a \":\" after the host with an empty port",
        explanation: "RFC 3986 §3.2.3: \"URI producers and normalizers should omit the port component \
and its \":\" delimiter if port is empty\".\n\nExample: `http://example.org:/`.",
        fires: ["http://example.org:/"],
        quiet: ["http://example.org/", "http://example.org:8080/"],
    }
    /// The scheme's default port.
    DefaultPort {
        name: "default-port",
        family: Generic,
        severity: Info,
        spec: "RFC 3986 §3.2.3, §6.2.3",
        summary: "the scheme's default port, written out",
        explanation: "RFC 3986 §3.2.3: producers and normalizers \"should omit the port component ... if \
port is the same as the scheme's default\". The schemes and ports are those of the `scheme` \
normalization level (http 80, https 443, ws 80, wss 443, ftp 21).\n\nExample: \
`http://example.org:80/`.",
        fires: ["http://example.org:80/", "https://example.org:0443/"],
        quiet: ["http://example.org:8080/", "foo://example.org:80/"],
    }
    /// A port above 65535 or with leading zeros.
    UnusualPort {
        name: "unusual-port",
        family: Generic,
        severity: Warning,
        spec: "RFC 3986 §3.2.3, §6.2.3; RFC 6335 §6",
        summary: "a port above 65535 or with leading zeros",
        explanation: "RFC 3986 allows any digits as a port (§3.2.3), but TCP and UDP ports are 16-bit \
numbers (RFC 6335 §6), so a port above 65535 cannot be connected to; leading zeros are removed by \
normalization (§6.2.3).\n\nExample: `http://example.org:65536/`.",
        fires: ["http://example.org:65536/", "http://example.org:08080/"],
        quiet: ["http://example.org:65535/", "http://example.org:0/"],
    }
    /// "." or ".." segments in an absolute reference.
    DotSegments {
        name: "dot-segments",
        family: Generic,
        severity: Warning,
        spec: "RFC 3986 §3.3, §5.2.4, §6.2.2.3",
        summary: "\".\" or \"..\" segments in the path of a reference with a scheme",
        explanation: "RFC 3986 §3.3: the segments \".\" and \"..\" \"are intended for use at the \
beginning of a relative-path reference\"; in a reference with a scheme they are removed when it is \
resolved (§5.2.4) or normalized (§6.2.2.3). The suggestion is the path without them.\n\nExample: \
`http://example.org/a/./b/../c`.",
        fires: ["http://example.org/a/./b/../c", "foo:a/.."],
        quiet: ["http://example.org/a/c", "../a"],
    }
    /// A relative reference where an absolute one is required.
    RelativeReference {
        name: "relative-reference",
        family: Generic,
        severity: Warning,
        enabled: false,
        spec: "RFC 3986 §4.2, §4.3; 3987bis §2.2 (absolute-IRI)",
        summary: "a relative reference where an absolute IRI is required (off by default)",
        explanation: "RFC 3986 §4.3: \"Some protocol elements allow only the absolute form of a URI \
without a fragment identifier\"; many formats (RDF, XML namespaces, a stored identifier) require an \
absolute IRI, which a relative reference (§4.2) is not: it means something only against a base. Off \
by default, since a reference is valid either way; the `rdf` and `minting` profiles turn it on (`--warn \
relative-reference` does too).\n\nExample: `../a` or `//example.org/`.",
        fires: ["../a", "//example.org/"],
        quiet: ["http://example.org/a", "urn:x"],
    }
    /// A scheme that the IANA registry does not list.
    UnregisteredScheme {
        name: "unregistered-scheme",
        family: Generic,
        severity: Info,
        spec: "RFC 7595 §4, §7; RFC 3986 §3.1",
        summary: "a scheme not in the IANA URI Schemes registry",
        explanation: "RFC 3986 §3.1 refers to the registration procedures for new schemes, and RFC 7595 \
(BCP 35) sets up the registry so that a scheme name means one thing to all software; a name that is \
not registered may mean something else elsewhere. The registry is the IANA \"Uniform Resource \
Identifier (URI) Schemes\" registry, vendored as IANA publishes it (`src/lint/uri-schemes-1.csv`: 413 \
schemes, the registry by 2026-06-02 at the latest; docs/lint.md says how to update it). Names compare \
without case. Advice only: a scheme may be in use before it is registered.\n\nExample: `foo:bar`.",
        fires: ["foo:bar", "x-my-app://open"],
        quiet: ["http://example.org/", "WEB+AP:x", "urn:example:a"],
    }
    /// A scheme registered as Historical.
    HistoricalScheme {
        name: "historical-scheme",
        family: Generic,
        severity: Info,
        spec: "RFC 7595 §4",
        summary: "a scheme that the IANA registry marks as Historical",
        explanation: "RFC 7595 §4 gives a registered scheme one of three statuses; Historical is for \
schemes that are no longer in common use or whose use is not recommended. The message gives the \
registry's reference for the scheme.\n\nExample: `prospero://example.org/` (the Prospero directory service).",
        fires: ["prospero://example.org/", "fax:+1-234"],
        quiet: ["https://example.org/", "tel:+1-234"],
    }
    /// `user:password@` in the authority.
    UserinfoPassword {
        name: "userinfo-password",
        family: Generic,
        severity: Warning,
        spec: "RFC 3986 §3.2.1, §7.5",
        summary: "a password in the userinfo",
        explanation: "RFC 3986 §3.2.1: \"Use of the format \"user:password\" in the userinfo field is \
deprecated\"; §7.5: passing authentication information in the clear \"has proven to be a security \
risk in almost every case where it has been used\".\n\nExample: `ftp://user:secret@example.org/`.",
        fires: ["ftp://user:secret@example.org/"],
        quiet: ["ftp://user@example.org/"],
    }
    /// An `http` or `https` URI without an authority.
    HttpMissingAuthority {
        name: "http-missing-authority",
        family: Schemes,
        severity: Error,
        spec: "RFC 9110 §4.2.1, §4.2.2",
        summary: "an http or https URI without \"//\" and an authority",
        explanation: "RFC 9110 §4.2.1 defines `http-URI = \"http\" \"://\" authority path-abempty [ \"?\" \
query ]` and §4.2.2 `https-URI` alike: the authority, with the origin server's host, is required. The \
reference is checked against the rule of `grammar/schemes/http.abnf` without its fragment (interpretation \
note 45); the span is the first character the rule cannot take. Scheme names are compared without \
regard to case.\n\nExample: `http:/a/b` has a path but no authority.",
        fires: ["http:/a/b", "https:example.org"],
        quiet: ["http://a/b", "https://example.org"],
    }
    /// An `http` or `https` URI with an empty host.
    HttpEmptyHost {
        name: "http-empty-host",
        family: Schemes,
        severity: Error,
        spec: "RFC 9110 §4.2.1, §4.2.2",
        summary: "an http or https URI with an empty host",
        explanation: "RFC 9110 §4.2.1: \"A sender MUST NOT generate an \"http\" URI with an empty host \
identifier\", and a recipient must reject such a URI as invalid; §4.2.2 says the same of `https`. RFC \
3986 allows an empty `reg-name`, so the reference is valid; the span is the (empty) host.\n\nExample: \
`http:///a`.",
        fires: ["http:///a", "https://:8443/"],
        quiet: ["http://a/a", "https://a:8443/"],
    }
    /// Userinfo in an `http` or `https` URI.
    HttpUserinfo {
        name: "http-userinfo",
        family: Schemes,
        severity: Warning,
        spec: "RFC 9110 §4.2.4",
        summary: "userinfo in an http or https URI (deprecated)",
        explanation: "RFC 9110 §4.2.4 deprecates the userinfo subcomponent of `http` and `https` URIs: a \
sender must not generate it in a target URI or a field value of a message, and a recipient should \
treat its presence in a reference from an untrusted source as an error, since it is likely to hide the \
real authority (phishing: `http://www.example.org@evil.example/`). Outside messages the rule is not a \
MUST, hence a warning. The span is the userinfo and its \"@\"; the suggestion removes them.\n\n\
Example: `http://user@example.org/`.",
        fires: ["http://user@example.org/", "https://a:b@example.org/"],
        quiet: ["http://example.org/", "ftp://user@example.org/"],
    }
    /// A `urn` reference that does not match RFC 8141's `namestring`.
    UrnSyntax {
        name: "urn-syntax",
        family: Schemes,
        severity: Error,
        spec: "RFC 8141 §2",
        summary: "a urn reference that does not match RFC 8141 `namestring`",
        explanation: "RFC 8141 §2: a URN is `\"urn\" \":\" NID \":\" NSS`, with a NID of 2 to 32 letters, \
digits and hyphens that starts and ends with a letter or digit, a non-empty NSS of `pchar` and \"/\" \
that does not start with \"/\", and optional r-, q- and f-components introduced by \"?+\", \"?=\" and \
\"#\"; any other \"?\" in a URN must be percent-encoded. The reference (fragment included) is checked \
against `namestring` of `grammar/schemes/urn.abnf`, in its URI form for an IRI (interpretation note \
44); the span is the first character the rule cannot take.\n\nExample: `urn:a:b` has a one-character \
NID.",
        fires: ["urn:a:b", "urn:example:a?b", "urn:example:"],
        quiet: ["urn:ab:b", "urn:example:a?+b", "urn:example:r\u{E9}sum\u{E9}"],
    }
    /// A URN namespace identifier that no namespace can have.
    UrnNamespace {
        name: "urn-namespace",
        family: Schemes,
        severity: Warning,
        spec: "RFC 8141 §5.1, §5.2",
        summary: "a URN NID with the \"urn-\" prefix but not informal, or an \"X-\" NID",
        explanation: "RFC 8141 §5.2 gives informal namespaces the NIDs `InformalNamespaceName = \"urn-\" \
Number` (a number without leading zeros), so a formal NID does not start with \"urn-\"; a NID such as \
`urn-x` is neither. RFC 8141 obsoletes RFC 3406, whose experimental \"X-\" NIDs it no longer provides \
(RFC 6648 deprecates the \"X-\" convention). Checked on URNs that match `namestring`; the span is the \
NID.\n\nExample: `urn:urn-x:a`.",
        fires: ["urn:urn-x:a", "urn:X-foo:a", "urn:urn-01:a"],
        quiet: ["urn:urn-7:a", "urn:xy:a", "urn:example:x-a"],
    }
    /// A `mailto` URI that does not match RFC 6068's `mailtoURI`.
    MailtoSyntax {
        name: "mailto-syntax",
        family: Schemes,
        severity: Error,
        spec: "RFC 6068 §2",
        summary: "a mailto URI that does not match RFC 6068 `mailtoURI`",
        explanation: "RFC 6068 §2: `mailtoURI = \"mailto:\" [ to ] [ hfields ]`, a comma-separated list \
of `addr-spec` (RFC 5322, without comments, white space and obsolete forms), then `?` and `&`-separated \
`hfname=hfvalue` pairs; \"?\", \"=\" and \"&\" are delimiters and must be percent-encoded elsewhere, as \
must every character of an address that a URI cannot hold, \"%\", \"/\", \"?\", \"#\", \"[\", \"]\", \
\"&\", \";\" and \"=\" (interpretation notes 49 and 50). The reference without its fragment is checked \
against `grammar/schemes/mailto.abnf`; the span is the first character the rule cannot take.\n\n\
Example: `mailto:joe@example.com?cc=bob@example.com?body=hello` uses \"?\" twice, which §6.1 calls \
incorrect.",
        fires: ["mailto:joe@example.com?cc=bob@example.com?body=hello", "mailto:joe"],
        quiet: ["mailto:joe@example.com?cc=bob@example.com&body=hello", "mailto:joe@example.com"],
    }
    /// A fragment on a `mailto` URI.
    MailtoFragment {
        name: "mailto-fragment",
        family: Schemes,
        severity: Warning,
        spec: "RFC 6068 §2",
        summary: "a fragment identifier on a mailto URI",
        explanation: "RFC 6068 §2: a 'mailto' URI cannot be used to retrieve a representation, \"Therefore, \
fragment identifiers are meaningless, SHOULD NOT be used on 'mailto' URIs, and SHOULD be ignored upon \
resolution.\" A \"#\" in an `hfvalue` must be written `%23`. The suggestion removes the fragment and its \
\"#\".\n\nExample: `mailto:joe@example.com#top`.",
        fires: ["mailto:joe@example.com#top"],
        quiet: ["mailto:joe@example.com", "mailto:joe@example.com?body=%23top"],
    }
    /// A `data` URL that does not match RFC 2397's `dataurl`.
    DataSyntax {
        name: "data-syntax",
        family: Schemes,
        severity: Error,
        spec: "RFC 2397 §3",
        summary: "a data URL that does not match RFC 2397 `dataurl`",
        explanation: "RFC 2397 §3: `dataurl := \"data:\" [ mediatype ] [ \";base64\" ] \",\" data`, where the \
media type is `type \"/\" subtype` and `;attribute=value` parameters made of RFC 2045 tokens, URL-escaped \
where needed (interpretation notes 46-48). The \",\" before the data is required. The reference without \
its fragment is checked against `grammar/schemes/data.abnf`; the span is the first character the rule \
cannot take.\n\nExample: `data:text/plain` has no \",\" and no data.",
        fires: ["data:text/plain", "data:text,x", "data:text/plain;charset,x"],
        quiet: ["data:text/plain,", "data:,x", "data:text/plain;charset=utf-8,x"],
    }
    /// A `tag` URI that does not match RFC 4151's `tagURI`.
    TagSyntax {
        name: "tag-syntax",
        family: Schemes,
        severity: Error,
        spec: "RFC 4151 §2.1",
        summary: "a tag URI that does not match RFC 4151 `tagURI`",
        explanation: "RFC 4151 §2.1: `tagURI = \"tag:\" taggingEntity \":\" specific [ \"#\" fragment ]`, \
where the tagging entity is a DNS name or an e-mail address, \",\" and a date `YYYY`, `YYYY-MM` or \
`YYYY-MM-DD`. The reference (fragment included) is checked against `grammar/schemes/tag.abnf`; the span \
is the first character the rule cannot take.\n\nExample: `tag:yaml.org:int` has no date.",
        fires: ["tag:yaml.org:int", "tag:yaml.org,02:int"],
        quiet: ["tag:yaml.org,2002:int", "tag:sandro@w3.org,2004-05:Sandro"],
    }
    /// A `file` URI that does not match RFC 8089's `file-URI`.
    FileSyntax {
        name: "file-syntax",
        family: Schemes,
        severity: Warning,
        spec: "RFC 8089 §2, Appendix E",
        summary: "a file URI that does not match RFC 8089 `file-URI`",
        explanation: "RFC 8089 §2: `file-URI = \"file\" \":\" ( \"//\" [ file-auth ] path-absolute / \
path-absolute )`, with `file-auth` a host: no userinfo, port or query, and an absolute path. Appendix E \
describes nonstandard forms in use (drive letters as in `file:c:/path`, UNC paths with more slashes), \
which the standard syntax does not cover, hence a warning rather than an error. The reference without \
its fragment is checked against `grammar/schemes/file.abnf`; the span is the first character the rule \
cannot take.\n\nExample: `file:c:/path/to/file` (Appendix E.2) is `file:///c:/path/to/file` in the \
standard syntax.",
        fires: ["file:c:/path/to/file", "file:///a?q", "file://u@h/a"],
        quiet: ["file:///c:/path/to/file", "file:///a", "file://h/a"],
    }
}
