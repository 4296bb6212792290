// The live viewer's static build (js/viewer/build.mjs): the page of `iri serve` with its API answered
// in the page by the WebAssembly module (js/viewer/backend.js).
//
// 1. The records: for inputs ASCII, non-ASCII, astral, with controls and bidi formatting characters,
//    valid and invalid, the backend answers every path and parameter set that the page asks with the
//    record that `iri serve` answers, whole; a usage error with the message of its status 400; and
//    the built site's generated scripts and grammar files are those that `iri serve` serves.
// 2. The page in headless Chromium (playwright-core), served from a folder of a plain static file
//    server, checked as iri-cli/tests/it/serve_browser.rs checks `iri serve`: draft-ietf-iri-3987bis
//    §3.7.1 example 1 and the IRI that example 3 warns about (U+202E RIGHT-TO-LEFT OVERRIDE written
//    directly) typed in, the grammar rows, components, conversions and diagnostic codes against the
//    `iri` command, a rule of the parse tree opening its ABNF definition, the state in the fragment,
//    resolution against a base (RFC 3986 §5.2); and no request leaves the static server, no
//    request asks for /api/, and the page logs no error (its Content-Security-Policy allows the
//    module to compile, and nothing else).
//
// Needs: js/package/dist (node js/build.mjs) and the `iri` binary (IRI_BIN, or
// $CARGO_TARGET_DIR/release/iri: cargo build --release -p iri-cli). Without Chromium (/usr/bin/chromium,
// or IRI_ABNF_CHROMIUM) the browser test is skipped with a notice, and fails when CI is set. With
// IRI_ABNF_SCREENSHOT=FILE it writes the page's screenshot there.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, extname, join, normalize, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const js = dirname(dirname(fileURLToPath(import.meta.url)));
const root = dirname(js);
const iriBin =
  process.env.IRI_BIN ?? join(process.env.CARGO_TARGET_DIR ?? join(root, "target"), "release", "iri");

let site; // the static build, in a temporary folder
let serve; // `iri serve`: { child, url }

