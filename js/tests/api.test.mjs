// The API of the package on the specs' examples: every function with its options and results, its
// errors (types, messages, and index/offset/column where UTF-16 index, UTF-8 byte offset and
// character column differ), the validation of options, and the ES module and CommonJS entries
// giving the same API.

import { test, describe } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import * as esm from "iri-abnf";
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

const require = createRequire(import.meta.url);
const cjs = require("iri-abnf");

/** The error `f()` throws (fails when it throws none). */
function thrown(f) {
  try {
    f();
  } catch (e) {
    return e;
  }
  assert.fail("no error thrown");
}

const GRAMMARS = ["uri", "rfc3987", "iri", "leiri", "rfc2396", "rfc2732", "masinter07", "duerst01", "iri-printed"];

describe("entries", () => {
  test("import and require give the same API", () => {
    const names = Object.keys(esm).sort();
    assert.deepEqual(Object.keys(cjs).sort(), names);
    for (const name of names) assert.equal(typeof cjs[name], typeof esm[name], name);
    assert.ok(names.length >= 20, names.join(", "));
  });

  test("import and require answer alike", () => {
    for (const m of [esm, cjs]) {
      assert.equal(m.isValid("http://résumé.example.org", { grammar: "uri" }), false);
      assert.deepEqual(m.checkMany(["http://a/", "a b"]), [true, false]);
      assert.equal(m.resolve("http://a/b/c/d;p?q", "../g"), "http://a/b/g");
      assert.equal(m.version, version);
      const e = thrown(() => m.validate("http://a/😀😀 "));
      assert.ok(e instanceof m.IriSyntaxError);
      assert.ok(e instanceof SyntaxError);
      assert.deepEqual([e.index, e.offset, e.column], [13, 17, 12]);
      const c = thrown(() => m.resolve("/a", "b"));
      assert.ok(c instanceof m.IriError);
      assert.equal(c.kind, "resolution");
    }
    assert.deepEqual(cjs.parse("http://例え.jp/p"), esm.parse("http://例え.jp/p"));
    assert.deepEqual(cjs.lint("HTTP://a/%7e"), esm.lint("HTTP://a/%7e"));
  });

  // browser.js (browsers and bundlers) fetches the .wasm beside it and instantiates it with a
  // top-level await. In a process of its own (here the glue is initialized already by index.mjs,
  // whose module it shares), with fetch serving that one file: Node's fetch reads no file: URLs.
  test("browser.js gives the same API, once its module is fetched", () => {
    const script = `
      import { readFileSync } from "node:fs";
      const fetched = [];
      globalThis.fetch = async (url) => {
        fetched.push(String(url));
        return new Response(readFileSync(new URL(url)), { headers: { "content-type": "application/wasm" } });
      };
      const m = await import(${JSON.stringify(new URL("../package/browser.js", import.meta.url).href)});
      let e;
      try { m.validate("http://a/😀😀 "); } catch (error) { e = error; }
      console.log(JSON.stringify({
        fetched,
        names: Object.keys(m).sort(),
        uri: m.isValid("http://résumé.example.org", { grammar: "uri" }),
        parsed: m.parse("http://例え.jp/p"),
        error: [e instanceof m.IriSyntaxError, e.index, e.offset, e.column],
      }));`;
    const out = JSON.parse(
      execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }),
    );
    assert.deepEqual(out.fetched.map((u) => u.replace(/^.*\//, "")), ["iri_abnf_wasm_bg.wasm"]);
    assert.ok(out.fetched[0].startsWith("file:"), out.fetched[0]);
    assert.deepEqual(out.names, Object.keys(esm).sort());
    assert.equal(out.uri, false);
    assert.deepEqual(out.parsed, esm.parse("http://例え.jp/p"));
    assert.deepEqual(out.error, [true, 13, 17, 12]);
  });

  test("version is the package's", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package/package.json", import.meta.url), "utf8"));
    assert.equal(version, pkg.version);
    assert.equal(require("iri-abnf/package.json").version, pkg.version);
  });
});

