// TypeScript declarations of the package iri-abnf: the same for every entry (index.mjs for Node's
// `import`, index.cjs for `require`, browser.js for browsers and bundlers).
//
// Indices (`index`, `start`, `end`, `spans`) count UTF-16 code units, as JavaScript strings do, so
// `input.slice(start, end)` is the part; `offset` is the UTF-8 byte offset that the `iri` command
// and the Rust library report; `column` is the 1-based column in characters (code points).

/**
 * A grammar: the four with parse trees and components (`uri`: RFC 3986 Appendix A; `rfc3987`: RFC
 * 3987 §2.2; `iri`: draft-ietf-iri-3987bis §2.2, the default; `leiri`: 3987bis §5.1) and the five
 * with a language only (`rfc2396`, `rfc2732`, `masinter07`, `duerst01`, `iri-printed`), which
 * `isValid`, `checkMany`, `validate`, `compare`, `compareLanguages` and `rules` take.
 */
export type GrammarName =
  | "uri"
  | "rfc3987"
  | "iri"
  | "leiri"
  | "rfc2396"
  | "rfc2732"
  | "masinter07"
  | "duerst01"
  | "iri-printed";

/** The four grammars with components: `parse`, the conversions, `resolve`, `normalize`, `lint`. */
export type MainGrammarName = "uri" | "rfc3987" | "iri" | "leiri";

/** The rung of the comparison ladder (RFC 3986 §6.2, RFC 3987 §5.3). */
export type Level = "simple" | "case" | "percent" | "path" | "scheme" | "nfc";

/** A lint profile (docs/lint.md): the levels it sets before `allow`, `warn` and `deny`. */
export type Profile = "default" | "strict" | "minting" | "rdf" | "security";

/** Which argument an `IriSyntaxError` is about. */
export type Argument = "input" | "base" | "reference" | "target" | "a" | "b";

/** A `[start, end)` span in UTF-16 code units. */
export type Span = [start: number, end: number];

/** The grammar and rule of a check. */
export interface RuleOptions {
  /** The grammar (default `"iri"`). An unknown name is a `RangeError`. */
  grammar?: GrammarName;
  /**
   * The start rule as the grammar's ABNF spells it (any case, `-` or `_`); default: the grammar's
   * reference rule (`URI-reference`, `IRI-reference`). An unknown rule is a `RangeError`.
   */
  rule?: string;
}

/** The grammar of an operation on whole references. */
export interface GrammarOptions {
  /** One of the four main grammars (default `"iri"`); another name is a `RangeError`. */
  grammar?: MainGrammarName;
}

/**
 * The input does not match the rule of the grammar, or holds a lone surrogate (which UTF-8 cannot
 * encode: then `grammar` and `rule` are `null` and `expected` is empty).
 */
export class IriSyntaxError extends SyntaxError {
  name: "IriSyntaxError";
  /** UTF-16 index of the error in the argument. */
  index: number;
  /** UTF-8 byte offset of the error, as the `iri` command reports it. */
  offset: number;
  /** 1-based column in characters (code points), as the `iri` command prints it. */
  column: number;
  /**
   * What could come there: rule names in spec spelling, then characters and ranges in ABNF
   * notation (`"/"`, `%x41-5A`), and `end of input`: the `expected` of `iri check --format json`.
   */
  expected: string[];
  /** The grammar of the check, `null` for a lone surrogate. */
  grammar: GrammarName | null;
  /** The rule of the check in spec spelling, `null` for a lone surrogate. */
  rule: string | null;
  /** The argument that did not match. */
  input: string;
  /** Which argument it is. */
  argument: Argument;
  /** The input (control and invisible characters escaped) and a caret line under the error. */
  caret: string | null;
}

/**
 * An operation that cannot be made on a valid input: a conversion (`kind` `idna`: RFC 5891 / UTS
 * #46 refused a label; `unmappable`, `unencodable`: a query charset, 3987bis §3.5) or a resolution
 * (`kind` `resolution`: a base that is not absolute, RFC 3986 §5.2.1).
 */
