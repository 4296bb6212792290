// The package agrees with the `iri` command: on strings that `iri generate` writes for every grammar
// and several rules of each (valid strings and near misses), the same strings with characters
// outside US-ASCII (astral ones too) put in at random places, and strings written by hand, the
// verdicts of isValid and checkMany, the errors of validate (offset, column, expected, message; index
// the UTF-16 index of the offset), the components of parse and the diagnostics of lint equal the
// command's JSON records (`iri check`, `iri parse`, `iri lint`, `--format json`). Strings with line
// feeds reach the command NUL-terminated (`iri -0`).
//
// The command: tests/helpers/iri.mjs (IRI_BIN; required when CI is set).

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  isValid,
  checkMany,
  validate,
  parse,
  lint,
  toUri,
  toIri,
  fromLeiri,
  normalize,
  resolve,
  relativize,
  rules,
  grammars,
  IriSyntaxError,
} from "iri-abnf";
import {
  findIri,
  iriRecords,
  iriGenerate,
  utf16Index,
  random,
  NON_ASCII,
  HANDMADE,
} from "./helpers/iri.mjs";

const GRAMMARS = [
  "uri",
  "rfc3987",
  "iri",
  "leiri",
  "rfc2396",
  "rfc2732",
  "masinter07",
  "duerst01",
  "iri-printed",
];
const MAIN = ["uri", "rfc3987", "iri", "leiri"];

// Besides the reference rule, the first rule of each line that the grammar has.
const OTHER_RULES = [
  ["URI", "IRI", "absoluteURI", "absoluteIRI"],
  ["ihost", "host"],
  ["iauthority", "authority"],
  ["ipath-abempty", "path-abempty", "iabs-path", "abs-path"],
  ["iquery", "query"],
  ["IPv6address"],
];

const GENERATED = 300; // strings of the rule per (grammar, rule), and as many near misses
const SPRINKLED = 200; // generated strings with characters outside US-ASCII put in

const iri = findIri();
const skip = iri.missing ?? false;

/** The rules to test in grammar `g`: its reference rule first. */
function rulesOf(g) {
  const all = rules(g);
  const reference = grammars().find((x) => x.name === g).referenceRule;
  const picked = [reference];
  for (const line of OTHER_RULES) {
    const r = line.find((name) => all.includes(name));
    if (r !== undefined) picked.push(r);
  }
  return picked;
}

/** `s` with `k` characters of NON_ASCII put in at random places (between code points). */
function sprinkle(s, next, k) {
  const chars = [...s];
  for (let j = 0; j < k; j++) {
    const at = Math.floor(next() * (chars.length + 1));
    chars.splice(at, 0, NON_ASCII[Math.floor(next() * NON_ASCII.length)]);
  }
  return chars.join("");
}

/** The strings of rule `r` of grammar `g`. */
function stringsOf(g, r, seed) {
  const valid = iriGenerate(iri.bin, [
    "--grammar", g, "--rule", r, "--count", String(GENERATED), "--seed", String(seed),
  ]);
  const mutated = iriGenerate(iri.bin, [
    "--grammar", g, "--rule", r, "--count", String(GENERATED), "--seed", String(seed), "--mutate",
  ]);
  const next = random(seed);
  const sprinkled = [];
  for (let i = 0; i < SPRINKLED; i++) {
    const from = valid[i % valid.length];
    sprinkled.push(sprinkle(from, next, 1 + (i % 3)));
  }
  // A string with both NUL and a line feed (a near miss can be one) reaches the command neither
  // as a line nor NUL-terminated, nor as an argument: it is left out, and counted.
  const all = [...valid, ...mutated, ...sprinkled, ...HANDMADE];
  const sendable = all.filter((s) => !s.includes("\0") || !(s.includes("\n") || s.endsWith("\r")));
  counts.unsendable += all.length - sendable.length;
  return sendable;
}

const counts = { unsendable: 0, strings: 0, nonAscii: 0, astral: 0, lineFeeds: 0, invalid: 0, parsed: 0, linted: 0 };
const cases = new Map(); // "g r" -> strings, for the parse and lint tests