describe("isValid, checkMany, validate", () => {
  // RFC 3986 §1.1.2.
  const examples = [
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "http://www.ietf.org/rfc/rfc2396.txt",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "mailto:John.Doe@example.com",
    "news:comp.infosystems.www.servers.unix",
    "tel:+1-816-555-1212",
    "telnet://192.0.2.16:80/",
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
  ];

  test("RFC 3986 §1.1.2's examples are URIs in every grammar that has the rule URI", () => {
    for (const s of examples) {
      assert.equal(isValid(s, { grammar: "uri", rule: "URI" }), true, s);
      assert.equal(isValid(s, { grammar: "iri", rule: "IRI" }), true, s);
      assert.equal(validate(s, { grammar: "uri" }), undefined);
    }
    assert.deepEqual(checkMany(examples, { grammar: "uri", rule: "URI" }), examples.map(() => true));
  });

  test("the default is 3987bis's IRI-reference", () => {
    assert.equal(isValid("http://résumé.example.org"), true);
    assert.equal(isValid("http://résumé.example.org", { grammar: "uri" }), false);
    assert.equal(isValid(""), true); // an empty relative reference
    assert.equal(isValid("", { rule: "IRI" }), false);
    // 3987bis adds U+E0000–E0FFF to iprivate (in the query); RFC 3987 does not.
    assert.equal(isValid("?\u{E0000}"), true);
    assert.equal(isValid("?\u{E0000}", { grammar: "rfc3987" }), false);
    // LEIRIs admit spaces and controls.
    assert.equal(isValid("http://a/b c"), false);
    assert.equal(isValid("http://a/b c", { grammar: "leiri" }), true);
  });

  test("rules by name, in any case and with _ for -", () => {
    for (const rule of ["IPv6address", "ipv6address", "IPV6ADDRESS"]) {
      assert.equal(isValid("1::2:3:4:5:6", { grammar: "uri", rule }), true, rule);
      assert.equal(isValid("1.2.3.4", { grammar: "uri", rule }), false, rule);
    }
    assert.equal(isValid("a", { grammar: "uri", rule: "URI_reference" }), true);
    assert.equal(isValid("256.0.0.1", { grammar: "uri", rule: "IPv4address" }), false);
    assert.equal(isValid("256.0.0.1", { grammar: "rfc2396", rule: "IPv4address" }), true);
    assert.equal(isValid("v7.a:b", { grammar: "uri", rule: "IPvFuture" }), true);
  });

  test("every grammar's reference rule", () => {
    const s = "http://résumé.example.org/";
    const want = { uri: false, rfc2396: false, rfc2732: false };
    for (const g of GRAMMARS) {
      assert.equal(isValid(s, { grammar: g }), want[g] ?? true, g);
      assert.deepEqual(checkMany([s, "http://a/"], { grammar: g }), [want[g] ?? true, true], g);
    }
    // RFC 2732 adds IPv6 literals to RFC 2396.
    assert.equal(isValid("http://[::1]/", { grammar: "rfc2396" }), false);
    assert.equal(isValid("http://[::1]/", { grammar: "rfc2732" }), true);
  });

  test("validate's error: index, offset and column where they differ (astral characters)", () => {
    // Two astral characters (2 UTF-16 code units, 4 UTF-8 bytes, 1 column each) before the space.
    const input = "http://a/😀😀 ";
    const e = thrown(() => validate(input));
    assert.ok(e instanceof IriSyntaxError && e instanceof SyntaxError);
    assert.equal(e.name, "IriSyntaxError");
    assert.equal(e.index, 13);
    assert.equal(e.offset, 17);
    assert.equal(e.column, 12);
    assert.equal(input[e.index], " ");
    assert.equal(e.grammar, "iri");
    assert.equal(e.rule, "IRI-reference");
    assert.equal(e.input, input);
    assert.equal(e.argument, "input");
    assert.ok(e.expected.includes("isegment"), e.expected.join(" "));
    assert.ok(e.expected.includes("end of input"));
    assert.ok(e.expected.includes("%x10000-1FFFD"));
    // A space at the end is to be removed, not encoded (the message of the library).
    assert.match(
      e.message,
      /^a space at the end of the input is not part of an IRI: remove it \(the rest is a valid IRI-reference\)\. /,
    );
    assert.match(e.message, /at byte offset 17 \(column 12\) for iri `IRI-reference`/);
    assert.match(
      thrown(() => validate("http://a/😀 😀")).message,
      /^a space is not allowed in an IRI: encode it as %20\. /,
    );
    assert.equal(e.caret, `${input}\n${" ".repeat(11)}^`);
  });

  test("validate's error: a two-byte character, in a URI", () => {
    const e = thrown(() => validate("http://a/é", { grammar: "uri" }));
    assert.deepEqual([e.index, e.offset, e.column], [9, 9, 10]);
    assert.match(e.message, /convert the IRI to a URI/);
    assert.deepEqual(e.expected, ["segment", '"!"', "%x23-3B", '"="', "%x3F-5A", '"_"', "%x61-7A", '"~"', "end of input"]);
    assert.equal(e.grammar, "uri");
    assert.equal(e.rule, "URI-reference");
    // After a BMP character of 3 bytes and an astral one, the end of the input: a "%" needs two
    // hex digits.
    const f = thrown(() => validate("http://例😀/%", { grammar: "iri" }));
    assert.deepEqual([f.index, f.offset, f.column], [12, 16, 12]);
    assert.deepEqual(f.expected, ["isegment", "%x30-39", "%x41-46", "%x61-66"]);
  });

  test("validate's error: the input ends too early", () => {
    const e = thrown(() => validate("http://[::1", { grammar: "uri" }));
    assert.equal(e.offset, 11);
    assert.equal(e.index, 11);
    assert.ok(e.expected.includes('"]"'), e.expected.join(" "));
  });

  test("validate's error: a control character is shown escaped in the caret", () => {
    const e = thrown(() => validate("a\nb"));
    assert.deepEqual([e.index, e.offset, e.column], [1, 1, 2]);
    assert.equal(e.caret, "a\\u{A}b\n ^");
    assert.match(e.message, /a control character/);
  });
});