export class IriError extends Error {
  name: "IriError";
  kind: "idna" | "unmappable" | "unencodable" | "resolution" | "other";
  /** For a conversion: UTF-16 index of the part that failed. */
  index?: number;
  /** For a conversion: its UTF-8 byte offset. */
  offset?: number;
}

/** Whether `input` matches the rule to its end; `false` for a string with a lone surrogate. */
export function isValid(input: string, options?: RuleOptions): boolean;

/** `isValid` on every string of an array, in order. */
export function checkMany(inputs: readonly string[], options?: RuleOptions): boolean[];

/** Returns when `input` matches the rule; throws `IriSyntaxError` where it stops matching. */
export function validate(input: string, options?: RuleOptions): void;

/** The components of a reference (RFC 3986 §3; 3987bis §2.2), with their spans. */
export interface Parsed {
  input: string;
  grammar: MainGrammarName;
  /** RFC 3986 §4.1–§4.3: a scheme and a fragment (`iri`), a scheme only (`absolute-iri`), or a relative reference. */
  kind: "iri" | "absolute-iri" | "network-path" | "absolute-path" | "relative-path" | "empty";
  /** §3.1, without the `:`. */
  scheme: string | null;
  /** §3.2.1, without the `@`. */
  userinfo: string | null;
  /** §3.2.2, as written (an IP literal with its brackets); `null` without an authority. */
  host: string | null;
  /** §3.2.2: `IPv4address` (first-match-wins), `IP-literal` with IPv6 or IPvFuture, or `reg-name`. */
  hostKind: "ipv4" | "ipv6" | "ipv-future" | "reg-name" | null;
  /** §3.2.3: the digits, without the `:` (may be empty). */
  port: string | null;
  /** §3.3 (may be empty). */
  path: string;
  /** §3.4, without the `?`. */
  query: string | null;
  /** §3.5, without the `#`. */
  fragment: string | null;
  /** Where each component is in `input`, in UTF-16 code units. */
  spans: {
    scheme: Span | null;
    userinfo: Span | null;
    host: Span | null;
    port: Span | null;
    path: Span;
    query: Span | null;
    fragment: Span | null;
  };
}

/** Parses a whole reference (the grammar's reference rule); throws `IriSyntaxError`. */
export function parse(input: string, options?: GrammarOptions): Parsed;

export interface ToUriOptions {
  /**
   * The mapping of a `reg-name` host: `"percent"` (3987bis §3.4.1, the default), `"idna"` (§3.4.2:
   * the IDNA2008 lookup of RFC 5891 §5.3–§5.5, which maps nothing) or `"uts46"` (UTS #46, as
   * browsers map). Another value is a `RangeError`.
   */
  host?: "percent" | "idna" | "uts46";
  /** A WHATWG Encoding label for the query of `http`/`https` (3987bis §3.5); default UTF-8. */
  queryCharset?: string;
  /**
   * Map an input that is not a valid IRI as well: §3.3 "is defined for all sequences of Unicode
   * characters" (the components then found as RFC 3986 Appendix B does).
   */
  raw?: boolean;
}

/** IRI → URI (3987bis §3.3–§3.6); throws `IriSyntaxError` or `IriError` (`idna`, `unmappable`, `unencodable`). */
export function toUri(input: string, options?: ToUriOptions): string;

export interface ToIriOptions {
  /** Keep `xn--` labels of the host instead of converting them with ToUnicode (3987bis §3.7 step 6). */
  keepPunycode?: boolean;
}

/** URI → IRI (3987bis §3.7): percent-encoded UTF-8 decoded where it is appropriate in an IRI. */
export function toIri(input: string, options?: ToIriOptions): string;

