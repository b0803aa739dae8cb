/** Browser helpers for the application wizard: fill each step like a person would. */
import { ESIGN_DISCLOSURE } from "~/content/consents";
import { ESIGN_DISCLOSURE_ES } from "~/content/consents-es.server";
import { resources } from "~/content/locales";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { inject } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { waitForHydration } from "./browser";

export type Applicant = { firstName: string; lastName: string; email: string; password: string; phone: string; dateOfBirth: string };

export { waitForHydration };

export async function at(page: Page, step: string, js: boolean) {
  await page.waitForURL((u) => u.pathname === `/apply/${step}`);
  await page.waitForLoadState("load");
  if (js) await waitForHydration(page);
  // The step on screen, not only the address: with JavaScript the address changes first.
  await page.locator(`main[data-step="${step}"]`).waitFor();
}

export const cont = (page: Page) => page.getByRole("button", { name: "Continue" }).click();

export async function fillLoan(page: Page, js: boolean, amount = "30000", purpose = "Equipment Financing") {
  await at(page, "loan", js);
  await page.getByLabel("Loan amount (USD)").fill(amount);
  await page.getByLabel(purpose).check();
  await cont(page);
}

export async function fillOwner(page: Page, js: boolean, a: Applicant) {
  await at(page, "owner", js);
  await page.getByLabel("First name").fill(a.firstName);
  await page.getByLabel("Last name").fill(a.lastName);
  await page.getByLabel("Email").fill(a.email);
  await page.getByLabel(/^Password/).fill(a.password);
  await page.getByLabel("Phone").fill(a.phone);
  await page.getByLabel("Date of birth").fill(a.dateOfBirth);
  await page.getByLabel("I confirm that I am a US citizen and at least 18 years old").check();
  await page.getByLabel(ESIGN_DISCLOSURE.label).check();
  await cont(page);
}

/** Step 2's fields and both boxes in Spanish, as a person types them (Continue is the caller's). */
export async function fillOwnerInSpanish(page: Page, a: Applicant) {
  const w = resources.es.apply.owner;
  const field = (text: string) => page.getByLabel(text, { exact: true });
  await field(w.firstName).fill(a.firstName);
  await field(w.lastName).fill(a.lastName);
  await field(w.email).fill(a.email);
  await field(w.password).fill(a.password);
  await field(w.phone).fill(a.phone);
  await field(w.dateOfBirth).fill(a.dateOfBirth);
  await page.getByLabel(w.citizen).check();
  await page.getByLabel(ESIGN_DISCLOSURE_ES.label).check();
}

export async function fillAddress(page: Page, js: boolean) {
  await at(page, "address", js);
  await page.getByLabel("Street address").fill("1600 Market Street");
  await page.getByLabel("City").fill("Philadelphia");
  await page.getByLabel("State").selectOption("PA");
  await page.getByLabel("ZIP code").fill("19103-7240");
  await cont(page);
}

export async function fillFinances(page: Page, js: boolean) {
  await at(page, "finances", js);
  await page.getByLabel("Total annual income (USD)").fill("150000");
  await page.getByLabel("Pay Rent").check();
  await page.getByLabel("Monthly housing payment (USD)").fill("2250");
  await cont(page);
}

/**
 * Picks a file in one upload area; without JavaScript also presses its Upload button (with
 * JavaScript the tile uploads the file as soon as it is chosen, and has no Upload button).
 */
export async function upload(
  page: Page,
  area: string,
  areaLabel: string,
  file: string | { name: string; mimeType: string; buffer: Buffer },
) {
  // The "Choose a file" input (ID and SSN areas also have a "Take a photo" one, with capture).
  await page.locator(`section[data-area="${area}"] input[type=file]:not([capture])`).setInputFiles(file);
  const button = page.getByRole("button", { name: `Upload ${areaLabel}` });
  if (await button.count()) await button.click();
}

/** The listed file `name` in an upload area. */
export const fileRow = (page: Page, area: string, name: string) =>
  page.locator(`section[data-area="${area}"] li[data-file-name="${name}"]`);

export async function applicationByReference(reference: string) {
  const [row] = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.reference, reference));
  return row ?? null;
}

/** Polls until `fn` returns a truthy value (or throws after `ms`). */
export async function eventually<T>(
  fn: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  ms = 15_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v as T;
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** An e-mail the server's outbox worker wrote (.eml under DATA_DIR/outbox) that contains `needle`
 *  (a reference, a subject), as text; waits up to `ms` for it. */
export async function emlFor(needle: string, ms?: number) {
  const dir = path.join(inject("dataDir"), "outbox");
  return eventually(() => {
    if (!fs.existsSync(dir)) return null;
    for (const f of fs.readdirSync(dir).filter((n) => n.endsWith(".eml"))) {
      const text = fs.readFileSync(path.join(dir, f), "utf8");
      if (text.includes(needle)) return text;
    }
    return null;
  }, ms);
}

const documentsDir = () => path.join(inject("dataDir"), "documents");
export function documentFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(dir, e.name));
      else out.push(path.join(dir, e.name));
    }
  };
  walk(documentsDir());
  return out;
}
export const storedFile = (storageKey: string) => path.join(documentsDir(), storageKey);
