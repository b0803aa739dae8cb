/**
 * In a real browser: Enter in a wizard field means Continue (with
 * and without JavaScript); one click submits or shows every error even when an on-blur error would
 * appear; the admin pages do not pan sideways on a 375 px phone and the details dialog fits; a
 * toast never covers the controls around it and does not follow the user to the next page.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MSG } from "~/content/messages";
import { MODES, setupBrowser } from "../support/browser";
import { createSubmittedApplication } from "../support/applications";
import {
  createAdmin,
  createApplicant,
  nextSecondFactor,
  signInAdminInBrowser,
  signInApplicantInBrowser,
  submitSignUp,
} from "../support/fixtures";
import { uniqueEmail } from "../support/http";
import { samplePdf, samplePng } from "../fixtures/documents";
import { completeAnonymousData, draftSession } from "../support/wizard";
import { signedInAdmin } from "../support/api";
import { at, fillLoan, waitForHydration } from "../support/wizard-browser";

const b = setupBrowser();

/** The page's width beyond the viewport (0 when it does not pan sideways), with the elements that stick out. */
async function sidewaysOverflow(page: Page) {
  const { extra, culprits } = await page.evaluate(() => {
    const extra = document.documentElement.scrollWidth - window.innerWidth;
    const culprits: string[] = [];
    if (extra > 0) {
      for (const el of document.querySelectorAll<HTMLElement>("body *")) {
        const r = el.getBoundingClientRect();
        if (r.right > window.innerWidth + 1 && ![...el.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 1)) {
          culprits.push(`${el.tagName}.${el.className.toString().slice(0, 60)} right=${Math.round(r.right)}`);
        }
      }
    }
    return { extra, culprits: culprits.slice(0, 8) };
  });
  if (extra > 0) console.warn(`${page.url()} is ${extra}px too wide:`, culprits);
  return extra;
}

/** The controls in view that the toast covers (by overlap), as short descriptions. */
async function controlsUnderToast(page: Page) {
  return page.evaluate(() => {
    const toast = document.querySelector("[data-toast]");
    if (!toast) throw new Error("no toast");
    const t = toast.getBoundingClientRect();
    const out: string[] = [];
    // Visually hidden (Tailwind's sr-only, so the "Skip to main content" link until it has focus):
    // clipped to nothing, so on no one's screen even where its box lies under the toast.
    const clippedAway = (e: Element) => {
      for (let a: Element | null = e; a; a = a.parentElement) if (getComputedStyle(a).clip === "rect(0px, 0px, 0px, 0px)") return true;
      return false;
    };
    for (const el of document.querySelectorAll<HTMLElement>("a[href],button,input:not([type=hidden]),select,textarea,[role=progressbar]")) {
      if (toast.contains(el) || el.closest("[aria-hidden=true]") || clippedAway(el)) continue;
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height || r.bottom < 0 || r.top > window.innerHeight) continue;
      if (r.right > t.left && r.left < t.right && r.bottom > t.top && r.top < t.bottom)
        out.push(`${el.tagName} ${el.textContent?.trim() || el.getAttribute("name") || ""}`);
    }
    return out;
  });
}

/** Visible text of the page (outside the toast) that the toast lies over. */
async function textUnderToast(page: Page) {
  return page.evaluate(() => {
    const toast = document.querySelector("[data-toast]");
    if (!toast) throw new Error("no toast");
    const t = toast.getBoundingClientRect();
    const out: string[] = [];
    // Visually hidden (Tailwind's sr-only, so the "Skip to main content" link until it has focus):
    // clipped to nothing, so on no one's screen even where its box lies under the toast.
    const clippedAway = (e: Element) => {
      for (let a: Element | null = e; a; a = a.parentElement) if (getComputedStyle(a).clip === "rect(0px, 0px, 0px, 0px)") return true;
      return false;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!node.textContent?.trim() || !el || toast.contains(el) || el.closest("[aria-hidden=true],script,style") || clippedAway(el))
        continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        if (r.width && r.height && r.right > t.left && r.left < t.right && r.bottom > t.top && r.top < t.bottom) {
          out.push(node.textContent.trim().slice(0, 40));
          break;
        }
      }
    }
    return out;
  });
}

describe.each(MODES)("keyboard and layout $label", ({ js }) => {
  it("Enter in a wizard field means Continue, not Back", async () => {
    await b.withPage({ js }, async (page) => {
      await page.goto("/apply/loan");
      await at(page, "loan", js);
      await page.getByLabel("Equipment Financing").check();
      const amount = page.getByLabel("Loan amount (USD)");
      await amount.fill("30000");
      await amount.press("Enter");
      await at(page, "owner", js);
      // A refused Continue by Enter stays on the step with the errors (it does not go back).
      await page.getByLabel("First name").press("Enter");
      await page.getByText(MSG.firstNameRequired).first().waitFor();
      expect(new URL(page.url()).pathname).toBe("/apply/owner");
    });
  });
});

