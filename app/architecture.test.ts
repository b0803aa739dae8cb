/**
 * Issue 15: the layer rules hold (eslint.config.js fails `npm run lint` on an import across a
 * layer boundary) and a file's name says where it lives (no two files under app/ share a base name).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "..");

describe("layer rules (eslint no-restricted-imports)", () => {
  const eslint = new ESLint({ cwd: ROOT });
  const lint = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
    return result!.messages.filter((m) => m.ruleId === "no-restricted-imports");
  };

  const violations: Array<[string, string]> = [
    ["app/utils/x.ts", 'import { getUserById } from "~/models/users.server";\nexport const x = getUserById;\n'],
    ["app/utils/x.ts", 'import { recordAudit } from "~/services/audit.server";\nexport const x = recordAudit;\n'],
    ["app/utils/x.ts", 'import { getUser } from "../server/session.server";\nexport const x = getUser;\n'],
    ["app/schemas/x.schema.ts", 'import { Field } from "~/components/forms";\nexport const x = Field;\n'],
    ["app/models/x.server.ts", 'import { changeStatus } from "~/services/application-status.server";\nexport const x = changeStatus;\n'],
    ["app/services/x.server.ts", 'import { getUser } from "~/server/session.server";\nexport const x = getUser;\n'],
    ["app/services/x.server.ts", 'import { eq } from "drizzle-orm";\nexport const x = eq;\n'],
    ["app/services/x.server.ts", 'import { getDb } from "~/models/db.server";\nexport const x = getDb;\n'],
    ["app/components/x.tsx", 'import { listNotes } from "~/services/admin-views.server";\nexport const x = listNotes;\n'],
    ["app/components/x.tsx", 'import { getUserById } from "~/models/users.server";\nexport const x = getUserById;\n'],
    ["app/routes/x.tsx", 'import { getUserById } from "~/models/users.server";\nexport const x = getUserById;\n'],
    ["app/routes/x.tsx", 'import { sql } from "drizzle-orm";\nexport const x = sql;\n'],
    ["app/server/x.server.ts", 'import { Field } from "~/components/forms";\nexport const x = Field;\n'],
  ];

  it.each(violations)("%s: rejects %s", async (file, code) => {
    const messages = await lint(file, code);
    expect(messages.length).toBe(1);
    expect(messages[0]!.severity).toBe(2);
  });

  const allowed: Array<[string, string]> = [
    ["app/utils/x.ts", 'import { DEMO_ADMIN } from "~/utils/constants";\nexport const x = DEMO_ADMIN;\n'],
    [
      "app/models/x.server.ts",
      'import { eq } from "drizzle-orm";\nimport { getDb, schema } from "~/models/db.server";\nexport const x = [eq, getDb, schema];\n',
    ],
    [
      "app/services/x.server.ts",
      'import type { SQL } from "drizzle-orm";\nimport { transaction, type Tx } from "~/models/db.server";\nimport { lockApplication } from "~/models/applications.server";\nexport const x = (tx: Tx, w: SQL) => [transaction, lockApplication, tx, w];\n',
    ],
    ["app/components/x.tsx", 'import type { PublicUser } from "~/models/users.server";\nexport const x = (u: PublicUser) => u;\n'],
    ["app/routes/x.tsx", 'import { getUserById } from "~/services/account-views.server";\nexport const x = getUserById;\n'],
    ["app/server/x.server.ts", 'import { getUserById } from "~/models/users.server";\nexport const x = getUserById;\n'],
  ];

  it.each(allowed)("%s: allows %s", async (file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });
});

describe("file names", () => {
  /** The name without folder, `.test`, `.server` and extension: models/users.server.ts -> users. */
  const baseName = (file: string) =>
    path
      .basename(file)
      .replace(/\.(test|spec)(?=\.)/, "")
      .replace(/\.server(?=\.)/, "")
      .replace(/\.(ts|tsx|js|jsx|css)$/, "");

  const sourceFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === "routes" && dir === path.join(ROOT, "app") ? [] : sourceFiles(full);
      return /\.(ts|tsx)$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts")
        ? [path.relative(ROOT, full)]
        : [];
    });

  /** Two files under app/ (routes and tests aside) never share a base name. */
  const collisions = (files: string[]) => {
    const byName = new Map<string, string[]>();
    for (const f of files) byName.set(baseName(f), [...(byName.get(baseName(f)) ?? []), f]);
    return [...byName.values()].filter((fs) => fs.length > 1);
  };

  it("no two files under app/ share a base name", () => {
    expect(collisions(sourceFiles(path.join(ROOT, "app")))).toEqual([]);
  });

  it("the check sees a collision across layers", () => {
    expect(
      collisions([
        "app/models/session.server.ts",
        "app/server/session.server.ts",
        "app/schemas/auth.schema.ts",
        "app/services/auth.server.ts",
      ]),
    ).toEqual([["app/models/session.server.ts", "app/server/session.server.ts"]]);
  });
});
