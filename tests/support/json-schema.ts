/**
 * A small JSON Schema (2020-12 subset, as OpenAPI 3.1 uses it) validator for checking API answers
 * against the schemas the OpenAPI document declares. It knows the keywords the generator emits
 * and fails loudly on any other validation keyword, so a schema it cannot check never passes
 * silently.
 */
type Schema = Record<string, unknown> | boolean;

const ANNOTATIONS = new Set(["description", "title", "example", "examples", "default", "deprecated", "readOnly", "writeOnly", "$schema", "x-auth"]);
const KNOWN = new Set([
  "$ref",
  "type",
  "enum",
  "const",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "anyOf",
  "oneOf",
  "allOf",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minItems",
  "maxItems",
]);

const typeOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

function matchesType(v: unknown, t: string) {
  if (t === "integer") return typeof v === "number" && Number.isInteger(v);
  if (t === "number") return typeof v === "number" && Number.isFinite(v);
  return typeOf(v) === t;
}

const FORMATS: Record<string, (s: string) => boolean> = {
  "date-time": (s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s)),
  date: (s) => /^\d{4}-\d{2}-\d{2}$/.test(s),
  email: (s) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s),
  binary: () => true,
};

export function validateJson(value: unknown, schema: Schema, root: Record<string, unknown>, path = "$"): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${path}: no value allowed`];
  const errors: string[] = [];
  for (const key of Object.keys(schema)) {
    if (!KNOWN.has(key) && !ANNOTATIONS.has(key)) errors.push(`${path}: unsupported schema keyword '${key}'`);
  }
  const s = schema as Record<string, unknown>;
  if (typeof s.$ref === "string") {
    const ref = s.$ref;
    if (!ref.startsWith("#/")) return [`${path}: external $ref ${ref}`];
    const target = ref
      .slice(2)
      .split("/")
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, "/").replace(/~0/g, "~")], root);
    if (target === undefined) return [`${path}: dangling $ref ${ref}`];
    errors.push(...validateJson(value, target as Schema, root, path));
  }
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    if (!types.some((t) => matchesType(value, t))) return [...errors, `${path}: expected ${types.join("|")}, got ${typeOf(value)}`];
  }
  if (Array.isArray(s.enum) && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) errors.push(`${path}: not one of ${JSON.stringify(s.enum)}`);
  if ("const" in s && JSON.stringify(s.const) !== JSON.stringify(value)) errors.push(`${path}: not ${JSON.stringify(s.const)}`);
  if (typeof value === "number") {
    if (typeof s.minimum === "number" && value < s.minimum) errors.push(`${path}: below ${s.minimum}`);
    if (typeof s.maximum === "number" && value > s.maximum) errors.push(`${path}: above ${s.maximum}`);
    if (typeof s.exclusiveMinimum === "number" && value <= s.exclusiveMinimum) errors.push(`${path}: not above ${s.exclusiveMinimum}`);
    if (typeof s.exclusiveMaximum === "number" && value >= s.exclusiveMaximum) errors.push(`${path}: not below ${s.exclusiveMaximum}`);
  }
  if (typeof value === "string") {
    const length = [...value].length;
    if (typeof s.minLength === "number" && length < s.minLength) errors.push(`${path}: shorter than ${s.minLength}`);
    if (typeof s.maxLength === "number" && length > s.maxLength) errors.push(`${path}: longer than ${s.maxLength}`);
    if (typeof s.pattern === "string" && !new RegExp(s.pattern, "u").test(value)) errors.push(`${path}: does not match ${s.pattern}`);
    if (typeof s.format === "string") {
      const check = FORMATS[s.format];
      if (!check) errors.push(`${path}: unsupported format ${s.format}`);
      else if (!check(value)) errors.push(`${path}: not a ${s.format}`);
    }
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === "number" && value.length < s.minItems) errors.push(`${path}: fewer than ${s.minItems} items`);
    if (typeof s.maxItems === "number" && value.length > s.maxItems) errors.push(`${path}: more than ${s.maxItems} items`);
    if (s.items !== undefined) value.forEach((item, i) => errors.push(...validateJson(item, s.items as Schema, root, `${path}[${i}]`)));
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    const props = (s.properties ?? {}) as Record<string, Schema>;
    for (const r of (s.required ?? []) as string[]) if (!(r in obj)) errors.push(`${path}: missing ${r}`);
    for (const [k, v] of Object.entries(obj)) {
      if (k in props) errors.push(...validateJson(v, props[k]!, root, `${path}.${k}`));
      else if (s.additionalProperties === false) errors.push(`${path}: unexpected property ${k}`);
      else if (s.additionalProperties && typeof s.additionalProperties === "object") {
        errors.push(...validateJson(v, s.additionalProperties as Schema, root, `${path}.${k}`));
      }
    }
  }
  if (Array.isArray(s.allOf)) for (const sub of s.allOf) errors.push(...validateJson(value, sub as Schema, root, path));
  if (Array.isArray(s.anyOf) && !s.anyOf.some((sub) => validateJson(value, sub as Schema, root, path).length === 0)) {
    errors.push(`${path}: matches none of anyOf`);
  }
  if (Array.isArray(s.oneOf) && s.oneOf.filter((sub) => validateJson(value, sub as Schema, root, path).length === 0).length !== 1) {
    errors.push(`${path}: does not match exactly one of oneOf`);
  }
  return errors;
}
