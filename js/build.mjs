#!/usr/bin/env node
// Builds the npm package iri-abnf in js/package/: compiles the crate iri-abnf-wasm (js/) to
// wasm32-unknown-unknown with the `wasm` profile, runs `wasm-bindgen` for the ES module glue
// (browsers, bundlers, Node's `import`) and the CommonJS glue (Node's `require`), which share one
// .wasm, and writes dist/api.js and dist/api.cjs from src/api.js.
//
// Usage: node js/build.mjs [--dev]   (--dev: the release profile, without link-time optimization)
// Needs: the wasm32-unknown-unknown target (rustup target add wasm32-unknown-unknown) and the
// `wasm-bindgen` command of the version the crate pins (cargo install wasm-bindgen-cli --version V).

import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const js = dirname(fileURLToPath(import.meta.url));
const root = dirname(js);
const pkg = join(js, "package");
const dist = join(pkg, "dist");
const profile = process.argv.includes("--dev") ? "release" : "wasm";

function run(cmd, args, opts = {}) {
  console.error(`+ ${cmd} ${args.join(" ")}`);
  execFileSync(cmd, args, { stdio: "inherit", cwd: root, ...opts });
}

// The wasm-bindgen command must be the version of the crate the module links.
const lock = readFileSync(join(root, "Cargo.lock"), "utf8");
const pinned = /name = "wasm-bindgen"\nversion = "([^"]+)"/.exec(lock)?.[1];
let have = "";
try {
  have = execFileSync("wasm-bindgen", ["--version"], { encoding: "utf8" }).trim().split(" ")[1];
} catch {
  throw new Error(
    `wasm-bindgen is not installed: cargo install wasm-bindgen-cli --version ${pinned}`,
  );
}
if (have !== pinned) {
  throw new Error(
    `wasm-bindgen ${have} is installed, the crate links ${pinned}: ` +
      `cargo install wasm-bindgen-cli --version ${pinned}`,
  );
}

run("cargo", [
  "build",
  "--locked",
  "-p",
  "iri-abnf-wasm",
  "--target",
  "wasm32-unknown-unknown",
  "--profile",
  profile,
]);
const target = process.env.CARGO_TARGET_DIR ?? join(root, "target");
const wasm = join(target, "wasm32-unknown-unknown", profile, "iri_abnf_wasm.wasm");

rmSync(dist, { recursive: true, force: true });
const tmp = join(dist, ".tmp");
mkdirSync(tmp, { recursive: true });
// The name and producers sections name functions and tools for debuggers; nothing runs them.
const strip = ["--remove-name-section", "--remove-producers-section"];
run("wasm-bindgen", ["--target", "web", ...strip, "--out-dir", join(tmp, "web"), wasm]);
run("wasm-bindgen", ["--target", "nodejs", ...strip, "--out-dir", join(tmp, "node"), wasm]);

const web = readFileSync(join(tmp, "web", "iri_abnf_wasm_bg.wasm"));
const node = readFileSync(join(tmp, "node", "iri_abnf_wasm_bg.wasm"));
if (!web.equals(node)) throw new Error("the two glues' .wasm differ: they cannot share one");
copyFileSync(join(tmp, "web", "iri_abnf_wasm_bg.wasm"), join(dist, "iri_abnf_wasm_bg.wasm"));
copyFileSync(join(tmp, "web", "iri_abnf_wasm.js"), join(dist, "iri_abnf_wasm.js"));
copyFileSync(join(tmp, "node", "iri_abnf_wasm.js"), join(dist, "iri_abnf_wasm.cjs"));
rmSync(tmp, { recursive: true, force: true });

// src/api.js is an ES module whose only exports are `export class` and `export function`
// declarations; the CommonJS copy declares them plainly and exports them at the end.
const api = readFileSync(join(pkg, "src", "api.js"), "utf8");
writeFileSync(join(dist, "api.js"), api);
const names = [...api.matchAll(/^export (?:class|function) (\w+)/gm)].map((m) => m[1]);
if (/^export (?!class |function )/m.test(api)) {
  throw new Error("src/api.js exports something other than classes and functions");
}
const cjs =
  `"use strict";\n` +
  api.replace(/^export (class|function) /gm, "$1 ") +
  `\nmodule.exports = { ${names.join(", ")} };\n`;
writeFileSync(join(dist, "api.cjs"), cjs);

for (const f of ["LICENSE-MIT", "LICENSE-APACHE"]) copyFileSync(join(root, f), join(pkg, f));

// The declarations of index.d.ts and ajv.d.ts for `require` too: in a package of "type": "module"
// a .d.ts declares an ES module, which TypeScript (module node16) will not let CommonJS code
// require; a .d.cts declares the CommonJS entry (the exports map gives it to `require`).
copyFileSync(join(pkg, "index.d.ts"), join(dist, "index.d.cts"));
copyFileSync(join(pkg, "ajv.d.ts"), join(dist, "ajv.d.cts"));

const size = statSync(join(dist, "iri_abnf_wasm_bg.wasm")).size;
const gz = gzipSync(readFileSync(join(dist, "iri_abnf_wasm_bg.wasm")), { level: 9 }).length;
console.error(`js/package/dist/iri_abnf_wasm_bg.wasm: ${size} bytes, ${gz} bytes gzipped`);