describe("parse", () => {
  test("RFC 3986 §3's example", () => {
    const r = parse("foo://example.com:8042/over/there?name=ferret#nose", { grammar: "uri" });
    assert.deepEqual(r, {
      input: "foo://example.com:8042/over/there?name=ferret#nose",
      grammar: "uri",
      kind: "iri",
      scheme: "foo",
      userinfo: null,
      host: "example.com",
      hostKind: "reg-name",
      port: "8042",
      path: "/over/there",
      query: "name=ferret",
      fragment: "nose",
      spans: {
        scheme: [0, 3],
        userinfo: null,
        host: [6, 17],
        port: [18, 22],
        path: [22, 33],
        query: [34, 45],
        fragment: [46, 50],
      },
    });
  });

  test("spans are UTF-16 indices: input.slice(...span) is the component", () => {
    const input = "http://😀@例え.jp:8080/𝔘/é?q=😀#f😀";
    const r = parse(input);
    assert.deepEqual(
      [r.scheme, r.userinfo, r.host, r.port, r.path, r.query, r.fragment],
      ["http", "😀", "例え.jp", "8080", "/𝔘/é", "q=😀", "f😀"],
    );
    for (const name of ["scheme", "userinfo", "host", "port", "path", "query", "fragment"]) {
      assert.equal(input.slice(...r.spans[name]), r[name], name);
    }
    assert.deepEqual(r.spans.host, [10, 15]);
    assert.deepEqual(r.spans.fragment, [input.length - 3, input.length]);
  });

  test("host kinds and reference kinds (RFC 3986 §3.2.2, §4.1–§4.3)", () => {
    const host = (s) => [parse(s, { grammar: "uri" }).hostKind, parse(s, { grammar: "uri" }).host];
    assert.deepEqual(host("http://192.0.2.16/"), ["ipv4", "192.0.2.16"]);
    assert.deepEqual(host("http://1.2.3.256/"), ["reg-name", "1.2.3.256"]); // first-match-wins
    assert.deepEqual(host("http://[2001:db8::7]/"), ["ipv6", "[2001:db8::7]"]);
    assert.deepEqual(host("http://[v7.a:b]/"), ["ipv-future", "[v7.a:b]"]);
    assert.deepEqual(host("file:///etc/hosts"), ["reg-name", ""]);
    assert.deepEqual(host("mailto:a@b"), [null, null]);
    const kinds = { "a:b#c": "iri", "a:b": "absolute-iri", "//a": "network-path", "/a": "absolute-path", a: "relative-path", "": "empty" };
    for (const [s, kind] of Object.entries(kinds)) assert.equal(parse(s).kind, kind, s);
    const empty = parse("");
    assert.equal(empty.path, "");
    assert.deepEqual(empty.spans.path, [0, 0]);
    assert.equal(parse("http://a:/").port, "");
  });

  test("parse in LEIRI, and its error", () => {
    assert.equal(parse("http://a/b c", { grammar: "leiri" }).path, "/b c");
    const e = thrown(() => parse("http://a/b c"));
    assert.ok(e instanceof IriSyntaxError);
    assert.deepEqual([e.index, e.offset, e.column], [10, 10, 11]);
  });
});

describe("conversions", () => {
  test("toUri: 3987bis §3.4's résumé example, each host mapping", () => {
    const iri = "http://r\u00E9sum\u00E9.example.org";
    assert.equal(toUri(iri), "http://r%C3%A9sum%C3%A9.example.org");
    assert.equal(toUri(iri, { host: "percent" }), "http://r%C3%A9sum%C3%A9.example.org");
    assert.equal(toUri(iri, { host: "idna" }), "http://xn--rsum-bpad.example.org");
    assert.equal(toUri(iri, { host: "uts46" }), "http://xn--rsum-bpad.example.org");
    assert.equal(toUri("http://納豆.example.org/%E2%80%AE", { host: "idna" }), "http://xn--99zt52a.example.org/%E2%80%AE");
    // The path, query and fragment are percent-encoded as UTF-8 (§3.3).
    assert.equal(toUri("http://a/é?😀#𝔘"), "http://a/%C3%A9?%F0%9F%98%80#%F0%9D%94%98");
  });

  test("toUri: IDNA2008 maps nothing, UTS #46 maps upper case (RFC 5891 §5.4)", () => {
    const e = thrown(() => toUri("http://😀😀RÉSUMÉ.example.org/", { host: "idna" }));
    assert.ok(e instanceof IriError);
    assert.equal(e.name, "IriError");
    assert.equal(e.kind, "idna");
    assert.equal(e.offset, 7);
    assert.equal(e.index, 7);
    assert.match(e.message, /IDNA2008 disallows/);
    assert.equal(toUri("http://RÉSUMÉ.example.org/", { host: "uts46" }), "http://xn--rsum-bpad.example.org/");
    // U+3002 IDEOGRAPHIC FULL STOP is no label separator for 3987bis §3.4.2.
    assert.equal(thrown(() => toUri("http://a。b/", { host: "uts46" })).kind, "idna");
  });

  test("toUri: the query charset of http(s) (3987bis §3.5)", () => {
    assert.equal(toUri("http://a/?é", { queryCharset: "iso-8859-1" }), "http://a/?%E9");
    assert.equal(toUri("ftp://a/?é", { queryCharset: "iso-8859-1" }), "ftp://a/?%C3%A9");
    assert.equal(toUri("https://a/日本?日本", { queryCharset: "shift_jis" }), "https://a/%E6%97%A5%E6%9C%AC?%93%FA%96%7B");
    const e = thrown(() => toUri("http://a/é?😀", { queryCharset: "iso-8859-1" }));
    assert.ok(e instanceof IriError);
    assert.equal(e.kind, "unmappable");
    // The 😀 is at UTF-16 index 11, byte offset 12.
    assert.deepEqual([e.index, e.offset], [11, 12]);
    assert.ok(thrown(() => toUri("http://a/", { queryCharset: "no-such-charset" })) instanceof RangeError);
  });

  test("toUri: raw maps what is not an IRI (§3.3 is defined for every string)", () => {
    assert.ok(thrown(() => toUri("http://a/b c")) instanceof IriSyntaxError);
    assert.equal(toUri("http://a/b c", { raw: true }), "http://a/b%20c");
  });

  test("toIri: 3987bis §3.7.1's examples", () => {
    assert.equal(toIri("http://www.example.org/D%C3%BCrst"), "http://www.example.org/Dürst");
    assert.equal(toIri("http://www.example.org/D%FCrst"), "http://www.example.org/D%FCrst");
    // The RIGHT-TO-LEFT OVERRIDE stays encoded; the punycode label is converted unless kept.
    assert.equal(toIri("http://xn--99zt52a.example.org/%e2%80%ae"), "http://納豆.example.org/%E2%80%AE");
    assert.equal(
      toIri("http://xn--99zt52a.example.org/%e2%80%ae", { keepPunycode: true }),
      "http://xn--99zt52a.example.org/%E2%80%AE",
    );
    assert.ok(thrown(() => toIri("http://a/é")) instanceof IriSyntaxError); // not a URI
  });

  test("fromLeiri (3987bis §5.1)", () => {
    assert.equal(fromLeiri("http://example.org/a b"), "http://example.org/a%20b");
    assert.equal(fromLeiri("http://a/\u0000\n\u007F é"), "http://a/%00%0A%7F%20é");
    assert.equal(fromLeiri("http://a/\u0000\n\u007F é", { to: "uri" }), "http://a/%00%0A%7F%20%C3%A9");
    assert.equal(fromLeiri("http://a/<é>", { to: "iri" }), "http://a/%3Cé%3E");
    const e = thrown(() => fromLeiri("http://a/%zz"));
    assert.ok(e instanceof IriSyntaxError);
    assert.equal(e.grammar, "leiri");
    // raw converts what is not a LEIRI as well, as `iri from-leiri --raw` does: the characters
    // outside the target encoded, the rest (a stray "%") as it is.
    assert.equal(fromLeiri("http://a/%zz é", { raw: true }), "http://a/%zz%20é");
    assert.equal(fromLeiri("http://a/%zz é", { raw: true, to: "uri" }), "http://a/%zz%20%C3%A9");
  });

  test("preprocess (draft-weber-iri-guidelines §4)", () => {
    assert.deepEqual(preprocess("  http://a/b c  "), ["http://a/b c"]);
    assert.deepEqual(preprocess("  http://a/b   c  ", { split: true }), ["http://a/b", "c"]);
    assert.deepEqual(preprocess("  http://a/b c  ", { encodeSpaces: true }), ["http://a/b%20c"]);
    assert.deepEqual(preprocess("http://a/e\u0301", { nfc: true }), ["http://a/\u00E9"]);
    assert.deepEqual(preprocess("http://a/e\u0301"), ["http://a/e\u0301"]);
    assert.deepEqual(preprocess("http://r&#xE9;sum&#233;.example.org", { decodeNcr: true }), ["http://résumé.example.org"]);
    assert.deepEqual(preprocess("http://r&#xE9;sum&#233;.example.org"), ["http://r&#xE9;sum&#233;.example.org"]);
  });
});

