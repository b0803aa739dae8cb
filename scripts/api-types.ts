/**
 * `npm run api:types`: writes tests/support/openapi-types.ts, the TypeScript types of the OpenAPI
 * document the app serves at /api/openapi.json, built from the same endpoint catalogue without a
 * running server. The API tests' client (tests/support/api-client.ts) takes its request and answer
 * types from it, and tests/integration/api-types-drift.test.ts fails while the committed file
 * differs from what this script writes now.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { API_TYPES_FILE, apiTypesSource } from "./api-types-source";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
writeFileSync(path.join(root, API_TYPES_FILE), await apiTypesSource(root));
console.info(`wrote ${API_TYPES_FILE}`);