/** Signs up at `width` and waits for the "Account Created" toast on the dashboard. */
async function signUpForToast(page: Page, js: boolean, width: number) {
  await page.setViewportSize({ width, height: width < 500 ? 740 : 800 });
  await page.goto("/signup");
  if (js) await waitForHydration(page);
  await submitSignUp(page, {
    firstName: "Morgan",
    lastName: "Lee",
    email: uniqueEmail("toast"),
    password: "Correct-Horse-42",
    phone: "555-010-4455",
    dateOfBirth: "1988-07-09",
  });
  await page.waitForURL("**/dashboard");
  await page.locator("[data-toast]").filter({ hasText: "Account Created Successfully!" }).waitFor();
}

describe("keyboard and layout with JavaScript", () => {
  const js = true;
  // Without JavaScript the same admin pages at 375 px: the accessibility sweep's sideways check
  // (tests/support/a11y-sweep.ts: the admin list, documents and details, JavaScript off).
  it("the admin pages do not pan sideways at 375 px and the details dialog fits", async () => {
    const admin = await createAdmin();
    const applicant = await createApplicant({ phone: "(555) 010-6161" });
    const app = await createSubmittedApplication({ userId: applicant.id, amount: 31000 });
    await b.withPage({ js }, async (page) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await signInAdminInBrowser(page, admin);
      await page.goto(`/admin?q=${app!.reference}`);
      await page.getByText(app!.reference).first().waitFor();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await page.goto("/admin/documents");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await page.goto(`/admin/applications/${app!.id}`);
      // A dialog over the list: it fits.
      const details = page.getByTestId("details-dialog");
      await details.waitFor();
      const box = (await details.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    });
  });

  for (const width of [375, 1280]) {
    it(`a toast covers no control at ${width} px`, async () => {
      await b.withPage({ js }, async (page) => {
        await signUpForToast(page, js, width);
        // With JavaScript the toast picks its place in the frame after it appears.
        await page.waitForFunction(() => document.querySelector("[data-place=floating]")?.getAttribute("style")?.includes("top"));
        expect(await controlsUnderToast(page)).toEqual([]);
      });
    });
  }
});

/** Our team asks the applicant for these documents (the admin API, as the back office does). */
async function requestDocuments(applicationId: number, documentTypes: string[]) {
  const { client } = await signedInAdmin();
  const res = await client.fetch(`/api/admin/applications/${applicationId}/document-requests`, {
    json: { documentTypes, message: "Please send these" },
  });
  expect(res.status).toBeLessThan(300);
}

/** The upload cards (wizard tiles, requested documents) that the toast lies over. */
async function cardsUnderToast(page: Page) {
  return page.evaluate(() => {
    const t = document.querySelector("[data-toast]")!.getBoundingClientRect();
    return [...document.querySelectorAll("[data-area], [data-testid=requested-document]")]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.right > t.left && r.left < t.right && r.bottom > t.top && r.top < t.bottom;
      })
      .map((el) => el.getAttribute("data-area") ?? el.getAttribute("data-document-type"));
  });
}

describe("the toast on the upload cards, with JavaScript", () => {
  it("after an upload at 375 px it covers no control and no card, on the wizard's step 5 and the dashboard's requests", async () => {
    const { cookie } = await draftSession(await completeAnonymousData(uniqueEmail("toast-tiles")));
    const owner = await createApplicant();
    const app = await createSubmittedApplication({ userId: owner.id });
    await requestDocuments(app.id, ["id-front", "id-back", "ssn"]);
    await b.withPage({ js: true }, async (page, ctx) => {
      const [pair] = cookie.split(";");
      const i = pair!.indexOf("=");
      await ctx.addCookies([{ name: pair!.slice(0, i), value: pair!.slice(i + 1), url: b.baseUrl }]);
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto("/apply/documents");
      await at(page, "documents", true);
      // The applicant is among the tiles (the page scrolled to one low on it) when the upload ends.
      const tile = page.locator('section[data-area="bank-statements"]');
      await tile.scrollIntoViewIfNeeded();
      await tile.locator("input[type=file]").setInputFiles({ name: "March.pdf", mimeType: "application/pdf", buffer: samplePdf("toast") });
      await page.locator("[data-toast]").filter({ hasText: "Document Uploaded" }).waitFor();
      await tile.locator('li[data-file-name="March.pdf"]').waitFor();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await controlsUnderToast(page)).toEqual([]);
      expect(await cardsUnderToast(page)).toEqual([]);

      // The dashboard, sending a requested document from its card (the first upload signed the
      // wizard's visitor in: another applicant now).
      await ctx.clearCookies();
      await signInApplicantInBrowser(page, owner.email);
      const card = page.locator('[data-testid=requested-document][data-document-type="id-front"]');
      await card.scrollIntoViewIfNeeded();
      await waitForHydration(page);
      await card.locator("input[type=file]:not([capture])").setInputFiles({ name: "id.png", mimeType: "image/png", buffer: samplePng() });
      await card.getByRole("button", { name: /^Upload/ }).click();
      await page.locator("[data-toast]").filter({ hasText: "Document Uploaded" }).waitFor();
      await page.getByTestId("applicant-document").filter({ hasText: "id.png" }).waitFor();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await controlsUnderToast(page)).toEqual([]);
      expect(await cardsUnderToast(page)).toEqual([]);
    });
  });
});

