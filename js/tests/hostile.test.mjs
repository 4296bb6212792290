// Hostile inputs: lone surrogates, megabyte strings, NUL and control characters, every rule of
// every grammar, arrays with holes and non-strings, options objects that misbehave, and a thousand
// hostile calls after which the module still answers correctly. Nothing may panic across the
// boundary (a panic would trap: a WebAssembly.RuntimeError), and every error is one of the API's.

import { test, describe } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as iri from "iri-abnf";
import * as glue from "../package/dist/iri_abnf_wasm.js";
import { makeApi } from "../package/dist/api.js";
import { random } from "./helpers/iri.mjs";

const {
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
  grammars,
  rules,
  isIdnHostname,
  IriSyntaxError,
  IriError,
} = iri;

const GRAMMARS = grammars().map((g) => g.name);
const MAIN = grammars().filter((g) => g.main).map((g) => g.name);
const MB = 1 << 20;

function thrown(f) {
  try {
    f();
  } catch (e) {
    return e;
  }
  assert.fail("no error thrown");
}

/** The API's errors: anything else (a RuntimeError from a trap, an internal TypeError from a bug
 * such as reading a property of null) fails the test. */
function apiError(e, what) {
  assert.ok(
    e instanceof IriSyntaxError || e instanceof IriError || e instanceof RangeError || e instanceof TypeError,
    `${what}: ${e?.name}: ${e?.message}`,
  );
  assert.ok(!(e instanceof WebAssembly.RuntimeError), `${what}: ${e.message}`);
  if (e instanceof TypeError) {
    // The API's own TypeErrors name an argument or an option; JavaScript's ("Cannot read
    // properties of null", "x is not a function") do not.
    assert.match(
      e.message,
      /must be|has no option|takes an array|not both/,
      `${what}: an internal TypeError: ${e.message}`,
    );
  }
  return e;
}

// The functions that take strings to the module, with the argument each names in its errors.
const STRING_CALLS = [
  ["validate", (s) => validate(s), "input"],
  ["validate leiri", (s) => validate(s, { grammar: "leiri", rule: "ipath" }), "input"],
  ["parse", (s) => parse(s), "input"],
  ["toUri", (s) => toUri(s, { host: "idna" }), "input"],
  ["toUri raw", (s) => toUri(s, { raw: true }), "input"],
  ["toIri", (s) => toIri(s), "input"],
  ["fromLeiri", (s) => fromLeiri(s), "input"],
  ["fromLeiri raw", (s) => fromLeiri(s, { raw: true, to: "uri" }), "input"],
  ["preprocess", (s) => preprocess(s, { split: true }), "input"],
  ["resolve base", (s) => resolve(s, "g"), "base"],
  ["resolve reference", (s) => resolve("http://a/b", s), "reference"],
  ["relativize base", (s) => relativize(s, "http://a/b"), "base"],
  ["relativize target", (s) => relativize("http://a/b", s), "target"],
  ["normalize", (s) => normalize(s, { level: "nfc" }), "input"],
  ["equivalent a", (s) => equivalent(s, "http://a/"), "a"],
  ["equivalent b", (s) => equivalent("http://a/", s), "b"],
  ["lint", (s) => lint(s, { profile: "strict" }), "input"],
  ["compare", (s) => compare(s), "input"],
];