let seed = 1;
for (const g of GRAMMARS) {
  test(`verdicts and errors of ${g} equal the iri command's`, { skip }, () => {
    for (const r of rulesOf(g)) {
      const strings = stringsOf(g, r, seed++);
      cases.set(`${g} ${r}`, strings);
      const records = iriRecords(iri.bin, ["check", "--format", "json", "--grammar", g, "--rule", r], strings);
      const opts = { grammar: g, rule: r };
      const many = checkMany(strings, opts);
      assert.equal(many.length, strings.length);
      strings.forEach((s, i) => {
        const rec = records[i];
        const what = `${g} ${r} ${JSON.stringify(s)}`;
        assert.equal(rec.input, s, `the command read ${what} as it is`);
        assert.equal(rec.rule.toLowerCase(), r.toLowerCase(), what);
        assert.equal(isValid(s, opts), rec.valid, `isValid ${what}`);
        assert.equal(many[i], rec.valid, `checkMany ${what}`);
        counts.strings++;
        if (/[^\x00-\x7f]/.test(s)) counts.nonAscii++;
        if (/[\u{10000}-\u{10FFFF}]/u.test(s)) counts.astral++;
        if (s.includes("\n")) counts.lineFeeds++;
        let error = null;
        try {
          validate(s, opts);
        } catch (e) {
          error = e;
        }
        if (rec.valid) {
          assert.equal(error, null, `validate ${what} threw ${error?.message}`);
          return;
        }
        counts.invalid++;
        assert.ok(error instanceof IriSyntaxError, `validate ${what}: ${error}`);
        assert.ok(error instanceof SyntaxError);
        const want = rec.error;
        assert.equal(error.offset, want.offset, `offset ${what}`);
        assert.equal(error.column, want.column, `column ${what}`);
        assert.deepEqual(error.expected, want.expected, `expected ${what}`);
        assert.equal(error.message, want.message, `message ${what}`);
        assert.equal(error.index, utf16Index(s, want.offset), `index ${what}`);
        assert.equal(error.grammar, g);
        assert.equal(error.rule, rec.rule);
        assert.equal(error.input, s);
        assert.equal(error.argument, "input");
      });
    }
  });
}

// checkMany on one array of every grammar's strings, line feeds and all, in one call.
test("checkMany on all the strings at once equals the iri command's verdicts", { skip }, () => {
  assert.ok(cases.size > 0, "the verdict tests ran first");
  for (const g of ["iri", "leiri"]) {
    const all = [...cases.values()].flat();
    const records = iriRecords(iri.bin, ["check", "--format", "json", "--grammar", g], all);
    assert.deepEqual(
      checkMany(all, { grammar: g }),
      records.map((r) => r.valid),
    );
  }
});

/** The component `c` of an `iri parse` record as the package gives it: text and UTF-16 span. */
function component(s, c) {
  if (c === null || c === undefined) return [null, null];
  return [c.text, [utf16Index(s, c.span.start), utf16Index(s, c.span.end)]];
}

