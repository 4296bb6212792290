// The API of the package iri-abnf, over the exports of its WebAssembly module (js/src/lib.rs).
//
// This file is the one source of the API: the build (js/build.mjs) copies it to dist/api.js for the
// ES module entries and writes dist/api.cjs from it for CommonJS.
//
// Strings cross into the module as UTF-8. Indices that this API gives (`index`, `start`, `end`,
// `spans`) count UTF-16 code units, as JavaScript strings do, so `input.slice(start, end)` is the
// part; `offset` is the UTF-8 byte offset that the `iri` command reports.

/** The input does not match the rule of the grammar (or holds a lone surrogate). */
export class IriSyntaxError extends SyntaxError {
  constructor(record) {
    super(record.prefix ? `${record.prefix}${record.message}` : record.message);
    this.name = "IriSyntaxError";
    /** UTF-16 index of the error in the input. */
    this.index = record.index;
    /** UTF-8 byte offset of the error (as the `iri` command reports it). */
    this.offset = record.offset;
    /** 1-based column in characters (code points), as the `iri` command prints it. */
    this.column = record.column;
    /** What could come there: rules in spec spelling, characters and ranges in ABNF notation. */
    this.expected = record.expected;
    this.grammar = record.grammar;
    this.rule = record.rule;
    this.input = record.input;
    /** Which argument the error is about: input, base, reference, target, a or b. */
    this.argument = record.argument;
    /** The input and a caret line under the error. */
    this.caret = record.caret;
  }
}

/** An operation that cannot be made on a valid input: a conversion (IDNA, a charset) or a
 * resolution. `kind` says which. */
export class IriError extends Error {
  constructor(record) {
    super(record.message);
    this.name = "IriError";
    this.kind = record.kind;
    if (record.index !== undefined) {
      this.index = record.index;
      this.offset = record.offset;
    }
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const wellFormed =
  typeof String.prototype.isWellFormed === "function"
    ? (s) => s.isWellFormed()
    : (s) => !LONE_SURROGATE.test(s);

function describe(value) {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function text(value, what) {
  if (typeof value !== "string") {
    throw new TypeError(`${what} must be a string, not ${describe(value)}`);
  }
  if (!wellFormed(value)) {
    const index = value.search(LONE_SURROGATE);
    const before = value.slice(0, index);
    throw new IriSyntaxError({
      message: `${what} holds a lone surrogate (U+${value
        .charCodeAt(index)
        .toString(16)
        .toUpperCase()}) at index ${index}, which UTF-8 cannot encode: no URI, IRI or LEIRI can contain it`,
      index,
      offset: new TextEncoder().encode(before).length,
      column: [...before].length + 1,
      expected: [],
      grammar: null,
      rule: null,
      input: value,
      argument: what,
      caret: null,
    });
  }
  return value;
}

/** The values of `isIdnHostname`'s option `separators` (the ajv plugin's `idnHostname`), the
 * default first: the label separators of RFC 3490 §3.1, or U+002E only (IDNA2008). */
const LABEL_SEPARATORS = ["rfc3490", "idna2008"];

function options(value, allowed, what) {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new TypeError(`the options of ${what} must be an object, not ${describe(value)}`);
  }
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      throw new TypeError(
        `${what} has no option ${JSON.stringify(key)} (options: ${allowed.join(", ")})`,
      );
    }
  }
  return value;
}

function str(value, name, fallback) {
  if (value === undefined) return fallback;
  if (typeof value !== "string") {
    throw new TypeError(`option ${name} must be a string, not ${describe(value)}`);
  }
  return value;
}

function bool(value, name) {
  if (value === undefined) return false;
  if (typeof value !== "boolean") {
    throw new TypeError(`option ${name} must be a boolean, not ${describe(value)}`);
  }
  return value;
}

/** A count of at most 2^32 - 1 (`null`: 0, which means no limit). */
function count(value, name, fallback) {
  if (value === undefined) return fallback;
  if (value === null) return 0;
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    throw new TypeError(`option ${name} must be a whole number from 0, not ${describe(value)}`);
  }
  return value;
}

/** An array of strings, for the module as a JSON array (every name counts, as in `iri lint`). */
function list(value, name) {
  if (value === undefined) return "";
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
    throw new TypeError(`option ${name} must be an array of strings`);
  }
  return JSON.stringify(value);
}

