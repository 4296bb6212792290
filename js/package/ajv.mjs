// The ajv plugin for Node's `import`: the formats uri, uri-reference, iri, iri-reference and
// idn-hostname over the package's Node entry (see makeAjvFormats in src/api.js).
import * as api from "./index.mjs";
import { makeAjvFormats } from "./dist/api.js";

const addFormats = makeAjvFormats(api);

export default addFormats;
export { addFormats };