describe("resolve and relativize", () => {
  const base = "http://a/b/c/d;p?q";
  // RFC 3986 §5.4.1 and §5.4.2.
  const examples = {
    "g:h": "g:h", g: "http://a/b/c/g", "./g": "http://a/b/c/g", "g/": "http://a/b/c/g/",
    "/g": "http://a/g", "//g": "http://g", "?y": "http://a/b/c/d;p?y", "g?y": "http://a/b/c/g?y",
    "#s": "http://a/b/c/d;p?q#s", "g#s": "http://a/b/c/g#s", "g?y#s": "http://a/b/c/g?y#s",
    ";x": "http://a/b/c/;x", "g;x": "http://a/b/c/g;x", "g;x?y#s": "http://a/b/c/g;x?y#s",
    "": "http://a/b/c/d;p?q", ".": "http://a/b/c/", "./": "http://a/b/c/", "..": "http://a/b/",
    "../": "http://a/b/", "../g": "http://a/b/g", "../..": "http://a/", "../../": "http://a/",
    "../../g": "http://a/g",
    "../../../g": "http://a/g", "../../../../g": "http://a/g", "/./g": "http://a/g",
    "/../g": "http://a/g", "g.": "http://a/b/c/g.", ".g": "http://a/b/c/.g", "g..": "http://a/b/c/g..",
    "..g": "http://a/b/c/..g", "./../g": "http://a/b/g", "./g/.": "http://a/b/c/g/",
    "g/./h": "http://a/b/c/g/h", "g/../h": "http://a/b/c/h", "g;x=1/./y": "http://a/b/c/g;x=1/y",
    "g;x=1/../y": "http://a/b/c/y", "g?y/./x": "http://a/b/c/g?y/./x",
    "g?y/../x": "http://a/b/c/g?y/../x", "g#s/./x": "http://a/b/c/g#s/./x",
    "g#s/../x": "http://a/b/c/g#s/../x", "http:g": "http:g",
  };

  test("RFC 3986 §5.4's examples, in every main grammar", () => {
    assert.equal(Object.keys(examples).length, 42);
    for (const grammar of ["uri", "rfc3987", "iri", "leiri"]) {
      for (const [reference, target] of Object.entries(examples)) {
        assert.equal(resolve(base, reference, { grammar }), target, `${grammar} ${reference}`);
      }
    }
    // §5.4.2: "for backward compatibility", the non-strict parser.
    assert.equal(resolve(base, "http:g", { nonStrict: true }), "http://a/b/c/g");
    assert.equal(resolve(base, "http:g", { nonStrict: false }), "http:g");
  });

  test("IRIs resolve as IRIs; a base's fragment is ignored", () => {
    assert.equal(resolve("http://例え.jp/a/b", "../c😀?é#𝔘"), "http://例え.jp/c😀?é#𝔘");
    assert.equal(resolve("http://a/b#f", "c"), "http://a/c");
  });

  test("relativize gives back what resolve reaches", () => {
    for (const target of new Set(Object.values(examples))) {
      const reference = relativize(base, target);
      assert.equal(resolve(base, reference), target, `${target} via ${reference}`);
    }
    assert.equal(relativize(base, "http://a/b/c/g"), "g");
    assert.equal(relativize(base, "http://a/b/c/g:h"), "./g:h");
    assert.equal(relativize(base, "http://a/x"), "/x");
    assert.equal(relativize(base, "https://x/"), "https://x/");
  });

  test("their errors: which argument, and IriError for a resolution that cannot be made", () => {
    const b = thrown(() => resolve("http://a/😀 ", "g"));
    assert.ok(b instanceof IriSyntaxError);
    assert.equal(b.argument, "base");
    assert.match(b.message, /^base: /);
    assert.deepEqual([b.index, b.offset, b.column], [11, 13, 11]);
    const r = thrown(() => resolve(base, "g h"));
    assert.equal(r.argument, "reference");
    assert.match(r.message, /^reference: /);
    const relative = thrown(() => resolve("/a/b", "g"));
    assert.ok(relative instanceof IriError);
    assert.equal(relative.kind, "resolution");
    assert.match(relative.message, /has no scheme/);
    const t = thrown(() => relativize(base, "x y"));
    assert.equal(t.argument, "target");
    assert.equal(thrown(() => relativize(base, "g")).kind, "resolution");
    assert.equal(thrown(() => relativize("http://a/b", "http://x/a/../b")).kind, "resolution");
    assert.ok(thrown(() => resolve(base, "[")) instanceof IriSyntaxError);
    assert.equal(resolve(base, "g h", { grammar: "leiri" }), "http://a/b/c/g h");
  });
});

