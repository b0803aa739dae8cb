/**
 * The end of the retention schedule (`npm run retention`): a declined application unchanged for
 * longer than the period (25 months, Regulation B 12 CFR 1002.12(b)) loses its documents, rows and
 * encrypted files; one under a legal hold keeps them, and so does a recently declined one. An
 * admin sets and clears the hold on the application's details page, each with an audit row.
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { purgeClosedApplications, type RetentionReport } from "~/features/applications/closed-retention.server";
import { getDb, schema } from "~/platform/db/db.server";
import { signedInAdmin, signedInApplicant } from "../support/api";
import { getPage, squash } from "../support/html";
import { createSubmittedApplication } from "../support/applications";
import { createDocument } from "../support/documents";
import { samplePdf } from "../fixtures/documents";

const DAY = 24 * 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const docsDir = () => path.join(inject("dataDir"), "documents");
const ids = {} as Record<"old" | "held" | "recent" | "released", number>;
const files = {} as Record<keyof typeof ids, string>;
let report: RetentionReport;

async function documentRows(applicationId: number) {
  return getDb().select({ k: schema.documents.storageKey }).from(schema.documents).where(eq(schema.documents.applicationId, applicationId));
}

beforeAll(async () => {
  const { user } = await signedInApplicant();
  const { client: admin } = await signedInAdmin();
  const ages = { old: 26 * 31 * DAY, held: 26 * 31 * DAY, released: 26 * 31 * DAY, recent: 60 * DAY };
  for (const name of Object.keys(ages) as Array<keyof typeof ages>) {
    const app = await createSubmittedApplication({
      userId: user.id,
      status: "rejected",
      stage: "declined",
      submittedAt: ago(ages[name] + DAY),
    });
    ids[name] = app.id;
    await createDocument({ applicationId: app.id, userId: user.id, data: samplePdf(`closed-${name}`), name: `${name}.pdf` });
    [files[name]] = (await documentRows(app.id)).map((r) => r.k);
  }
  // An admin places a hold on one from its details page, and places then clears one on another
  // (the cleared one is deleted like any other).
  const hold = async (id: number, on: boolean) => {
    const res = await admin.fetch(`/admin/applications/${id}`, {
      form: { intent: "legal-hold", hold: on ? "on" : "off", reason: "litigation" },
    });
    expect(res.status).toBe(302);
  };
  await hold(ids.held, true);
  await hold(ids.released, true);
  await hold(ids.released, false);
  const page = await getPage(`/admin/applications/${ids.held}`, admin);
  expect(squash(page.$("[data-testid=legal-hold]").text())).toMatch(/On hold since \d{4}-\d{2}-\d{2}: litigation/);
  for (const name of Object.keys(ages) as Array<keyof typeof ages>) {
    await getDb()
      .update(schema.loanApplications)
      .set({ updatedAt: ago(ages[name]) })
      .where(eq(schema.loanApplications.id, ids[name]));
  }
  report = await purgeClosedApplications();
});

describe("retention of closed applications", () => {
  it("deletes the documents (rows and files) of an application declined more than 25 months ago", async () => {
    for (const name of ["old", "released"] as const) {
      expect(await documentRows(ids[name]), name).toEqual([]);
      expect(fs.existsSync(path.join(docsDir(), files[name])), name).toBe(false);
    }
    expect(report.documents).toBeGreaterThanOrEqual(2);
    // The decision itself stays.
    const [row] = await getDb()
      .select({ status: schema.loanApplications.status })
      .from(schema.loanApplications)
      .where(eq(schema.loanApplications.id, ids.old));
    expect(row?.status).toBe("rejected");
  });

  it("keeps the documents of an application on legal hold and of one declined recently", async () => {
    for (const name of ["held", "recent"] as const) {
      expect(await documentRows(ids[name]), name).toHaveLength(1);
      expect(fs.existsSync(path.join(docsDir(), files[name])), name).toBe(true);
    }
  });

  it("audits setting and clearing a hold, and each deletion", async () => {
    const audit = async (action: string, id: number) =>
      getDb()
        .select({ id: schema.auditLog.id })
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.action, action), eq(schema.auditLog.targetId, String(id))));
    expect(await audit("application.legal_hold_set", ids.held)).toHaveLength(1);
    expect(await audit("application.legal_hold_cleared", ids.released)).toHaveLength(1);
    expect(await audit("retention.closed_documents_deleted", ids.old)).toHaveLength(1);
    expect(await audit("retention.closed_documents_deleted", ids.held)).toHaveLength(0);
  });
});
