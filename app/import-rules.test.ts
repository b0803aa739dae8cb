/**
 * The import rules of docs/architecture.md ("The import rules") hold: each is planted as a
 * violation and linted through ESLint's API (the same config `npm run lint` uses), and the cycle
 * check (madge with .madgerc, also run by `npm run lint`) finds a planted cycle.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import madge from "madge";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "..");

describe("import rules (eslint no-restricted-imports)", () => {
  const eslint = new ESLint({ cwd: ROOT });
  const lint = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
    return result!.messages.filter((m) => m.ruleId === "no-restricted-imports");
  };

  const violations: Array<[string, string]> = [
    // another feature's internals
    [
      "app/features/lenders/x.server.ts",
      'import { getUserById } from "~/features/accounts/users.server";\nexport const x = getUserById;\n',
    ],
    ["app/features/lenders/components/x.tsx", 'import { X } from "~/features/marketplace/components/offer-ui";\nexport const x = X;\n'],
    ["app/platform/x.server.ts", 'import { getUserById } from "~/features/accounts/users.server";\nexport const x = getUserById;\n'],
    ["app/ui/x.tsx", 'import { X } from "~/features/marketplace/components/offer-ui";\nexport const x = X;\n'],
    // domain purity
    ["app/features/marketplace/domain/x.ts", 'import { getEnv } from "~/platform/env.server";\nexport const x = getEnv;\n'],
    ["app/features/marketplace/domain/x.ts", 'import { Field } from "~/ui/forms";\nexport const x = Field;\n'],
    ["app/features/marketplace/domain/x.ts", 'import { eq } from "drizzle-orm";\nexport const x = eq;\n'],
    // routes never touch SQL, components never touch the database
    ["app/routes/x.tsx", 'import { sql } from "drizzle-orm";\nexport const x = sql;\n'],
    ["app/routes/x.tsx", 'import { getDb } from "~/platform/db/db.server";\nexport const x = getDb;\n'],
    ["app/features/documents/components/x.tsx", 'import { sql } from "drizzle-orm";\nexport const x = sql;\n'],
    // content is a leaf; shared UI has no server code; no ../ between folders; nobody imports routes
    ["app/content/x.ts", 'import { formatAmount } from "~/ui/format";\nexport const x = formatAmount;\n'],
    ["app/ui/x.tsx", 'import { getEnv } from "~/platform/env.server";\nexport const x = getEnv;\n'],
    ["app/features/accounts/x.server.ts", 'import { x as y } from "../marketplace/offers.server";\nexport const x = y;\n'],
    ["app/features/accounts/x.server.ts", 'import { loader } from "~/routes/_index";\nexport const x = loader;\n'],
  ];

  it.each(violations)("%s: rejects %s", async (file, code) => {
    const messages = await lint(file, code);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((m) => m.severity === 2)).toBe(true);
  });

  const allowed: Array<[string, string]> = [
    [
      "app/features/lenders/x.server.ts",
      'import { getUserById } from "~/features/accounts/index.server";\nexport const x = getUserById;\n',
    ],
    [
      "app/features/lenders/x.server.ts",
      'import { getLender } from "~/features/lenders/lender-users.server";\nexport const x = getLender;\n',
    ],
    [
      "app/features/marketplace/domain/x.ts",
      'import { stageWords } from "~/features/applications/domain/loan-lifecycle";\nexport const x = stageWords;\n',
    ],
    ["app/routes/x.tsx", 'import { getUserById } from "~/features/accounts/users.server";\nexport const x = getUserById;\n'],
    ["app/ui/x.tsx", 'import type { PublicUser } from "~/features/accounts/index.server";\nexport const x = (u: PublicUser) => u;\n'],
  ];

  it.each(allowed)("%s: allows %s", async (file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });

  it("asks for type-only imports to be written as such", async () => {
    const [result] = await eslint.lintText(
      'import { PublicUser } from "~/features/accounts/index.server";\nexport const x = (u: PublicUser) => u;\n',
      {
        filePath: path.join(ROOT, "app/ui/x.tsx"),
      },
    );
    expect(result!.messages.map((m) => m.ruleId)).toContain("@typescript-eslint/consistent-type-imports");
  });
});

describe("cycles (madge with .madgerc)", () => {
  const config = JSON.parse(readFileSync(path.join(ROOT, ".madgerc"), "utf8"));

  it("finds a planted cycle, and ignores one made only of type imports", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "cycle-"));
    writeFileSync(path.join(dir, "a.ts"), 'import { b } from "./b";\nexport const a = () => b;\n');
    writeFileSync(path.join(dir, "b.ts"), 'import { a } from "./a";\nexport const b = () => a;\n');
    writeFileSync(path.join(dir, "c.ts"), 'import type { D } from "./d";\nexport type C = { d?: D };\n');
    writeFileSync(path.join(dir, "d.ts"), 'import type { C } from "./c";\nexport type D = { c?: C };\n');
    const result = await madge(dir, { ...config, tsConfig: undefined });
    expect(result.circular()).toEqual([["a.ts", "b.ts"]]);
  });
});
