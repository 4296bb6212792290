"use strict";
// Node's `require`: the CommonJS glue of the module, instantiated synchronously from the file beside.
const glue = require("./dist/iri_abnf_wasm.cjs");
const { makeApi, IriSyntaxError, IriError } = require("./dist/api.cjs");

module.exports = { ...makeApi(glue), IriSyntaxError, IriError };
