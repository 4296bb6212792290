// The CommonJS entry's declarations (require), as a CommonJS project sees them.
import iri = require("iri-abnf");
import Ajv = require("ajv");
import addFormats = require("iri-abnf/ajv");

const ok: boolean = iri.isValid("http://a/", { grammar: "uri" });
const parsed: iri.Parsed = iri.parse("http://a/");
const host: string | null = parsed.host;
try {
  iri.validate("a b");
} catch (e) {
  if (e instanceof iri.IriSyntaxError) {
    const offset: number = e.offset;
    void offset;
  }
}
const ajv = addFormats.default(new Ajv.default(), ["iri"]);
const idn: boolean = iri.isIdnHostname("例え.jp");
export const results = [ok, host, iri.version, ajv, idn];