describe("lone surrogates", () => {
  // [string, index of the first lone surrogate]
  const cases = [
    ["\uD800", 0],
    ["\uDFFF", 0],
    ["http://a/\uD800", 9],
    ["http://a/\uDC00b", 9],
    ["\uDBFF\uDBFF\uDC00", 0], // a high half, then a pair
    ["😀\uDC00", 2], // a pair, then a low half
    ["\uDC00\uD800", 0], // the halves in the wrong order
    ["http://é😀/\uD83D", 11], // a high half at the end, after characters of 2 and 4 bytes
    ["?\uDB40\uDC00\uDB40", 3], // U+E0000, then a high half
  ];

  test("isValid and checkMany: false in every grammar and rule", () => {
    for (const g of GRAMMARS) {
      for (const rule of rules(g)) {
        for (const [s] of cases) {
          assert.equal(isValid(s, { grammar: g, rule }), false, `${g} ${rule} ${JSON.stringify(s)}`);
        }
        // Beside well-formed strings, which keep their verdicts.
        const mixed = ["a", ...cases.map((c) => c[0]), "a"];
        const want = isValid("a", { grammar: g, rule });
        assert.deepEqual(checkMany(mixed, { grammar: g, rule }), [want, ...cases.map(() => false), want]);
      }
    }
    // isIdnHostname too: a lone surrogate is in no host name.
    for (const [s] of cases) assert.equal(isIdnHostname(s), false, JSON.stringify(s));
    assert.equal(isIdnHostname("例え.jp\uD800"), false);
    // Valid strings around the surrogate stay valid without it.
    assert.equal(isValid("http://a/\uD800".slice(0, 9)), true);
    assert.equal(isValid("?\u{E0000}"), true);
    assert.equal(isValid("😀"), true);
  });

  test("every other function throws an IriSyntaxError naming its index", () => {
    for (const [name, f, argument] of STRING_CALLS) {
      for (const [s, index] of cases) {
        const e = thrown(() => f(s));
        const what = `${name} ${JSON.stringify(s)}`;
        assert.ok(e instanceof IriSyntaxError, `${what}: ${e}`);
        assert.equal(e.index, index, what);
        const before = s.slice(0, index);
        assert.equal(e.offset, Buffer.byteLength(before), what);
        assert.equal(e.column, [...before].length + 1, what);
        assert.equal(e.argument, argument, what);
        assert.equal(e.input, s, what);
        assert.equal(e.grammar, null);
        assert.equal(e.rule, null);
        assert.deepEqual(e.expected, []);
        assert.match(e.message, new RegExp(`^${argument} holds a lone surrogate \\(U\\+D[89A-F][0-9A-F]{2}\\) at index ${index}`), what);
      }
    }
  });

  test("in a grammar, rule, profile or lint name: a RangeError, as any unknown name", () => {
    const cases = [
      () => isValid("a", { grammar: "ur\uD800i" }),
      () => checkMany(["a"], { rule: "\uDFFF" }),
      () => validate("a", { grammar: "\uD800" }),
      () => parse("a", { grammar: "iri\uD800" }),
      () => lint("a", { profile: "\uD800" }),
      () => lint("a", { allow: ["bidi\uD800"] }),
      () => toUri("a", { queryCharset: "utf\uD800" }),
      () => toUri("a", { host: "idna\uD800" }),
      () => normalize("a", { level: "\uD800" }),
      () => compare("a", { rule: "\uD800" }),
      () => iri.compareLanguages("iri", "uri\uD800"),
      () => rules("\uD800"),
    ];
    for (const f of cases) assert.ok(apiError(thrown(f), String(f)) instanceof RangeError, String(f));
  });
});

