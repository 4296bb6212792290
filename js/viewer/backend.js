// The backend of the viewer's static build: the paths and parameters of `iri serve`'s JSON API that
// the page asks (iri serve --help), answered in the page with the same records by the viewer's
// exports of the WebAssembly module (js/src/lib.rs) instead of over HTTP. app.js imports this module
// when its page says so (<meta name="iri-viewer-backend" content="wasm">); a usage error, which
// `iri serve` answers with status 400 and {"error": message}, is thrown as an Error with the message.
//
// The records are those of `iri serve` (js/tests/viewer.test.mjs compares them), with UTF-8 byte
// offsets as the `iri` command gives them. What differs: no length limit on the input (`iri serve`
// refuses inputs over --max-length, 1 MiB by default), and the lint levels are the defaults (`iri
// serve` reads iri.toml and its level options).

/** Loads the module beside this file; the function that answers a path with its parameters. */
export async function load() {
  const glue = await import("./wasm/iri_abnf_wasm.js");
  await glue.default({ module_or_path: new URL("./wasm/iri_abnf_wasm_bg.wasm", import.meta.url) });
  return makeBackend(glue);
}

/** The function `(path, params) => record` over the module's exports `w` (instantiated). */
export function makeBackend(w) {
  // Each path: its parameters, as `iri serve` names them, and the call that answers them.
  const endpoints = {
    "/api/rules": [["grammar"], (p) => w.viewer_rules(text(p, "grammar") ?? "iri")],
    "/api/compare": [
      ["input", "rule"],
      (p) => w.viewer_compare(required(p, "input"), text(p, "rule") ?? ""),
    ],
    "/api/parse": [
      ["input", "grammar", "rule", "tree"],
      (p) =>
        w.viewer_parse(
          required(p, "input"),
          text(p, "grammar") ?? "iri",
          text(p, "rule") ?? "",
          flag(p, "tree"),
        ),
    ],
    "/api/lint": [
      ["input", "grammar"],
      (p) => w.viewer_lint(required(p, "input"), text(p, "grammar") ?? "iri"),
    ],
    "/api/convert?command=to-uri": [["command", "input"], (p) => w.viewer_to_uri(required(p, "input"))],
    "/api/convert?command=to-iri": [
      ["command", "input", "trace"],
      (p) => w.viewer_to_iri(required(p, "input"), flag(p, "trace")),
    ],
    "/api/convert?command=from-leiri": [
      ["command", "input"],
      (p) => w.viewer_from_leiri(required(p, "input")),
    ],
    "/api/resolve": [
      ["base", "input", "grammar"],
      (p) => w.viewer_resolve(required(p, "base"), required(p, "input"), text(p, "grammar") ?? "iri"),
    ],
  };

  return function answer(path, params = {}) {
    let endpoint = path;
    if (path === "/api/convert") {
      const command = params.command;
      endpoint = `${path}?command=${command}`;
      if (!(endpoint in endpoints)) {
        throw new Error("parameter `command` of /api/convert must be to-uri, to-iri or from-leiri");
      }
    }
    if (!Object.hasOwn(endpoints, endpoint)) {
      throw new Error(
        `no endpoint ${path} in the static build (endpoints: /api/compare, /api/parse, /api/lint, ` +
          "/api/convert, /api/resolve, /api/rules)",
      );
    }
    const [known, call] = endpoints[endpoint];
    for (const name of Object.keys(params)) {
      if (!known.includes(name)) {
        throw new Error(
          `unknown parameter \`${name}\` for ${endpoint} in the static build ` +
            `(parameters: ${known.join(", ")})`,
        );
      }
    }
    const reply = JSON.parse(call({ endpoint, params }));
    if ("error" in reply) throw new Error(reply.error.message);
    return reply.ok;
  };
}

/** A parameter's value, or undefined; it must be a string of Unicode characters (no lone
 * surrogate: UTF-8 cannot encode it, and `iri serve` refuses its percent-encoded bytes). */
function text({ endpoint, params }, name) {
  const v = params[name];
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw new Error(`parameter \`${name}\` of ${endpoint} must be a string`);
  if (!v.isWellFormed()) throw new Error(`parameter \`${name}\` is not UTF-8`);
  return v;
}

/** A parameter that must be given. */
function required(p, name) {
  const v = text(p, name);
  if (v === undefined) throw new Error(`missing parameter \`${name}\` for ${p.endpoint}`);
  return v;
}

/** A flag, as `iri serve` reads it: absent or `false` is false; `true` or nothing is true. */
function flag(p, name) {
  const v = text(p, name);
  if (v === undefined || v === "false") return false;
  if (v === "" || v === "true") return true;
  throw new Error(`invalid value \`${v}\` for \`${name}\`: true or false`);
}