function fail(error) {
  switch (error.type) {
    case "syntax":
      return new IriSyntaxError({
        ...error,
        prefix: error.argument === "input" ? "" : `${error.argument}: `,
      });
    case "range":
      return new RangeError(error.message);
    default:
      return new IriError(error);
  }
}

/** The value of a `{"ok": …}` answer of the module, or its error thrown. */
function answer(json) {
  const r = JSON.parse(json);
  if ("error" in r) throw fail(r.error);
  return r.ok;
}

/** The API over the module's exports `w`. */
export function makeApi(w) {
  const memory = w.wasm_memory();
  const encoder = new TextEncoder();
  let cap = 0;
  let ptr = 0;
  let u8 = new Uint8Array(0);

  /** Room for `n` bytes at `ptr`, and a view of the memory as it is now. */
  function room(n) {
    if (n > cap) {
      cap = Math.max(1024, 2 ** Math.ceil(Math.log2(n)));
      ptr = w.buffer(cap);
    }
    if (u8.buffer !== memory.buffer) u8 = new Uint8Array(memory.buffer);
  }
  room(1024);

  /** Writes the UTF-8 of the well-formed string `s` at `ptr`; its length in bytes. */
  function write(s) {
    const n = s.length;
    if (n * 3 > cap || u8.buffer !== memory.buffer) room(n * 3);
    const p = ptr;
    const m = u8;
    let i = 0;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) break;
      m[p + i] = c;
    }
    if (i === n) return n;
    return i + encoder.encodeInto(s.slice(i), m.subarray(p + i, p + cap)).written;
  }

  // The rules asked for, by grammar and rule name: their number in the module and their DFA's
  // rows (null when the module has none for it: then the module walks the DFA, see `check`).
  const rulesAsked = new Map();
  function ruleOf(grammar, rule) {
    const key = `${grammar}\u0000${rule}`;
    let r = rulesAsked.get(key);
    if (r === undefined) {
      const id = answer(w.rule_id(grammar, rule));
      const t = w.rows(id);
      r =
        t.length === 0
          ? { id, rows: null }
          : { id, width: t[0], start: t[1], classes: Uint8Array.from(t.subarray(2, 258)), rows: t.slice(258) };
      rulesAsked.set(key, r);
    }
    return r;
  }
  const defaultRule = ruleOf("iri", "");

  // The grammar and rule options of the last check, and the rule they asked for: a call that writes
  // its options object in the call (a new object each time) asks for the same rule again.
  let lastGrammar;
  let lastRule;
  let lastAsked = defaultRule;

  function asked(opts, what) {
    if (opts === undefined || opts === null) return defaultRule;
    if (typeof opts !== "object" || Array.isArray(opts)) {
      options(opts, ["grammar", "rule"], what);
    }
    for (const key in opts) {
      if (key !== "grammar" && key !== "rule") options(opts, ["grammar", "rule"], what);
    }
    const grammar = opts.grammar;
    const rule = opts.rule;
    if (grammar === lastGrammar && rule === lastRule) return lastAsked;
    const r = ruleOf(str(grammar, "grammar", "iri"), str(rule, "rule", ""));
    lastGrammar = grammar;
    lastRule = rule;
    lastAsked = r;
    return r;
  }

  /** Whether the string `s` is in the language of the rule `r`: its DFA (the automaton the library
   * compiles from the ABNF) walked over the UTF-8 of `s`, one byte at a time (`Rows` in the
   * library's documentation). A lone surrogate, which UTF-8 cannot encode, is in no language. */
  function walk(r, s) {
    const rows = r.rows;
    const classes = r.classes;
    const n = s.length;
    let q = r.start;
    let i = 0;
    // The ASCII characters: one byte each. The dead state (0) leads only to itself, so the walk
    // looks for it once the run of ASCII characters ends.
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) break;
      q = rows[q + classes[c]];
    }
    if (i === n) return q !== 0 && rows[q + r.width] !== 0;
    return q !== 0 && walkRest(r, s, i, q);
  }

  /** `walk` from the first character that is not ASCII, at `i`, in state `q`. */
  function walkRest(r, s, i, q) {
    const rows = r.rows;
    const classes = r.classes;
    const n = s.length;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x80) {
        q = rows[q + classes[c]];
      } else if (c < 0x800) {
        q = rows[q + classes[0xc0 | (c >> 6)]];
        q = rows[q + classes[0x80 | (c & 0x3f)]];
      } else if (c < 0xd800 || c > 0xdfff) {
        q = rows[q + classes[0xe0 | (c >> 12)]];
        q = rows[q + classes[0x80 | ((c >> 6) & 0x3f)]];
        q = rows[q + classes[0x80 | (c & 0x3f)]];
      } else {
        // A surrogate: the high half of a pair, followed by its low half, or a lone surrogate.
        const d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
        if (c > 0xdbff || d < 0xdc00 || d > 0xdfff) return false;
        const p = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
        q = rows[q + classes[0xf0 | (p >> 18)]];
        q = rows[q + classes[0x80 | ((p >> 12) & 0x3f)]];
        q = rows[q + classes[0x80 | ((p >> 6) & 0x3f)]];
        q = rows[q + classes[0x80 | (p & 0x3f)]];
      }
      if (q === 0) return false;
    }
    return rows[q + r.width] !== 0;
  }

  /** `walk` by the module, for a rule whose DFA has no rows here. */
  function check(r, s) {
    return wellFormed(s) && w.check(r.id, write(s)) === 1;
  }

  function isValid(input, opts) {
    if (typeof input !== "string") {
      throw new TypeError(`input must be a string, not ${describe(input)}`);
    }
    const r = opts === undefined ? defaultRule : asked(opts, "isValid");
    return r.rows !== null ? walk(r, input) : check(r, input);
  }

  function checkMany(array, opts) {
    if (!Array.isArray(array)) {
      throw new TypeError(`checkMany takes an array of strings, not ${describe(array)}`);
    }
    const r = asked(opts, "checkMany");
    const count = array.length;
    for (let i = 0; i < count; i++) {
      if (typeof array[i] !== "string") {
        throw new TypeError(`item ${i} must be a string, not ${describe(array[i])}`);
      }
    }
    // Filled with booleans first, so that it is a packed array of booleans from the start.
    const out = new Array(count).fill(false);
    if (r.rows === null) {
      for (let k = 0; k < count; k++) out[k] = check(r, array[k]);
    } else {
      for (let k = 0; k < count; k++) out[k] = walk(r, array[k]);
    }
    return out;
  }

  function validate(input, opts) {
    const o = options(opts, ["grammar", "rule"], "validate");
    answer(
      w.validate(text(input, "input"), str(o.grammar, "grammar", "iri"), str(o.rule, "rule", "")),
    );
  }

  function parse(input, opts) {
    const o = options(opts, ["grammar"], "parse");
    return answer(w.parse(text(input, "input"), str(o.grammar, "grammar", "iri")));
  }

  function toUri(input, opts) {
    const o = options(opts, ["host", "queryCharset", "raw"], "toUri");
    return answer(
      w.to_uri(
        text(input, "input"),
        str(o.host, "host", "percent"),
        str(o.queryCharset, "queryCharset", undefined),
        bool(o.raw, "raw"),
      ),
    );
  }

  function toIri(input, opts) {
    const o = options(opts, ["keepPunycode"], "toIri");
    return answer(w.to_iri(text(input, "input"), bool(o.keepPunycode, "keepPunycode")));
  }

  function fromLeiri(input, opts) {
    const o = options(opts, ["to", "raw"], "fromLeiri");
    return answer(w.from_leiri(text(input, "input"), str(o.to, "to", "iri"), bool(o.raw, "raw")));
  }

  function preprocess(input, opts) {
    const o = options(opts, ["split", "encodeSpaces", "nfc", "decodeNcr"], "preprocess");
    const split = bool(o.split, "split");
    const encodeSpaces = bool(o.encodeSpaces, "encodeSpaces");
    if (split && encodeSpaces) {
      // `iri preprocess --split --encode-spaces` is a usage error too: each decides the spaces.
      throw new TypeError("preprocess takes split or encodeSpaces, not both");
    }
    return answer(
      w.preprocess(
        text(input, "input"),
        split,
        encodeSpaces,
        bool(o.nfc, "nfc"),
        bool(o.decodeNcr, "decodeNcr"),
      ),
    );
  }

  function resolve(base, reference, opts) {
    const o = options(opts, ["grammar", "nonStrict"], "resolve");
    return answer(
      w.resolve(
        text(base, "base"),
        text(reference, "reference"),
        str(o.grammar, "grammar", "iri"),
        bool(o.nonStrict, "nonStrict"),
      ),
    );
  }

  function relativize(base, target, opts) {
    const o = options(opts, ["grammar"], "relativize");
    return answer(
      w.relativize(text(base, "base"), text(target, "target"), str(o.grammar, "grammar", "iri")),
    );
  }

  function normalize(input, opts) {
    const o = options(opts, ["grammar", "level", "ipv6Rfc5952"], "normalize");
    return answer(
      w.normalize(
        text(input, "input"),
        str(o.grammar, "grammar", "iri"),
        str(o.level, "level", "path"),
        bool(o.ipv6Rfc5952, "ipv6Rfc5952"),
      ),
    );
  }

  function equivalent(a, b, opts) {
    const o = options(opts, ["grammar", "level", "ipv6Rfc5952"], "equivalent");
    return answer(
      w.equivalent(
        text(a, "a"),
        text(b, "b"),
        str(o.grammar, "grammar", "iri"),
        str(o.level, "level", "path"),
        bool(o.ipv6Rfc5952, "ipv6Rfc5952"),
      ),
    );
  }

  function lint(input, opts) {
    const o = options(
      opts,
      ["grammar", "profile", "allow", "warn", "deny", "maxDiagnostics"],
      "lint",
    );
    const r = answer(
      w.lint(
        text(input, "input"),
        str(o.grammar, "grammar", "iri"),
        str(o.profile, "profile", "default"),
        list(o.allow, "allow"),
        list(o.warn, "warn"),
        list(o.deny, "deny"),
        count(o.maxDiagnostics, "maxDiagnostics", w.default_max_diagnostics()),
      ),
    );
    // An array, with the number of the diagnostics left out beside it (not enumerable: the array
    // compares and serializes as the diagnostics alone).
    return Object.defineProperty(r.diagnostics, "omitted", { value: r.omitted });
  }

  function compare(input, opts) {
    const o = options(opts, ["rule"], "compare");
    return answer(w.compare(text(input, "input"), str(o.rule, "rule", "")));
  }

  function compareLanguages(a, b, opts) {
    const o = options(opts, ["rule", "witnesses"], "compareLanguages");
    const witnesses = o.witnesses === undefined ? 3 : o.witnesses;
    if (!Number.isInteger(witnesses) || witnesses < 0) {
      throw new TypeError("option witnesses must be a non-negative integer");
    }
    // The module's count is 32 bits: a larger number would wrap around (2 ** 32 would be 0).
    if (witnesses > 0xffffffff) {
      throw new RangeError(`option witnesses must be at most ${0xffffffff}, not ${witnesses}`);
    }
    for (const [name, value] of [
      ["a", a],
      ["b", b],
    ]) {
      if (typeof value !== "string") {
        throw new TypeError(`grammar ${name} must be a string, not ${describe(value)}`);
      }
    }
    return answer(w.compare_languages(a, b, str(o.rule, "rule", ""), witnesses));
  }

  function grammars() {
    return answer(w.grammars());
  }

  function rules(grammar) {
    return answer(w.rules(str(grammar, "grammar", "iri")));
  }

  /** Whether `input` is an internationalized host name as JSON Schema's `idn-hostname` means it
   * (RFC 5890 §2.3.2.3): NR-LDH labels, A-labels and U-labels (IDNA2008, RFC 5891 §5.3–§5.5, the
   * contextual rules of RFC 5892), the Bidi Rule (RFC 5893 §2), at most 63 octets a label and 253
   * the name in ASCII; no empty label, no final dot, no percent-encoding. Option `separators`:
   * `"rfc3490"` (the default) separates labels at U+002E and at U+3002, U+FF0E, U+FF61 (RFC 3490
   * §3.1, RFC 5895 §2, the JSON Schema Test Suite), `"idna2008"` at U+002E only (the strict
   * IDNA2008 lookup). A lone surrogate is in no host name. */
  function isIdnHostname(input, opts) {
    if (typeof input !== "string") {
      throw new TypeError(`input must be a string, not ${describe(input)}`);
    }
    const o = options(opts, ["separators"], "isIdnHostname");
    const separators = str(o.separators, "separators", LABEL_SEPARATORS[0]);
    if (!LABEL_SEPARATORS.includes(separators)) {
      throw new RangeError(
        `option separators must be "rfc3490" or "idna2008", not ${JSON.stringify(separators)}`,
      );
    }
    return wellFormed(input) && "ok" in JSON.parse(w.idn_hostname(input, separators));
  }

  return {
    isValid,
    checkMany,
    validate,
    parse,
    toUri,
    toIri,
    fromLeiri,
    preprocess,
    resolve,
    relativize,
    normalize,
    equivalent,
    lint,
    compare,
    compareLanguages,
    grammars,
    rules,
    isIdnHostname,
    version: w.version(),
  };
}