describe("megabyte inputs", () => {
  const path = "a".repeat(MB);
  const wide = "é😀".repeat(MB / 6); // 1 MB of UTF-8, where index, offset and column all differ

  test("isValid, checkMany and validate on 1 MB", () => {
    for (const g of GRAMMARS) {
      assert.equal(isValid(`http://x/${path}`, { grammar: g }), true, g);
      // A space: in LEIRIs, and in draft-duerst-iri-01's IRIs.
      assert.equal(isValid(`http://x/${path} `, { grammar: g }), g === "leiri" || g === "duerst01", g);
      assert.deepEqual(checkMany([`http://x/${path}`, `http://x/${path}\u0000`], { grammar: g }), [true, g === "leiri"]);
    }
    assert.equal(isValid(`http://x/${wide}`), true);
    assert.equal(isValid(`http://x/${wide}`, { grammar: "uri" }), false);
    const e = thrown(() => validate(`http://x/${wide} `));
    const n = wide.length / 3; // "é😀" pairs
    assert.equal(e.index, 9 + 3 * n);
    assert.equal(e.offset, 9 + 6 * n);
    assert.equal(e.column, 9 + 2 * n + 1);
    assert.equal(e.input.length, 9 + 3 * n + 1);
  });

  test("the other functions on 1 MB", () => {
    const input = `http://x/${wide}?${path}#${wide}`;
    const r = parse(input);
    assert.equal(r.path, `/${wide}`);
    assert.equal(input.slice(...r.spans.fragment), wide);
    assert.equal(r.spans.query[1] - r.spans.query[0], MB);
    assert.equal(toUri(`http://x/${wide}`).length, 9 + (wide.length / 3) * (6 + 12));
    assert.equal(toIri(toUri(`http://x/${wide}`)), `http://x/${wide}`);
    assert.equal(fromLeiri(`http://x/${path} `), `http://x/${path}%20`);
    assert.equal(normalize(`HTTP://x/${path}/../b`), "http://x/b");
    assert.equal(equivalent(`http://x/${path}`, `HTTP://x/${path}`), true);
    assert.equal(resolve("http://a/b/c", `../${path}`), `http://a/${path}`);
    assert.equal(relativize("http://a/b/c", `http://a/b/${path}`), path);
    assert.deepEqual(lint(`HTTP://x/${wide}`).map((d) => d.code), ["uppercase-scheme"]);
    assert.equal(preprocess(`  ${path}  `).length, 1);
    assert.equal(preprocess(" a".repeat(MB / 2), { split: true }).length, MB / 2);
    assert.deepEqual(compare(`http://x/${wide}`).filter((v) => !v.valid).map((v) => v.grammar), ["uri", "rfc2396", "rfc2732"]);
    assert.equal(isIdnHostname("é".repeat(MB / 2)), false);
    assert.equal(isIdnHostname(`${"a".repeat(63)}.`.repeat(MB / 64)), false);
    const huge = thrown(() => toUri(`http://${"é".repeat(MB / 2)}/`, { host: "idna" }));
    assert.ok(huge instanceof IriError && huge.kind === "idna", String(huge));
  });

  test("a megabyte grammar or rule name is an unknown one", () => {
    assert.ok(thrown(() => isValid("a", { grammar: path })) instanceof RangeError);
    assert.ok(thrown(() => isValid("a", { rule: path })) instanceof RangeError);
  });
});

describe("NUL and control characters", () => {
  const controls = [];
  for (let c = 0; c < 0x20; c++) controls.push(String.fromCharCode(c));
  for (let c = 0x7f; c < 0xa0; c++) controls.push(String.fromCharCode(c));

  test("in no grammar but LEIRI's, which admits them all (3987bis §5.1), and C1 in draft-duerst-iri-01's", () => {
    for (const ch of controls) {
      const s = `http://a/${ch}b`;
      const c1 = ch >= "\u0080";
      for (const g of GRAMMARS) {
        const want = g === "leiri" || (c1 && g === "duerst01");
        assert.equal(isValid(s, { grammar: g }), want, `${g} U+${ch.charCodeAt(0).toString(16)}`);
      }
      assert.equal(isValid(ch, { grammar: "leiri" }), true);
      assert.equal(fromLeiri(s), `http://a/${encodeURIComponent(ch)}b`);
      assert.equal(fromLeiri(s, { to: "uri" }), `http://a/${encodeURIComponent(ch)}b`);
    }
  });

  test("their errors name them, escaped", () => {
    for (const ch of controls) {
      const code = ch.charCodeAt(0);
      const e = thrown(() => validate(`http://a/${ch}`));
      assert.equal(e.index, 9);
      assert.equal(e.offset, 9);
      assert.equal(e.column, 10);
      assert.ok(e.message.includes(`U+${code.toString(16).toUpperCase().padStart(4, "0")}`), e.message);
      // The caret line shows the control escaped, never raw.
      assert.ok(!e.caret.slice(0, e.caret.indexOf("\n")).includes(ch), JSON.stringify(e.caret));
      assert.ok(e.caret.includes(`\\u{${code.toString(16).toUpperCase()}}`), JSON.stringify(e.caret));
    }
  });

  test("NUL everywhere", () => {
    // [string, its verdict in leiri]: a NUL is a leiri-ucschar, but "\0http:" is a first segment
    // with a colon, which no relative reference may have (RFC 3986 §4.2).
    for (const [s, leiri] of [["\0", true], ["\0\0\0", true], ["http://a\0/", true], ["http://a/\0", true], ["\0http://a/", false], ["a\0:b", false]]) {
      for (const g of GRAMMARS) assert.equal(isValid(s, { grammar: g }), g === "leiri" && leiri, `${g} ${JSON.stringify(s)}`);
      assert.equal(thrown(() => validate(s)).index, s.indexOf("\0"));
      for (const [name, f] of STRING_CALLS) {
        try {
          f(s);
        } catch (e) {
          apiError(e, `${name} ${JSON.stringify(s)}`);
        }
      }
    }
    assert.deepEqual(checkMany(["\0", "a\0", "a"], { grammar: "uri" }), [false, false, true]);
    assert.deepEqual(checkMany(["\0", "a\0", "a"], { grammar: "leiri" }), [true, true, true]);
  });
});