/** The `iri` command's output for `args`, as JSON (one record). */
function iri(...args) {
  const r = spawnSync(iriBin, args, { encoding: "utf8", cwd: root });
  if (r.error) throw r.error;
  assert.ok(r.status === 0 || r.status === 1, `iri ${args.join(" ")}: exit ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** `iri serve --port 0 --no-config`, once it has printed its address. */
function startServe() {
  return new Promise((resolve, reject) => {
    const child = spawn(iriBin, ["serve", "--port", "0", "--no-config"], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`iri serve exited (${code}): ${out}`)));
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (d) => {
      out += d;
      const m = /the live viewer is at (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, url: m[1] });
    });
  });
}

before(async () => {
  if (!existsSync(iriBin)) {
    throw new Error(`no iri binary at ${iriBin}: cargo build --release -p iri-cli, or set IRI_BIN`);
  }
  site = mkdtempSync(join(tmpdir(), "iri-abnf-viewer-"));
  execFileSync(process.execPath, [join(js, "viewer", "build.mjs"), "--skip-package", "--out", site], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  serve = await startServe();
});

after(() => {
  if (serve) {
    serve.child.removeAllListeners("exit");
    serve.child.kill();
  }
  if (site) rmSync(site, { recursive: true, force: true });
});

/** `iri serve`'s answer: the record, or `{ error }` for a status 400. */
async function served(path, params) {
  const q = new URLSearchParams(params).toString();
  const response = await fetch(serve.url.replace(/\/$/, "") + path + (q ? "?" + q : ""));
  const body = await response.json();
  if (response.status === 400) return { error: body.error };
  assert.equal(response.status, 200, `${path} ${q}: ${JSON.stringify(body)}`);
  return body;
}

/** The static backend's answer, in the same shape. */
function answered(backend, path, params) {
  try {
    return backend(path, params);
  } catch (e) {
    return { error: e.message };
  }
}

// ---------------------------------------------------------------------------------------------
// 1. The records.

/** ASCII, non-ASCII and astral inputs; controls, bidi formatting and invisible characters; private
 * use and noncharacters; LEIRIs; invalid references of every grammar. */
const INPUTS = [
  "http://user@résumé.example.org:8080/a/b?q=1#frag",
  "http://www.example.org/D%C3%BCrst",
  "http://www.example.org/D%FCrst",
  "http://xn--99zt52a.example.org/%e2%80%ae",
  "http://\u7D0D\u8C46.example.org/\u202E",
  "http://a/\u{1D306}/\u{1F600}?q=\u{1D11E}#\u{10FFFD}",
  "http://example.org/?q=\u{100000}",
  "http://example.org/a b/{x}",
  "http://[v7.a:b]:8042/p/q?x#y",
  "http://[::1]/",
  "[::1]",
  "http://1.2.3.256/",
  "HTTP://Example.COM:80/%7e/./a/../b",
  "http://ｅｘａｍｐｌｅ.com/",
  "mailto:x@y",
  "urn:isbn:0451450523",
  "../g?y#s",
  "//a/b?c#d",
  "",
  "http://a/\u0000b",
  "http://a/b\u0007\u007F\u0085",
  "foo\u200Ebar\u200B",
  "a:b\uE000",
  "http://a/\uFDD0\u{10FFFF}",
  "http://%zz/",
  "http://a/%",
  "http://a b/",
  "http://user@host:port/",
  "\u05D0://\u05D1.example/\u05D2",
];

/** Bases: two hierarchical IRIs (with every input), two without a path to merge with, and two that
 * are no base at all (RFC 3986 §5.2.1: a base must be absolute; a usage error of `iri serve`). */
const BASES = [
  "http://a/b/c/d;p?q",
  "http://résumé.example.org/a/b?q#f",
  "urn:a:b",
  "foo:",
  "/not/absolute",
  "",
];
const GRAMMARS = [
  "uri", "rfc3987", "iri", "leiri", "rfc2396", "rfc2732", "masinter07", "duerst01", "iri-printed",
];

test("the static backend answers the page's requests with the records of iri serve", async () => {
  const glue = await import(pathToFileURL(join(js, "package", "dist", "iri_abnf_wasm.js")));
  glue.initSync({ module: readFileSync(join(js, "package", "dist", "iri_abnf_wasm_bg.wasm")) });
  const { makeBackend } = await import(pathToFileURL(join(js, "viewer", "backend.js")));
  const backend = makeBackend(glue);

  const requests = [];
  for (const grammar of GRAMMARS) {
    requests.push(["/api/rules", { grammar }]);
  }
  for (const input of INPUTS) {
    requests.push(["/api/compare", { input }]);
    for (const rule of ["host", "IRI", "ipath-abempty", "fragment"]) {
      requests.push(["/api/compare", { input, rule }]);
    }
    for (const grammar of ["uri", "rfc3987", "iri", "leiri"]) {
      requests.push(["/api/parse", { input, grammar, tree: "true" }]);
      requests.push(["/api/lint", { input, grammar }]);
    }
    requests.push(["/api/parse", { input, grammar: "uri", tree: "true", rule: "host" }]);
    requests.push(["/api/parse", { input, grammar: "iri", tree: "true", rule: "absolute-IRI" }]);
    requests.push(["/api/parse", { input, grammar: "iri", rule: "ihost" }]);
    requests.push(["/api/convert", { command: "to-uri", input }]);
    requests.push(["/api/convert", { command: "to-iri", input, trace: "true" }]);
    requests.push(["/api/convert", { command: "to-iri", input }]);
    requests.push(["/api/convert", { command: "from-leiri", input }]);
    for (const base of BASES.slice(0, 2)) {
      requests.push(["/api/resolve", { base, input, grammar: "iri" }]);
      requests.push(["/api/resolve", { base, input, grammar: "uri" }]);
    }
  }
  // Other bases; usage errors: a base that is not absolute, an unknown rule, a rule the grammar does
  // not have, a missing input, a bad flag, an unknown command.
  for (const base of BASES.slice(2)) requests.push(["/api/resolve", { base, input: "g", grammar: "iri" }]);
  requests.push(["/api/parse", { input: "a", grammar: "iri", rule: "no-such-rule", tree: "true" }]);
  requests.push(["/api/parse", { input: "a", grammar: "uri", rule: "ihost" }]);
  requests.push(["/api/compare", { input: "a", rule: "no-such-rule" }]);
  requests.push(["/api/compare", {}]);
  requests.push(["/api/lint", { grammar: "iri" }]);
  requests.push(["/api/parse", { input: "a", tree: "maybe" }]);
  requests.push(["/api/convert", { command: "to-iri", input: "a", trace: "maybe" }]);
  requests.push(["/api/convert", { command: "nothing", input: "a" }]);

  let errors = 0;
  for (const [path, params] of requests) {
    const expected = await served(path, params);
    if (expected.error) errors++;
    assert.deepStrictEqual(
      answered(backend, path, params),
      expected,
      `${path} ${JSON.stringify(params)}`,
    );
  }
  assert.ok(errors >= 12, `${errors} usage errors compared`);
  assert.ok(requests.length >= 700, `${requests.length} requests compared`);
});

test("the static build's scripts and grammar files are those iri serve serves", async () => {
  for (const file of ["app.js", "style.css", "needs-escape.js", "not-appropriate.js"]) {
    const response = await fetch(serve.url + file);
    assert.equal(response.status, 200, file);
    assert.equal(readFileSync(join(site, file), "utf8"), await response.text(), file);
  }
  const files = readdirSync(join(site, "grammar"));
  assert.ok(files.length >= 9, files.join(" "));
  for (const file of files) {
    const response = await fetch(serve.url + "grammar/" + file);
    assert.equal(response.status, 200, file);
    assert.equal(readFileSync(join(site, "grammar", file), "utf8"), await response.text(), file);
  }
  // Every file a rule links to is there.
  for (const grammar of GRAMMARS) {
    for (const d of iri("rules", "--grammar", grammar, "--format", "json").definitions) {
      assert.ok(existsSync(join(site, d.file)), `${grammar} ${d.rule}: ${d.file}`);
    }
  }
  // The module and the backend are those the test above ran.
  assert.ok(readFileSync(join(site, "backend.js")).equals(readFileSync(join(js, "viewer", "backend.js"))));
  for (const f of ["iri_abnf_wasm.js", "iri_abnf_wasm_bg.wasm"]) {
    assert.ok(readFileSync(join(site, "wasm", f)).equals(readFileSync(join(js, "package", "dist", f))), f);
  }
  const html = readFileSync(join(site, "index.html"), "utf8");
  assert.match(html, /<meta name="iri-viewer-backend" content="wasm">/);
  assert.match(html, /script-src 'self' 'wasm-unsafe-eval';/);
});

// ---------------------------------------------------------------------------------------------
// 2. The page in Chromium.

/** Chromium: IRI_ABNF_CHROMIUM, or the first found on the PATH or at /usr/bin/chromium. */
function findChromium() {
  if (process.env.IRI_ABNF_CHROMIUM) return process.env.IRI_ABNF_CHROMIUM;
  const dirs = (process.env.PATH ?? "").split(":").filter(Boolean);
  for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
    for (const dir of dirs) if (existsSync(join(dir, name))) return join(dir, name);
  }
  return existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : null;
}

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".abnf": "text/plain; charset=utf-8",
};

/** A plain static file server for `dir` under the path `prefix`, on 127.0.0.1 (a port the system
 * chooses); it records the paths asked. */
function staticServer(dir, prefix) {
  const asked = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://localhost").pathname);
    asked.push(path);
    let file = null;
    if (path.startsWith(prefix)) {
      const rel = path.slice(prefix.length) || "index.html";
      const full = normalize(join(dir, rel.endsWith("/") ? rel + "index.html" : rel));
      if (full.startsWith(dir + sep) && existsSync(full)) file = full;
    }
    if (!file || req.method !== "GET") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
      return;
    }
    const body = readFileSync(file);
    res.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve({ server, asked, port: server.address().port }));
  });
}

/** A printed example of the seeds (tests/fixtures/spec-examples.jsonl), its notation decoded
 * (3987bis §1.4: &#xHHHH; and &amp;; the examples here have no raw octets). */
function example(id) {
  const lines = readFileSync(join(root, "tests", "fixtures", "spec-examples.jsonl"), "utf8").split("\n");
  const e = lines.filter((l) => l.trim()).map((l) => JSON.parse(l)).find((x) => x.id === id);
  assert.ok(e, `no example ${id}`);
  assert.ok(!/<[0-9a-fA-F]{2}>/.test(e.input), `${id} has raw octets`);
  return e.input
    .replace(/&#x([0-9A-Fa-f]+);/g, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replaceAll("&amp;", "&");
}

/** What the page shows: the grammar rows, the components, the conversions and the diagnostics, read
 * from the DOM (READ_PAGE of serve_browser.rs). */
function readPage() {
  const rows = [...document.querySelectorAll("#grammars tr[data-grammar]")].map((tr) => ({
    grammar: tr.dataset.grammar,
    valid: tr.dataset.valid === "true",
    mark: tr.querySelector(".verdict").textContent,
  }));
  const components = {};
  for (const span of document.querySelectorAll("#shown [data-component]")) {
    components[span.dataset.component] = (components[span.dataset.component] || "") + span.textContent;
  }
  const conversions = {};
  for (const dd of document.querySelectorAll("#conversions dd[data-conversion]")) {
    conversions[dd.dataset.conversion] = dd.classList.contains("failed") ? null : dd.firstChild.textContent;
  }
  const codes = [...document.querySelectorAll("#diagnostics li[data-code]")].map((li) => li.dataset.code);
  const shown = document.getElementById("shown");
  const badges = [...shown.querySelectorAll(".badge")].map((b) => b.textContent);
  return {
    rows,
    components,
    conversions,
    codes,
    badges,
    text: shown.textContent,
    treeRules: [...document.querySelectorAll("#tree a.rule")].map((a) => a.textContent),
  };
}

/** The verdicts the page must show: the `iri` command's, for each grammar's reference rule. */
function expectedRows(input) {
  return iri("compare", "--format", "json", "--", input).grammars.map((v) => ({
    grammar: v.grammar,
    valid: v.valid,
    mark: v.valid ? "✓" : "✗",
  }));
}

/** The codes of the diagnostics the page must show: the `iri` command's, at the default levels. */
function expectedCodes(input) {
  const record = iri("lint", "--no-config", "--format", "json", "--", input);
  assert.ok(record.valid, input);
  return record.diagnostics.map((d) => d.code);
}

test("the static page shows the spec examples as they are typed", async (t) => {
  const chromium = findChromium();
  if (!chromium) {
    const message =
      "Chromium not found: the browser test of the static viewer DID NOT RUN (install it: " +
      "apt-get install chromium; or set IRI_ABNF_CHROMIUM)";
    assert.equal(process.env.CI, undefined, `${message}; CI requires it`);
    process.stderr.write(`\n${"!".repeat(100)}\n*** SKIPPED: ${message} ***\n${"!".repeat(100)}\n`);
    t.skip(message);
    return;
  }
  const { chromium: playwright } = await import("playwright-core");
  const files = await staticServer(site, "/viewer/");
  const profile = mkdtempSync(join(tmpdir(), "iri-abnf-chromium-"));
  let browser = null;
  try {
    // A fresh profile (the user data folder).
    browser = await playwright.launchPersistentContext(profile, {
      executablePath: chromium,
      headless: true,
      viewport: { width: 1280, height: 1320 },
      args: [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage", "--hide-scrollbars",
      ],
    });
    const page = await browser.newPage();
    const origin = `http://127.0.0.1:${files.port}`;
    const url = `${origin}/viewer/`;
    const problems = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`console: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("request", (r) => {
      if (!r.url().startsWith(origin + "/") && !r.url().startsWith("data:")) {
        problems.push(`request outside the static server: ${r.url()}`);
      }
    });
    page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}: ${r.failure()?.errorText}`));
    const ready = () =>
      page.waitForFunction(() => document.body.dataset.ready === "true", null, { timeout: 60000 });

    const typeInto = async (css, text) => {
      const box = page.locator(css);
      await box.fill("");
      await box.pressSequentially(text);
    };
    const waitShown = async (input, base) => {
      try {
        await page.waitForFunction(
          ([i, b]) => document.body.dataset.shown === i && document.body.dataset.base === b,
          [input, base],
          { timeout: 30000 },
        );
      } catch (e) {
        const shown = await page.evaluate(() => [
          document.body.dataset.shown,
          document.getElementById("status").textContent,
        ]);
        throw new Error(
          `the page shows ${JSON.stringify(shown)}, not ${JSON.stringify(input)}: ${e.message}; ` +
            problems.join("; "),
        );
      }
    };

    await page.goto(url);
    await ready();

    // 3987bis §3.7.1, example 1: a URI with the UTF-8 of U+00FC percent-encoded.
    const uri = example("000-3.7.1-ex1-step1");
    await typeInto("#input", uri);
    await waitShown(uri, "");
    let shown = await page.evaluate(readPage);
    const show = JSON.stringify(shown);
    assert.deepStrictEqual(shown.rows, expectedRows(uri), show);
    assert.equal(shown.rows.length, 9, show);
    const parsed = iri("parse", "--format", "json", "--", uri);
    assert.equal(shown.components.host, parsed.components.authority.host.text, show);
    assert.equal(shown.components.host, "www.example.org", show);
    assert.equal(shown.components.scheme, "http", show);
    // The IRI of step 6, as printed (&#xFC; is ü).
    assert.equal(shown.conversions["to-iri"], example("000-3.7.1-ex1-step6"), show);
    assert.equal(shown.conversions["to-iri"], iri("to-iri", "--format", "json", "--", uri).output, show);
    assert.deepStrictEqual(shown.codes, expectedCodes(uri), show);
    assert.ok(shown.treeRules.includes("ireg-name"), show);

    // A rule of the tree links to its ABNF definition, with the section it comes from.
    const definition = iri("rules", "--grammar", "iri", "--format", "json").definitions.find(
      (d) => d.rule === "ireg-name",
    );
    await page.locator("#tree a.rule", { hasText: /^ireg-name$/ }).first().click();
    await page.waitForFunction(() => document.querySelector("#abnf-text .line.hit"), null, {
      timeout: 20000,
    });
    const [title, hitId, hitText, raw] = await page.evaluate(() => {
      const hit = document.querySelector("#abnf-text .line.hit");
      const title = document.getElementById("abnf-title").textContent;
      return [title, hit.id, hit.textContent, document.getElementById("abnf-raw").href];
    });
    assert.ok(title.includes(definition.spec) && title.includes(definition.file), title);
    assert.equal(definition.file, "grammar/iri.abnf");
    assert.equal(hitId, `L${definition.line}`);
    assert.ok(hitText.includes("ireg-name      ="), hitText);
    assert.equal(raw, url + definition.file);

    // The state is in the fragment: a link reproduces the view.
    const fragment = await page.evaluate(() => location.hash);
    assert.ok(fragment.includes("D%25C3%25BCrst"), fragment);
    await page.goto(`${url}#input=%5B%3A%3A1%5D&grammar=uri&rule=host`);
    await page.reload();
    await waitShown("[::1]", "");
    const controls = await page.evaluate(() =>
      ["input", "grammar", "rule"].map((id) => document.getElementById(id).value),
    );
    assert.deepStrictEqual(controls, ["[::1]", "uri", "host"]);
    shown = await page.evaluate(readPage);
    assert.equal(shown.components.host, "[::1]", JSON.stringify(shown));
    const uriRow = shown.rows.find((r) => r.grammar === "uri");
    const check = iri("check", "--grammar", "uri", "--rule", "host", "--format", "json", "--", "[::1]");
    assert.equal(uriRow.valid, check.valid);
    assert.equal(check.valid, true);
    // (Each load waits until the page is ready: a navigation would abort the module's loading.)
    await page.goto(url);
    await ready();
    await page.reload();
    await ready();

    // The IRI that §3.7.1 example 3 warns about: U+202E written directly.
    const printed = example("000-3.7.1-ex3-step6");
    assert.ok(printed.endsWith("%E2%80%AE"), printed);
    const rlo = printed.slice(0, -"%E2%80%AE".length) + "\u202E";
    assert.equal(rlo, "http://\u7D0D\u8C46.example.org/\u202E");
    await typeInto("#input", rlo);
    await waitShown(rlo, "");
    shown = await page.evaluate(readPage);
    const show3 = JSON.stringify(shown);
    assert.deepStrictEqual(shown.rows, expectedRows(rlo), show3);
    assert.ok(
      shown.rows.some((r) => r.grammar === "uri" && !r.valid) &&
        shown.rows.some((r) => r.grammar === "iri" && r.valid),
      show3,
    );
    assert.equal(shown.components.host, "\u7D0D\u8C46.example.org", show3);
    const toUri = iri("to-uri", "--format", "json", "--", rlo).output;
    assert.equal(toUri, "http://%E7%B4%8D%E8%B1%86.example.org/%E2%80%AE");
    assert.equal(shown.conversions["to-uri"], toUri, show3);
    // An IRI is not a URI: the URI → IRI row says so instead of a syntax error in red.
    assert.ok(shown.conversions["to-iri"]?.startsWith("not a URI"), show3);
    const codes = expectedCodes(rlo);
    assert.ok(codes.includes("bidi-formatting-character"), codes.join(" "));
    assert.deepStrictEqual(shown.codes, codes, show3);
    // The RLO is shown as a badge, never raw.
    assert.deepStrictEqual(shown.badges, ["<U+202E>"], show3);
    assert.ok(!shown.text.includes("\u202E"), show3);
    const note = await page.evaluate(() => document.getElementById("input-note").textContent);
    assert.ok(note.includes("<U+202E>"), note);
    const body = await page.evaluate(() => document.body.innerText);
    assert.ok(!body.includes("\u202E"), "no U+202E anywhere in the rendered page");

    // With a base: the reference resolved against it (RFC 3986 §5.2), as the `iri` command resolves it.
    const base = "http://a/b/c/d;p?q";
    await typeInto("#base", base);
    await typeInto("#input", "../g?y#s");
    await waitShown("../g?y#s", base);
    shown = await page.evaluate(readPage);
    const target = iri("resolve", "--format", "json", base, "../g?y#s").target;
    assert.equal(target, "http://a/b/g?y#s");
    assert.equal(shown.conversions.resolve, target, JSON.stringify(shown));
    assert.equal(shown.components.path, "../g", JSON.stringify(shown));

    // Every component of a string with an RLO, and a screenshot of the page.
    const showcase = "http://user@r\u00E9sum\u00E9.example.org:8080/docs/a.txt?lang=fr#top\u202E";
    await typeInto("#base", "");
    await typeInto("#input", showcase);
    await waitShown(showcase, "");
    shown = await page.evaluate(readPage);
    for (const name of ["scheme", "userinfo", "host", "port", "path", "query", "fragment"]) {
      assert.equal(typeof shown.components[name], "string", `${name}: ${JSON.stringify(shown)}`);
    }
    const png = await page.screenshot({ fullPage: false });
    assert.ok(png.subarray(0, 8).equals(Buffer.from("\x89PNG\r\n\x1a\n", "latin1")), "a PNG");
    assert.ok(png.length > 10000, `${png.length} bytes`);
    if (process.env.IRI_ABNF_SCREENSHOT) writeFileSync(process.env.IRI_ABNF_SCREENSHOT, png);

    // Everything came from the static server's folder, and nothing asked for the API.
    assert.deepStrictEqual(problems, []);
    assert.ok(files.asked.includes("/viewer/wasm/iri_abnf_wasm_bg.wasm"), files.asked.join(" "));
    assert.ok(files.asked.includes("/viewer/grammar/iri.abnf"), files.asked.join(" "));
    assert.deepStrictEqual(files.asked.filter((p) => !p.startsWith("/viewer/")), []);
    assert.deepStrictEqual(files.asked.filter((p) => p.includes("/api/")), []);
  } finally {
    if (browser) await browser.close();
    files.server.closeAllConnections();
    files.server.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