describe("the toast without JavaScript", () => {
  it("covers no control and no text at 375 px nor, on the same page widened, at 1280 px", async () => {
    await b.withPage({ js: false }, async (page) => {
      await signUpForToast(page, false, 375);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: width < 500 ? 740 : 800 });
        expect(await controlsUnderToast(page), `${width} px`).toEqual([]);
        // The toast stays until closed: it takes its own place in the page instead of lying over
        // it, so no text (headings, the wizard's progress) is under it.
        expect(await textUnderToast(page), `${width} px`).toEqual([]);
        const floats = await page.locator("[data-toast]").evaluate((t) => {
          for (let e: Element | null = t; e; e = e.parentElement)
            if (["fixed", "absolute", "sticky"].includes(getComputedStyle(e).position)) return true;
          return false;
        });
        expect(floats).toBe(false);
      }
    });
  });
});

describe("one click, with JavaScript", () => {
  it("sign-up: an invalid field then one click on Create Account shows every error", async () => {
    await b.withPage({ js: true }, async (page) => {
      await page.goto("/signup");
      await waitForHydration(page);
      await page.getByLabel("Email").fill("not-an-email");
      // One real click (mouse down and up at the button's place), straight from the field.
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.getByText(MSG.firstNameRequired).waitFor();
      await page.getByText(MSG.mustAgreeTerms).waitFor();
      await page.getByText(MSG.invalidEmail).waitFor();
    });
  });

  it("sign-up: a field with an error fixed, then one click submits", async () => {
    await b.withPage({ js: true }, async (page) => {
      await page.goto("/signup");
      await waitForHydration(page);
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.getByText(MSG.firstNameRequired).waitFor();
      await page.getByLabel("First name").fill("Morgan");
      await page.getByLabel("Last name").fill("Lee");
      await page.getByLabel("Email").fill(uniqueEmail("oneclick"));
      await page.getByLabel("Password", { exact: true }).fill("Correct-Horse-42");
      await page.getByLabel("Phone").fill("555-010-4455");
      await page.getByLabel("I confirm that I am a US citizen and at least 18 years old").check();
      await page.getByLabel(/I agree to the/).check();
      await page.getByLabel(/agreement to electronic records/).check();
      await page.getByLabel("Date of birth").fill("1988-07-09");
      // The date field still shows its error; the blur of this click would remove it and move the
      // button up under the pointer.
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.waitForURL("**/dashboard");
    });
  });

  it("admin two-factor: after a wrong code, one click on Verify with the right code signs in; 'Login Failed' does not follow", async () => {
    const admin = await createAdmin();
    await b.withPage({ js: true }, async (page) => {
      await page.goto("/admin-login");
      await waitForHydration(page);
      await page.getByLabel("Email").fill(admin.email);
      await page.getByLabel("Password", { exact: true }).fill("Wrong-Password-1");
      const refused = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin-login"));
      await page.getByRole("button", { name: "Sign In" }).click();
      await refused;
      // The toast lives 5 s; on a loaded machine it may be gone already, so it is not waited for.
      await page.getByLabel("Password", { exact: true }).waitFor();
      await page.getByLabel("Password", { exact: true }).fill(admin.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL("**/admin-login/verify");
      await page.getByLabel("Authentication code").waitFor();
      expect(await page.locator("[data-toast]").filter({ hasText: "Login Failed" }).count()).toBe(0);
      await page.getByLabel("Authentication code").fill("000000");
      const wrong = page.waitForResponse(
        (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin-login/verify"),
      );
      await page.getByRole("button", { name: "Verify" }).click();
      await wrong;
      await page.getByRole("alert").first().waitFor({ timeout: 30_000 });
      await page.getByLabel("Authentication code").fill(nextSecondFactor(admin));
      await page.getByRole("button", { name: "Verify" }).click();
      await page.waitForURL((u) => u.pathname === "/admin");
    });
  });
});

describe("wizard step 1 with JavaScript", () => {
  it("Enter on a purpose card also means Continue", async () => {
    await b.withPage({ js: true }, async (page) => {
      await page.goto("/apply/loan");
      await at(page, "loan", true);
      await page.getByLabel("Working Capital").check();
      await page.getByLabel("Working Capital").press("Enter");
      await at(page, "owner", true);
      await page.goBack();
      await fillLoan(page, true);
      await at(page, "owner", true);
    });
  });
});
