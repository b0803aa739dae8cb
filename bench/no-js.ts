/**
 * "Usable with 0 bytes of JavaScript": Chromium with JavaScript disabled AND every script request
 * refused, so not one byte of JavaScript reaches the page. Every public page is loaded and its
 * main link or form is used; the wizard is walked from step 1 to the reference on step 7
 * (with a PDF upload on step 5). Each row is one check; it fails if the action does not land
 * where a visitor expects.
 */
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { loanProducts } from "~/content/products";
import { samplePdf } from "../tests/fixtures/documents";
import { BUILD_DIR, ROOT } from "./lib/bench-env";
import { launchChromium } from "./lib/browser";
import type { BenchContext } from "./lib/context";
import { BENCH_PASSWORD, nextTotp } from "./lib/fixtures";
import { nextIp } from "./lib/http";
import type { SectionResult } from "./lib/report";

type Outcome = { path: string; action: string; pass: boolean; detail: string; scriptBytes: number; scriptsRefused: number; ms: number };

const STEP1_HEADING = "How much does your business need?";
const uniqueEmail = (p: string) => `${p}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;

async function withoutJs(
  browser: Browser,
  origin: string,
  path: string,
  action: string,
  fn: (page: Page) => Promise<string>,
): Promise<Outcome> {
  const ctx = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: origin,
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { "X-Forwarded-For": nextIp() },
  });
  let scriptBytes = 0;
  let scriptsRefused = 0;
  // Refuse every script download: the page must work with none (and JavaScript is off anyway).
  await ctx.route("**/*", (route) => {
    if (route.request().resourceType() === "script") {
      scriptsRefused++;
      return route.abort("blockedbyclient");
    }
    return route.continue();
  });
  const page = await ctx.newPage();
  page.setDefaultTimeout(20_000);
  page.on("response", (res) => {
    if (res.request().resourceType() === "script")
      void res.body().then(
        (b) => (scriptBytes += b.length),
        () => {},
      );
  });
  const t0 = Date.now();
  try {
    const res = await page.goto(path);
    if (!res || res.status() !== 200) throw new Error(`GET ${path}: ${res?.status()}`);
    const detail = await fn(page);
    return { path, action, pass: true, detail, scriptBytes, scriptsRefused, ms: Date.now() - t0 };
  } catch (e) {
    return {
      path,
      action,
      pass: false,
      detail: (e as Error).message.split("\n")[0]!.slice(0, 160),
      scriptBytes,
      scriptsRefused,
      ms: Date.now() - t0,
    };
  } finally {
    await ctx.close();
  }
}

const pathname = (page: Page) => new URL(page.url()).pathname;

async function landsOnStep1(page: Page) {
  await page.waitForURL((u) => u.pathname === "/apply/loan");
  await page.getByRole("heading", { name: STEP1_HEADING }).waitFor();
  return "-> /apply/loan, step 1 shown";
}

/** Clicks the first Apply Now of the main content (else the header's) and expects step 1. */
async function applyNow(page: Page) {
  const inMain = page.locator("main").getByRole("link", { name: "Apply Now" });
  const link = (await inMain.count()) ? inMain.first() : page.getByRole("link", { name: "Apply Now" }).first();
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await link.click();
  return landsOnStep1(page);
}

/** What got in a visitor's way (reported with the check, which still passes if it can go on). */
const obstacles: string[] = [];

/**
 * Clicks Continue. Without JavaScript a toast stays on screen until closed: reported when it lies
 * over the button (how much of it, and whether clicks still reach the button). If it takes the
 * click, the visitor has to close it first: done here, and reported.
 */
async function continueTo(page: Page, next: string) {
  const button = page.getByRole("button", { name: "Continue" });
  await button.scrollIntoViewIfNeeded();
  const covered = await page.evaluate(() => {
    const b = Array.from(document.querySelectorAll("button")).find((e) => e.textContent?.trim() === "Continue");
    const t = document.querySelector("[data-toast]");
    if (!b || !t || t.getClientRects().length === 0) return 0;
    const r1 = b.getBoundingClientRect();
    const r2 = t.getBoundingClientRect();
    const w = Math.max(0, Math.min(r1.right, r2.right) - Math.max(r1.left, r2.left));
    const h = Math.max(0, Math.min(r1.bottom, r2.bottom) - Math.max(r1.top, r2.top));
    return (w * h) / (r1.width * r1.height);
  });
  const reachable = await button.click({ trial: true, timeout: 3000 }).then(
    () => true,
    () => false,
  );
  const where = new URL(page.url()).pathname;
  if (covered > 0)
    obstacles.push(
      `${where}: the toast lies over ${Math.round(covered * 100)}% of Continue (clicks ${reachable ? "still reach the button" : "are taken by the toast"})`,
    );
  if (!reachable) {
    const toast = page.locator('label[for^="toast-close-"]');
    if (await toast.count()) {
      obstacles.push(`${where}: the toast had to be closed before Continue could be clicked`);
      await toast.first().click();
    }
  }
  await button.click();
  await page.waitForURL((u) => u.pathname === `/apply/${next}`);
}

/** Steps 1 to 7 as a visitor without JavaScript: fill, Continue, upload a PDF, submit. */
async function walkWizard(page: Page, steps: string[]) {
  await landsOnStep1(page);
  await page.getByLabel("Loan amount (USD)").fill("30000");
  await page.getByLabel("Equipment Financing").check();
  await continueTo(page, "owner");
  steps.push("1");
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Okafor");
  await page.getByLabel("Email").fill(uniqueEmail("bench-wizard"));
  await page.getByLabel(/^Password/).fill(BENCH_PASSWORD);
  await page.getByLabel("Phone").fill("(555) 010-7788");
  await page.getByLabel("Date of birth").fill("1984-06-30");
  await page.getByLabel("I confirm that I am a US citizen and at least 18 years old").check();
  await continueTo(page, "address");
  steps.push("2");
  await page.getByLabel("Street address").fill("1600 Market Street");
  await page.getByLabel("City").fill("Philadelphia");
  await page.getByLabel("State").selectOption("PA");
  await page.getByLabel("ZIP code").fill("19103");
  await continueTo(page, "finances");
  steps.push("3");
  await page.getByLabel("Total annual income (USD)").fill("150000");
  await page.getByLabel("Pay Rent").check();
  await page.getByLabel("Monthly housing payment (USD)").fill("2250");
  await continueTo(page, "documents");
  steps.push("4");
  await page
    .locator('section[data-area="bank-statements"] input[type=file]')
    .setInputFiles({ name: "statement.pdf", mimeType: "application/pdf", buffer: samplePdf("BENCH") });
  await page.getByRole("button", { name: "Upload Bank Statements" }).click();
  await page.locator('section[data-area="bank-statements"] li[data-file-name="statement.pdf"]').waitFor();
  await continueTo(page, "review");
  steps.push("5 (upload)");
  await page.getByLabel(/I agree to the/).check();
  await page.getByLabel(/I authorize the lender/).check();
  await page.getByRole("button", { name: "Submit Application" }).click();
  await page.waitForURL((u) => u.pathname === "/apply/submitted");
  steps.push("6");
  const reference = ((await page.getByTestId("reference").textContent()) ?? "").trim();
  if (!/^APP-/.test(reference)) throw new Error(`no reference on step 7 (${pathname(page)})`);
  steps.push("7");
  return `steps ${steps.join(", ")} -> reference shown${obstacles.length ? `; NOTE ${obstacles.join("; ")}` : ""}`;
}

export async function noJavaScript(ctx: BenchContext): Promise<SectionResult> {
  const { application, user } = await ctx.applicant();
  const { admin } = await ctx.admin();
  const browser = await launchChromium();
  const out: Outcome[] = [];
  const check = async (path: string, action: string, fn: (page: Page) => Promise<string>) => {
    const o = await withoutJs(browser, ctx.origin, path, action, fn);
    out.push(o);
    console.info(`  ${o.pass ? "ok  " : "FAIL"} ${path} ${action}: ${o.detail}`);
  };
  try {
    await check("/", "Apply Now", applyNow);
    for (const p of loanProducts) await check(p.path, "Apply Now", applyNow);
    for (const p of ["/faq", "/privacy-policy", "/terms-of-service", "/api-docs"]) await check(p, "Apply Now", applyNow);
    await check("/loan-calculator", "Calculate Payment ($10,000, 6%, 12 months)", async (page) => {
      await page.getByLabel("Loan Amount ($)").fill("10000");
      await page.getByLabel("Interest Rate (APR %)").fill("6");
      await page.getByLabel("Loan Term").selectOption("12");
      await page.getByRole("button", { name: "Calculate Payment" }).click();
      await page.waitForURL((u) => u.searchParams.has("amount") || u.search.length > 1);
      const monthly = ((await page.getByTestId("monthly-payment").textContent()) ?? "").trim();
      if (monthly !== "$860.66") throw new Error(`monthly payment ${monthly}, expected $860.66`);
      return `monthly payment ${monthly}`;
    });
    await check("/application-status", "Check Status", async (page) => {
      await page.getByLabel("Application ID").fill(application.reference);
      await page.getByRole("button", { name: "Check Status" }).click();
      await page.getByTestId("status-result").getByText(application.reference).waitFor();
      return "status of the reference shown";
    });
    await check("/login", "Sign In", async (page) => {
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((u) => u.pathname === "/dashboard");
      return "-> /dashboard";
    });
    await check("/signup", "Create Account", async (page) => {
      await page.getByLabel("First name").fill("Morgan");
      await page.getByLabel("Last name").fill("Lee");
      await page.getByLabel("Email").fill(uniqueEmail("bench-signup"));
      await page.getByLabel("Password", { exact: true }).fill(BENCH_PASSWORD);
      await page.getByLabel("Phone").fill("555-010-4455");
      await page.getByLabel("Date of birth").fill("1988-07-09");
      await page.getByLabel("I confirm that I am a US citizen and at least 18 years old").check();
      await page.getByLabel(/I agree to the/).check();
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.waitForURL((u) => u.pathname === "/dashboard");
      return "-> /dashboard";
    });
    await check("/admin-login", "Sign In + authentication code", async (page) => {
      await page.getByLabel("Email").fill(admin.email);
      await page.getByLabel("Password", { exact: true }).fill(admin.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((u) => u.pathname === "/admin-login/verify");
      await page.getByLabel("Authentication code").fill(await nextTotp(admin));
      await page.getByRole("button", { name: "Verify" }).click();
      await page.waitForURL((u) => u.pathname === "/admin");
      return "-> /admin";
    });
    await check("/apply", "wizard steps 1-7", async (page) => {
      const steps: string[] = [];
      try {
        return await walkWizard(page, steps);
      } catch (e) {
        const shot = path.join(ROOT, "tests/.artifacts", BUILD_DIR, "bench-no-js-wizard.png");
        await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
        throw new Error(
          `after steps [${steps.join(", ")}] at ${pathname(page)} (screenshot ${path.relative(ROOT, shot)}): ${(e as Error).message}`,
        );
      }
    });
  } finally {
    await browser.close();
  }
  const bytes = out.reduce((n, o) => n + o.scriptBytes, 0);
  const failed = out.filter((o) => !o.pass);
  return {
    tables: [
      {
        title: "JavaScript disabled and every script request refused",
        columns: ["Page", "Action", "Result", "JS bytes", "Time"],
        rows: out.map((o) => [
          o.path,
          o.action,
          `${o.pass ? "PASS" : "FAIL"}: ${o.detail}`,
          o.scriptBytes,
          `${(o.ms / 1000).toFixed(1)} s`,
        ]),
        notes: [
          `Scripts the documents referenced and Chromium was refused: ${out.reduce((n, o) => n + o.scriptsRefused, 0)} requests; JavaScript bytes received: ${bytes}.`,
          "Time: unthrottled, wall clock of the whole check on this shared machine (not a performance figure).",
          ...obstacles.map(
            (o) => `In the way: ${o} (viewport 1280x900, scrolled to the button; without JavaScript a toast stays until closed).`,
          ),
        ],
      },
    ],
    checks: [
      {
        name: "every public page and every wizard step usable with 0 bytes of JavaScript",
        pass: failed.length === 0 && bytes === 0,
        detail: failed.length ? `failed: ${failed.map((f) => f.path).join(", ")}` : `${out.length} checks, ${bytes} bytes of JavaScript`,
      },
    ],
  };
}
