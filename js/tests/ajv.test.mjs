// The ajv plugin iri-abnf/ajv: every case of the JSON Schema Test Suite's formats uri, uri-reference,
// iri, iri-reference and idn-hostname (tests/corpora/json-schema-test-suite/, draft2020-12 through
// ajv/dist/2020 and draft7 through ajv), the cases where the suite is not the RFCs' listed in
// tests/json_schema_deviations.txt; then the plugin's options, its errors, its CommonJS and browser
// entries.
//
// Run: cd js && node --test tests/   (after node build.mjs)

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { extname, join, normalize as normalizePath, sep } from "node:path";
import { fileURLToPath } from "node:url";

import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import ajvFormats from "ajv-formats";
import addFormats, { addFormats as namedAddFormats } from "iri-abnf/ajv";
import { isIdnHostname } from "iri-abnf";

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL("../../", import.meta.url));
const suiteDir = join(root, "tests", "corpora", "json-schema-test-suite");
const deviationsFile = join(root, "tests", "json_schema_deviations.txt");

const FORMATS = ["uri", "uri-reference", "iri", "iri-reference", "idn-hostname"];
const DRAFTS = {
  "draft2020-12": (opts) => new Ajv2020(opts),
  draft7: (opts) => new Ajv(opts),
};
// The suite's schemas are `{format: …}` without `type` (the formats apply to strings, other values
// pass): ajv's strictTypes would log a warning for each.
const AJV_OPTIONS = { strictTypes: false };

/** The deviations: `draft\tformat\tiri\tdata` → reason. */
function readDeviations() {
  const out = new Map();
  const lines = readFileSync(deviationsFile, "utf8").split("\n");
  lines.forEach((line, i) => {
    if (line === "" || line.startsWith("#")) return;
    const fields = line.split("\t");
    assert.equal(fields.length, 5, `${deviationsFile}:${i + 1}: 5 tab-separated fields`);
    const [draft, format, iri, data, reason] = fields;
    assert.ok(draft in DRAFTS, `${deviationsFile}:${i + 1}: draft ${draft}`);
    assert.ok(FORMATS.includes(format), `${deviationsFile}:${i + 1}: format ${format}`);
    const iriFormat = format === "iri" || format === "iri-reference";
    assert.ok(
      iriFormat ? ["rfc3987", "3987bis"].includes(iri) : iri === "-",
      `${deviationsFile}:${i + 1}: iri ${iri}`,
    );
    assert.ok(reason.trim() !== "", `${deviationsFile}:${i + 1}: a reason`);
    const key = [draft, format, iri, JSON.parse(data)].join("\t");
    assert.ok(!out.has(key), `${deviationsFile}:${i + 1}: listed twice`);
    out.set(key, reason);
  });
  return out;
}

const deviations = readDeviations();
const matched = new Set();
const tally = { cases: 0, agree: 0, deviations: 0 };

for (const [draft, makeAjv] of Object.entries(DRAFTS)) {
  for (const format of FORMATS) {
    const options = format.startsWith("iri") ? ["rfc3987", "3987bis"] : ["-"];
    for (const iri of options) {
      const name = `${draft} ${format}${iri === "-" ? "" : ` (iri: ${iri})`}`;
      test(`JSON Schema Test Suite: ${name}`, (t) => {
        const ajv = addFormats(makeAjv(AJV_OPTIONS), iri === "-" ? undefined : { iri });
        const groups = JSON.parse(readFileSync(join(suiteDir, draft, `${format}.json`), "utf8"));
        const wrong = [];
        let cases = 0;
        for (const group of groups) {
          assert.equal(group.schema.format, format);
          const validate = ajv.compile(group.schema);
          for (const c of group.tests) {
            cases++;
            const key = [draft, format, iri, c.data].join("\t");
            const listed = typeof c.data === "string" && deviations.has(key);
            if (listed) matched.add(key);
            const expected = listed ? !c.valid : c.valid;
            const got = validate(c.data);
            if (got !== expected) {
              wrong.push(
                `${JSON.stringify(c.data)} (${c.description}): suite ${c.valid}, plugin ${got}` +
                  (listed ? " — listed as a deviation, but the verdicts agree" : ""),
              );
            } else if (listed) {
              tally.deviations++;
            } else {
              tally.agree++;
            }
          }
        }
        tally.cases += cases;
        t.diagnostic(`${cases} cases`);
        assert.ok(cases > 0);
        assert.deepEqual(wrong, [], `${name}: ${wrong.length} cases`);
      });
    }
  }
}

