/**
 * Screenshots and the sideways-scroll check. Each page is opened at 375 px and
 * 1280 px wide, with JavaScript; a PNG of the full page goes to screenshots/ (git-ignored) and
 * the test fails when a page scrolls sideways at 375 px. In the suite it covers a few pages;
 * `npm run screenshots` (SCREENSHOTS_ALL=1) covers the landing page, a product page, every
 * wizard step, the dashboard, the offers page, the disclosure and the admin panel, and also
 * writes the README's pictures to docs/screenshots/ (committed): the landing, the offers page,
 * the disclosure and the document step, each clipped to the first screens of the page and made
 * small with pngquant when it is installed (`apt-get install pngquant`).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupBrowser } from "../support/browser";
import { createSubmittedApplication } from "../support/applications";
import { createAdmin, createApplicant, signInAdminInBrowser, signInApplicantInBrowser } from "../support/fixtures";
import { uniqueEmail } from "../support/http";
import { applyOverHttp, completeAnonymousData, draftSession, openOffer } from "../support/wizard";
import { offersPath } from "~/features/marketplace";
import { waitForHydration } from "../support/wizard-browser";

const b = setupBrowser();
const ALL = process.env.SCREENSHOTS_ALL === "1";
const OUT = path.resolve(__dirname, "../../screenshots");
/** The README's pictures (committed): a few pages, clipped, optimised. */
const DOCS_OUT = path.resolve(__dirname, "../../docs/screenshots");
const WIDTHS = [375, 1280] as const;
/** How much of a page the README shows: about two phone screens, one and a half desktop ones. */
const DOCS_HEIGHT = { 375: 1500, 1280: 1300 } as const;

type Shot = { name: string; path: string; as?: "anonymous" | "draft" | "applicant" | "admin" | "offers"; docs?: string };
const PAGES: Shot[] = [
  { name: "landing", path: "/", docs: "landing" },
  { name: "product-working-capital", path: "/working-capital-loans" },
  { name: "wizard-1-loan", path: "/apply/loan" },
  ...(ALL
    ? ([
        { name: "wizard-2-owner", path: "/apply/owner", as: "draft" },
        { name: "wizard-3-address", path: "/apply/address", as: "draft" },
        { name: "wizard-4-finances", path: "/apply/finances", as: "draft" },
        { name: "wizard-5-documents", path: "/apply/documents", as: "draft", docs: "document-step" },
        { name: "wizard-6-review", path: "/apply/review", as: "draft" },
        { name: "calculator", path: "/loan-calculator" },
        { name: "dashboard", path: "/dashboard", as: "applicant" },
        // Filled in below with the application's reference and offer.
        { name: "offers", path: "offers", as: "offers", docs: "offers" },
        { name: "disclosure", path: "disclosure", as: "offers", docs: "disclosure" },
      ] as Shot[])
    : []),
  { name: "admin", path: "/admin", as: "admin" },
  ...(ALL ? ([{ name: "admin-documents", path: "/admin/documents", as: "admin" }] as Shot[]) : []),
];

/** A docs picture: the top of the page, then pngquant (lossy palette, about a fifth of the bytes) if present. */
async function docsShot(page: Page, name: string, width: 375 | 1280) {
  fs.mkdirSync(DOCS_OUT, { recursive: true });
  const file = path.join(DOCS_OUT, `${name}-${width}.png`);
  const full = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: 0, width, height: Math.min(full, DOCS_HEIGHT[width]) } });
  const q = spawnSync("pngquant", ["--force", "--skip-if-larger", "--strip", "--quality=60-85", "--output", file, file]);
  if (q.error) console.warn(`pngquant not found: ${file} left as Chromium wrote it`);
}

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
      // An applicant with offers (matched as a real submission is), for the offers page and the disclosure.
      const applied = ALL ? await applyOverHttp({ tag: "shots-offers" }) : null;
      if (applied) {
        // The submitted page, as the applicant sees it first: its toast is shown there, not on the offers page.
        await (await applied.client.fetch("/apply/submitted")).arrayBuffer();
        const offer = await openOffer(applied.app.id);
        for (const p of PAGES)
          if (p.as === "offers") p.path = p.path === "offers" ? offersPath(applied.app.reference) : `/offers/${offer.id}`;
      }
      const wide: string[] = [];
      for (const as of ["anonymous", "draft", "applicant", "offers", "admin"] as const) {
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
          if (as === "offers" && applied)
            await ctx.addCookies([...applied.client.cookies].map(([name, value]) => ({ name, value, url: b.baseUrl })));
          if (as === "admin") await signInAdminInBrowser(page, admin);
          for (const shot of shots) {
            for (const width of WIDTHS) {
              await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
              await page.goto(shot.path);
              await page.waitForLoadState("load");
              await waitForHydration(page);
              await page.evaluate(() => document.fonts.ready.then(() => true));
              await page.screenshot({ path: path.join(OUT, `${shot.name}-${width}.png`), fullPage: true });
              if (ALL && shot.docs) await docsShot(page, shot.docs, width);
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
