// Adapter for `iri judge`: node judge.js LIBRARY [--iri] [--format=FORMAT] [--components]
//
// LIBRARY is uri-js, fast-uri, whatwg-url, ajv-formats, ajv-formats-draft2019 (found through
// NODE_PATH: setup.sh installs them into SCRATCH/node_modules) or node-url (Node's built-in URL). One input per line of standard input, one answer per line
// of standard output (`valid`/`invalid`, or with --components one JSON object of components), written
// once per chunk of input read, so the answers of everything read so far are flushed before waiting.
// --iri (uri-js only): parse with the options {iri: true, unicodeSupport: true}.
// --format=FORMAT (ajv-formats, ajv-formats-draft2019 only): the JSON Schema format checked.
"use strict";
const args = process.argv.slice(2);
const library = args[0];
const wantComponents = args.includes("--components");
const iri = args.includes("--iri");
const formats = args.filter((a) => a.startsWith("--format=")).map((a) => a.slice("--format=".length));
const format = formats[formats.length - 1];
const withFormat = ["ajv-formats", "ajv-formats-draft2019"];
const unknown = args
  .slice(1)
  .filter((a) => a !== "--components" && a !== "--iri" && !a.startsWith("--format="));
if (
  unknown.length > 0 ||
  (iri && library !== "uri-js") ||
  (format !== undefined) !== withFormat.includes(library)
) {
  process.stderr.write(
    "usage: node judge.js uri-js|fast-uri|whatwg-url|node-url|ajv-formats|ajv-formats-draft2019 " +
      "[--iri (uri-js only)] [--format=FORMAT (ajv-formats*, required)] [--components]\n",
  );
  process.exit(2);
}

// A component as the library reports it: undefined/null → null (absent), anything else → its string.
const part = (v) => (v === undefined || v === null ? null : String(v));

// The components of uri-js and fast-uri (the same shape: fast-uri began as a fork of uri-js), from
// their `parse`, which reports a rejection in `error`.
const splitBy = (parse) => (s) => {
  let c;
  try {
    c = parse(s);
  } catch (e) {
    return null;
  }
  if (c.error !== undefined) return null;
  return {
    scheme: part(c.scheme),
    userinfo: part(c.userinfo),
    host: part(c.host),
    port: part(c.port),
    path: part(c.path),
    query: part(c.query),
    fragment: part(c.fragment),
  };
};