test("every deviation listed matches a case of the suite", () => {
  const stale = [...deviations.keys()].filter((k) => !matched.has(k));
  assert.deepEqual(stale, []);
  assert.equal(tally.deviations, deviations.size);
  // Run last (node:test runs the tests of a file in order): the suite's totals.
  console.log(
    `json-schema-test-suite through ajv: ${tally.cases} cases, ` +
      `${tally.agree} agree with the suite, ${tally.deviations} listed deviations`,
  );
});

test("the default and the named export are the plugin; it returns the ajv instance", () => {
  assert.equal(addFormats, namedAddFormats);
  const ajv = new Ajv();
  assert.equal(addFormats(ajv), ajv);
  for (const name of FORMATS) {
    assert.equal(ajv.formats[name].type, "string", name);
    assert.equal(typeof ajv.formats[name].validate, "function", name);
  }
});

test("iri, iri-reference: RFC 3987 by default, draft-ietf-iri-3987bis with {iri: '3987bis'}", () => {
  // 3987bis §2.2 iprivate has %xE0000-E0FFF, RFC 3987 §2.2 iprivate has not (U+E0100 VARIATION
  // SELECTOR-17 in the query).
  const bisOnly = ["http://example.org/?\u{E0100}", "?\u{E0100}"];
  const rfc3987 = addFormats(new Ajv2020());
  const explicit = addFormats(new Ajv2020(), { iri: "rfc3987" });
  const bis = addFormats(new Ajv2020(), { iri: "3987bis" });
  for (const ajv of [rfc3987, explicit]) {
    assert.equal(ajv.validate({ type: "string", format: "iri" }, bisOnly[0]), false);
    assert.equal(ajv.validate({ type: "string", format: "iri-reference" }, bisOnly[0]), false);
    assert.equal(ajv.validate({ type: "string", format: "iri-reference" }, bisOnly[1]), false);
  }
  assert.equal(bis.validate({ type: "string", format: "iri" }, bisOnly[0]), true);
  assert.equal(bis.validate({ type: "string", format: "iri-reference" }, bisOnly[0]), true);
  assert.equal(bis.validate({ type: "string", format: "iri-reference" }, bisOnly[1]), true);
  // Both: an IRI, and not an IRI (a relative reference, a space).
  for (const ajv of [rfc3987, bis]) {
    assert.equal(ajv.validate({ format: "iri" }, "http://r\u00E9sum\u00E9.example.org/"), true);
    assert.equal(ajv.validate({ format: "iri" }, "/r\u00E9sum\u00E9"), false);
    assert.equal(ajv.validate({ format: "iri-reference" }, "/r\u00E9sum\u00E9"), true);
    assert.equal(ajv.validate({ format: "iri-reference" }, "a b"), false);
    // The option does not touch uri: RFC 3986 has no non-ASCII character.
    assert.equal(ajv.validate({ format: "uri" }, "http://r\u00E9sum\u00E9.example.org/"), false);
    assert.equal(ajv.validate({ format: "uri" }, "http://xn--rsum-bpad.example.org/"), true);
    assert.equal(ajv.validate({ format: "uri-reference" }, "//example.org"), true);
    assert.equal(ajv.validate({ format: "uri" }, "//example.org"), false);
  }
});

