// Every export of the package used as its declarations say (the ES module entry); the lines below
// the expect-error directives must not compile, so that the declarations are as narrow as the API.
import {
  isValid,
  checkMany,
  validate,
  parse,
  toUri,
  toIri,
  fromLeiri,
  preprocess,
  resolve,
  relativize,
  normalize,
  equivalent,
  lint,
  compare,
  compareLanguages,
  grammars,
  rules,
  isIdnHostname,
  version,
  IriSyntaxError,
  IriError,
} from "iri-abnf";
import { Ajv } from "ajv";
import addFormats, { type IriFormatName } from "iri-abnf/ajv";
import type {
  Diagnostic,
  GrammarInfo,
  GrammarName,
  LanguageComparison,
  Parsed,
  Span,
  Verdict,
  Witness,
} from "iri-abnf";

const grammar: GrammarName = "iri-printed";
const a: boolean = isValid("http://a/", { grammar, rule: "IRI" });
const b: boolean[] = checkMany(["a", "b"] as const, { grammar: "uri" });
const c: void = validate("a", {});
const p: Parsed = parse("http://a/", { grammar: "leiri" });
const span: Span | null = p.spans.host;
const path: Span = p.spans.path;
const kind: "ipv4" | "ipv6" | "ipv-future" | "reg-name" | null = p.hostKind;
const u: string = toUri("http://é/", { host: "idna", queryCharset: "shift_jis", raw: false });
const i: string = toIri("http://xn--99zt52a.example.org/", { keepPunycode: true });
const l: string = fromLeiri("a b", { to: "uri", raw: true });
const pre: string[] = preprocess(" a b ", { split: true, nfc: true, decodeNcr: false });
const r: string = resolve("http://a/b/c/d;p?q", "../g", { grammar: "uri", nonStrict: true });
const rel: string = relativize("http://a/b/c/d;p?q", "http://a/b/g", { grammar: "iri" });
const n: string = normalize("HTTP://a/", { level: "nfc", ipv6Rfc5952: true });
const e: boolean = equivalent("a", "b", { level: "case" });
const d: Diagnostic[] = lint("HTTP://a/", { profile: "rdf", allow: ["host"], warn: [], deny: ["bidi"] });
const offsets: [number, number] = d[0].offset;
const suggestion: string | null = d[0].suggestion;
const v: Verdict[] = compare("a", { rule: "IPv6address" });
const errorIndex: number | undefined = v[0].error?.index;
const cl: LanguageComparison = compareLanguages("iri", "rfc3987", { rule: "iquery", witnesses: 2 });
const w: Witness | undefined = cl.onlyA[0];
const range: [string, string] | null | undefined = w?.range;
const gs: GrammarInfo[] = grammars();
const rs: string[] = rules("uri");
const rs2: string[] = rules();
const idn: boolean =
  isIdnHostname("例え.jp") && isIdnHostname("例え。jp", { separators: "rfc3490" }) && !isIdnHostname("a", { separators: "idna2008" });
// @ts-expect-error: label separators are rfc3490 and idna2008
isIdnHostname("a", { separators: "uts46" });
addFormats(new Ajv(), { idnHostname: "idna2008" });
// @ts-expect-error: idnHostname is rfc3490 or idna2008
addFormats(new Ajv(), { idnHostname: "uts46" });
const ver: string = version;

try {
  validate("a b");
} catch (err) {
  if (err instanceof IriSyntaxError) {
    const syntax: SyntaxError = err;
    const fields: [number, number, number, string[], string | null, string | null, string, string, string | null] = [
      err.index, err.offset, err.column, err.expected, err.grammar, err.rule, err.input, err.argument, err.caret,
    ];
    void syntax;
    void fields;
  } else if (err instanceof IriError) {
    const k: "idna" | "unmappable" | "unencodable" | "resolution" | "other" = err.kind;
    const at: number | undefined = err.index;
    void k;
    void at;
  }
}

const ajv: Ajv = addFormats(new Ajv(), { iri: "3987bis", formats: ["iri", "idn-hostname"] });
const formats: IriFormatName[] = ["uri", "uri-reference"];
addFormats(ajv, formats);

// @ts-expect-error: a grammar that does not exist
isValid("a", { grammar: "url" });
// @ts-expect-error: parse takes only the four main grammars
parse("a", { grammar: "rfc2396" });
// @ts-expect-error: an option parse does not have
parse("a", { rule: "IRI" });
// @ts-expect-error: host mappings are percent, idna and uts46
toUri("a", { host: "punycode" });
// @ts-expect-error: a level that does not exist
normalize("a", { level: "full" });
// @ts-expect-error: a profile that does not exist
lint("a", { profile: "pedantic" });
// @ts-expect-error: the input is a string
isValid(42);
// @ts-expect-error: checkMany takes an array of strings
checkMany([1, 2]);
// @ts-expect-error: fromLeiri converts to iri or uri
fromLeiri("a", { to: "leiri" });
// @ts-expect-error: version is a constant, not a function
version();
// @ts-expect-error: the plugin's iri option is rfc3987 or 3987bis
addFormats(ajv, { iri: "iri" });

export const all = [a, b, c, p, span, path, kind, u, i, l, pre, r, rel, n, e, d, offsets, suggestion, v, errorIndex, cl, range, gs, rs, rs2, idn, ver];
