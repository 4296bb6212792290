// Node's `import`: the module is compiled and instantiated synchronously from the file beside.
import { readFileSync } from "node:fs";
import * as glue from "./dist/iri_abnf_wasm.js";
import { makeApi } from "./dist/api.js";

glue.initSync({ module: readFileSync(new URL("./dist/iri_abnf_wasm_bg.wasm", import.meta.url)) });
const api = makeApi(glue);

export const { isValid, checkMany, validate, parse, toUri, toIri, fromLeiri, preprocess, resolve, relativize, normalize, equivalent, lint, compare, compareLanguages, grammars, rules, isIdnHostname, version } = api;
export { IriSyntaxError, IriError } from "./dist/api.js";