test("a subset of the formats: a list, or {formats}", () => {
  const listed = addFormats(new Ajv(), ["uri", "idn-hostname"]);
  const object = addFormats(new Ajv(), { formats: ["uri", "idn-hostname"], iri: "3987bis" });
  for (const ajv of [listed, object]) {
    assert.deepEqual(
      FORMATS.filter((f) => f in ajv.formats),
      ["uri", "idn-hostname"],
    );
    assert.equal(ajv.validate({ format: "uri" }, "urn:x"), true);
    // A format not added is unknown: ajv's strict mode refuses the schema.
    assert.throws(() => ajv.compile({ type: "string", format: "iri" }), /unknown format "iri"/);
  }
  const none = addFormats(new Ajv(), []);
  assert.deepEqual(
    FORMATS.filter((f) => f in none.formats),
    [],
  );
  // Formats of other plugins stay; those of the same name are replaced.
  const uri = { type: "string", format: "uri" };
  const theirs = ajvFormats(new Ajv());
  assert.equal(theirs.validate(uri, "http://example.com:abc/path"), true); // ajv-formats' uri
  const ajv = new Ajv();
  ajvFormats(ajv);
  ajv.addFormat("even", { type: "number", validate: (n) => n % 2 === 0 });
  addFormats(ajv, ["uri"]);
  assert.equal(ajv.validate(uri, "http://example.com:abc/path"), false); // RFC 3986 §3.2.3 port
  assert.equal(ajv.validate({ format: "even" }, 4), true);
  assert.equal(ajv.validate({ format: "even" }, 3), false);
  assert.equal(ajv.validate({ type: "string", format: "date" }, "2024-02-30"), false);
  assert.equal(ajv.validate({ type: "string", format: "date" }, "2024-02-29"), true);
});

test("values that are not strings are not checked by the formats", () => {
  const ajv = addFormats(new Ajv(AJV_OPTIONS));
  for (const format of FORMATS) {
    const validate = ajv.compile({ format });
    for (const value of [12, 13.7, {}, [], false, null, { href: "not a uri" }, ["a b"]]) {
      assert.equal(validate(value), true, `${format} ${JSON.stringify(value)}`);
    }
    assert.equal(validate("a b"), false, format);
  }
  // With a type, the type decides.
  assert.equal(ajv.validate({ type: "string", format: "uri" }, 12), false);
});

test("idn-hostname: IDNA2008 labels, the Bidi Rule, lengths; the ajv error names the format", () => {
  const ajv = addFormats(new Ajv2020());
  const validate = ajv.compile({ type: "string", format: "idn-hostname" });
  for (const name of [
    "example.org",
    "1host",
    "b\u00FCcher.example",
    "XN--bcher-kva.example",
    "\uC2E4\uB840.\uD14C\uC2A4\uD2B8",
    "\u05D0\u05D1.\u05D2",
  ]) {
    assert.equal(validate(name), true, name);
    assert.equal(isIdnHostname(name), true, name);
  }
  for (const name of [
    "",
    "example.",
    "a..b",
    "-a",
    "a_b",
    "ab--c",
    "B\u00FCcher.example", // upper case is DISALLOWED in a U-label (RFC 5892 §2.2)
    "b%C3%BCcher.example", // no percent-encoding in a host name
    "xn--bcher-kvb", // not the A-label of its U-label (RFC 5891 §5.3)
    "0a.\u05D0", // RFC 5893 §2 condition 1 on every label of a Bidi domain name
    "a".repeat(64),
    "\uD800", // a lone surrogate
  ]) {
    assert.equal(validate(name), false, JSON.stringify(name));
    assert.equal(isIdnHostname(name), false, JSON.stringify(name));
  }
  validate("a_b");
  assert.equal(validate.errors[0].keyword, "format");
  assert.equal(validate.errors[0].params.format, "idn-hostname");
  assert.throws(() => isIdnHostname(12), TypeError);
});

const DOTS = ["\u3002", "\uFF0E", "\uFF61"];