describe("every grammar and rule", () => {
  const strings = [
    "", "a", "A", "0", "%41", "%", "::1", "1.2.3.4", "[v7.a]", "http://a/", "//a", "?", "#", "@",
    "é", "😀", "\u{E0000}", "\u{10FFFF}", "\uFFFD", "\u202E", " ", "\0", "\n", "a b", "%zz",
    "http://u@[::1]:80/p?q#f", "\u{20000}", "\uFEFF", "\uD800",
  ];

  test("isValid, checkMany and validate agree on every rule", () => {
    let rulesSeen = 0;
    for (const g of GRAMMARS) {
      for (const rule of rules(g)) {
        rulesSeen++;
        const opts = { grammar: g, rule };
        const verdicts = checkMany(strings, opts);
        strings.forEach((s, i) => {
          const what = `${g} ${rule} ${JSON.stringify(s)}`;
          assert.equal(isValid(s, opts), verdicts[i], what);
          let error = null;
          try {
            validate(s, opts);
          } catch (e) {
            error = apiError(e, what);
          }
          assert.equal(error === null, verdicts[i], `validate ${what}: ${error?.message}`);
          if (error !== null && !/\uD800/.test(s)) {
            assert.equal(error.grammar, g);
            assert.equal(error.rule, rule);
            assert.ok(error.index >= 0 && error.index <= s.length, what);
          }
        });
      }
    }
    assert.ok(rulesSeen >= 400, `${rulesSeen} rules`);
  });

  // The module's own walk (`check`), which the API takes for a rule whose automaton has no rows
  // here: forced for every rule by an API over the module whose `rows` gives none.
  test("the module's walk gives the verdicts of the walk in JavaScript, buffer growth included", () => {
    const module = readFileSync(new URL("../package/dist/iri_abnf_wasm_bg.wasm", import.meta.url));
    glue.initSync({ module });
    const viaModule = makeApi({ ...glue, rows: () => new Uint16Array(0) });
    const big = [`http://x/${"é😀".repeat(MB / 6)}`, `http://x/${"a".repeat(4 * MB)} `];
    for (const g of GRAMMARS) {
      for (const rule of rules(g)) {
        const opts = { grammar: g, rule };
        assert.deepEqual(viaModule.checkMany(strings, opts), checkMany(strings, opts), `${g} ${rule}`);
      }
      assert.deepEqual(viaModule.checkMany(big, { grammar: g }), checkMany(big, { grammar: g }), g);
    }
    // And after the buffer grew, short strings again (the memory's view renewed).
    assert.deepEqual(viaModule.checkMany(strings), checkMany(strings));
    assert.equal(viaModule.isValid("http://a/é"), true);
    assert.equal(viaModule.isValid("http://a/\uD800"), false);
  });
});

