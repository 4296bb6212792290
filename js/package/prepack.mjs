// `npm pack` and `npm publish` run this first (the "prepack" script): it stops them with a clear
// message when the package is not built, instead of packing the sources alone (a tarball that fails
// on import). The files the package lists (package.json "files") must all be here; `node
// js/build.mjs` (from the repository's root) writes the ones under dist/ and the licenses.

import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const pkg = dirname(fileURLToPath(import.meta.url));
const { files } = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8"));
const missing = files.filter((f) => !existsSync(join(pkg, f)));
if (missing.length > 0) {
  console.error(
    `iri-abnf: the package is not built, so it is not packed: ${missing.join(", ")} ` +
      `${missing.length === 1 ? "is" : "are"} missing.\n` +
      "Build it first, from the repository's root: node js/build.mjs (it needs the " +
      "wasm32-unknown-unknown target and the wasm-bindgen command of the version in Cargo.lock; " +
      "see docs/javascript.md), then run npm pack in js/package again.",
  );
  process.exit(1);
}