test("idn-hostname: U+3002, U+FF0E, U+FF61 separate labels by default, not with idnHostname: 'idna2008'", () => {
  const validate = addFormats(new Ajv2020()).compile({ format: "idn-hostname" });
  const explicit = addFormats(new Ajv2020(), { idnHostname: "rfc3490" }).compile({ format: "idn-hostname" });
  const strict = addFormats(new Ajv2020(), { idnHostname: "idna2008" }).compile({ format: "idn-hostname" });
  const labels = ["a", "example", "b\u00FCcher", "xn--bcher-kva", "\u05D0\u05D1", "0a", "", "a_b", "x".repeat(64)];
  let checked = 0;
  for (const a of labels) {
    for (const b of labels) {
      const plain = `${a}.${b}`;
      const want = isIdnHostname(plain, { separators: "idna2008" });
      assert.equal(isIdnHostname(plain), want, plain);
      for (const dot of DOTS) {
        const name = `${a}${dot}${b}`;
        const shown = JSON.stringify(name);
        assert.equal(isIdnHostname(name), want, shown);
        assert.equal(isIdnHostname(name, { separators: "rfc3490" }), want, shown);
        assert.equal(validate(name), want, shown);
        assert.equal(explicit(name), want, shown);
        // Strictly, the dot is a DISALLOWED character in a label (RFC 5892).
        assert.equal(isIdnHostname(name, { separators: "idna2008" }), false, shown);
        assert.equal(strict(name), false, shown);
        checked++;
      }
    }
  }
  assert.equal(checked, labels.length ** 2 * DOTS.length);
  assert.throws(() => isIdnHostname("a", { separators: "uts46" }), {
    name: "RangeError",
    message: /separators must be "rfc3490" or "idna2008", not "uts46"/,
  });
  assert.throws(() => isIdnHostname("a", { dots: "rfc3490" }), TypeError);
  assert.throws(() => isIdnHostname("a", { separators: 3490 }), TypeError);
  assert.throws(() => addFormats(new Ajv(), { idnHostname: "uts46" }), {
    name: "RangeError",
    message: /idnHostname must be "rfc3490" or "idna2008", not "uts46"/,
  });
});

for (const [draft, makeAjv] of Object.entries(DRAFTS)) {
  test(`${draft} idn-hostname with idnHostname: 'idna2008': the six cases of the other dots flip`, () => {
    const ajv = addFormats(makeAjv(AJV_OPTIONS), { idnHostname: "idna2008" });
    const groups = JSON.parse(readFileSync(join(suiteDir, draft, "idn-hostname.json"), "utf8"));
    const flipped = [];
    let total = 0;
    for (const group of groups) {
      const validate = ajv.compile(group.schema);
      for (const c of group.tests) {
        total++;
        if (validate(c.data) !== c.valid) flipped.push(c.data);
      }
    }
    assert.ok(total > 80, `${total} cases`);
    assert.equal(flipped.length, 6, JSON.stringify(flipped));
    for (const data of flipped) {
      assert.ok(DOTS.some((d) => data.includes(d)), JSON.stringify(data));
      assert.equal(isIdnHostname(data), true);
      assert.equal(isIdnHostname(data, { separators: "idna2008" }), false);
    }
  });
}

test("the plugin's errors: not an Ajv instance, an unknown format or option, a bad iri value", () => {
  assert.throws(() => addFormats({}), TypeError);
  assert.throws(() => addFormats(null), TypeError);
  assert.throws(() => addFormats(new Ajv(), ["uri", "email"]), {
    name: "RangeError",
    message: /no format "email" \(formats: uri, uri-reference, iri, iri-reference, idn-hostname\)/,
  });
  assert.throws(() => addFormats(new Ajv(), { formats: "uri" }), TypeError);
  assert.throws(() => addFormats(new Ajv(), [1]), TypeError);
  assert.throws(() => addFormats(new Ajv(), { mode: "fast" }), {
    name: "TypeError",
    message: /no option "mode" \(options: formats, iri, idnHostname\)/,
  });
  assert.throws(() => addFormats(new Ajv(), { iri: "rfc3986" }), {
    name: "RangeError",
    message: /iri must be "rfc3987" or "3987bis"/,
  });
  assert.throws(() => addFormats(new Ajv(), { iri: 3987 }), TypeError);
  assert.throws(() => addFormats(new Ajv(), "uri"), TypeError);
});

test("require('iri-abnf/ajv'): the plugin, also as .default and .addFormats", () => {
  const plugin = require("iri-abnf/ajv");
  assert.equal(typeof plugin, "function");
  assert.equal(plugin.default, plugin);
  assert.equal(plugin.addFormats, plugin);
  const AjvCjs = require("ajv");
  const ajv = plugin(new AjvCjs(), { iri: "3987bis" });
  assert.equal(ajv.validate({ format: "iri" }, "http://example.org/?\u{E0100}"), true);
  assert.equal(ajv.validate({ format: "idn-hostname" }, "b\u00FCcher.example"), true);
  assert.equal(ajv.validate({ format: "uri" }, "http://example.org/\u00FC"), false);
  assert.equal(require.resolve("iri-abnf/ajv"), join(root, "js", "package", "ajv.cjs"));
});

