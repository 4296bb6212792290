// Browsers and bundlers: the module is fetched beside this file (a bundler that understands
// `new URL(…, import.meta.url)` copies it) and instantiated before the exports are ready, with a
// top-level await.
import init, * as glue from "./dist/iri_abnf_wasm.js";
import { makeApi } from "./dist/api.js";

await init({ module_or_path: new URL("./dist/iri_abnf_wasm_bg.wasm", import.meta.url) });
const api = makeApi(glue);

export const { isValid, checkMany, validate, parse, toUri, toIri, fromLeiri, preprocess, resolve, relativize, normalize, equivalent, lint, compare, compareLanguages, grammars, rules, isIdnHostname, version } = api;
export { IriSyntaxError, IriError } from "./dist/api.js";
