/**
 * Conform's parseWithZod, with the form-value coercion of each schema built once. The default
 * export of @conform-to/zod rebuilds the coerced copy of the schema (a new zod object for every
 * field) on every call; that was a measurable share of a step-1 POST and a status lookup
 * (bench/RESULTS.md, "Where a request's time goes"). Same coercion, same result, same types.
 */
import { parseWithZod as conformParseWithZod, unstable_coerceFormValue as coerceFormValue } from "@conform-to/zod";
import type { ZodTypeAny } from "zod";

const coerced = new WeakMap<ZodTypeAny, ZodTypeAny>();

function coercedOnce<Schema extends ZodTypeAny>(schema: Schema): Schema {
  let c = coerced.get(schema);
  if (!c) {
    c = coerceFormValue(schema) as unknown as ZodTypeAny;
    coerced.set(schema, c);
  }
  return c as Schema;
}

export function parseWithZod<Schema extends ZodTypeAny>(payload: FormData | URLSearchParams, options: { schema: Schema }) {
  return conformParseWithZod(payload, { schema: coercedOnce(options.schema), disableAutoCoercion: true });
}
