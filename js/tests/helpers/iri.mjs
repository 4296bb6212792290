// The `iri` command of the workspace, which the package's answers are compared with, and helpers
// for the comparison. Not a test file (node --test runs only *.test.mjs here).
//
// The binary: $IRI_BIN, else $CARGO_TARGET_DIR/release/iri, else ../target/release/iri relative to
// js/ (where `cargo build --release -p iri-cli` and CI's `cargo test --workspace --release` put it).
// When it is missing, the tests that need it fail when CI is set, and are skipped with the reason
// printed otherwise.

import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const jsDir = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const rootDir = dirname(jsDir);

/** `{ bin }`, or `{ missing: reason }` outside CI; throws in CI when the binary is missing. */
export function findIri() {
  const given = process.env.IRI_BIN;
  const bin = given
    ? resolve(jsDir, given)
    : join(process.env.CARGO_TARGET_DIR ?? join(rootDir, "target"), "release", "iri");
  if (existsSync(bin)) return { bin };
  const reason =
    `the iri command is not at ${bin} (${given ? "IRI_BIN" : "the default: set IRI_BIN"}); ` +
    "build it with `cargo build --release -p iri-cli`";
  if (process.env.CI) throw new Error(`CI is set and ${reason}`);
  console.log(`# skipped: ${reason}`);
  return { missing: reason };
}

/** The records (one JSON object per line or per NUL) that `iri ARGS` writes for `inputs`, one per
 * input, in order. Inputs holding NUL go as lines (they must hold no line feed, nor end with a
 * carriage return, which a line's terminator would take), the others NUL-terminated (`-0`), so
 * that line feeds reach the command. */
export function iriRecords(bin, args, inputs) {
  const out = new Array(inputs.length);
  const byNul = [];
  const byLine = [];
  inputs.forEach((s, i) => (s.includes("\0") ? byLine : byNul).push(i));
  for (const [indices, nul] of [
    [byNul, true],
    [byLine, false],
  ]) {
    if (indices.length === 0) continue;
    const sep = nul ? "\0" : "\n";
    for (const i of indices) {
      if (!nul && (inputs[i].includes("\n") || inputs[i].endsWith("\r"))) {
        throw new Error(`cannot send ${JSON.stringify(inputs[i])} to the iri command`);
      }
    }
    const stdin = indices.map((i) => inputs[i] + sep).join("");
    const r = spawnSync(bin, nul ? ["-0", ...args] : args, {
      input: stdin,
      encoding: "utf8",
      maxBuffer: 1 << 30,
    });
    if (r.error) throw r.error;
    if (r.status !== 0 && r.status !== 1) {
      throw new Error(`iri ${args.join(" ")} exited with ${r.status}: ${r.stderr}`);
    }
    const records = r.stdout.split(sep).filter((l) => l !== "");
    if (records.length !== indices.length) {
      throw new Error(
        `iri ${args.join(" ")}: ${records.length} records for ${indices.length} inputs`,
      );
    }
    indices.forEach((i, k) => (out[i] = JSON.parse(records[k])));
  }
  return out;
}

/** The strings of `iri generate ARGS --format json` (exact, line breaks included). */
export function iriGenerate(bin, args) {
  const stdout = execFileSync(bin, ["generate", "--format", "json", ...args], {
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  return stdout
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l).text);
}

/** The UTF-16 index of UTF-8 byte offset `offset` of `s` (at a character boundary). */
export function utf16Index(s, offset) {
  let bytes = 0;
  let index = 0;
  for (const ch of s) {
    if (bytes >= offset) break;
    const cp = ch.codePointAt(0);
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    index += ch.length;
  }
  if (bytes !== offset && offset <= Buffer.byteLength(s)) {
    throw new Error(`byte offset ${offset} of ${JSON.stringify(s)} is inside a character`);
  }
  return index;
}

/** A deterministic generator of numbers in [0, 1) (mulberry32). */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Characters outside US-ASCII of every UTF-8 length, in and out of the grammars' ranges:
 * 2-byte, 3-byte (BMP, private use, noncharacters, bidi controls, BOM), 4-byte (astral: emoji,
 * tag characters U+E0000–E0FFF that only 3987bis admits in iprivate, planes 15–16). */
export const NON_ASCII = [
  "é", "ß", "\u00A0", "\u00BF", "ж", "\u07FF",
  "\u0800", "例", "え", "\u200C", "\u202E", "\uD7FF", "\uE000", "\uF8FF", "\uF900", "\uFDD0",
  "\uFDEF", "\uFEFF", "\uFFEF", "\uFFFD", "\uFFFF",
  "😀", "𝔘", "\u{10000}", "\u{1FFFD}", "\u{1FFFE}", "\u{20000}", "\u{E0000}", "\u{E0001}",
  "\u{E0FFF}", "\u{E1000}", "\u{EFFFD}", "\u{F0000}", "\u{FFFFD}", "\u{100000}", "\u{10FFFD}",
  "\u{10FFFF}",
];

/** Strings written by hand: non-ASCII and astral characters in every component, controls, line
 * breaks, spaces, and edge cases of hosts and percent-encoding. */
export const HANDMADE = [
  "",
  "http://résumé.example.org/",
  "http://例え.jp/パス?クエリ#フラグ",
  "http://user@例え.jp:8080/p?q#f",
  "http://a/😀/😀?😀#😀",
  "http://😀.example/",
  "http://[::1]/𝔘",
  "http://[v7.😀]/",
  "?\u{E0000}",
  "?\u{E0FFF}#\u{E0000}",
  "http://a/\u{10FFFD}",
  "\u{10FFFF}",
  "\uFEFFhttp://a/",
  "http://a/\u202Eb",
  "http://a/b c",
  "http://a/\tb",
  "http://a/\nb",
  "a\r\nb",
  "\n",
  "http://a/\u0000",
  "\u0000",
  "http://a/\u007F",
  "http://a/\u0085",
  "http://a/%",
  "http://a/%e9%",
  "http://a/%C3%A9",
  "http://[::1",
  "http://[1::2:3:4:5:6]/",
  "http://1.2.3.256/",
  "http://u@h:80x/",
  "x:😀:",
  "😀:",
  "é",
  "//é@é:1/é?é#é",
  "mailto:Dürst@example.org",
  "urn:ietf:rfc:3987",
  "http://a/<>\"{}|\\^`",
  "#a#b",
  "http://ab\u{E0001}c/",
  "http://a/\uFFFF\uFFFE",
  "ftp://例.com/\u{20000}\u{2FFFD}\u{30000}",
];