describe("normalize and equivalent", () => {
  test("RFC 3986 §6.2.2's examples and the ladder", () => {
    assert.equal(normalize("HTTP://www.EXAMPLE.com/"), "http://www.example.com/");
    assert.equal(normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d"), "example://a/b/c/%7Bfoo%7D");
    assert.equal(normalize("http://a/%7e", { level: "case" }), "http://a/%7E");
    assert.equal(normalize("http://a/%7e", { level: "percent" }), "http://a/~");
    assert.equal(normalize("http://a/./b", { level: "percent" }), "http://a/./b");
    assert.equal(normalize("http://a/./b", { level: "path" }), "http://a/b");
    assert.equal(normalize("HTTP://a", { level: "simple" }), "HTTP://a");
    assert.equal(normalize("http://example.com:80", { level: "scheme" }), "http://example.com/");
    assert.equal(normalize("http://a/e\u0301", { level: "nfc" }), "http://a/\u00E9");
    assert.equal(normalize("http://a/e\u0301", { level: "scheme" }), "http://a/e\u0301");
  });

  test("IPv6 as RFC 5952 recommends", () => {
    assert.equal(normalize("http://[2001:DB8:0:0:0:0:0:1]/"), "http://[2001:db8:0:0:0:0:0:1]/");
    assert.equal(normalize("http://[2001:DB8:0:0:0:0:0:1]/", { ipv6Rfc5952: true }), "http://[2001:db8::1]/");
  });

  test("equivalent at a level (RFC 3986 §6.1)", () => {
    const a = "example://a/b/c/%7Bfoo%7D";
    const b = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d";
    assert.equal(equivalent(a, b), true);
    assert.equal(equivalent(a, b, { level: "simple" }), false);
    assert.equal(equivalent("http://example.com", "http://example.com:80/", { level: "scheme" }), true);
    assert.equal(equivalent("http://example.com", "http://example.com:80/"), false);
    assert.equal(equivalent("http://[::1]/", "http://[0:0::1]/", { ipv6Rfc5952: true }), true);
    const e = thrown(() => equivalent("a", "b 😀"));
    assert.equal(e.argument, "b");
    assert.match(e.message, /^b: /);
    assert.equal(thrown(() => equivalent("a b", "c")).argument, "a");
  });
});

describe("lint", () => {
  test("codes, severities, spans and suggestions", () => {
    assert.deepEqual(lint("HTTP://a/%7e"), [
      { code: "uppercase-scheme", severity: "warning", start: 0, end: 4, offset: [0, 4], component: "scheme", message: "the scheme HTTP has upper-case letters", spec: "RFC 3986 §3.1, §6.2.2.1", suggestion: "http" },
      { code: "lowercase-percent-encoding", severity: "info", start: 9, end: 12, offset: [9, 12], component: "path", message: "%7e has lower-case hexadecimal digits", spec: "RFC 3986 §2.1, §6.2.2.1", suggestion: "%7E" },
      { code: "encoded-unreserved", severity: "warning", start: 9, end: 12, offset: [9, 12], component: "path", message: "%7e encodes the unreserved character '~'", spec: "RFC 3986 §2.3, §6.2.2.2", suggestion: "~" },
    ]);
    assert.deepEqual(lint("http://example.org/"), []);
  });

  test("a span after an astral character: start/end in UTF-16, offset in bytes", () => {
    const input = "http://a/😀\u202Eb";
    const [d] = lint(input);
    assert.equal(d.code, "bidi-formatting-character");
    assert.equal(d.severity, "error");
    assert.deepEqual([d.start, d.end, d.offset], [11, 12, [13, 16]]);
    assert.equal(input.slice(d.start, d.end), "\u202E");
  });

  test("profiles and levels: allow, warn, deny, a code over its family", () => {
    const codes = (opts) => lint("http://EXAMPLE.org/", opts).map((d) => [d.code, d.severity]);
    assert.deepEqual(codes(), [["uppercase-host", "info"]]);
    assert.deepEqual(codes({ profile: "minting" }), [["uppercase-host", "warning"]]);
    assert.deepEqual(codes({ profile: "security" }), []);
    assert.deepEqual(codes({ allow: ["host"] }), []);
    assert.deepEqual(codes({ deny: ["uppercase-host"] }), [["uppercase-host", "error"]]);
    assert.deepEqual(codes({ allow: ["host"], warn: ["uppercase-host"] }), [["uppercase-host", "warning"]]);
    assert.deepEqual(codes({ warn: ["uppercase-host"], deny: ["uppercase-host"] }), [["uppercase-host", "error"]]);
    const rdf = lint("../a", { profile: "rdf" });
    assert.ok(rdf.some((d) => d.severity === "error"), JSON.stringify(rdf));
  });

  test("an unknown code, family or profile is a RangeError", () => {
    assert.ok(thrown(() => lint("a", { profile: "pedantic" })) instanceof RangeError);
    const e = thrown(() => lint("a", { deny: ["no-such-code"] }));
    assert.ok(e instanceof RangeError);
    assert.match(e.message, /"no-such-code" is neither a lint code nor a family/);
  });

  // Fixed: the names were joined with line feeds for the module, which dropped empty names and
  // split a name holding a line feed into two (and `lines()` took a carriage return off), so that
  // these were taken for nothing or for valid names; `iri lint --allow ""` is an error.
  test("every name counts: an empty name, or one with a line break, is a RangeError", () => {
    for (const name of ["", "host\nbidi", "host\r", "host\r\n"]) {
      for (const key of ["allow", "warn", "deny"]) {
        const e = thrown(() => lint("http://EXAMPLE.org/", { [key]: [name] }));
        assert.ok(e instanceof RangeError, `${key} ${JSON.stringify(name)}: ${e}`);
        assert.match(e.message, /is neither a lint code nor a family/);
      }
    }
    assert.deepEqual(lint("http://EXAMPLE.org/", { allow: [] }).length, 1);
  });

  // Each span's UTF-16 index, and in the library each column, was counted from the start of the
  // input, so the time grew with the number of diagnostics times the length. The time of twice the
  // input is compared with that of the input (the best of three runs each): linear, it is about
  // twice; quadratic, four times.
  test("lint takes time linear in its diagnostics", () => {
    const run = (n) => {
      const input = `http://a/${"é%7e".repeat(n)}`;
      let best = Infinity;
      let d;
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        d = lint(input, { maxDiagnostics: 0 });
        best = Math.min(best, performance.now() - t);
      }
      assert.equal(d.length, 2 * n);
      assert.equal(d.omitted, 0);
      const last = d[d.length - 1];
      assert.equal(input.slice(last.start, last.end), "%7e");
      assert.deepEqual(last.offset, [9 + 5 * (n - 1) + 2, 9 + 5 * n]);
      return best;
    };
    run(1000);
    const once = run(40000);
    const twice = run(80000);
    assert.ok(twice <= 2.5 * once, `${once} ms for 40,000 units, ${twice} ms for 80,000`);
  });

  test("lint keeps the first diagnostics unless told otherwise, and counts the others", () => {
    const input = `http://a/${"%7e".repeat(100)}`;
    const d = lint(input);
    assert.equal(d.length, 20);
    assert.equal(d.omitted, 180);
    assert.deepEqual(d.map((x) => x.start), [...Array(10).keys()].flatMap((i) => [9 + 3 * i, 9 + 3 * i]));
    assert.deepEqual(lint(input, { maxDiagnostics: 3 }).omitted, 197);
    const all = lint(input, { maxDiagnostics: null });
    assert.deepEqual([all.length, all.omitted], [200, 0]);
    assert.deepEqual(all.slice(0, 20), [...d]);
    assert.throws(() => lint(input, { maxDiagnostics: -1 }), TypeError);
    assert.throws(() => lint(input, { maxDiagnostics: 1.5 }), TypeError);
  });
});

