// The JavaScript examples of the README, of docs/javascript.md and of the npm package's README run
// as they are written: each ```js block that imports "iri-abnf" is written to a module beside this
// package and imported.

import { test } from "node:test";
import { readFileSync, writeFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const js = join(dirname(fileURLToPath(import.meta.url)), "..");
const root = join(js, "..");

function blocks(file) {
  const text = readFileSync(join(root, file), "utf8");
  return [...text.matchAll(/```js\n([\s\S]*?)```/g)]
    .map((m) => m[1])
    .filter((b) => b.includes('from "iri-abnf"'));
}

for (const file of ["README.md", "docs/javascript.md", "js/package/README.md"]) {
  const found = blocks(file);
  test(`${file} has JavaScript examples`, () => {
    if (found.length === 0) throw new Error(`no \`\`\`js block importing "iri-abnf" in ${file}`);
  });
  found.forEach((code, k) => {
    test(`${file}: example ${k + 1}`, async () => {
      const path = join(js, `.example-${file.replace(/\W/g, "-")}-${k}.mjs`);
      writeFileSync(path, code);
      try {
        await import(pathToFileURL(path).href);
      } finally {
        rmSync(path, { force: true });
      }
    });
  });
}
