/**
 * Checks API answers against the schemas an OpenAPI 3.1 document declares, with ajv (JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1) in strict mode: a keyword or format ajv does not know fails
 * loudly instead of passing silently. The document's `#/components/schemas/X` references are
 * resolved against its own components.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type Doc = { components?: { schemas?: Record<string, unknown> } };

const COMPONENTS_ID = "openapi-components.json";

/** The same schema with `#/components/schemas/X` references pointing into the components schema. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (!schema || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [
      k,
      k === "$ref" && typeof v === "string" && v.startsWith("#/components/schemas/")
        ? `${COMPONENTS_ID}#/$defs/${v.slice("#/components/schemas/".length)}`
        : rebase(v),
    ]),
  );
}

/** A validator for the given document: `(value, schema)` → its errors ([] when it matches). */
export function openApiValidator(doc: Doc) {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats.default(ajv);
  ajv.addFormat("binary", true); // OpenAPI's "file bytes": nothing to check in JSON
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: rebase(doc.components?.schemas ?? {}) });
  const compiled = new Map<unknown, ValidateFunction>();
  return (value: unknown, schema: unknown): string[] => {
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = ajv.compile(rebase(schema) as object)));
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (e) => `$${e.instancePath}: ${e.message ?? e.keyword}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`,
    );
  };
}