describe("compare, compareLanguages, grammars, rules", () => {
  test("compare: every grammar's verdict", () => {
    const v = compare("http://résumé.example.org");
    assert.deepEqual(v.map((x) => x.grammar), GRAMMARS);
    assert.deepEqual(v.filter((x) => !x.valid).map((x) => x.grammar), ["uri", "rfc2396", "rfc2732"]);
    const uri = v[0];
    assert.equal(uri.rule, "URI-reference");
    assert.deepEqual([uri.error.index, uri.error.offset, uri.error.column], [8, 8, 9]);
    assert.ok(uri.error.expected.includes("end of input"));
    assert.equal(v[2].error, null);
    const astral = compare("http://😀😀/", { rule: "IRI" }).find((x) => x.grammar === "uri");
    assert.equal(astral.rule, "URI");
    assert.deepEqual([astral.error.index, astral.error.offset, astral.error.column], [7, 7, 8]);
    // The counterparts of a rule; rfc2396 has no IPv6address.
    const six = compare("::1", { rule: "IPv6address" });
    assert.ok(!six.some((x) => x.grammar === "rfc2396"));
    assert.ok(six.every((x) => x.valid));
  });

  test("compareLanguages: 3987bis is a proper superset of RFC 3987 (iprivate U+E0000–E0FFF)", () => {
    const c = compareLanguages("iri", "rfc3987");
    assert.equal(c.relation, "proper-superset");
    assert.equal(c.symbol, "⊃");
    assert.deepEqual(c.a, { grammar: "iri", rule: "IRI-reference" });
    assert.deepEqual(c.onlyB, []);
    assert.equal(c.onlyA.length, 3);
    const w = c.onlyA[0];
    assert.deepEqual(w, { text: "?\u{E0000}", offset: 1, index: 1, column: 1, range: ["\u{E0000}", "\u{E0FFF}"] });
    assert.equal(c.common, "");
    assert.equal(compareLanguages("iri", "rfc3987", { witnesses: 0 }).onlyA.length, 0);
    assert.equal(compareLanguages("iri", "rfc3987", { witnesses: 5 }).onlyA.length, 5);
    assert.equal(compareLanguages("uri", "iri", { rule: "IPv6address" }).relation, "equal");
    const r = compareLanguages("uri", "rfc2396", { rule: "IPv4address" });
    assert.equal(r.relation, "proper-subset");
    assert.equal(r.onlyB[0].text, "0.0.0.00");
  });

  // Fixed: the count crossed into the module as a 32-bit number, so 2 ** 32 witnesses were none.
  test("compareLanguages: witnesses is a non-negative integer of 32 bits", () => {
    for (const witnesses of [-1, 1.5, "3", NaN, Infinity]) {
      assert.ok(thrown(() => compareLanguages("iri", "uri", { witnesses })) instanceof TypeError, String(witnesses));
    }
    for (const witnesses of [2 ** 32, 2 ** 32 + 1, Number.MAX_SAFE_INTEGER]) {
      const e = thrown(() => compareLanguages("iri", "uri", { witnesses }));
      assert.ok(e instanceof RangeError, String(witnesses));
    }
    assert.ok(thrown(() => compareLanguages("uri", "rfc2396", { rule: "ihost-nope" })) instanceof RangeError);
    assert.ok(thrown(() => compareLanguages("uri", "nope")) instanceof RangeError);
    assert.ok(thrown(() => compareLanguages("uri", 3)) instanceof TypeError);
  });

  test("grammars and rules", () => {
    const g = grammars();
    assert.deepEqual(g.map((x) => x.name), GRAMMARS);
    assert.deepEqual(g.filter((x) => x.main).map((x) => x.name), ["uri", "rfc3987", "iri", "leiri"]);
    assert.deepEqual(g[0], { name: "uri", spec: "RFC 3986, Appendix A", referenceRule: "URI-reference", main: true });
    for (const { name, referenceRule } of g) {
      const r = rules(name);
      assert.ok(r.includes(referenceRule), name);
      for (const rule of r) assert.equal(typeof isValid("a", { grammar: name, rule }), "boolean");
    }
    assert.deepEqual(rules(), rules("iri"));
    assert.ok(rules("uri").includes("IPv6address"));
    assert.ok(!rules("uri").includes("ihost"));
  });
});