// Each entry: the library's call, returning null when it rejects the input, else the components it
// splits out (keys it does not split out are left out, so that `iri judge` does not compare them).
// A library that throws rejects the input.
const adapters = {
  // uri-js: URI.parse(s [, options]) never throws for a string; it reports a rejection in `error`.
  "uri-js": () => {
    const URI = require("uri-js");
    const options = iri ? { iri: true, unicodeSupport: true } : {};
    return splitBy((s) => URI.parse(s, options));
  },
  // fast-uri: parse(s) reports a rejection in `error` (ajv's default uriResolver).
  "fast-uri": () => {
    const fastUri = require("fast-uri");
    return splitBy((s) => fastUri.parse(s));
  },
  // whatwg-url: parseURL(s) returns the URL record, or null for failure (what `new URL(s)` throws
  // for). The components are the record's, serialized by the library: normalized, not the input's.
  "whatwg-url": () => {
    const whatwg = require("whatwg-url");
    return (s) => {
      let u;
      try {
        u = whatwg.parseURL(s);
      } catch (e) {
        return null;
      }
      if (u === null) return null;
      const hasCredentials = u.username !== "" || u.password !== "";
      return {
        scheme: u.scheme,
        userinfo: hasCredentials ? u.username + (u.password !== "" ? ":" + u.password : "") : null,
        host: u.host === null ? null : whatwg.serializeHost(u.host),
        port: u.port === null ? null : whatwg.serializeInteger(u.port),
        path: whatwg.serializePath(u),
        query: part(u.query),
        fragment: part(u.fragment),
      };
    };
  },
  // Node's built-in URL (WHATWG URL Standard, Node's own implementation in C++, ada): `new URL(s)`
  // throws for failure. The components are its getters, normalized by the Standard. Where a getter
  // cannot tell an absent component from an empty one (`search` and `hash` are "" for both, and
  // `hostname` is "" for a null host too), presence is read from `href`, the URL record serialized
  // by the Standard: it has "//" after the scheme exactly when the host is not null, and neither
  // the path, the host nor the userinfo serialize a "?" or "#" (they are percent-encoded there), so
  // the first "#" starts the fragment and the first "?" before it the query.
  "node-url": () => (s) => {
    let u;
    try {
      u = new URL(s);
    } catch (e) {
      return null;
    }
    const href = u.href;
    const hash = href.indexOf("#");
    const beforeHash = hash < 0 ? href : href.slice(0, hash);
    const question = beforeHash.indexOf("?");
    const scheme = u.protocol.slice(0, -1);
    const hasHost = href.startsWith("//", scheme.length + 1);
    const hasCredentials = u.username !== "" || u.password !== "";
    return {
      scheme,
      userinfo: hasCredentials ? u.username + (u.password !== "" ? ":" + u.password : "") : null,
      host: hasHost ? u.hostname : null,
      port: u.port === "" ? null : u.port,
      path: u.pathname,
      query: question < 0 ? null : beforeHash.slice(question + 1),
      fragment: hash < 0 ? null : href.slice(hash + 1),
    };
  },
  // ajv 8 with ajv-formats (`addFormats(ajv)`, the default "full" mode): a schema
  // {type: "string", format: FORMAT} compiled by ajv. A verdict only.
  "ajv-formats": () => {
    const Ajv = require("ajv");
    const addFormats = require("ajv-formats");
    const ajv = new Ajv();
    addFormats(ajv);
    return verdictOnly(ajv.compile({ type: "string", format }));
  },
  // ajv 8 with ajv-formats-draft2019 (`require("ajv-formats-draft2019")(ajv)`, which adds the
  // formats of draft 2019-09 that ajv-formats lacks: iri, iri-reference, idn-email, idn-hostname,
  // duration). A verdict only.
  "ajv-formats-draft2019": () => {
    const Ajv = require("ajv");
    const addFormats2019 = require("ajv-formats-draft2019");
    const ajv = new Ajv();
    addFormats2019(ajv);
    return verdictOnly(ajv.compile({ type: "string", format }));
  },
};

// A check that only says valid or invalid: no components (the object has none to compare).
function verdictOnly(validate) {
  const check = (s) => (validate(s) ? {} : null);
  check.verdictOnly = true;
  return check;
}

if (!Object.hasOwn(adapters, library)) {
  process.stderr.write(`unknown library ${JSON.stringify(library)}\n`);
  process.exit(2);
}
const parse = adapters[library]();
if (wantComponents && parse.verdictOnly) {
  process.stderr.write(`${library} has no components mode\n`);
  process.exit(2);
}
const answer = wantComponents
  ? (s) => {
      const c = parse(s);
      return c === null ? '{"valid":false}' : JSON.stringify({ valid: true, ...c });
    }
  : (s) => (parse(s) === null ? "invalid" : "valid");

let pending = ""; // the part of the input after its last LF
process.stdin.setEncoding("utf8"); // decodes characters split across chunks correctly
process.stdin.on("data", (chunk) => {
  const lines = (pending + chunk).split("\n");
  pending = lines.pop();
  if (lines.length === 0) return;
  let out = "";
  for (const line of lines) out += answer(line) + "\n";
  if (!process.stdout.write(out)) {
    process.stdin.pause();
    process.stdout.once("drain", () => process.stdin.resume());
  }
});
process.stdin.on("end", () => {
  if (pending !== "") process.stdout.write(answer(pending) + "\n");
});