/** The formats of the ajv plugin, in the order it adds them. */
const AJV_FORMATS = ["uri", "uri-reference", "iri", "iri-reference", "idn-hostname"];

/** The values of the plugin's option `iri` and the grammar each names. */
const AJV_IRI_GRAMMARS = { rfc3987: "rfc3987", "3987bis": "iri" };


/** The ajv plugin of the package (`iri-abnf/ajv`) over the API `api` (the exports of an entry
 * point: `isValid` and `isIdnHostname`). `addFormats(ajv, options)` adds the formats `uri` and
 * `uri-reference` (RFC 3986 `URI`, `URI-reference`), `iri` and `iri-reference` (RFC 3987 `IRI`,
 * `IRI-reference`; draft-ietf-iri-3987bis with `{iri: "3987bis"}`) and `idn-hostname`
 * (`isIdnHostname`: labels separated at the dots of RFC 3490 §3.1, or at U+002E only with
 * `{idnHostname: "idna2008"}`), or those of them listed (`["uri", "iri"]`, or `{formats: […]}`), as
 * `{type: "string", validate}` definitions, and returns `ajv`. */
export function makeAjvFormats(api) {
  function plan(opts) {
    const defaults = { iri: "rfc3987", idnHostname: LABEL_SEPARATORS[0] };
    if (opts === undefined || opts === null) return { names: AJV_FORMATS, ...defaults };
    if (Array.isArray(opts)) return { names: formatNames(opts), ...defaults };
    const o = options(opts, ["formats", "iri", "idnHostname"], "addFormats");
    const iri = str(o.iri, "iri", defaults.iri);
    if (!Object.hasOwn(AJV_IRI_GRAMMARS, iri)) {
      throw new RangeError(`option iri must be "rfc3987" or "3987bis", not ${JSON.stringify(iri)}`);
    }
    const idnHostname = str(o.idnHostname, "idnHostname", defaults.idnHostname);
    if (!LABEL_SEPARATORS.includes(idnHostname)) {
      throw new RangeError(
        `option idnHostname must be "rfc3490" or "idna2008", not ${JSON.stringify(idnHostname)}`,
      );
    }
    return {
      names: o.formats === undefined ? AJV_FORMATS : formatNames(o.formats),
      iri,
      idnHostname,
    };
  }

  function formatNames(list) {
    if (!Array.isArray(list) || list.some((v) => typeof v !== "string")) {
      throw new TypeError("the formats of addFormats must be an array of strings");
    }
    for (const name of list) {
      if (!AJV_FORMATS.includes(name)) {
        throw new RangeError(
          `iri-abnf/ajv has no format ${JSON.stringify(name)} (formats: ${AJV_FORMATS.join(", ")})`,
        );
      }
    }
    return list;
  }

  /** A check of the rule of the grammar: one options object, which `isValid` recognizes. */
  function rule(grammar, name) {
    const o = Object.freeze({ grammar, rule: name });
    return (s) => api.isValid(s, o);
  }

  function addFormats(ajv, opts) {
    if (ajv === null || typeof ajv !== "object" || typeof ajv.addFormat !== "function") {
      throw new TypeError(`addFormats takes an Ajv instance, not ${describe(ajv)}`);
    }
    const { names, iri, idnHostname } = plan(opts);
    const grammar = AJV_IRI_GRAMMARS[iri];
    const hostnameOptions = Object.freeze({ separators: idnHostname });
    const checks = {
      uri: () => rule("uri", "URI"),
      "uri-reference": () => rule("uri", "URI-reference"),
      iri: () => rule(grammar, "IRI"),
      "iri-reference": () => rule(grammar, "IRI-reference"),
      "idn-hostname": () => (s) => api.isIdnHostname(s, hostnameOptions),
    };
    for (const name of names) {
      ajv.addFormat(name, { type: "string", validate: checks[name]() });
    }
    return ajv;
  }

  return addFormats;
}
