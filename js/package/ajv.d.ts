// Types of iri-abnf/ajv, the ajv 8 plugin of the JSON Schema formats uri, uri-reference, iri,
// iri-reference and idn-hostname.

import type { Ajv } from "ajv";

/** The formats the plugin adds. */
export type IriFormatName = "uri" | "uri-reference" | "iri" | "iri-reference" | "idn-hostname";

/** The options of the plugin. */
export interface IriFormatsOptions {
  /** The formats to add (default: all five). */
  formats?: IriFormatName[];
  /**
   * The grammar of the formats `iri` and `iri-reference`: `"rfc3987"` (the default, the RFC that
   * JSON Schema cites: RFC 3987 §2.2 `IRI`, `IRI-reference`) or `"3987bis"`
   * (draft-ietf-iri-3987bis §2.2).
   */
  iri?: "rfc3987" | "3987bis";
  /**
   * The label separators of the format `idn-hostname`: `"rfc3490"` (the default: U+002E and
   * U+3002, U+FF0E, U+FF61, RFC 3490 §3.1 and RFC 5895 §2, as the JSON Schema Test Suite reads the
   * format) or `"idna2008"` (U+002E only: the strict IDNA2008 lookup).
   */
  idnHostname?: "rfc3490" | "idna2008";
}

/**
 * Adds the formats to `ajv` as `{type: "string", validate}` definitions (values of other types
 * are not checked) and returns `ajv`:
 *
 * - `uri`, `uri-reference`: RFC 3986 `URI`, `URI-reference` (§3, §4.1);
 * - `iri`, `iri-reference`: RFC 3987 `IRI`, `IRI-reference` (§2.2), or draft-ietf-iri-3987bis with
 *   `{iri: "3987bis"}`;
 * - `idn-hostname`: an internationalized host name (RFC 5890 §2.3.2.3): NR-LDH labels, A-labels and
 *   U-labels under IDNA2008 (RFC 5891 §5.3–§5.5, RFC 5892), the Bidi Rule (RFC 5893 §2), DNS lengths;
 *   labels separated at U+002E, U+3002, U+FF0E and U+FF61, or at U+002E only with
 *   `{idnHostname: "idna2008"}`.
 *
 * `options` is a list of the formats to add, or {@link IriFormatsOptions}.
 *
 * @example
 * import Ajv2020 from "ajv/dist/2020.js";
 * import addFormats from "iri-abnf/ajv";
 * const ajv = addFormats(new Ajv2020(), { iri: "3987bis" });
 */
export declare function addFormats<A extends Ajv>(
  ajv: A,
  options?: IriFormatName[] | IriFormatsOptions,
): A;

export default addFormats;