for (const g of MAIN) {
  test(`parse in ${g} equals iri parse --format json`, { skip }, () => {
    const strings = [...cases.entries()].filter(([k]) => k.startsWith(`${g} `)).flatMap(([, v]) => v);
    assert.ok(strings.length > 0, "the verdict tests ran first");
    const records = iriRecords(iri.bin, ["parse", "--format", "json", "--grammar", g], strings);
    strings.forEach((s, i) => {
      const rec = records[i];
      const what = `${g} ${JSON.stringify(s)}`;
      let got;
      try {
        got = parse(s, { grammar: g });
      } catch (e) {
        assert.equal(rec.valid, false, `parse ${what} threw ${e.message}`);
        assert.ok(e instanceof IriSyntaxError);
        assert.equal(e.offset, rec.error.offset, what);
        assert.equal(e.column, rec.error.column, what);
        assert.deepEqual(e.expected, rec.error.expected, what);
        assert.equal(e.index, utf16Index(s, rec.error.offset), what);
        return;
      }
      assert.equal(rec.valid, true, `parse ${what} gave components`);
      counts.parsed++;
      const c = rec.components;
      const a = c.authority;
      const want = {
        input: s,
        grammar: g,
        kind: c.kind,
        scheme: null,
        userinfo: null,
        host: null,
        hostKind: a ? a.host.kind : null,
        port: null,
        path: null,
        query: null,
        fragment: null,
        spans: {},
      };
      for (const [name, value] of [
        ["scheme", c.scheme],
        ["userinfo", a?.userinfo],
        ["host", a?.host],
        ["port", a?.port],
        ["path", c.path],
        ["query", c.query],
        ["fragment", c.fragment],
      ]) {
        [want[name], want.spans[name]] = component(s, value);
      }
      assert.deepEqual(got, want, what);
      for (const [name, span] of Object.entries(got.spans)) {
        if (span !== null) assert.equal(s.slice(...span), got[name], `${what} ${name}`);
      }
    });
  });

  test(`lint in ${g} equals iri lint --format json`, { skip }, () => {
    const strings = cases.get(`${g} ${g === "uri" ? "URI-reference" : "IRI-reference"}`);
    assert.ok(strings, "the verdict tests ran first");
    for (const profile of ["default", "strict"]) {
      const records = iriRecords(
        iri.bin,
        ["lint", "--no-config", "--format", "json", "--grammar", g, "--profile", profile],
        strings,
      );
      strings.forEach((s, i) => {
        const rec = records[i];
        const what = `${g} ${profile} ${JSON.stringify(s)}`;
        let got;
        try {
          got = lint(s, { grammar: g, profile });
        } catch (e) {
          assert.equal(rec.valid, false, `lint ${what} threw ${e.message}`);
          assert.equal(e.offset, rec.error.offset, what);
          return;
        }
        assert.equal(rec.valid, true, `lint ${what} gave diagnostics`);
        counts.linted += got.length;
        assert.deepEqual(
          got,
          rec.diagnostics.map((d) => ({
            code: d.code,
            severity: d.severity,
            message: d.message,
            start: utf16Index(s, d.start),
            end: utf16Index(s, d.end),
            offset: [d.start, d.end],
            component: d.component,
            spec: d.spec,
            suggestion: d.suggestion ?? null,
          })),
          what,
        );
        assert.equal(got.omitted, rec.diagnostics_omitted, what);
      });
    }
  });
}

/** Whether `f()` gives the command's result `output` (a string), or throws where it reports `error`:
 * an object (a conversion's: kind, offset, message) or a string (the message of the others). */
function sameResult(f, output, error, what) {
  let got;
  try {
    got = f();
  } catch (e) {
    assert.notEqual(error, null, `${what} threw ${e.message}, the command gives ${output}`);
    if (typeof error === "string") {
      assert.ok(error.endsWith(e.message.replace(/^\w+: /, "")), `${what}: ${e.message} / ${error}`);
      return "error";
    }
    assert.equal(e.message, error.message, what);
    assert.equal(e.offset, error.offset, what);
    assert.equal(e.index, utf16Index(what.input, error.offset), what);
    if (error.kind === "syntax") {
      assert.ok(e instanceof IriSyntaxError, what);
      return "error";
    }
    assert.equal(e.name, "IriError", what);
    assert.equal(e.kind, error.kind, what);
    return "conversion";
  }
  assert.equal(error, null, `${what} gave ${JSON.stringify(got)}, the command fails: ${JSON.stringify(error)}`);
  assert.equal(got, output, what);
  return "ok";
}

const BASE = "http://a/b/c/d;p?q";

