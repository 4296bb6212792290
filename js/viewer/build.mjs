#!/usr/bin/env node
// Builds the live viewer of `iri serve` as a static site: the page's files (iri-cli/src/cli/serve/:
// index.html, style.css, app.js, the one source of the page), the scripts and grammar files that
// `iri serve` generates, written here by the viewer's exports of the WebAssembly module, the module
// itself with its ES module glue (from the npm package's build, js/package/dist/), and backend.js,
// which answers the page's API calls in the page. Any static file server can serve the folder; the
// page needs no network beyond it.
//
// Usage: node js/viewer/build.mjs [--out DIR] [--skip-package]
//   --out DIR         the folder to write (emptied first); default js/viewer/dist
//   --skip-package    take js/package/dist as it is, without running js/build.mjs first
// Needs what js/build.mjs needs (unless --skip-package).

import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const viewer = dirname(fileURLToPath(import.meta.url));
const js = dirname(viewer);
const root = dirname(js);
const page = join(root, "iri-cli", "src", "cli", "serve");
const packageDist = join(js, "package", "dist");

const args = process.argv.slice(2);
let out = join(viewer, "dist");
let skipPackage = false;
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--out" && i + 1 < args.length) out = resolve(args[++i]);
  else if (args[i] === "--skip-package") skipPackage = true;
  else {
    console.error(`usage: node js/viewer/build.mjs [--out DIR] [--skip-package] (not ${args[i]})`);
    process.exit(2);
  }
}

if (!skipPackage) {
  console.error(`+ node js/build.mjs`);
  execFileSync(process.execPath, [join(js, "build.mjs")], { stdio: "inherit", cwd: root });
}

// The module, instantiated here to write what `iri serve` generates.
const gluePath = join(packageDist, "iri_abnf_wasm.js");
const wasmPath = join(packageDist, "iri_abnf_wasm_bg.wasm");
let glue;
try {
  glue = await import(pathToFileURL(gluePath));
  glue.initSync({ module: readFileSync(wasmPath) });
} catch (e) {
  throw new Error(`${packageDist}: no built module (${e.message}): run node js/build.mjs`);
}
if (typeof glue.viewer_grammar_files !== "function") {
  throw new Error(`${packageDist}: the module has no viewer exports: run node js/build.mjs`);
}

/** The value of a `{"ok": …}` answer of the module. */
function ok(json) {
  const r = JSON.parse(json);
  if ("error" in r) throw new Error(r.error.message);
  return r.ok;
}

/** `text` with the match of `pattern` (a string or a regular expression) replaced by `to`, where
 * it matches exactly once: the page's source and this script must agree. */
function replaceOnce(text, pattern, to, what) {
  const re =
    typeof pattern === "string"
      ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "g")
      : new RegExp(pattern.source, "g");
  const n = [...text.matchAll(re)].length;
  if (n !== 1) {
    throw new Error(`index.html: ${what} matches ${n} times, not once: update js/viewer/build.mjs`);
  }
  return text.replace(re, () => to);
}

// The page: the CSP of `iri serve` (a header there, a meta element here) with WebAssembly allowed
// to compile ('wasm-unsafe-eval'; frame-ancestors has no effect in a meta element), the backend, and
// the words that name the server.
const CSP =
  "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; connect-src 'self'; " +
  "img-src 'self' data:; base-uri 'none'; form-action 'none'";
let html = readFileSync(join(page, "index.html"), "utf8");
html = replaceOnce(
  html,
  '<meta charset="utf-8">\n',
  '<meta charset="utf-8">\n' +
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">\n` +
    '<meta name="iri-viewer-backend" content="wasm">\n',
  "the charset",
);
html = replaceOnce(
  html,
  "Every answer comes from the <code>iri</code> command's JSON.",
  "Every answer is computed in this page, by the library compiled to WebAssembly, in the records of " +
    "the <code>iri</code> command's JSON.",
  "the sentence on the answers",
);
html = replaceOnce(
  html,
  /<p><code>iri serve<\/code> · the API:[^]*?\(<code>iri serve --help<\/code>\)\./,
  "<p>The static build of the page of <code>iri serve</code>: no server, the library runs in the " +
    "browser (compiled to WebAssembly, as in the npm package <code>iri-abnf</code>).",
  "the footer's sentence on the API",
);

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, "wasm"), { recursive: true });
writeFileSync(join(out, "index.html"), html);
for (const f of ["style.css", "app.js"]) copyFileSync(join(page, f), join(out, f));
copyFileSync(join(viewer, "backend.js"), join(out, "backend.js"));
writeFileSync(join(out, "needs-escape.js"), glue.viewer_needs_escape_js());
writeFileSync(join(out, "not-appropriate.js"), glue.viewer_not_appropriate_js());
for (const [file, text] of ok(glue.viewer_grammar_files())) {
  if (!/^grammar\/[\w.-]+\.abnf$/.test(file)) throw new Error(`unexpected grammar file ${file}`);
  mkdirSync(join(out, "grammar"), { recursive: true });
  writeFileSync(join(out, file), text);
}
copyFileSync(gluePath, join(out, "wasm", "iri_abnf_wasm.js"));
copyFileSync(wasmPath, join(out, "wasm", "iri_abnf_wasm_bg.wasm"));

const size = statSync(wasmPath).size;
const gz = gzipSync(readFileSync(wasmPath), { level: 9 }).length;
console.error(`${out}: the static viewer (open index.html through a static file server)`);
console.error(`  wasm/iri_abnf_wasm_bg.wasm: ${size} bytes, ${gz} bytes gzipped`);
