/**
 * The admin list at scale: 20,000 applications. Search by reference, search by purpose, the
 * status filter and a page of the unfiltered list must each be served by an index (EXPLAIN shows
 * no full table scan) and return the right rows in the right order.
 *
 * Our rows were submitted in 2001, so oldest-first they come before any row other test files
 * create meanwhile (and newest-first they stay out of those files' way); their references share
 * a random per-run prefix. So the assertions are exact even with other files running.
 */
import { randomInt } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { adminListQueries, listApplicationsForAdmin, resolveSearch } from "~/features/back-office/admin-queries.server";
import { ADMIN_PAGE_SIZE, parseAdminListParams } from "~/features/back-office/admin.schema";
import { getDb, getPool, schema } from "~/platform/db/db.server";
import { REFERENCE_ALPHABET } from "~/features/applications/reference.server";
import { createApplicant } from "../support/fixtures";

const N = 20_000;
const BATCH = 1000;
const STATUSES = ["submitted", "under-review", "approved", "rejected", "draft"] as const;
const PURPOSES = schema.PURPOSES_DB;
const rnd = (n: number) => Array.from({ length: n }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join("");
const TAG = rnd(4);
const BASE = Date.UTC(2001, 0, 1);

type Seeded = {
  reference: string;
  status: (typeof STATUSES)[number];
  purpose: (typeof PURPOSES)[number];
  submittedAt: Date | null;
  amount: number;
};
const seeded: Seeded[] = [];

type ExplainRow = { table: string; type: string; key: string | null; rows: number; Extra: string | null };
async function explain(q: { toSQL: () => { sql: string; params: unknown[] } }) {
  const { sql, params } = q.toSQL();
  const [rows] = await getPool().query(`EXPLAIN ${sql}`, params);
  if (process.env.SHOW_PLANS) console.info(sql, JSON.stringify(rows));
  return rows as ExplainRow[];
}

function expectIndexed(plan: ExplainRow[], allowedKeys: string[]) {
  const row = plan.find((r) => r.table === "loan_applications");
  expect(row, JSON.stringify(plan)).toBeDefined();
  expect(row!.type, JSON.stringify(plan)).not.toBe("ALL");
  expect(allowedKeys, JSON.stringify(plan)).toContain(row!.key);
}

/** What the list must show for our rows: non-draft, filtered, oldest first by default. */
function expected(filter: (s: Seeded) => boolean, sort: "asc" | "desc" = "asc") {
  const rows = seeded.filter((s) => s.status !== "draft" && filter(s));
  rows.sort((a, b) => (a.submittedAt!.getTime() - b.submittedAt!.getTime()) * (sort === "desc" ? -1 : 1));
  return rows;
}

beforeAll(async () => {
  const owner = await createApplicant();
  const db = getDb();
  for (let start = 0; start < N; start += BATCH) {
    const values = [];
    for (let i = start; i < start + BATCH; i++) {
      const status = i % 20 === 0 ? "draft" : STATUSES[i % 4]!;
      const purpose = PURPOSES[(i * 3 + Math.floor(i / 7)) % PURPOSES.length]!;
      const row: Seeded = {
        reference: `APP-${TAG}${rnd(8)}`,
        status,
        purpose,
        submittedAt: status === "draft" ? null : new Date(BASE + i * 60_000),
        amount: 1000 + (i % 50) * 1000,
      };
      seeded.push(row);
      values.push({ ...row, userId: owner.id, amount: String(row.amount), annualIncome: "90000", state: "TX" });
    }
    await db.insert(schema.loanApplications).values(values);
  }
  await getPool().query("ANALYZE TABLE loan_applications");
}, 180_000);

describe("admin applications list at 20,000 rows", () => {
  it("search by reference: a range on the unique index, exact rows", async () => {
    const target = seeded.find((s, i) => i > 5000 && s.status === "approved")!;
    const prefix = target.reference.slice(0, 11);
    const params = parseAdminListParams(new URLSearchParams({ q: prefix.toLowerCase() }));
    expect(resolveSearch(params.q)).toEqual({ kind: "reference", prefix });
    const queries = adminListQueries(params)!;
    expectIndexed(await explain(queries.rows), ["loan_applications_ref_uq"]);
    expectIndexed(await explain(queries.total), ["loan_applications_ref_uq"]);

    const page = await listApplicationsForAdmin(params);
    const want = expected((s) => s.reference.startsWith(prefix), "desc");
    expect(page.total).toBe(want.length);
    expect(page.rows.map((r) => r.reference)).toEqual(want.slice(0, ADMIN_PAGE_SIZE).map((s) => s.reference));
    expect(page.rows.find((r) => r.reference === target.reference)).toMatchObject({ status: "approved", amount: target.amount });

    // The full reference, typed in lower case without the dash, finds exactly that application.
    const exact = await listApplicationsForAdmin(parseAdminListParams(new URLSearchParams({ q: target.reference.replace("APP-", "app") })));
    expect(exact.rows.map((r) => r.reference)).toEqual([target.reference]);
  });

  it("search by purpose label (any case) with a status filter: the purpose or status index, exact first page", async () => {
    const params = parseAdminListParams(new URLSearchParams({ q: "Equipment FINANCING", status: "under-review", sort: "asc" }));
    expect(resolveSearch(params.q)).toEqual({ kind: "purpose", purposes: ["equipment-financing"] });
    const queries = adminListQueries(params)!;
    const plan = await explain(queries.rows);
    expectIndexed(plan, ["loan_applications_purpose_idx", "loan_applications_status_submitted_idx"]);
    expectIndexed(await explain(queries.total), ["loan_applications_purpose_idx", "loan_applications_status_submitted_idx"]);

    const page = await listApplicationsForAdmin(params);
    const want = expected((s) => s.purpose === "equipment-financing" && s.status === "under-review");
    expect(want.length).toBeGreaterThan(ADMIN_PAGE_SIZE);
    expect(page.total).toBeGreaterThanOrEqual(want.length);
    expect(page.rows.map((r) => r.reference)).toEqual(want.slice(0, ADMIN_PAGE_SIZE).map((s) => s.reference));
    expect(page.rows.every((r) => r.purpose === "equipment-financing" && r.status === "under-review")).toBe(true);
  });

  it("search by purpose alone ('working capital' and 'working-capital' alike)", async () => {
    for (const q of ["working capital", "WORKING-CAPITAL"]) {
      const params = parseAdminListParams(new URLSearchParams({ q, sort: "asc" }));
      const queries = adminListQueries(params)!;
      expectIndexed(await explain(queries.rows), ["loan_applications_purpose_idx"]);
      const page = await listApplicationsForAdmin(params);
      const want = expected((s) => s.purpose === "working-capital");
      expect(page.rows.map((r) => r.reference)).toEqual(want.slice(0, ADMIN_PAGE_SIZE).map((s) => s.reference));
    }
  });

  it("status filter: the (status, submitted_at, id) index, newest or oldest first, any page", async () => {
    const params = parseAdminListParams(new URLSearchParams({ status: "rejected", page: "3", sort: "asc" }));
    const queries = adminListQueries(params)!;
    const plan = await explain(queries.rows);
    expectIndexed(plan, ["loan_applications_status_submitted_idx"]);
    expect(plan[0]!.Extra ?? "").not.toMatch(/filesort/i);
    // The count reads one status's entries of either index that starts with status.
    expectIndexed(await explain(queries.total), ["loan_applications_status_submitted_idx", "loan_applications_status_updated_idx"]);

    const page = await listApplicationsForAdmin(params);
    const want = expected((s) => s.status === "rejected");
    expect(page.total).toBeGreaterThanOrEqual(want.length);
    expect(page.rows.map((r) => r.reference)).toEqual(want.slice(2 * ADMIN_PAGE_SIZE, 3 * ADMIN_PAGE_SIZE).map((s) => s.reference));

    // Newest first (the default): same index read backwards; our old rows come last, so check order.
    const descParams = parseAdminListParams(new URLSearchParams({ status: "rejected" }));
    expectIndexed(await explain(adminListQueries(descParams)!.rows), ["loan_applications_status_submitted_idx"]);
    const desc = await listApplicationsForAdmin(descParams);
    const times = desc.rows.map((r) => Date.parse(r.submittedAt!));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(desc.rows.every((r) => r.status === "rejected")).toBe(true);
  });

  it("one page of the unfiltered list reads the submitted-date index in order and never lists drafts", async () => {
    const params = parseAdminListParams(new URLSearchParams({ page: "2", sort: "asc" }));
    const queries = adminListQueries(params)!;
    for (const q of [queries.rows, adminListQueries(parseAdminListParams(new URLSearchParams({ page: "2" })))!.rows]) {
      const plan = await explain(q);
      expectIndexed(plan, ["loan_applications_submitted_idx", "loan_applications_status_submitted_idx"]);
      expect(plan[0]!.Extra ?? "").not.toMatch(/filesort/i);
    }

    const page = await listApplicationsForAdmin(params);
    const want = expected(() => true);
    expect(page.rows.map((r) => r.reference)).toEqual(want.slice(ADMIN_PAGE_SIZE, 2 * ADMIN_PAGE_SIZE).map((s) => s.reference));
    expect(page.total).toBeGreaterThanOrEqual(want.length);
    expect(page.pageCount).toBe(Math.ceil(page.total / ADMIN_PAGE_SIZE));
    const drafts = new Set(seeded.filter((s) => s.status === "draft").map((s) => s.reference));
    const all = await listApplicationsForAdmin(parseAdminListParams(new URLSearchParams({ q: `APP-${TAG}`, sort: "asc" })));
    expect(all.total).toBe(want.length);
    expect(all.rows.some((r) => drafts.has(r.reference))).toBe(false);
  });

  it("a search that can be neither a reference nor a purpose matches nothing without querying", async () => {
    const params = parseAdminListParams(new URLSearchParams({ q: "no such thing!" }));
    expect(adminListQueries(params)).toBeNull();
    const page = await listApplicationsForAdmin(params);
    expect(page).toMatchObject({ rows: [], total: 0 });
  });
});