describe("arrays for checkMany", () => {
  test("holes and non-strings are TypeErrors naming the item", () => {
    const cases = [
      [[, "a"], /item 0 must be a string, not undefined/], // eslint-disable-line no-sparse-arrays
      [["a", , "b"], /item 1 must be a string, not undefined/], // eslint-disable-line no-sparse-arrays
      [new Array(3), /item 0 must be a string, not undefined/],
      [["a", null], /item 1 must be a string, not null/],
      [["a", 1], /item 1 must be a string, not a number/],
      [["a", ["b"]], /item 1 must be a string, not an array/],
      [["a", new String("b")], /item 1 must be a string, not an object/],
      [["a", Symbol("b")], /item 1 must be a string, not a symbol/],
      [["a", () => "b"], /item 1 must be a string, not a function/],
    ];
    for (const [array, message] of cases) {
      const e = thrown(() => checkMany(array));
      assert.ok(e instanceof TypeError);
      assert.match(e.message, message);
    }
    for (const notArray of [{ length: 1, 0: "a" }, "ab", new Set(["a"]), null, undefined, 1]) {
      assert.ok(thrown(() => checkMany(notArray)) instanceof TypeError, String(notArray));
    }
  });

  test("arrays of every shape that is an array", () => {
    assert.deepEqual(checkMany([]), []);
    assert.deepEqual(checkMany(Object.freeze(["a", "b c"])), [true, false]);
    class Strings extends Array {}
    assert.deepEqual(checkMany(Strings.from(["a", "b c"])), [true, false]);
    const extra = ["a"];
    extra.note = 1;
    assert.deepEqual(checkMany(extra), [true]);
    const many = Array.from({ length: 200000 }, (_, i) => (i % 3 === 0 ? `http://a/${i}` : i % 3 === 1 ? `a ${i}` : `\uD800${i}`));
    const out = checkMany(many);
    assert.equal(out.length, many.length);
    assert.deepEqual(out.slice(0, 6), [true, false, false, true, false, false]);
    // Line feeds inside strings do not split them.
    assert.deepEqual(checkMany(["a\nb", "\n", "a"], { grammar: "leiri" }), [true, true, true]);
    assert.deepEqual(checkMany(["a\nb", "\n", "a"]), [false, false, true]);
  });
});

