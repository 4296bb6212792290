// The TypeScript declarations (package/index.d.ts and ajv.d.ts, and their copies dist/*.d.cts for
// `require`) compile with the uses in tests/types/ (every export, with its options and results), and the uses
// that must not compile do not (their @ts-expect-error directives would be unused). tsc is the
// devDependency typescript, run with module resolution node16 and nodenext.

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esm from "iri-abnf";

const js = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const tsc = require.resolve("typescript/bin/tsc");
const declarations = readFileSync(join(js, "package", "index.d.ts"), "utf8");

function compile(...args) {
  try {
    execFileSync(process.execPath, [tsc, "-p", join(js, "tests", "types"), ...args], {
      encoding: "utf8",
      cwd: js,
    });
  } catch (e) {
    assert.fail(`tsc ${args.join(" ")}:\n${e.stdout}${e.stderr}`);
  }
}

test("the declarations compile with their uses (module node16)", () => compile());

test("the declarations compile with their uses (module nodenext)", () =>
  compile("--module", "nodenext", "--moduleResolution", "nodenext"));

test("the CommonJS declarations are those of index.d.ts and ajv.d.ts (the build copies them)", () => {
  assert.equal(readFileSync(join(js, "package", "dist", "index.d.cts"), "utf8"), declarations);
  assert.equal(
    readFileSync(join(js, "package", "dist", "ajv.d.cts"), "utf8"),
    readFileSync(join(js, "package", "ajv.d.ts"), "utf8"),
  );
});

test("every export is declared, and every declared value is exported", () => {
  const declared = new Set(
    [...declarations.matchAll(/^export (?:declare )?(?:function|const|class) (\w+)/gm)].map((m) => m[1]),
  );
  for (const name of Object.keys(esm)) {
    assert.ok(declared.has(name), `${name} is exported and not declared`);
  }
  for (const name of declared) assert.ok(name in esm, `${name} is declared and not exported`);
  // Every function the API has is declared with its options interface.
  for (const [name, value] of Object.entries(esm)) {
    if (typeof value !== "function" || /^[A-Z]/.test(name)) continue;
    assert.match(declarations, new RegExp(`^export function ${name}\\(`, "m"), name);
  }
});
