// The package as the npm registry would get it: `npm pack` in js/package, the tarball's file list
// (the built module and declarations, no sources, no node_modules) and size, then a fresh Node
// project that installs the tarball and ajv (from the registry, for the plugin) and runs a script
// there, with a PATH that holds node alone (no cargo, no rustc): the script imports the package
// (ESM) and requires it (CommonJS), calls every function of the API and the ajv plugin, and compares
// the verdicts with `iri check` on strings that `iri generate` writes for every grammar. tsc (the
// devDependency) checks the declarations as the installed package gives them.

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, writeFileSync, symlinkSync, rmSync, copyFileSync, existsSync, readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findIri, jsDir } from "./helpers/iri.mjs";

const iri = findIri();
const pkgDir = join(jsDir, "package");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

// Every file the tarball holds.
const REQUIRED = [
  "README.md",
  "package.json",
  "index.mjs",
  "index.cjs",
  "browser.js",
  "index.d.ts",
  "dist/index.d.cts",
  "ajv.mjs",
  "ajv.cjs",
  "ajv.browser.js",
  "ajv.d.ts",
  "dist/ajv.d.cts",
  "dist/api.js",
  "dist/api.cjs",
  "dist/iri_abnf_wasm.js",
  "dist/iri_abnf_wasm.cjs",
  "dist/iri_abnf_wasm_bg.wasm",
  "LICENSE-MIT",
  "LICENSE-APACHE",
];
const OPTIONAL = [];

