/**
 * Screenshots and the sideways-scroll check. Each page is opened at 375 px and
 * 1280 px wide, with JavaScript; a PNG of the full page goes to screenshots/ (git-ignored) and
 * the test fails when a page scrolls sideways at 375 px. In the suite it covers a few pages;
 * `npm run screenshots` (SCREENSHOTS_ALL=1) covers the landing page, a product page, every
 * wizard step, the dashboard and the admin panel.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupBrowser } from "../support/browser";
import { createSubmittedApplication } from "../support/applications";
import { createAdmin, createApplicant, signInAdminInBrowser, signInApplicantInBrowser } from "../support/fixtures";
import { uniqueEmail } from "../support/http";
import { completeAnonymousData, draftSession } from "../support/wizard";
import { waitForHydration } from "../support/wizard-browser";

const b = setupBrowser();
const ALL = process.env.SCREENSHOTS_ALL === "1";
const OUT = path.resolve(__dirname, "../../screenshots");
const WIDTHS = [375, 1280] as const;

type Shot = { name: string; path: string; as?: "anonymous" | "draft" | "applicant" | "admin" };
const PAGES: Shot[] = [
  { name: "landing", path: "/" },
  { name: "product-working-capital", path: "/working-capital-loans" },
  { name: "wizard-1-loan", path: "/apply/loan" },
  ...(ALL
    ? ([
        { name: "wizard-2-owner", path: "/apply/owner", as: "draft" },
        { name: "wizard-3-address", path: "/apply/address", as: "draft" },
        { name: "wizard-4-finances", path: "/apply/finances", as: "draft" },
        { name: "wizard-5-documents", path: "/apply/documents", as: "draft" },
        { name: "wizard-6-review", path: "/apply/review", as: "draft" },
        { name: "calculator", path: "/loan-calculator" },
        { name: "dashboard", path: "/dashboard", as: "applicant" },
      ] as Shot[])
    : []),
  { name: "admin", path: "/admin", as: "admin" },
  ...(ALL ? ([{ name: "admin-documents", path: "/admin/documents", as: "admin" }] as Shot[]) : []),
];

async function sideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe("screenshots at 375 px and 1280 px", () => {
  it(
    "no page scrolls sideways on a phone",
    async () => {
      fs.mkdirSync(OUT, { recursive: true });
      const admin = await createAdmin();
      const applicant = await createApplicant();
      await createSubmittedApplication({ userId: applicant.id, amount: 32000, status: "under-review" });
      await createSubmittedApplication({ userId: applicant.id, amount: 9000 });
      const { cookie } = await draftSession({ ...(await completeAnonymousData(uniqueEmail("shots"))), step: 6 });
      const wide: string[] = [];
      for (const as of ["anonymous", "draft", "applicant", "admin"] as const) {
        const shots = PAGES.filter((p) => (p.as ?? "anonymous") === as);
        if (!shots.length) continue;
        await b.withPage({ js: true }, async (page, ctx) => {
          if (as === "draft") {
            const [pair] = cookie.split(";");
            const i = pair!.indexOf("=");
            await ctx.addCookies([{ name: pair!.slice(0, i), value: pair!.slice(i + 1), url: b.baseUrl }]);
          }
          if (as === "applicant") {
            await signInApplicantInBrowser(page, applicant.email, applicant.password);
          }
          if (as === "admin") await signInAdminInBrowser(page, admin);
          for (const shot of shots) {
            for (const width of WIDTHS) {
              await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
              await page.goto(shot.path);
              await page.waitForLoadState("load");
              await waitForHydration(page);
              await page.evaluate(() => document.fonts.ready.then(() => true));
              await page.screenshot({ path: path.join(OUT, `${shot.name}-${width}.png`), fullPage: true });
              if (width === 375 && (await sideways(page)) > 0) wide.push(`${shot.path} is ${await sideways(page)}px too wide at 375 px`);
            }
          }
        });
      }
      if (wide.length) console.warn(wide.join("\n"));
      expect(wide).toEqual([]);
    },
    ALL ? 600_000 : 120_000,
  );
});
