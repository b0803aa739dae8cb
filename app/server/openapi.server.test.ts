/** The generated OpenAPI document passes `redocly lint` (its recommended rules) with no error. */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { generateOpenApi } from "./openapi.server";

type LintReport = { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }> };

const redocly = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");

describe("the OpenAPI document", () => {
  it("passes redocly lint with no error", { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "openapi-lint-"));
    try {
      const file = path.join(dir, "openapi.json");
      writeFileSync(file, JSON.stringify(generateOpenApi().document, null, 2));
      // cwd: the temporary folder, so no redocly.yaml of the machine changes the rules.
      const run = await promisify(execFile)(process.execPath, [redocly, "lint", "--format=json", "--extends=recommended", file], {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
        maxBuffer: 16 * 1024 * 1024,
      }).catch((e: { stdout?: string; stderr?: string }) => e);
      const report = JSON.parse(run.stdout ?? "") as LintReport;
      const errors = report.problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
