#!/usr/bin/env node
// The speed of the npm package iri-abnf against its JavaScript peers, in one run, on the same
// strings: DBpedia's IRIs (the first 200,000 lines of ../shared/corpora/realworld-dbpedia-links/
// iris.txt.gz) and its non-ASCII IRIs (iris_nonascii.txt beside it).
//
// Usage (from js/, after `node build.mjs` and `npm ci`):
//   node bench/bench.mjs [--rounds N] [--lines N] [--corpora DIR]
//
// The calls are those users write: `isValid(s)` (3987bis `IRI-reference`, the default),
// `isValid(s, { grammar: "uri" })` with the options written in the call, and `checkMany(lines)` over
// the whole array (its time divided by the number of strings). The strings are the lines of the
// file as `split("\n")` gives them, as a program that reads a file has them. Peers: ajv-formats'
// `uri-reference` (a regular expression), fast-uri's and uri-js's `parse`, and ajv-formats-draft2019's
// `iri` (uri-js, then a check of the scheme against the IANA registry).
//
// Each round times every contender once over all the lines, in an order that rotates from round to
// round; the table gives the median per call over the rounds (the first round, the warm-up, is left
// out) and the ratios of the issue's targets.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

import { isValid, checkMany } from "iri-abnf";

const require = createRequire(import.meta.url);
const ajvFormats = require("ajv-formats/dist/formats").fullFormats;
const draft2019 = require("ajv-formats-draft2019/formats");
const fastUri = require("fast-uri");
const uriJs = require("uri-js");

function flag(name, fallback) {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : process.argv[i + 1];
}
const here = dirname(fileURLToPath(import.meta.url));
const corpora = flag("--corpora", join(here, "..", "..", "..", "shared", "corpora"));
const rounds = Number(flag("--rounds", 11));
const limit = Number(flag("--lines", 200000));

function lines(text) {
  return text.split("\n").filter((l) => l !== "").slice(0, limit);
}
const dbpedia = join(corpora, "realworld-dbpedia-links");
const sets = [
  ["DBpedia", lines(gunzipSync(readFileSync(join(dbpedia, "iris.txt.gz"))).toString("utf8"))],
  ["non-ASCII IRIs", lines(readFileSync(join(dbpedia, "iris_nonascii.txt"), "utf8"))],
];

const uriReference = ajvFormats["uri-reference"];
const iriFormat = draft2019.iri;

// Each contender: (lines) => the number of strings it accepts (so that no call is optimized away).
// Each has a loop of its own, as a program that checks lines has: one call site, one callee.
const contenders = [
  [
    "isValid(s)",
    (ls) => {
      let n = 0;
      for (let i = 0; i < ls.length; i++) if (isValid(ls[i])) n++;
      return n;
    },
  ],
  [
    'isValid(s, { grammar: "uri" })',
    (ls) => {
      let n = 0;
      for (let i = 0; i < ls.length; i++) if (isValid(ls[i], { grammar: "uri" })) n++;
      return n;
    },
  ],
  ["checkMany(lines)", (ls) => trues(checkMany(ls))],
  ['checkMany(lines, { grammar: "uri" })', (ls) => trues(checkMany(ls, { grammar: "uri" }))],
  [
    "ajv-formats uri-reference (regex)",
    (ls) => {
      let n = 0;
      for (let i = 0; i < ls.length; i++) if (uriReference.test(ls[i])) n++;
      return n;
    },
  ],
  [
    "fast-uri parse",
    (ls) => {
      let n = 0;
      for (let i = 0; i < ls.length; i++) if (fastUri.parse(ls[i]).error === undefined) n++;
      return n;
    },
  ],
  [
    "uri-js parse",
    (ls) => {
      let n = 0;
      for (let i = 0; i < ls.length; i++) if (uriJs.parse(ls[i]).error === undefined) n++;
      return n;
    },
  ],
  [
    "ajv-formats-draft2019 iri",
    (ls) => {
      let n = 0;
      for (let i = 0; i < ls.length; i++) if (iriFormat(ls[i])) n++;
      return n;
    },
  ],
];

function trues(verdicts) {
  let n = 0;
  for (let i = 0; i < verdicts.length; i++) if (verdicts[i]) n++;
  return n;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const results = {};
for (const [set, ls] of sets) {
  const times = contenders.map(() => []);
  const accepted = contenders.map(() => 0);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < contenders.length; k++) {
      const j = (k + r) % contenders.length;
      const t = process.hrtime.bigint();
      accepted[j] = contenders[j][1](ls);
      const ns = Number(process.hrtime.bigint() - t) / ls.length;
      if (r > 0) times[j].push(ns);
    }
  }
  results[set] = contenders.map((c, j) => ({ name: c[0], ns: median(times[j]), accepted: accepted[j] }));
}

const by = (set, name) => results[set].find((x) => x.name === name).ns;
console.log(
  `Node ${process.version}, ${cpus()[0]?.model ?? "?"} (${cpus().length} cores); ` +
    `${rounds - 1} rounds after one warm-up; median ns per string`,
);
console.log();
console.log(`| call | ${sets.map(([s, ls]) => `${s} (${ls.length} strings): ns (accepted)`).join(" | ")} |`);
console.log(`|---|${sets.map(() => "---:").join("|")}|`);
for (let j = 0; j < contenders.length; j++) {
  const cells = sets.map(([s]) => {
    const x = results[s][j];
    return `${x.ns.toFixed(1)} (${x.accepted})`;
  });
  console.log(`| ${contenders[j][0]} | ${cells.join(" | ")} |`);
}
console.log();
console.log(`| ratio | ${sets.map(([s]) => s).join(" | ")} | target |`);
console.log(`|---|${sets.map(() => "---:").join("|")}|---|`);
const ratios = [
  ["isValid(s) ÷ ajv-formats uri-reference regex", (s) => by(s, "isValid(s)") / by(s, "ajv-formats uri-reference (regex)"), "≤ 0.4"],
  ["fast-uri parse ÷ isValid(s)", (s) => by(s, "fast-uri parse") / by(s, "isValid(s)"), "≥ 20"],
  ["isValid(s) ÷ checkMany(lines), per string", (s) => by(s, "isValid(s)") / by(s, "checkMany(lines)"), "≥ 3"],
];
for (const [name, f, target] of ratios) {
  console.log(`| ${name} | ${sets.map(([s]) => f(s).toFixed(2)).join(" | ")} | ${target} |`);
}