test("the package's exports: ./ajv resolves to ajv.mjs, ajv.cjs and (default) ajv.browser.js", () => {
  const pkg = JSON.parse(readFileSync(join(root, "js", "package", "package.json"), "utf8"));
  assert.deepEqual(pkg.exports["./ajv"], {
    // The declarations for `require` are a .d.cts copy (tests/types.test.mjs): a .d.ts in a package
    // of "type": "module" declares an ES module, which TypeScript will not let CommonJS require.
    types: { require: "./dist/ajv.d.cts", default: "./ajv.d.ts" },
    node: { import: "./ajv.mjs", require: "./ajv.cjs" },
    default: "./ajv.browser.js",
  });
  for (const file of ["ajv.mjs", "ajv.cjs", "ajv.d.ts", "ajv.browser.js"]) {
    assert.ok(pkg.files.includes(file), file);
    assert.ok(existsSync(join(root, "js", "package", file)), file);
  }
  assert.equal(
    fileURLToPath(import.meta.resolve("iri-abnf/ajv")),
    join(root, "js", "package", "ajv.mjs"),
  );
});

/** The Chromium to run the browser entry in, or why there is none. */
function findChromium() {
  const given = process.env.CHROMIUM;
  const candidates = given ? [given] : ["chromium", "chromium-browser", "google-chrome"];
  for (const c of candidates) {
    try {
      const path = c.includes("/")
        ? c
        : execFileSync("sh", ["-c", `command -v ${c}`], { encoding: "utf8" }).trim();
      if (path && existsSync(path)) return path;
    } catch {
      // not on PATH
    }
  }
  return null;
}

const TYPES = {
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".wasm": "application/wasm",
  ".html": "text/html",
};

test("ajv.browser.js in a browser: the plugin over browser.js, with no Node module", async (t) => {
  const chromium = findChromium();
  if (!chromium) {
    const message =
      "NOT RUN: no chromium on PATH (or $CHROMIUM): the browser entry ajv.browser.js was not tested";
    console.error(message);
    if (process.env.CI) assert.fail(`${message}; CI requires it`);
    t.skip(message);
    return;
  }
  const { chromium: pw } = await import("playwright-core");
  const pkgDir = join(root, "js", "package");
  const server = createServer((req, res) => {
    const url = new URL(req.url, "http://localhost");
    if (url.pathname === "/") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<!doctype html><title>iri-abnf/ajv</title>");
      return;
    }
    const file = normalizePath(join(pkgDir, decodeURIComponent(url.pathname)));
    if (!file.startsWith(pkgDir + sep) || !existsSync(file)) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await pw.launch({ executablePath: chromium, args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage();
    const failed = [];
    page.on("requestfailed", (r) => failed.push(r.url()));
    await page.goto(`${base}/`);
    const result = await page.evaluate(async () => {
      const m = await import("/ajv.browser.js");
      // The plugin calls only addFormat: a stand-in for an Ajv instance records the definitions.
      const added = {};
      const fake = { addFormat: (name, def) => (added[name] = def) };
      const returned = m.default(fake, { iri: "3987bis" });
      const check = (f, s) => added[f].validate(s);
      return {
        same: m.default === m.addFormats && returned === fake,
        names: Object.keys(added),
        types: Object.values(added).map((d) => d.type),
        verdicts: [
          check("uri", "http://example.org/"),
          check("uri", "http://example.org/\u00FC"),
          check("uri-reference", "//example.org"),
          check("iri", "http://example.org/?\u{E0100}"),
          check("iri-reference", "/r\u00E9sum\u00E9"),
          check("idn-hostname", "b\u00FCcher.example"),
          check("idn-hostname", "a\u3002b"),
        ],
      };
    });
    assert.deepEqual(failed, []);
    assert.equal(result.same, true);
    assert.deepEqual(result.names, FORMATS);
    assert.deepEqual(result.types, FORMATS.map(() => "string"));
    // U+3002 separates labels by default (RFC 3490 §3.1, RFC 5895 §2).
    assert.deepEqual(result.verdicts, [true, false, true, true, true, true, true]);
  } finally {
    await browser.close();
    server.close();
  }
});