export interface FromLeiriOptions {
  /** `"iri"` (the default) or `"uri"`; another value is a `RangeError`. */
  to?: "iri" | "uri";
  /** Convert an input that is not a LEIRI as well. */
  raw?: boolean;
}

/** LEIRI → IRI or URI (3987bis §5.1): the characters outside the target percent-encoded. */
export function fromLeiri(input: string, options?: FromLeiriOptions): string;

export interface PreprocessOptions {
  /**
   * Split at runs of spaces into several references (draft-weber-iri-guidelines §4 step 2); with
   * `encodeSpaces` a `TypeError`.
   */
  split?: boolean;
  /** Encode each space as `%20` (§4 step 2). */
  encodeSpaces?: boolean;
  /** Normalize the result to NFC (off by default: 3987bis §3.1 leaves Unicode input as it is). */
  nfc?: boolean;
  /** Decode numeric character references (`&#xE9;`, `&#233;`: §4 step 4). */
  decodeNcr?: boolean;
}

/** The references a raw text holds (draft-weber-iri-guidelines §4): trimmed, one or several. */
export function preprocess(input: string, options?: PreprocessOptions): string[];

export interface ResolveOptions extends GrammarOptions {
  /**
   * RFC 3986 §5.2.2's non-strict transformation: a reference whose scheme is the base's is
   * resolved as if it had none (`http:g` against `http://a/b/c/d;p?q` is `http://a/b/c/g`).
   */
  nonStrict?: boolean;
}

/** The target of `reference` resolved against the absolute `base` (RFC 3986 §5.2–§5.4). */
export function resolve(base: string, reference: string, options?: ResolveOptions): string;

/** The shortest reference that `resolve(base, …)` turns into `target`. */
export function relativize(base: string, target: string, options?: GrammarOptions): string;

export interface NormalizeOptions extends GrammarOptions {
  /** How far up the ladder (default `"path"`). Another value is a `RangeError`. */
  level?: Level;
  /** Write IPv6 literals as RFC 5952 §4 recommends (from the `case` level up). */
  ipv6Rfc5952?: boolean;
}

/** The normalized form of `input` up to `level` (RFC 3986 §6.2, RFC 3987 §5.3). */
export function normalize(input: string, options?: NormalizeOptions): string;

/** Whether `a` and `b` normalize to the same reference (RFC 3986 §6.1). */
export function equivalent(a: string, b: string, options?: NormalizeOptions): boolean;

export interface LintOptions extends GrammarOptions {
  /** The profile (default `"default"`); another name is a `RangeError`. */
  profile?: Profile;
  /** Codes or families turned off (`iri lint --list` lists them). An unknown name is a `RangeError`. */
  allow?: readonly string[];
  /** Codes or families made warnings. */
  warn?: readonly string[];
  /** Codes or families made errors. */
  deny?: readonly string[];
  /**
   * The most diagnostics returned (default 20; `0` or `null`: all), the first in input order: an input
   * can hold a diagnostic per character or escape. `omitted` on the result counts the others.
   */
  maxDiagnostics?: number | null;
}

/** A diagnostic of `lint`: what a spec says beyond the grammar (docs/lint.md). */
export interface Diagnostic {
  /** The code, such as `uppercase-scheme`. */
  code: string;
  severity: "info" | "warning" | "error";
  /** What was found, in one line. */
  message: string;
  /** UTF-16 index of the span's start. */
  start: number;
  /** UTF-16 index of the span's end. */
  end: number;
  /** The span in UTF-8 bytes, as `iri lint` reports `start` and `end`. */
  offset: [start: number, end: number];
  /** The component the span is in. */
  component: "scheme" | "userinfo" | "host" | "port" | "path" | "query" | "fragment";
  /** The spec sections, such as `RFC 3986 §3.1, §6.2.2.1`. */
  spec: string;
  /** The text that could replace the span, where the change is mechanical. */
  suggestion: string | null;
}

/** The diagnostics of `lint`, in input order, with the number of those left out. */
export type Diagnostics = Diagnostic[] & {
  /** How many diagnostics were found beyond `maxDiagnostics`. */
  omitted: number;
};