test("conversions, resolution and normalization equal the iri command's", { skip }, () => {
  assert.ok(cases.size > 0, "the verdict tests ran first");
  const tally = {};
  const count = (name, r) => {
    tally[name] ??= { ok: 0, error: 0, conversion: 0 };
    tally[name][r]++;
  };
  const stringsOf = (g) => cases.get(`${g} ${g === "uri" ? "URI-reference" : "IRI-reference"}`);
  const run = (name, args, strings, f, pick) => {
    const records = iriRecords(iri.bin, [...args, "--format", "json"], strings);
    strings.forEach((s, i) => {
      const [output, error] = pick(records[i]);
      const what = Object.assign(new String(`${name} ${JSON.stringify(s)}`), { input: s });
      count(name, sameResult(() => f(s), output, error, what));
    });
  };
  const converted = (r) => [r.output, r.error];
  const iris = stringsOf("iri");
  for (const host of ["percent", "idna", "uts46"]) {
    run(`toUri ${host}`, ["to-uri", "--host", host], iris, (s) => toUri(s, { host }), converted);
  }
  run("toUri raw", ["to-uri", "--raw"], stringsOf("leiri"), (s) => toUri(s, { raw: true }), converted);
  run("toIri", ["to-iri"], stringsOf("uri"), (s) => toIri(s), converted);
  run("toIri keepPunycode", ["to-iri", "--keep-punycode"], stringsOf("uri"), (s) => toIri(s, { keepPunycode: true }), converted);
  for (const to of ["iri", "uri"]) {
    run(`fromLeiri ${to}`, ["from-leiri", "--to", to], stringsOf("leiri"), (s) => fromLeiri(s, { to }), converted);
    run(`fromLeiri ${to} raw`, ["from-leiri", "--to", to, "--raw"], stringsOf("leiri"),
      (s) => fromLeiri(s, { to, raw: true }), converted);
  }
  for (const g of MAIN) {
    for (const level of ["simple", "path", "nfc"]) {
      run(`normalize ${g} ${level}`, ["normalize", "--grammar", g, "--level", level], stringsOf(g),
        (s) => normalize(s, { grammar: g, level }), (r) => [r.normalized, r.error]);
    }
    for (const nonStrict of [false, true]) {
      run(`resolve ${g}${nonStrict ? " nonStrict" : ""}`,
        ["resolve", "--grammar", g, ...(nonStrict ? ["--non-strict"] : []), BASE], stringsOf(g),
        (s) => resolve(BASE, s, { grammar: g, nonStrict }), (r) => [r.target, r.error]);
    }
    // Targets: the references resolved, which relativize must reach.
    const targets = stringsOf(g).flatMap((s) => {
      try {
        return [resolve(BASE, s, { grammar: g })];
      } catch {
        return [];
      }
    });
    run(`relativize ${g}`, ["relativize", "--grammar", g, BASE], targets,
      (s) => relativize(BASE, s, { grammar: g }), (r) => [r.reference, r.error]);
  }
  console.log(`# operations: ${JSON.stringify(tally)}`);
  for (const [name, t] of Object.entries(tally)) {
    assert.ok(t.ok >= 100, `${name}: ${t.ok} results`);
  }
  // Failures compared too, where the operation has them on these strings.
  for (const name of ["toUri idna", "toUri uts46", "toIri", "fromLeiri iri", "normalize uri path", "resolve iri"]) {
    assert.ok(tally[name].error >= 10, `${name}: ${tally[name].error} errors`);
  }
  // IDNA's own refusals of valid IRIs (RFC 5891 §5.4, UTS #46), with their kind and offset.
  for (const name of ["toUri idna", "toUri uts46"]) {
    assert.ok(tally[name].conversion >= 3, `${name}: ${tally[name].conversion} IDNA errors`);
  }
});

test("the comparison covered what it should", { skip }, () => {
  console.log(`# agreement: ${JSON.stringify(counts)}`);
  // Enough strings of each kind for the comparison to mean something: characters of every UTF-8
  // length, astral ones (where UTF-16 index, byte offset and column all differ), line feeds,
  // invalid strings (errors compared), components and diagnostics.
  assert.ok(counts.strings >= 20000, `${counts.strings} strings`);
  assert.ok(counts.nonAscii >= 3000, `${counts.nonAscii} strings outside US-ASCII`);
  assert.ok(counts.astral >= 1000, `${counts.astral} strings with astral characters`);
  assert.ok(counts.lineFeeds >= 50, `${counts.lineFeeds} strings with line feeds`);
  assert.ok(counts.invalid >= 5000, `${counts.invalid} invalid strings`);
  assert.ok(counts.parsed >= 1000, `${counts.parsed} strings parsed`);
  assert.ok(counts.linted >= 500, `${counts.linted} diagnostics`);
});
