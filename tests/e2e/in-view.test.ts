/**
 * Issue 29, what a person sees after acting, in Chromium: without JavaScript a refused form opens
 * on a "There is a problem" summary at the top (focused, in view, each error a link to its field)
 * and an admin's action on the long details page comes back to the section acted on; with
 * JavaScript each wizard step has its own title and takes focus to its heading, the admin dialog
 * keeps focus inside after an action and gives it back to the row on Esc; every page starts with
 * "Skip to main content".
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createSubmittedApplication } from "../support/applications";
import { setupBrowser, waitForHydration } from "../support/browser";
import { createAdmin, createApplicant, signInAdminInBrowser, signInApplicantInBrowser, submitSignUp } from "../support/fixtures";
import { uniqueEmail } from "../support/http";
import { at, cont, fillAddress, fillLoan, fillOwner } from "../support/wizard-browser";
import { TEST_PASSWORD } from "../support/fixtures";
import { REVIEW_BUTTON } from "~/features/marketplace/signing";
import { applyOverHttp, openOffer } from "../support/wizard";

const b = setupBrowser();
const PHONE = { width: 375, height: 740 };

/** The element's box lies within the window (top and bottom). */
async function inViewport(page: Page, el: Locator) {
  const box = await el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom };
  });
  const height = await page.evaluate(() => window.innerHeight);
  return box.top >= 0 && box.top < height && box.bottom > 0;
}

const applicant = () => ({
  firstName: "Ana",
  lastName: "Silva",
  email: uniqueEmail("inview"),
  password: TEST_PASSWORD,
  phone: "(555) 010-3344",
  dateOfBirth: "1985-04-12",
});

