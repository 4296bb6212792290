// The ajv plugin for browsers and bundlers: the formats over the package's browser entry, which
// instantiates the module with a top-level await (see makeAjvFormats in src/api.js).
import * as api from "./browser.js";
import { makeAjvFormats } from "./dist/api.js";

const addFormats = makeAjvFormats(api);

export default addFormats;
export { addFormats };
