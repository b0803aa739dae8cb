/**
 * The wizard's edges in a real browser, with JavaScript and without: refused uploads leave no row
 * and no file, a double submit makes one application; with JavaScript, a failed submission writes
 * nothing (without it, the re-rendered review page: tests/integration/submit.test.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { getDraftById } from "~/features/applications/wizard/application-drafts.server";
import { getUserByEmail } from "~/features/accounts/users.server";
import { getDb, getPool, schema } from "~/platform/db/db.server";
import { MSG, TOASTS } from "~/content/messages";
import { REFERENCE_PATTERN } from "~/features/applications/reference.server";
import { MODES, setupBrowser } from "../support/browser";
import { uniqueEmail } from "../support/http";
import { applicationsOfDraft, completeAnonymousData, draftSession, outboxTo } from "../support/wizard";
import { at, documentFiles, eventually, upload, waitForHydration } from "../support/wizard-browser";

const b = setupBrowser();

/** A browser holding a session whose draft has steps 1-4 done (anonymous applicant). */
async function withDraft(ctx: BrowserContext, email: string) {
  const { draftId, cookie } = await draftSession(await completeAnonymousData(email));
  const [pair] = cookie.split(";");
  const i = pair!.indexOf("=");
  await ctx.addCookies([{ name: pair!.slice(0, i), value: pair!.slice(i + 1), url: b.baseUrl }]);
  return draftId;
}

async function tickConsents(page: Page) {
  await page.getByLabel(/I agree to the/).check();
  await page.getByLabel(/I authorize Lendwise/).check();
}

describe.each(MODES)("wizard edges $label", ({ js }) => {
  it("refuses an 11 MB file and a renamed executable with the product's messages, leaving no row and no file", async () => {
    const email = uniqueEmail("refused");
    await b.withPage({ js }, async (page, ctx) => {
      const draftId = await withDraft(ctx, email);
      await page.goto("/apply/documents");
      await at(page, "documents", js);
      const before = new Set(documentFiles());

      // 11 MB that starts like a PDF, handed to the browser as a file on disk.
      const big = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "wizard-big-")), "huge.pdf");
      fs.writeFileSync(big, Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(11 * 1024 * 1024, 0x20)]));
      await upload(page, "bank-statements", "Bank Statements", big);
      fs.rmSync(path.dirname(big), { recursive: true, force: true });
      await page
        .locator('section[data-area="bank-statements"] #area-bank-statements-error')
        .getByText(`${TOASTS.fileTooLarge.title} - ${TOASTS.fileTooLarge.description}`)
        .waitFor();
      if (js) {
        await page.getByRole("status").filter({ hasText: TOASTS.fileTooLarge.title }).first().waitFor();
        await waitForHydration(page);
      }

      const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(510, 0x90), Buffer.from("This program cannot be run in DOS mode.")]);
      await upload(page, "llc", "LLC Documents", { name: "articles.pdf", mimeType: "application/pdf", buffer: exe });
      await page
        .locator('section[data-area="llc"] #area-llc-error')
        // The renamed executable is refused with the types the area takes.
        .getByText(`${TOASTS.uploadFailed.title} - ${MSG.fileNotPdfOrWord}`)
        .waitFor();

      // No application, no account, no document row; no new file (staged or committed) on disk.
      expect(await applicationsOfDraft(draftId)).toHaveLength(0);
      expect(await getUserByEmail(email)).toBeNull();
      expect(await page.locator("li[data-file-name]").count()).toBe(0);
      await eventually(async () => {
        const added = documentFiles().filter((f) => !before.has(f));
        if (!added.length) return true;
        // Files other tests committed meanwhile have rows; ours would not.
        const keys = added.map((f) => f.split("/").pop()!);
        const rows = await getDb()
          .select({ k: schema.documents.storageKey })
          .from(schema.documents)
          .where(inArray(schema.documents.storageKey, keys));
        return rows.length === keys.length && !added.some((f) => f.includes("/staging/"));
      }, 5000);
    });
  });

  it("a double submit yields one application and the page shows its reference", async () => {
    const email = uniqueEmail("double");
    await b.withPage({ js }, async (page, ctx) => {
      const draftId = await withDraft(ctx, email);
      await page.goto("/apply/review");
      await at(page, "review", js);
      await tickConsents(page);
      await page.getByRole("button", { name: "Submit Application" }).dblclick();
      // Without JavaScript the second click aborts the first navigation: wait for where it lands.
      await eventually(
        async () => new URL(page.url()).pathname === "/apply/submitted" && (await page.getByTestId("reference").count()) > 0,
      );
      const reference = (await page.getByTestId("reference").textContent())!.trim();
      expect(reference).toMatch(REFERENCE_PATTERN);
      const apps = await applicationsOfDraft(draftId);
      expect(apps).toHaveLength(1);
      expect(apps[0]!.reference).toBe(reference);
      // One confirmation (the account's e-mail verification link is an account e-mail, left out).
      expect(await outboxTo(email)).toHaveLength(1);
      // Submitting the same draft again (history back, resubmit) changes nothing.
      await page.goto("/apply/review");
      await at(page, "loan", js);
      expect(await applicationsOfDraft(draftId)).toHaveLength(1);
    });
  });
});

/** Without JavaScript the failed submission is the review page re-rendered: tests/integration/submit.test.ts. */
describe("wizard edges with JavaScript", () => {
  const js = true;
  it("a failed submission shows 'Submission Failed', writes nothing, and the applicant can try again", async () => {
    const email = uniqueEmail("dbfail");
    const trigger = `fail_submit_${js ? "js" : "nojs"}_${Date.now().toString(36)}`;
    await getPool().query(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON outbox FOR EACH ROW BEGIN IF NEW.to_email = '${email}' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'test failure'; END IF; END`,
    );
    try {
      await b.withPage({ js }, async (page, ctx) => {
        const draftId = await withDraft(ctx, email);
        await page.goto("/apply/review");
        await at(page, "review", js);
        await tickConsents(page);
        await page.getByRole("button", { name: "Submit Application" }).click();
        // The inline alert, and with JavaScript the toast too (watched from the same moment: the
        // toast leaves after 5 s, which a slow machine can spend waiting for the alert).
        await Promise.all([
          // The form's own alert by Submit (the "There is a problem" summary at the top repeats it).
          page
            .locator("#wizard-review-error")
            .and(page.getByRole("alert"))
            .filter({ hasText: `${TOASTS.submitFailed.title} - ${TOASTS.submitFailed.description}` })
            .waitFor(),
          js ? page.getByRole("status").filter({ hasText: TOASTS.submitFailed.title }).first().waitFor() : null,
        ]);
        expect(new URL(page.url()).pathname).toBe("/apply/review");
        expect(await getUserByEmail(email)).toBeNull();
        expect(await applicationsOfDraft(draftId)).toHaveLength(0);
        expect((await getDraftById(draftId))?.submittedAt).toBeNull();

        await getPool().query(`DROP TRIGGER IF EXISTS ${trigger}`);
        if (js) await waitForHydration(page);
        await tickConsents(page);
        await page.getByRole("button", { name: "Submit Application" }).click();
        await at(page, "submitted", js);
        expect(await applicationsOfDraft(draftId)).toHaveLength(1);
      });
    } finally {
      await getPool().query(`DROP TRIGGER IF EXISTS ${trigger}`);
    }
  });
});
