"use strict";
// The ajv plugin for Node's `require`: the formats over the package's CommonJS entry (see
// makeAjvFormats in src/api.js). Exported as ajv-formats exports its plugin: the module is the
// function, with `default` and `addFormats` naming it too.
const api = require("./index.cjs");
const { makeAjvFormats } = require("./dist/api.cjs");

const addFormats = makeAjvFormats(api);

module.exports = exports = addFormats;
Object.defineProperty(exports, "__esModule", { value: true });
exports.default = addFormats;
exports.addFormats = addFormats;
