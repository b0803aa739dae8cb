/**
 * Typed data is not lost. With JavaScript the step saves as the applicant
 * types (a reload or Exit Application keeps it) and leaving with unsaved changes asks first;
 * when the session is gone mid-wizard, the step says so and offers sign-in to resume. Also
 * signing in from inside the wizard comes back to it. Without JavaScript those two are
 * plain pages, links and forms, tested over HTTP: tests/integration/pages-forms.test.ts.
 */
import { sql } from "drizzle-orm";
import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { getDraftById } from "~/features/applications/wizard/application-drafts.server";
import { getDb } from "~/platform/db/db.server";
import { MSG } from "~/content/messages";
import { setupBrowser } from "../support/browser";
import { createApplicant, submitSignIn } from "../support/fixtures";
import { uniqueEmail } from "../support/http";
import { completeAnonymousData, draftSession } from "../support/wizard";
import { at, eventually } from "../support/wizard-browser";

const b = setupBrowser();

async function withDraft(ctx: BrowserContext, user?: { id: number; role: "user" | "admin" | "lender" }) {
  const { draftId, cookie } = await draftSession(await completeAnonymousData(uniqueEmail("autosave")), user);
  const [pair] = cookie.split(";");
  const i = pair!.indexOf("=");
  await ctx.addCookies([{ name: pair!.slice(0, i), value: pair!.slice(i + 1), url: b.baseUrl }]);
  return draftId;
}

const cityOf = async (draftId: number) => ((await getDraftById(draftId))?.data.address as { city?: string } | undefined)?.city;

describe("saving as the applicant types, with JavaScript", () => {
  it("a reload keeps what was typed; leaving with unsaved changes asks first", async () => {
    await b.withPage({ js: true }, async (page, ctx) => {
      const draftId = await withDraft(ctx);
      await page.goto("/apply/address");
      await at(page, "address", true);
      // Typed and left at once: the browser asks before leaving.
      const asked: string[] = [];
      page.on("dialog", (d) => {
        asked.push(d.type());
        void d.accept();
      });
      await page.getByLabel("City").fill("Pittsburgh");
      await page.reload();
      await at(page, "address", true);
      expect(asked).toContain("beforeunload");
      // Typed and saved (no Continue): a reload shows it.
      await page.getByLabel("City").fill("Scranton");
      await page.locator("[data-save-state=saved]").getByText(MSG.draftSaved).waitFor();
      expect(await cityOf(draftId)).toBe("Scranton");
      asked.length = 0;
      await page.reload();
      await at(page, "address", true);
      expect(asked).toEqual([]);
      expect(await page.getByLabel("City").inputValue()).toBe("Scranton");
    });
  });

  it("Exit Application right after typing keeps what was typed", async () => {
    await b.withPage({ js: true }, async (page, ctx) => {
      const draftId = await withDraft(ctx);
      await page.goto("/apply/address");
      await at(page, "address", true);
      await page.getByLabel("City").fill("Allentown");
      await page.getByRole("link", { name: "Exit Application" }).click();
      await page.waitForURL((u) => u.pathname === "/");
      await eventually(async () => (await cityOf(draftId)) === "Allentown");
      await page.goto("/apply/address");
      await at(page, "address", true);
      expect(await page.getByLabel("City").inputValue()).toBe("Allentown");
    });
  });
});