/** The diagnostics of a valid reference; throws `IriSyntaxError` for an invalid one. */
export function lint(input: string, options?: LintOptions): Diagnostics;

export interface CompareOptions {
  /** A rule; each grammar checks its counterpart (grammars without one are left out). */
  rule?: string;
}

/** The error of one grammar in `compare`. */
export interface CompareError {
  offset: number;
  index: number;
  column: number;
  expected: string[];
  message: string;
}

/** The verdict of one grammar. */
export interface Verdict {
  grammar: GrammarName;
  rule: string;
  valid: boolean;
  error: CompareError | null;
}

/** The verdict of every grammar on `input` (its reference rule, or the counterpart of `rule`). */
export function compare(input: string, options?: CompareOptions): Verdict[];

export interface CompareLanguagesOptions extends CompareOptions {
  /** How many shortest witnesses of each difference (default 3). */
  witnesses?: number;
}

/** A string in one language and not the other. */
export interface Witness {
  text: string;
  /** UTF-8 byte offset of the character that decides (the text's length when none does). */
  offset: number;
  /** Its UTF-16 index. */
  index: number;
  /** Its 0-based column in characters. */
  column: number;
  /** The inclusive range of characters that can stand there, `null` at the end. */
  range: [string, string] | null;
}

/** How the languages of two grammars relate (exactly: on their automata). */
export interface LanguageComparison {
  a: { grammar: GrammarName; rule: string };
  b: { grammar: GrammarName; rule: string };
  relation: "equal" | "proper-subset" | "proper-superset" | "overlapping" | "disjoint";
  symbol: string;
  /** Shortest strings of `a` that are not in `b`, in shortlex order. */
  onlyA: Witness[];
  /** Shortest strings of `b` that are not in `a`. */
  onlyB: Witness[];
  /** The first common string in shortlex order, `null` when the languages are disjoint. */
  common: string | null;
}

/** Compares the languages of grammars `a` and `b` (their reference rules, or the counterparts of `rule`). */
export function compareLanguages(
  a: GrammarName,
  b: GrammarName,
  options?: CompareLanguagesOptions,
): LanguageComparison;

/** A grammar. */
export interface GrammarInfo {
  name: GrammarName;
  /** The document and section it transcribes. */
  spec: string;
  /** Its reference rule, in spec spelling. */
  referenceRule: string;
  /** One of the four main grammars (with components). */
  main: boolean;
}

/** The nine grammars. */
export function grammars(): GrammarInfo[];

/** The rule names of `grammar` (default `"iri"`), as its ABNF spells them. */
export function rules(grammar?: GrammarName): string[];

/**
 * The label separators of a host name: `"rfc3490"`, U+002E and U+3002, U+FF0E, U+FF61 (RFC 3490
 * §3.1, which the mapping of RFC 5895 §2 keeps for IDNA2008, and the JSON Schema Test Suite), or
 * `"idna2008"`, U+002E only (the strict IDNA2008 lookup: the other three are DISALLOWED, RFC 5892).
 */
export type LabelSeparators = "rfc3490" | "idna2008";

/** The options of {@link isIdnHostname}. */
export interface IdnHostnameOptions {
  /** Where labels are separated (default `"rfc3490"`). */
  separators?: LabelSeparators;
}

/**
 * Whether `input` is an internationalized host name: JSON Schema's `idn-hostname` format (RFC 5890
 * §2.3.2.3), as the ajv plugin `iri-abnf/ajv` checks it: NR-LDH labels, A-labels and U-labels
 * (IDNA2008), the Bidi Rule (RFC 5893 §2), DNS lengths; labels separated as `separators` says
 * (`RangeError` for another value).
 */
export function isIdnHostname(input: string, options?: IdnHostnameOptions): boolean;

/** The version of the library the module was built from. */
export const version: string;