describe("without JavaScript, nothing lands out of sight", () => {
  it("a refused wizard step opens on its error summary, focused and in view, linking to the field", async () => {
    await b.withPage({ js: false }, async (page) => {
      await page.setViewportSize(PHONE);
      await page.goto("/apply/loan");
      await fillLoan(page, false);
      await fillOwner(page, false, applicant());
      await fillAddress(page, false);
      await at(page, "finances", false);
      // Nothing typed: Continue at the bottom of the long step.
      await cont(page);
      await at(page, "finances", false);
      const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "There is a problem" }) });
      await summary.waitFor();
      expect(await inViewport(page, summary)).toBe(true);
      expect(await summary.evaluate((e) => document.activeElement === e)).toBe(true);
      const link = summary.getByRole("link").first();
      const href = (await link.getAttribute("href"))!;
      expect(href).toMatch(/^#wizard-finances-/);
      // The link leads to the field it names.
      await link.click();
      const target = page.locator(href);
      expect(await target.count()).toBe(1);
      expect(await inViewport(page, target)).toBe(true);
    });
  });

  it("an e-mail already taken at sign-up says 'Sign Up Failed' above the message, in view", async () => {
    const taken = await createApplicant();
    await b.withPage({ js: false }, async (page) => {
      await page.setViewportSize(PHONE);
      await page.goto("/signup");
      // Everything valid and every box ticked (the E-SIGN agreement too): only the e-mail is refused.
      await submitSignUp(page, { ...applicant(), email: taken.email });
      const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Sign Up Failed" }) });
      await summary.waitFor();
      expect(await inViewport(page, summary)).toBe(true);
      expect(await summary.getByRole("link").getAttribute("href")).toBe("#signup-email");
    });
  });

  it("a refused dashboard upload (the form is far down on a phone) opens at that form, its summary in view, linking to the file input", async () => {
    const owner = await createApplicant();
    await createSubmittedApplication({ userId: owner.id });
    await b.withPage({ js: false }, async (page) => {
      await page.setViewportSize(PHONE);
      await signInApplicantInBrowser(page, owner.email);
      await page.getByLabel("Document type").selectOption("ein");
      await page
        .getByLabel("File", { exact: true })
        .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("words") });
      await page.getByRole("button", { name: "Upload Document" }).click();
      const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "There is a problem" }) });
      await summary.waitFor();
      // The answer's address names the form (the browser scrolls to it, and does not autofocus
      // past a fragment): the summary, the form's first thing, is in view, and Tab goes to its link.
      expect(new URL(page.url()).hash).toBe("#quick-upload");
      expect(await inViewport(page, summary)).toBe(true);
      await page.keyboard.press("Tab");
      expect(await summary.getByRole("link").evaluate((e) => document.activeElement === e)).toBe(true);
      await summary.getByRole("link").click();
      expect(await inViewport(page, page.locator("#upload-file"))).toBe(true);
    });
  });

  it("signing on a phone: a refused name and then the review of what is signed open in view at the signing form", async () => {
    const a = await applyOverHttp({ tag: "inview-sign" });
    const offer = await openOffer(a.app.id);
    await b.withPage({ js: false }, async (page, ctx) => {
      await ctx.addCookies([...a.client.cookies].map(([name, value]) => ({ name, value, url: b.baseUrl })));
      await page.setViewportSize(PHONE);
      await page.goto(`/offers/${offer.id}#accept`);
      await page.getByLabel("Your full name (signature)").fill("Someone Else");
      await page.getByLabel("I have read the disclosure").check();
      await page.getByRole("button", { name: REVIEW_BUTTON }).click();
      const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "There is a problem" }) });
      await summary.waitFor();
      expect(await inViewport(page, summary)).toBe(true);
      expect(await summary.getByRole("link").getAttribute("href")).toBe("#signerName");
      // The right name: the review of what is being signed, in view.
      await page.getByLabel("Your full name (signature)").fill(`${a.user.firstName} ${a.user.lastName}`);
      await page.getByLabel("I have read the disclosure").check();
      await page.getByRole("button", { name: REVIEW_BUTTON }).click();
      const reviewed = page.getByTestId("accept-review-sentence");
      await reviewed.waitFor();
      expect(await inViewport(page, reviewed)).toBe(true);
    });
  });

  it("an admin's note and status change on the long details page come back to their section", async () => {
    const admin = await createAdmin();
    const owner = await createApplicant();
    const app = await createSubmittedApplication({ userId: owner.id });
    await b.withPage({ js: false }, async (page) => {
      await signInAdminInBrowser(page, admin);
      await page.goto(`/admin/applications/${app.id}`);
      const notes = page.getByTestId("internal-notes");
      await notes.getByRole("textbox").fill("Called the owner about the lease");
      await notes.getByRole("button").click();
      await page.waitForURL((u) => u.hash === "#notes");
      await notes.getByTestId("internal-note").filter({ hasText: "Called the owner about the lease" }).waitFor();
      expect(await inViewport(page, page.locator("#notes"))).toBe(true);

      // A refused status change (rejecting needs a reason): the summary at the top, in view.
      const status = page.locator("#status");
      await status.getByLabel("New status").selectOption("rejected");
      await status.getByRole("button", { name: /update status/i }).click();
      const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "There is a problem" }) });
      await summary.waitFor();
      expect(await inViewport(page, summary)).toBe(true);
    });
  });
});

