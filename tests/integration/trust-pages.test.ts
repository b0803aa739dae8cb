/**
 * Trust where it is decided (#29 lift 5): the licensing page names who runs the marketplace (from
 * configuration, its documented default here) and lists each active lender with its NMLS id linked
 * to NMLS Consumer Access; the security page states encryption in transit and at rest, retention
 * and who can see what. The acceptance page carries the intent-to-sign sentence.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { INTENT_TO_SIGN } from "~/content/consents";
import { site } from "~/content/site";
import { getDb, schema } from "~/platform/db/db.server";
import { getPage, linkHrefs, squash } from "../support/html";
import { applyOverHttp } from "../support/wizard";

describe("the licensing page", () => {
  it("names the operator and links every active lender's NMLS id to NMLS Consumer Access", async () => {
    const { $, status } = await getPage("/licenses");
    expect(status).toBe(200);
    expect(squash($("[data-testid=licenses-entity]").text())).toBe(
      "Lendwise is operated by Lendwise Marketplace, Inc., 100 Example Avenue, Suite 400, Wilmington, DE 19801.",
    );
    const [keystone] = await getDb()
      .select()
      .from(schema.lenders)
      .where(and(eq(schema.lenders.name, "Keystone Equipment Finance"), eq(schema.lenders.status, "active")));
    expect(keystone).toBeDefined();
    const item = $("[data-testid=licenses-lenders] li").filter((_, li) => $(li).text().includes(keystone!.name));
    expect(item).toHaveLength(1);
    expect(linkHrefs($, /^NMLS ID /, item)).toEqual([site.nmlsConsumerAccessUrl(keystone!.nmlsId)]);
    expect(site.nmlsConsumerAccessUrl(keystone!.nmlsId)).toBe(
      `https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/${keystone!.nmlsId}`,
    );
  });
});

describe("the security page", () => {
  it("states encryption in transit and at rest, retention and who can see what", async () => {
    const { $, status } = await getPage("/security");
    expect(status).toBe(200);
    const headings = $("main h2, article h2")
      .map((_, h) => squash($(h).text()))
      .get();
    for (const h of ["Encryption in Transit", "Encryption at Rest", "Who Can See What", "How Long We Keep It"]) {
      expect(
        headings.some((x) => x.endsWith(h)),
        h,
      ).toBe(true);
    }
    const text = squash($("article").text());
    expect(text).toContain("TLS (HTTPS)");
    expect(text).toContain("AES-256-GCM");
    expect(text).toContain("25 months");
    expect(text).toContain("no lender and no one who reviews applications can see them");
  });
});

describe("the acceptance page", () => {
  it("says, by the signature field, that the typed name is meant as a signature", async () => {
    const { client, app } = await applyOverHttp({ tag: "intent-to-sign" });
    const [offer] = await getDb().select().from(schema.offers).where(eq(schema.offers.applicationId, app.id)).limit(1);
    expect(offer, "the Texas application got an offer").toBeDefined();
    const { $, status } = await getPage(`/offers/${offer!.id}`, client);
    expect(status).toBe(200);
    expect(squash($("[data-testid=intent-to-sign]").text())).toBe(INTENT_TO_SIGN);
  });
});