describe("Continue while a save is on its way, with JavaScript", () => {
  it("a new visitor's step 1: Continue waits for the save, so the next step stays and keeps the purpose", async () => {
    await b.withPage({ js: true }, async (page) => {
      // The autosave of the typed amount (sent before the purpose is picked) is held in transit.
      let release: () => void = () => {};
      const held = new Promise<void>((r) => (release = r));
      let saveSent!: () => void;
      const saving = new Promise<void>((r) => (saveSent = r));
      await page.route(
        (u) => u.pathname === "/apply/loan",
        async (route) => {
          if (route.request().method() === "POST" && /name="intent"\r\n\r\nsave/.test(route.request().postData() ?? "")) {
            saveSent();
            await held;
          }
          await route.continue();
        },
      );
      await page.goto("/apply/loan");
      await at(page, "loan", true);
      await page.getByLabel("Loan amount (USD)").fill("30000");
      await saving;
      await page.getByLabel("Equipment Financing").check();
      await page.getByRole("button", { name: "Continue" }).click();
      release();
      await at(page, "owner", true);
      // One draft, one session: the step is there on a reload, and step 1 kept the purpose.
      await page.reload();
      await at(page, "owner", true);
      await page.goto("/apply/loan");
      await at(page, "loan", true);
      expect(await page.getByLabel("Equipment Financing").isChecked()).toBe(true);
    });
  });
});

describe("an expired session mid-wizard, with JavaScript", () => {
  const js = true;
  it("an anonymous visitor whose cookie is gone is told so, not silently sent back to step 1", async () => {
    await b.withPage({ js }, async (page, ctx) => {
      await withDraft(ctx);
      await page.goto("/apply/finances");
      await at(page, "finances", js);
      await ctx.clearCookies();
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByText(MSG.sessionLostNoAccount).waitFor();
      expect(new URL(page.url()).pathname).toBe("/apply/loan");
    });
  });

  it("says so and offers sign-in, which resumes the application", async () => {
    const applicant = await createApplicant();
    await b.withPage({ js }, async (page, ctx) => {
      const draftId = await withDraft(ctx, { id: applicant.id, role: "user" });
      await page.goto("/apply/finances");
      await at(page, "finances", js);
      // The server-side session expires (idle or absolute limit) while the page is open.
      await getDb().execute(sql`UPDATE sessions SET expires_at = NOW() - INTERVAL 1 DAY WHERE user_id = ${applicant.id}`);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByText(MSG.sessionExpired).waitFor();
      expect(new URL(page.url()).pathname).toBe("/apply/loan");
      await page.getByRole("link", { name: "Sign in", exact: true }).first().click();
      await page.waitForURL((u) => u.pathname === "/login");
      await submitSignIn(page, applicant.email, applicant.password);
      // Back in the wizard, at the step the applicant had reached.
      await page.waitForURL((u) => u.pathname.startsWith("/apply/") && u.pathname !== "/apply/loan");
      expect(["/apply/documents", "/apply/review"]).toContain(new URL(page.url()).pathname);
      expect((await getDraftById(draftId))?.userId).toBe(applicant.id);
    });
  });
});

describe("sign-in from the wizard, with JavaScript", () => {
  const js = true;
  it("comes back to the wizard, not the dashboard", async () => {
    const applicant = await createApplicant();
    await b.withPage({ js }, async (page) => {
      await page.goto("/apply/loan");
      await at(page, "loan", js);
      await page.getByRole("link", { name: "Sign in", exact: true }).click();
      await page.waitForURL((u) => u.pathname === "/login");
      await submitSignIn(page, applicant.email, applicant.password);
      await page.waitForURL((u) => u.pathname.startsWith("/apply/"));
    });
  });
});

describe("Back pressed before the page is ready, with JavaScript", () => {
  it("shows the step of the address it went back to, not the page it left (a slow phone, just after a reload)", async () => {
    await b.withPage({ js: true }, async (page, ctx) => {
      await withDraft(ctx);
      await page.goto("/apply/address");
      await at(page, "address", true);
      const street = await page.getByLabel("Street address").inputValue();
      expect(street).not.toBe("");
      await page.getByRole("button", { name: "Continue" }).click();
      await at(page, "finances", true);
      // A phone thirty times slower: Back lands before the reloaded page's scripts listen.
      const cdp = await ctx.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 30 });
      await page.reload({ waitUntil: "domcontentloaded" });
      await page.goBack({ waitUntil: "commit" });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      await at(page, "address", true);
      expect(await page.getByLabel("Street address").inputValue()).toBe(street);
      await page.getByRole("heading", { name: "Where is your business located?" }).waitFor();
    });
  });
});