describe("with JavaScript, focus and titles", () => {
  it("each wizard step has its own title and focus moves to its heading", async () => {
    await b.withPage({ js: true }, async (page) => {
      await page.goto("/apply/loan");
      await waitForHydration(page);
      expect(await page.title()).toMatch(/^Step 1 of 7: Business Loan Details/);
      await fillLoan(page, true);
      await at(page, "owner", true);
      await page.getByRole("heading", { level: 1, name: "Business Owner Information" }).waitFor();
      await page.waitForFunction(() => document.activeElement?.tagName === "H1");
      expect(await page.title()).toMatch(/^Step 2 of 7: Business Owner Information/);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Business Owner Information");
    });
  });

  it("the first Tab reaches 'Skip to main content', which leads into the page's main", async () => {
    const owner = await createApplicant();
    await b.withPage({ js: true }, async (page) => {
      await signInApplicantInBrowser(page, owner.email);
      await page.goto("/account");
      await waitForHydration(page);
      await page.keyboard.press("Tab");
      const first = await page.evaluate(() => ({
        text: document.activeElement?.textContent,
        href: document.activeElement?.getAttribute("href"),
      }));
      expect(first).toEqual({ text: "Skip to main content", href: "#main" });
      expect(await inViewport(page, page.getByRole("link", { name: "Skip to main content" }))).toBe(true);
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => document.activeElement?.id === "main");
    });
  });

  it("the admin dialog keeps focus inside after an action and gives it back to the row on Esc", async () => {
    const admin = await createAdmin();
    const owner = await createApplicant();
    const app = await createSubmittedApplication({ userId: owner.id });
    await b.withPage({ js: true }, async (page) => {
      await signInAdminInBrowser(page, admin);
      await page.goto(`/admin?q=${app.reference}`);
      await waitForHydration(page);
      const rowLink = page.locator(`a[href^="/admin/applications/${app.id}"]`).first();
      await rowLink.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: new RegExp(app.reference) });
      await dialog.waitFor();
      await waitForHydration(page);
      const notes = dialog.getByTestId("internal-notes");
      await notes.getByRole("textbox").fill("Checked the bank statements");
      await notes.getByRole("button").click();
      await notes.getByTestId("internal-note").filter({ hasText: "Checked the bank statements" }).waitFor();
      await waitForHydration(page);
      await page.waitForFunction(() => Boolean(document.querySelector("dialog[open]")?.contains(document.activeElement)));
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      await page.waitForFunction(
        (id) => (document.activeElement?.getAttribute("href") ?? "").startsWith(`/admin/applications/${id}`),
        app.id,
      );
    });
  });
});

describe("phone layouts at 375 px, without JavaScript", () => {
  /** The page does not pan sideways, and every visible item of the header sits on one line. */
  async function headerOnOneLine(page: Page) {
    return page.evaluate(() => {
      const header = document.querySelector("header")!;
      const boxes = [...header.querySelectorAll<HTMLElement>("a, button, summary")]
        .filter((e) => e.checkVisibility({ visibilityProperty: true }))
        .map((e) => e.getBoundingClientRect());
      // One line: every item overlaps the others vertically (none starts below another's bottom).
      const lowestBottom = Math.min(...boxes.map((r) => r.bottom));
      const lines = boxes.some((r) => r.top >= lowestBottom) ? 2 : 1;
      return { lines, sideways: document.documentElement.scrollWidth > window.innerWidth };
    });
  }

  it("the dashboard and account headers stay on one line; their links are in a Menu that opens", async () => {
    const owner = await createApplicant();
    await b.withPage({ js: false }, async (page) => {
      await page.setViewportSize(PHONE);
      await signInApplicantInBrowser(page, owner.email);
      for (const path of ["/dashboard", "/account", "/account/data"]) {
        await page.goto(path);
        expect({ path, ...(await headerOnOneLine(page)) }).toEqual({ path, lines: 1, sideways: false });
      }
      await page.goto("/dashboard");
      await page.locator("header summary").filter({ hasText: "Menu" }).click();
      const settings = page.locator("header").getByRole("link", { name: "Account settings" });
      await settings.waitFor();
      await settings.click();
      await page.waitForURL((u) => u.pathname === "/account");
    });
  });

  it("the admin list says its table scrolls sideways and names the scrolling box", async () => {
    const admin = await createAdmin();
    const owner = await createApplicant();
    const app = await createSubmittedApplication({ userId: owner.id });
    await b.withPage({ js: false }, async (page) => {
      await page.setViewportSize(PHONE);
      await signInAdminInBrowser(page, admin);
      await page.goto(`/admin?q=${app.reference}`);
      const box = page.getByRole("region", { name: "Loan applications table" });
      await box.waitFor();
      const hint = page.getByText("Swipe the table sideways for Status, Assigned to and Actions.");
      expect(await hint.isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    });
  });
});