describe("isIdnHostname", () => {
  test("JSON Schema's idn-hostname (RFC 5890 §2.3.2.3): U-labels, A-labels, NR-LDH labels", () => {
    for (const s of ["例え.jp", "xn--bcher-kva.example", "bücher.example", "example.com", "a", "xn--99zt52a"]) {
      assert.equal(isIdnHostname(s), true, s);
    }
    // Not under IDNA2008: an underscore, upper case in a U-label's NFC form is fine but full-width
    // forms are not (RFC 5892); a final dot, also as U+3002; a label of 64 octets.
    for (const s of ["a_b", "é.a_b", "ＡＢ.example", "a。", "example.com.", `${"a".repeat(64)}.com`, "", "-a", "a b", "%41"]) {
      assert.equal(isIdnHostname(s), false, s);
      assert.equal(isIdnHostname(s, { separators: "idna2008" }), false, s);
    }
    // U+3002 separates labels by default (RFC 3490 §3.1, RFC 5895 §2), not under IDNA2008 strictly.
    assert.equal(isIdnHostname("a。b"), true);
    assert.equal(isIdnHostname("a。b", { separators: "idna2008" }), false);
    assert.equal(isIdnHostname("a\uD800"), false);
    assert.equal(isIdnHostname("\uD800"), false);
    assert.ok(thrown(() => isIdnHostname(1)) instanceof TypeError);
    assert.match(thrown(() => isIdnHostname()).message, /input must be a string, not undefined/);
  });
});

