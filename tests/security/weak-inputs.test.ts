/**
 * Two inputs the last penetration test got through:
 * - a lender's website in the admin catalogue must be an http(s) address: `javascript:` and
 *   `data:` URLs are refused with a clear message and nothing is saved (app/features/marketplace/offers.schema.ts);
 * - `password123` and its like are refused at sign-up: the common-password list is zxcvbn-ts's
 *   dictionary (@zxcvbn-ts/language-common) plus the built-in Openwall list
 *   (app/features/accounts/password/password-policy.server.ts).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { getUserByEmail } from "~/features/accounts/users.server";
import { COMMON_PASSWORD_MESSAGE } from "~/features/accounts/password/password-policy.server";
import { MARKET_MSG } from "~/content/messages";
import { signedInAdmin } from "../support/api";
import { Client, uniqueEmail } from "../support/http";
import { newLenderForm } from "../support/lenders";

const lenderForm = (name: string, website: string) =>
  newLenderForm(name, {
    nmlsId: "9977001",
    website,
    productName: "Term loan",
    states: "NV",
    purposes: "other",
    maxAmount: "20000",
    termsMonths: "12",
    defaultTermMonths: "12",
    noteRate: "20",
    bestNoteRate: "15",
  });

const escaped = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

describe("lender website", () => {
  it("refuses javascript: and data: addresses with a clear message, and saves nothing", async () => {
    const { client: admin } = await signedInAdmin();
    for (const website of [
      "javascript:alert(document.cookie)",
      " JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "//evil.example",
    ]) {
      const name = `Website Lender ${Date.now()} ${Math.random().toString(36).slice(2, 6)}`;
      const res = await admin.fetch("/admin/lenders/new", { form: lenderForm(name, website) });
      expect(res.status, website).toBe(400);
      const html = await res.text();
      expect(html.includes(MARKET_MSG.lenderWebsiteInvalid) || html.includes(escaped(MARKET_MSG.lenderWebsiteInvalid)), website).toBe(true);
      expect(await getDb().select().from(schema.lenders).where(eq(schema.lenders.name, name)), website).toEqual([]);
    }
  });

  it("still saves an https address, and none at all", async () => {
    const { client: admin } = await signedInAdmin();
    for (const website of ["https://lender.example/apply", ""]) {
      const name = `Website Lender ok ${Date.now()} ${Math.random().toString(36).slice(2, 6)}`;
      const res = await admin.fetch("/admin/lenders/new", { form: lenderForm(name, website) });
      expect(res.status, website).toBe(302);
      const [row] = await getDb().select().from(schema.lenders).where(eq(schema.lenders.name, name));
      expect(row?.website ?? "", website).toBe(website);
      // Paused, so later matching sees the seed's lenders only.
      await admin.fetch(`/admin/lenders/${row!.id}`, { form: { intent: "pause" } });
    }
  });
});

describe("common passwords at sign-up", () => {
  for (const password of ["password123", "Password123", "qwerty123"]) {
    it(`refuses ${password} with the common-password message and creates no account`, async () => {
      const email = uniqueEmail("common-pw");
      const res = await new Client().fetch("/signup", {
        form: {
          firstName: "Pat",
          lastName: "Common",
          email,
          password,
          phone: "555-010-3434",
          dateOfBirth: "1979-05-05",
          usCitizen: "on",
          agreeToTerms: "on",
          agreeToElectronicRecords: "on",
        },
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(COMMON_PASSWORD_MESSAGE);
      expect(await getUserByEmail(email)).toBeNull();
    });
  }
});
