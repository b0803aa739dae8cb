/**
 * The fields table against the database schema and the API: each field is a column of
 * loan_applications (under the field's name in db/schema.ts, with the table's SQL name and a type
 * that fits its kind), and the API takes and answers exactly the table's fields.
 */
import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loanApplications } from "../../../db/schema";
import { ApiApplicationSchema, ApiCreateApplicationBodySchema, ApiUpdateApplicationBodySchema } from "~/features/applications/api.schema";
import { STEP_FIELDS } from "~/features/applications/wizard/wizard.schema";
import { APPLICATION_DEFAULTS, FIELD_LIST, FIELD_NAMES, fieldsOfStep } from "./fields";

const columns = getTableColumns(loanApplications) as Record<
  string,
  { name: string; columnType: string; enumValues?: readonly string[]; notNull: boolean; hasDefault: boolean }
>;

describe("the application fields table", () => {
  it.each(FIELD_LIST.map((f) => [f.name, f] as const))("%s is a column of loan_applications that fits its kind", (name, f) => {
    const col = columns[name];
    expect(col, `add ${name} to loanApplications in db/schema.ts, then npm run db:generate`).toBeDefined();
    expect(col!.name).toBe(f.column);
    // Existing rows and partial API drafts need a value: every field's column has a default.
    expect(col!.notNull && col!.hasDefault).toBe(true);
    if (f.kind === "money") expect(col!.columnType).toBe("MySqlDecimal");
    if (f.kind === "choice") expect([...(col!.enumValues ?? [])].sort()).toEqual([...f.values!].sort());
    if (f.kind === "text") expect(col!.columnType).toBe("MySqlVarChar");
  });

  it("gives every money field the message the API answers for a value that is not a number", () => {
    for (const f of FIELD_LIST.filter((x) => x.kind === "money")) expect(f.api.typeMessage, f.name).toBeTruthy();
  });

  it("keeps each step's fields in the draft, and gives the API a default for each", () => {
    expect(STEP_FIELDS.finances).toEqual(fieldsOfStep("finances").map((f) => f.name));
    expect(Object.keys(APPLICATION_DEFAULTS)).toEqual(FIELD_NAMES);
  });

  it("is what the API takes and answers, in the table's order", () => {
    const own = (keys: string[]) => keys.filter((k) => (FIELD_NAMES as string[]).includes(k));
    expect(own(Object.keys(ApiCreateApplicationBodySchema.shape))).toEqual(FIELD_NAMES);
    expect(own(Object.keys(ApiUpdateApplicationBodySchema.shape))).toEqual(FIELD_NAMES);
    expect(own(Object.keys(ApiApplicationSchema.shape))).toEqual(FIELD_NAMES);
  });
});
