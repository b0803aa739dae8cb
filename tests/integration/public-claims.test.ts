/**
 * Claims true by construction (issue #31, item 3): every rate, amount, term, funding-speed and
 * prepayment claim of the public pages is the ACTIVE catalogue's, qualified by a representative
 * example priced by the offers' own code; a claim disappears when the last product behind it is
 * paused, also from the render-cached anonymous page.
 *
 * Other test files add lenders while this one runs, so a page is compared with the catalogue read
 * just before and just after it. Pages compared with the database are fetched with a cookie (kept
 * out of the render cache: other files insert products straight into the database, which no
 * server sees); the pause test uses the anonymous, cached page.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loanProducts } from "~/content/products";
import { catalogueClaims, claimAnswers, claimTexts, type ClaimTexts } from "~/features/marketplace/domain/public-claims";
import { listActiveProductTerms } from "~/features/marketplace/lenders.server";
import { getDb, schema } from "~/platform/db/db.server";
import { signedInAdmin } from "../support/api";
import { parse, squash } from "../support/html";
import { Client } from "../support/http";
import { newLenderForm } from "../support/lenders";

const live = async (purposes: readonly string[] | null = null) => claimTexts(catalogueClaims(await listActiveProductTerms(), purposes));

/** The page (out of the render cache) and the catalogue's claims read around it. */
async function pageWithCatalogue(path: string, purposes: readonly string[] | null = null) {
  const before = await live(purposes);
  const page = await parse(await new Client().fetch(path, { headers: { cookie: "claims-test=1" } }));
  const after = await live(purposes);
  return { page, candidates: [before, after] };
}

/** The claims (one of the candidates) whose every text the page carries. */
function matching(text: string, candidates: ClaimTexts[], pick: (t: ClaimTexts) => Array<string | null>) {
  const hit = candidates.find((t) => pick(t).every((v) => v !== null && text.includes(v)));
  expect(hit, `${pick(candidates[0]!).join(" | ")} in: ${text.slice(0, 400)}`).toBeTruthy();
  return hit!;
}

/** Claims the spec's copy made that no active product backs. */
const UNBACKED = [/5\.99%/, /6\.99%/, /7\.99%/, /same[- ]day/i, /within 24 hours/i, /in minutes/i, /up to 25 years/i, /\$20,000/];

describe("the public pages' claims are the active catalogue's", () => {
  it.each(loanProducts.map((p) => ({ path: p.path, purposes: p.purposes })))(
    "$path: rate, example, terms and amounts from its purposes' active products",
    async ({ path, purposes }) => {
      const { page, candidates } = await pageWithCatalogue(path, purposes);
      const main = squash(page.text("main"));
      const t = matching(main, candidates, (c) => [c.rateFrom, c.example, c.terms, c.amounts]);
      expect(squash(page.$("[data-testid=product-rate]").text())).toBe(t.rateFrom);
      expect(squash(page.$("[data-testid=claim-example]").text())).toBe(t.example);
      const benefits = page
        .$("[data-testid=product-benefits] li")
        .map((_, li) => squash(page.$(li).text()))
        .get();
      if (t.prepayment) expect(benefits).toContain(t.prepayment);
      else expect(main).not.toMatch(/No prepayment penalty/);
      expect(benefits).toContain(t.funding);
      for (const re of UNBACKED) expect(main).not.toMatch(re);
    },
  );

  it("the landing page: rates with the example, speed and prepayment from the catalogue, and who decides", async () => {
    const { page, candidates } = await pageWithCatalogue("/");
    const main = squash(page.text("main"));
    matching(main, candidates, (c) => [`Rates from ${c.rateFrom}`, c.example, c.funding]);
    expect(squash(page.text("[data-testid=who-decides]"))).toContain("The lenders decide");
    for (const re of UNBACKED) expect(main).not.toMatch(re);
    expect(page.$('meta[name="description"]').attr("content")).not.toMatch(/5\.99|24-48|in minutes/);
    expect(squash(page.text("footer"))).not.toContain("Equal Housing Lender");
  });

  it("the FAQ's rate, amount, speed and prepayment answers, and the calculator's range", async () => {
    const faq = await pageWithCatalogue("/faq");
    const text = squash(faq.page.text("main"));
    const t = matching(text, faq.candidates, (c) => [c.rateRange, c.example]);
    for (const [id, answer] of Object.entries(claimAnswers(t)))
      expect(squash(faq.page.$(`[data-testid=faq-answer][id="${id}"]`).text())).toBe(answer);
    for (const re of UNBACKED) expect(text).not.toMatch(re);

    const calc = await pageWithCatalogue("/loan-calculator");
    matching(squash(calc.page.text("[data-testid=calculator-rates]")), calc.candidates, (c) => [c.rateRange, c.example]);
    expect(calc.page.text("main")).not.toContain("5.99%");
  });
});

describe("a claim lives only as long as a product backs it", () => {
  it("an equipment lender without a prepayment fee adds the claim to the cached page; pausing it takes the claim away", async () => {
    const claim = "No prepayment penalty from some lenders";
    const anon = async () => {
      const res = await new Client().fetch("/equipment-financing");
      return { cache: res.headers.get("x-cache"), page: await parse(res) };
    };
    const benefits = (p: Awaited<ReturnType<typeof anon>>["page"]) =>
      p
        .$("[data-testid=product-benefits] li")
        .map((_, li) => squash(p.$(li).text()))
        .get();
    // Today's equipment lender charges a prepayment fee: no such claim, and the page is cached.
    await anon();
    const cached = await anon();
    expect(cached.cache).toBe("HIT");
    expect(benefits(cached.page)).not.toContain(claim);

    const { client: admin } = await signedInAdmin();
    const name = `Fee-free equipment ${Date.now()}`;
    const form = newLenderForm(name, {
      nmlsId: "9912398",
      productName: "Equipment loan, no prepayment fee",
      // Hawaii only, where no seeded lender lends: no other test's application meets it.
      purposes: "equipment-financing",
      minAmount: "5000",
      termsMonths: "36 48 60",
      defaultTermMonths: "48",
      // The rates of the seeded equipment lender: only the prepayment claim changes.
      noteRate: "13.99",
      bestNoteRate: "13.99",
      originationFee: "1",
      fundingDays: "5",
    });
    expect((await admin.fetch("/admin/lenders/new", { form })).status).toBe(302);
    const [lender] = await getDb().select().from(schema.lenders).where(eq(schema.lenders.name, name));
    try {
      const added = await anon();
      expect(added.cache).toBe("MISS");
      expect(benefits(added.page)).toContain(claim);

      expect((await admin.fetch(`/admin/lenders/${lender!.id}`, { form: { intent: "pause" } })).status).toBe(302);
      const paused = await anon();
      expect(paused.cache).toBe("MISS");
      expect(benefits(paused.page)).not.toContain(claim);
      expect(squash(paused.page.text("main"))).not.toMatch(/No prepayment penalty/);
    } finally {
      await getDb().update(schema.lenders).set({ status: "paused" }).where(eq(schema.lenders.id, lender!.id));
    }
  });
});
