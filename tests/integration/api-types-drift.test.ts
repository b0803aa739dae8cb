/**
 * The API tests' types come from the OpenAPI document (tests/support/openapi-types.ts, written by
 * `npm run api:types`). When an endpoint's description changes and the file is not regenerated,
 * the document and the tests' client disagree: this test fails until the script is run again.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_TYPES_FILE, apiTypesSource } from "../../scripts/api-types-source";

const root = path.resolve(__dirname, "../..");

describe("the generated API types", () => {
  it("are what `npm run api:types` writes from the document today", async () => {
    const committed = readFileSync(path.join(root, API_TYPES_FILE), "utf8");
    const now = await apiTypesSource(root);
    // A plain equality, not a diff in the report: the fix is always the same command.
    expect(committed === now, `${API_TYPES_FILE} is stale: run \`npm run api:types\` and commit it`).toBe(true);
    expect(now).toContain('"/api/partner/referrals/{applicationId}"');
  });
});