describe("arguments and options", () => {
  const calls = {
    isValid: (x, o) => isValid(x, o),
    checkMany: (x, o) => checkMany([x], o),
    validate: (x, o) => validate(x, o),
    parse: (x, o) => parse(x, o),
    toUri: (x, o) => toUri(x, o),
    toIri: (x, o) => toIri(x, o),
    fromLeiri: (x, o) => fromLeiri(x, o),
    preprocess: (x, o) => preprocess(x, o),
    resolve: (x, o) => resolve("http://a/", x, o),
    relativize: (x, o) => relativize("http://a/", x, o),
    normalize: (x, o) => normalize(x, o),
    equivalent: (x, o) => equivalent(x, "a", o),
    lint: (x, o) => lint(x, o),
    compare: (x, o) => compare(x, o),
  };

  test("a string argument that is not a string is a TypeError naming it", () => {
    for (const [name, f] of Object.entries(calls)) {
      for (const [value, what] of [
        [undefined, "undefined"], [null, "null"], [42, "a number"], [{}, "an object"],
        [["a"], "an array"], [Symbol("s"), "a symbol"], [new String("a"), "an object"], [1n, "a bigint"],
      ]) {
        const e = thrown(() => f(value));
        assert.ok(e instanceof TypeError, `${name}(${what}): ${e}`);
        assert.match(e.message, new RegExp(`must be a string, not ${what}$`), `${name}: ${e.message}`);
      }
    }
    assert.match(thrown(() => resolve(1, "a")).message, /^base must be a string/);
    assert.match(thrown(() => resolve("http://a/", 1)).message, /^reference must be a string/);
    assert.match(thrown(() => relativize("http://a/", 1)).message, /^target must be a string/);
    assert.match(thrown(() => equivalent("a", 1)).message, /^b must be a string/);
    assert.match(thrown(() => checkMany("a")).message, /checkMany takes an array of strings, not a string/);
    assert.match(thrown(() => checkMany(["a", 1])).message, /item 1 must be a string, not a number/);
  });

  test("options: an object; an option the function does not have is a TypeError", () => {
    for (const [name, f] of Object.entries(calls)) {
      assert.doesNotThrow(() => f("http://a/", undefined), name);
      assert.doesNotThrow(() => f("http://a/", null), name);
      assert.doesNotThrow(() => f("http://a/", {}), name);
      for (const bad of ["uri", 1, true, ["uri"]]) {
        const e = thrown(() => f("http://a/", bad));
        assert.ok(e instanceof TypeError, `${name} ${JSON.stringify(bad)}: ${e}`);
        assert.match(e.message, /options of \w+ must be an object/);
      }
      const e = thrown(() => f("http://a/", { gramar: "uri" }));
      assert.ok(e instanceof TypeError, name);
      assert.match(e.message, new RegExp(`^${name === "checkMany" ? "checkMany" : name} has no option "gramar" \\(options: `));
    }
    // The options each function has, and no other.
    assert.throws(() => parse("a", { rule: "IRI" }), TypeError);
    assert.throws(() => toIri("a", { host: "idna" }), TypeError);
    assert.throws(() => compare("a", { grammar: "uri" }), TypeError);
    assert.throws(() => isValid("a", { grammar: "uri", level: "path" }), TypeError);
  });

  test("an option of the wrong type is a TypeError naming it", () => {
    const cases = [
      [() => isValid("a", { grammar: 1 }), /option grammar must be a string, not a number/],
      [() => isValid("a", { rule: null }), /option rule must be a string, not null/],
      [() => validate("a", { grammar: ["uri"] }), /option grammar must be a string, not an array/],
      [() => toUri("a", { host: true }), /option host must be a string/],
      [() => toUri("a", { raw: "yes" }), /option raw must be a boolean, not a string/],
      [() => toUri("a", { queryCharset: 1 }), /option queryCharset must be a string/],
      [() => toIri("a", { keepPunycode: 1 }), /option keepPunycode must be a boolean/],
      [() => fromLeiri("a", { to: {} }), /option to must be a string, not an object/],
      [() => preprocess("a", { nfc: "true" }), /option nfc must be a boolean/],
      [() => resolve("http://a/", "b", { nonStrict: 0 }), /option nonStrict must be a boolean/],
      [() => normalize("a", { ipv6Rfc5952: null }), /option ipv6Rfc5952 must be a boolean, not null/],
      [() => lint("a", { allow: "host" }), /option allow must be an array of strings/],
      [() => lint("a", { deny: [1] }), /option deny must be an array of strings/],
      [() => rules(1), /option grammar must be a string/],
    ];
    for (const [f, message] of cases) {
      const e = thrown(f);
      assert.ok(e instanceof TypeError, `${message}: ${e}`);
      assert.match(e.message, message);
    }
  });

  test("an unknown grammar, rule, level, profile, host mapping or target is a RangeError", () => {
    const cases = [
      [() => isValid("a", { grammar: "url" }), /unknown grammar "url" \(did you mean `uri`\?\): expected one of uri, rfc3987, iri, leiri/],
      [() => isValid("a", { grammar: "rfc3897" }), /unknown grammar "rfc3897" \(did you mean `rfc3987`\?\)/],
      [() => normalize("a", { level: "paths" }), /unknown normalization level "paths" \(did you mean `path`\?\)/],
      [() => toUri("http://a/?b", { queryCharset: "shift-jiss" }), /unknown charset label "shift-jiss" \(did you mean `shift_jis`\?\)/],
      [() => checkMany(["a"], { grammar: "url" }), /unknown grammar "url"/],
      [() => isValid("a", { grammar: "uri", rule: "ihost" }), /the grammar `uri` has no rule "ihost" \(did you mean `host`\?\)/],
      [() => validate("a", { rule: "nope" }), /has no rule "nope"/],
      [() => parse("a", { grammar: "rfc2396" }), /unknown grammar "rfc2396"/],
      [() => lint("a", { grammar: "iri-printed" }), /unknown grammar "iri-printed"/],
      [() => normalize("a", { level: "full" }), /unknown normalization level "full": expected one of simple, case, percent, path, scheme, nfc/],
      [() => equivalent("a", "b", { level: "full" }), /unknown normalization level/],
      [() => lint("a", { profile: "pedantic" }), /unknown profile "pedantic"/],
      [() => toUri("a", { host: "punycode" }), /host must be "percent", "idna" or "uts46", not "punycode"/],
      [() => fromLeiri("a", { to: "leiri" }), /to must be "iri" or "uri", not "leiri"/],
      [() => compare("a", { rule: "nope" }), /no grammar has a rule "nope"/],
      [() => rules("url"), /unknown grammar "url"/],
    ];
    for (const [f, message] of cases) {
      const e = thrown(f);
      assert.ok(e instanceof RangeError, `${message}: ${e}`);
      assert.match(e.message, message);
    }
  });

  // Fixed: an empty label was taken for "no charset" (UTF-8); `iri to-uri --query-charset ''` is an
  // error, and so is any label the WHATWG Encoding Standard does not know.
  test("toUri: an empty query charset label is a RangeError", () => {
    const e = thrown(() => toUri("http://a/?é", { queryCharset: "" }));
    assert.ok(e instanceof RangeError, String(e));
    assert.match(e.message, /unknown charset label ""/);
    assert.equal(toUri("http://a/?é", { queryCharset: undefined }), "http://a/?%C3%A9");
  });

  // Fixed: both at once silently split; `iri preprocess --split --encode-spaces` is a usage error.
  test("preprocess: split and encodeSpaces exclude each other", () => {
    const e = thrown(() => preprocess("a b", { split: true, encodeSpaces: true }));
    assert.ok(e instanceof TypeError);
    assert.match(e.message, /split or encodeSpaces, not both/);
    assert.deepEqual(preprocess("a b", { split: true, encodeSpaces: false }), ["a", "b"]);
    assert.deepEqual(preprocess("a b", { split: false, encodeSpaces: true }), ["a%20b"]);
  });

  test("the options object of the last check is asked again, even when changed in between", () => {
    const opts = { grammar: "uri" };
    assert.equal(isValid("é", opts), false);
    opts.grammar = "iri";
    assert.equal(isValid("é", opts), true);
    opts.rule = "IRI";
    assert.equal(isValid("é", opts), false);
    opts.extra = 1;
    assert.throws(() => isValid("é", opts), TypeError);
    assert.equal(isValid("é", null), true);
    assert.equal(isValid("é", null), true);
    assert.deepEqual(checkMany(["é"], { grammar: "uri" }), [false]);
    assert.deepEqual(checkMany(["é"], { grammar: "uri" }), [false]);
    assert.deepEqual(checkMany(["é"]), [true]);
  });
});