// The script run in the fresh project: `node check.mjs IRI_BIN`, printing one JSON summary line.
const SCRIPT = String.raw`
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import * as esm from "iri-abnf";

const require = createRequire(import.meta.url);
const cjs = require("iri-abnf");
const bin = process.argv[2];
const FUNCTIONS = ["isValid", "checkMany", "validate", "parse", "toUri", "toIri", "fromLeiri",
  "preprocess", "resolve", "relativize", "normalize", "equivalent", "lint", "compare",
  "compareLanguages", "grammars", "rules", "isIdnHostname"];
const summary = { calls: 0, compared: 0, grammars: 0 };

function calls(m, entry) {
  for (const name of [...FUNCTIONS, "IriSyntaxError", "IriError"]) {
    assert.equal(typeof m[name], "function", entry + " " + name);
  }
  assert.equal(typeof m.version, "string");
  assert.equal(m.isValid("http://résumé.example.org/", { grammar: "uri" }), false);
  assert.deepEqual(m.checkMany(["http://a/", "a b"], { grammar: "iri", rule: "IRI-reference" }), [true, false]);
  try {
    m.validate("http://a/😀😀 ");
    assert.fail("validate");
  } catch (e) {
    assert.ok(e instanceof m.IriSyntaxError && e instanceof SyntaxError);
    assert.deepEqual([e.index, e.offset, e.column], [13, 17, 12]);
  }
  assert.equal(m.parse("http://u@例え.jp:80/p?q#f").host, "例え.jp");
  assert.equal(m.toUri("http://résumé.example.org", { host: "idna" }), "http://xn--rsum-bpad.example.org");
  assert.equal(m.toIri("http://www.example.org/D%C3%BCrst", { keepPunycode: true }), "http://www.example.org/Dürst");
  assert.equal(m.fromLeiri("http://a/b c", { to: "uri", raw: false }), "http://a/b%20c");
  assert.deepEqual(m.preprocess(" a  b ", { split: true, nfc: true, decodeNcr: true }), ["a", "b"]);
  assert.equal(m.resolve("http://a/b/c/d;p?q", "http:g", { grammar: "uri", nonStrict: true }), "http://a/b/c/g");
  assert.equal(m.relativize("http://a/b/c/d;p?q", "http://a/b/g", { grammar: "iri" }), "../g");
  assert.equal(m.normalize("HTTP://[2001:DB8:0:0:0:0:0:1]:80/", { level: "scheme", ipv6Rfc5952: true }), "http://[2001:db8::1]/");
  assert.equal(m.equivalent("http://a/%7e", "http://a/~", { level: "percent" }), true);
  assert.deepEqual(m.lint("HTTP://a/", { profile: "default", allow: [], warn: [], deny: ["uppercase-scheme"] })
    .map((d) => [d.code, d.severity]), [["uppercase-scheme", "error"]]);
  assert.equal(m.compare("::1", { rule: "IPv6address" }).every((v) => v.valid), true);
  assert.equal(m.compareLanguages("iri", "rfc3987", { witnesses: 1 }).relation, "proper-superset");
  assert.equal(m.grammars().length, 9);
  assert.ok(m.rules("uri").includes("URI-reference"));
  assert.deepEqual([m.isIdnHostname("例え.jp"), m.isIdnHostname("a_b")], [true, false]);
  try {
    m.resolve("/a", "b");
    assert.fail("resolve");
  } catch (e) {
    assert.ok(e instanceof m.IriError);
  }
  assert.throws(() => m.isValid(1), TypeError);
  assert.throws(() => m.isValid("a", { grammar: "url" }), RangeError);
  summary.calls += FUNCTIONS.length;
}

calls(esm, "import");
calls(cjs, "require");
assert.equal(cjs.version, esm.version);

for (const g of esm.grammars().map((x) => x.name)) {
  const strings = [];
  for (const mutate of [[], ["--mutate"]]) {
    const out = execFileSync(bin, ["generate", "--grammar", g, "--count", "200", "--seed", "7", "--format", "json", ...mutate], { encoding: "utf8" });
    for (const line of out.split("\n")) if (line) strings.push(JSON.parse(line).text);
  }
  const sendable = strings.filter((s) => !s.includes("\0"));
  // Exit status 1: some inputs are invalid.
  const checked = spawnSync(bin, ["-0", "check", "--format", "json", "--grammar", g], {
    input: sendable.map((s) => s + "\0").join(""), encoding: "utf8", maxBuffer: 1 << 28,
  });
  assert.ok(checked.status === 0 || checked.status === 1, checked.stderr);
  const records = checked.stdout.split("\0").filter((r) => r).map((r) => JSON.parse(r));
  assert.equal(records.length, sendable.length);
  const verdicts = records.map((r) => r.valid);
  assert.deepEqual(esm.checkMany(sendable, { grammar: g }), verdicts, g);
  assert.deepEqual(cjs.checkMany(sendable, { grammar: g }), verdicts, g);
  assert.deepEqual(sendable.map((s) => esm.isValid(s, { grammar: g })), verdicts, g);
  summary.compared += sendable.length;
  summary.grammars++;
}
// The ajv plugin, with ajv from the registry.
{
  const { default: Ajv } = await import("ajv");
  const { default: addFormats } = await import("iri-abnf/ajv");
  const addFormatsCjs = require("iri-abnf/ajv");
  const AjvCjs = require("ajv");
  for (const [add, A] of [[addFormats, Ajv], [addFormatsCjs, AjvCjs]]) {
    const ajv = add(new A(), { iri: "3987bis" });
    const check = (format, data) => ajv.validate({ type: "string", format }, data);
    assert.equal(check("uri", "http://résumé.example.org/"), false);
    assert.equal(check("iri", "http://résumé.example.org/"), true);
    assert.equal(check("iri", "?\u{E0000}"), false); // IRI, not IRI-reference
    assert.equal(check("iri-reference", "?\u{E0000}"), true); // 3987bis
    assert.equal(check("idn-hostname", "例え.jp"), true);
    assert.equal(check("idn-hostname", "a_b"), false);
    assert.equal(check("uri-reference", "a b"), false);
    summary.ajv = (summary.ajv ?? 0) + 1;
  }
}
console.log(JSON.stringify(summary));
`;

// The declarations as the installed package resolves them, for an ES module and a CommonJS file.
const TSCONFIG = {
  compilerOptions: { module: "node16", moduleResolution: "node16", target: "es2022", strict: true, noEmit: true, types: [] },
  files: ["usage.mts", "usage.cts"],
};