describe("a thousand hostile calls", () => {
  const OTHERS = [undefined, null, 0, -1, NaN, 1n, true, {}, [], ["a"], () => "a", Symbol("s"), new String("a")];
  const STRINGS = [
    "\uD800", "a\uDC00", "\0", "\u0085", "http://a/\u202E", "%", "[", "http://[::1", " ",
    "x".repeat(1000), "é😀".repeat(500), "http://EXAMPLE.org/%7e", "?\u{E0000}", "a:b", "",
  ];
  const OPTIONS = [
    undefined, null, {}, "uri", 1, [], { grammar: "url" }, { grammar: "\uD800" }, { rule: 5 },
    { rule: "nope" }, { grammar: "rfc2396", rule: "IPv6address" }, { level: "none" }, { nope: 1 },
    { host: "ascii" }, { queryCharset: "" }, { to: "leiri" }, { profile: "x" }, { allow: [""] },
    { deny: "bidi" }, { witnesses: -1 }, { split: true, encodeSpaces: true }, { raw: 1 },
    Object.create({ grammar: "uri" }),
    new Proxy({}, { ownKeys: () => ["grammar"], getOwnPropertyDescriptor: () => ({ value: "uri", enumerable: true, configurable: true }) }),
    { get grammar() { throw new Error("a getter's own error"); } },
  ];
  const FUNCTIONS = [
    "isValid", "checkMany", "validate", "parse", "toUri", "toIri", "fromLeiri", "preprocess",
    "resolve", "relativize", "normalize", "equivalent", "lint", "compare", "compareLanguages",
    "grammars", "rules", "isIdnHostname",
  ];
  const SAMPLES = [
    ["isValid", ["http://résumé.example.org/", { grammar: "uri" }]],
    ["isValid", ["?\u{E0000}", { grammar: "iri" }]],
    ["checkMany", [["http://a/", "a b", "é", "\uD800"], { grammar: "rfc3987" }]],
    ["parse", ["http://u@例え.jp:80/😀?q#f"]],
    ["toUri", ["http://résumé.example.org/é", { host: "idna" }]],
    ["toIri", ["http://xn--99zt52a.example.org/%e2%80%ae"]],
    ["fromLeiri", ["http://a/b c", { to: "uri" }]],
    ["preprocess", [" a b ", { split: true }]],
    ["resolve", ["http://a/b/c/d;p?q", "../g"]],
    ["relativize", ["http://a/b/c/d;p?q", "http://a/b/g"]],
    ["normalize", ["eXAMPLE://a/./b/../b/%63/%7bfoo%7d"]],
    ["equivalent", ["http://a/", "HTTP://a/"]],
    ["lint", ["HTTP://a/😀%7e"]],
    ["compare", ["http://[::1]/"]],
    ["compareLanguages", ["uri", "rfc2396", { rule: "IPv4address", witnesses: 2 }]],
    ["grammars", []],
    ["rules", ["duerst01"]],
    ["isIdnHostname", ["例え.jp"]],
    ["isIdnHostname", ["a_b"]],
  ];
  const answer = (name, args) => {
    try {
      return { value: iri[name](...args) };
    } catch (e) {
      return { error: [e.name, e.message, e.index, e.offset] };
    }
  };

  test("leave the module answering as before", () => {
    const before = SAMPLES.map(([name, args]) => answer(name, args));
    const validBefore = before.filter((b) => "value" in b).length;
    assert.equal(validBefore, SAMPLES.length);
    const next = random(1000);
    const pick = (list) => list[Math.floor(next() * list.length)];
    // Mostly strings, so that most calls reach the module; a value of another type now and then.
    const value = () => (next() < 0.1 ? pick(OTHERS) : pick(STRINGS));
    const errors = new Map();
    let returned = 0;
    for (let k = 0; k < 1000; k++) {
      const name = pick(FUNCTIONS);
      // The strings the function takes, then its options (a bad one half the time).
      const strings = ["resolve", "relativize", "equivalent", "compareLanguages"].includes(name) ? 2 : 1;
      const args = [value(), value()].slice(0, strings);
      args.push(next() < 0.5 ? undefined : pick(OPTIONS));
      // Some calls with a megabyte string, some with arrays of hostile values.
      if (k % 100 === 7) args[0] = `http://a/${"é".repeat(MB / 2)}\uD800`;
      if (name === "checkMany" || k % 50 === 3) args[0] = [value(), value(), "a"];
      try {
        iri[name](...args);
        returned++;
      } catch (e) {
        if (e.message === "a getter's own error") continue; // the caller's own error, passed on
        apiError(e, `${name}(${args.map((a) => (typeof a === "string" ? JSON.stringify(a.slice(0, 40)) : typeof a)).join(", ")})`);
        errors.set(e.name, (errors.get(e.name) ?? 0) + 1);
      }
      // Every hundred calls, a correct answer in between.
      if (k % 100 === 99) assert.equal(isValid("http://résumé.example.org/", { grammar: "uri" }), false);
    }
    console.log(`# hostile calls: ${returned} returned, errors ${JSON.stringify(Object.fromEntries(errors))}`);
    // The mix reaches every kind of error the API has.
    assert.ok(returned >= 200, `${returned} calls returned`);
    for (const name of ["TypeError", "RangeError", "IriSyntaxError", "IriError"]) {
      assert.ok((errors.get(name) ?? 0) > 0, `${name}: ${JSON.stringify(Object.fromEntries(errors))}`);
    }
    const after = SAMPLES.map(([name, args]) => answer(name, args));
    assert.deepEqual(after, before);
    // And the answers are the right ones.
    assert.deepEqual(after[0].value, false);
    assert.deepEqual(after[1].value, true);
    assert.deepEqual(after[2].value, [true, false, true, false]);
    assert.equal(after[4].value, "http://xn--rsum-bpad.example.org/%C3%A9");
    assert.equal(after[8].value, "http://a/b/g");
    assert.deepEqual([after[17].value, after[18].value], [true, false]);
  });
});
