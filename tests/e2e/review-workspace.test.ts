/**
 * The review workspace in Chromium: with JavaScript, the keyboard shortcuts (j / k through the
 * queue, r to the rejection's reason, a to accept, and no key acting while a field has the focus);
 * without JavaScript, accept and reject as plain forms that land back on the same document.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { createSubmittedApplication } from "../support/applications";
import { createDocument } from "../support/documents";
import { setupBrowser, waitForHydration } from "../support/browser";
import { createAdmin, createApplicant, signInAdminForBrowser } from "../support/fixtures";

const b = setupBrowser();
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** Two applications at the head of the queue (oldest first), each with an ID image. */
async function twoQueued(tag: string, base: number) {
  const out = [];
  for (const day of [1, 2]) {
    const applicant = await createApplicant({ firstName: `${tag}${day === 1 ? "First" : "Second"}`, lastName: "Reviewee" });
    const app = (await createSubmittedApplication({ userId: applicant.id, submittedAt: new Date(Date.UTC(1999, base, day, 9)) }))!;
    const doc = await createDocument({
      applicationId: app.id,
      userId: applicant.id,
      data: PNG,
      name: `${tag}-id-${day}.png`,
      documentType: "id-front",
    });
    out.push({ ...app, docId: doc.id });
  }
  return out as [(typeof out)[number], (typeof out)[number]];
}

const reviewOf = async (documentId: number) =>
  (await getDb().select().from(schema.documentReviews).where(eq(schema.documentReviews.documentId, documentId)))[0] ?? null;

describe("review workspace", () => {
  it("with JavaScript: j and k walk the queue, r moves to the reason, a accepts; no key acts inside a field", async () => {
    const admin = await createAdmin();
    const [first, second] = await twoQueued("Keys", 0);
    await b.withPage({ js: true }, async (page, ctx) => {
      await signInAdminForBrowser(ctx, admin);
      await page.goto(`/admin/review/${first.id}`);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { name: "Keyboard shortcuts" }).isVisible()).resolves.toBe(true);

      await page.keyboard.press("j");
      await page.waitForURL((u) => u.pathname === `/admin/review/${second.id}`);
      await page.getByRole("heading", { name: new RegExp(second.reference) }).waitFor();
      await page.keyboard.press("k");
      await page.waitForURL((u) => u.pathname === `/admin/review/${first.id}`);
      await page.getByRole("heading", { name: new RegExp(first.reference) }).waitFor();
      await waitForHydration(page);

      // r: to the rejection's reason. Keys typed there are the field's own (a does not accept).
      await page.keyboard.press("r");
      const reason = page.getByLabel("Reason for rejecting");
      await expect(reason.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      await page.keyboard.press("a");
      await page.keyboard.press("j");
      expect(new URL(page.url()).pathname).toBe(`/admin/review/${first.id}`);
      expect(await reviewOf(first.docId)).toBeNull();

      // Out of the field, a accepts the document shown, and the page stays on it.
      await reason.evaluate((el) => (el as HTMLElement).blur());
      await page.keyboard.press("a");
      await page
        .getByTestId("review-state")
        .filter({ hasText: /^Accepted by / })
        .waitFor();
      expect(new URL(page.url()).search).toBe(`?doc=${first.docId}`);
      expect((await reviewOf(first.docId))?.decision).toBe("accepted");
    });
  });

  it("without JavaScript: reject and accept post plain forms and land back on the same document", async () => {
    const admin = await createAdmin();
    const [first] = await twoQueued("NoJs", 1);
    await b.withPage({ js: false }, async (page, ctx) => {
      await signInAdminForBrowser(ctx, admin);
      await page.goto(`/admin/review/${first.id}?doc=${first.docId}`);
      const image = page.getByTestId("document-viewer").getByRole("img");
      await expect(image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).resolves.toBe(1);

      await page.getByLabel("Reason for rejecting").selectOption("unreadable");
      await page.getByRole("button", { name: /^Reject document/ }).click();
      await page
        .getByTestId("review-state")
        .filter({ hasText: /^Rejected: .* by / })
        .waitFor();
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/admin/review/${first.id}?doc=${first.docId}`);

      await page.getByRole("button", { name: /^Accept document/ }).click();
      await page
        .getByTestId("review-state")
        .filter({ hasText: /^Accepted by / })
        .waitFor();
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/admin/review/${first.id}?doc=${first.docId}`);
      expect((await reviewOf(first.docId))?.decision).toBe("accepted");
    });
  });
});