test("npm pack, install in a fresh project, use it there without a Rust toolchain", { skip: iri.missing ?? false }, () => {
  const tmp = mkdtempSync(join(tmpdir(), "iri-abnf-pack-"));
  try {
    // The tarball and its files.
    // The prepack script runs first (its banner may precede the JSON).
    const listing = execFileSync(npm, ["pack", "--json", "--pack-destination", tmp], { cwd: pkgDir, encoding: "utf8" });
    const [packed] = JSON.parse(listing.slice(listing.search(/^\[/m)));
    const files = packed.files.map((f) => f.path).sort();
    for (const f of REQUIRED) assert.ok(files.includes(f), `the tarball lacks ${f}: ${files.join(" ")}`);
    for (const f of files) {
      assert.ok(REQUIRED.includes(f) || OPTIONAL.includes(f), `the tarball holds ${f}`);
      assert.ok(!/(^|\/)(src|node_modules|\.tmp)\//.test(f) && !/\.rs$|Cargo/.test(f), f);
    }
    const wasm = packed.files.find((f) => f.path === "dist/iri_abnf_wasm_bg.wasm");
    console.log(
      `# ${packed.filename}: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked, ` +
        `${files.length} files (the .wasm ${wasm.size} bytes)`,
    );
    assert.ok(packed.size < 3 * 1024 * 1024, `${packed.size} bytes packed`);

    // A fresh project that installs the tarball (and ajv for the plugin, when there is one).
    const project = join(tmp, "project");
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "pack-check", private: true, type: "module" }));
    const install = [join(tmp, packed.filename), "ajv@^8"];
    execFileSync(npm, ["install", "--no-audit", "--no-fund", "--no-package-lock", ...install], {
      cwd: project,
      stdio: ["ignore", "ignore", "inherit"],
    });
    assert.ok(existsSync(join(project, "node_modules", "iri-abnf", "dist", "iri_abnf_wasm_bg.wasm")));
    writeFileSync(join(project, "check.mjs"), SCRIPT);

    // node alone on PATH.
    const bin = join(tmp, "bin");
    mkdirSync(bin);
    symlinkSync(process.execPath, join(bin, "node"));
    const env = { PATH: bin, HOME: tmp };
    for (const tool of ["cargo", "rustc", "rustup"]) {
      assert.throws(() => execFileSync(tool, ["--version"], { env, stdio: "ignore" }), `${tool} is on PATH`);
    }
    const out = execFileSync("node", ["check.mjs", iri.bin], { cwd: project, env, encoding: "utf8" });
    const summary = JSON.parse(out.trim().split("\n").pop());
    console.log(`# in the fresh project: ${JSON.stringify(summary)}`);
    assert.equal(summary.grammars, 9);
    assert.equal(summary.calls, 36);
    assert.equal(summary.ajv, 2, "the ajv plugin, imported and required");
    assert.ok(summary.compared >= 9 * 390, `${summary.compared} strings compared`);

    // tsc on the uses of tests/types, against the installed package's declarations.
    for (const f of ["usage.mts", "usage.cts"]) copyFileSync(join(jsDir, "tests", "types", f), join(project, f));
    writeFileSync(join(project, "tsconfig.json"), JSON.stringify(TSCONFIG));
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    try {
      execFileSync(process.execPath, [tsc, "-p", project], { cwd: project, encoding: "utf8" });
    } catch (e) {
      assert.fail(`tsc in the fresh project:\n${e.stdout}${e.stderr}`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

// `npm pack` of a package that was not built stops in its prepack script with a message that names
// what is missing and the build command; the built package passes the same check.
test("prepack: an unbuilt package is not packed, and says how to build it", () => {
  const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
  assert.equal(manifest.scripts.prepack, "node prepack.mjs");
  assert.ok(!manifest.files.includes("prepack.mjs"));
  const tmp = mkdtempSync(join(tmpdir(), "iri-abnf-prepack-"));
  try {
    for (const f of ["package.json", "prepack.mjs", "index.mjs", "README.md"]) copyFileSync(join(pkgDir, f), join(tmp, f));
    const run = spawnSync(npm, ["pack", "--pack-destination", tmp], { cwd: tmp, encoding: "utf8" });
    assert.notEqual(run.status, 0, run.stdout);
    const said = run.stdout + run.stderr;
    assert.match(said, /iri-abnf: the package is not built, so it is not packed: /);
    assert.match(said, /dist\/iri_abnf_wasm_bg\.wasm/);
    assert.match(said, /node js\/build\.mjs/);
    assert.doesNotMatch(said, /index\.mjs,/); // present files are not listed
    assert.ok(!readdirSync(tmp).some((f) => f.endsWith(".tgz")), "no tarball");
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  if (existsSync(join(pkgDir, "dist", "iri_abnf_wasm_bg.wasm"))) {
    const built = spawnSync(process.execPath, ["prepack.mjs"], { cwd: pkgDir, encoding: "utf8" });
    assert.equal(built.status, 0, built.stderr);
  }
});
