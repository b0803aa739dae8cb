/**
 * Section 1071 readiness (#31 item 6): the owners' optional demographic answers are kept in their
 * own table, each question with "I do not wish to provide this information"; only the applicant
 * sees them again. An admin reviewer (details page, admin API) and a lender's user sharing the
 * application (workspace page, partner API) never do.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DECLINE_LABEL, DEMOGRAPHIC_QUESTIONS, DEMOGRAPHICS_INVALID } from "~/content/demographics";
import { getDb, schema } from "~/platform/db/db.server";
import { signedInAdmin, signedInApplicant } from "../support/api";
import { getPage, squash } from "../support/html";
import { Client } from "../support/http";
import { createLenderUser, signInLenderOverHttp } from "../support/lenders";
import { applyOverHttp } from "../support/wizard";

let applied: Awaited<ReturnType<typeof applyOverHttp>>;
const path = () => `/dashboard/applications/${applied.app.reference}/about-owners`;
// Labels of the answers given: none of them may appear on an underwriting page.
const GIVEN = { ethnicity: "hispanic-or-latino", race: "native-hawaiian-or-other-pacific-islander", sex: "another" };
const givenLabels = ["Hispanic or Latino", "Native Hawaiian or Other Pacific Islander", "Another sex or gender"];
// The business's ownership statuses (section 1071), kept in the same separate store.
const OWNERSHIP = { minorityOwned: "no", womenOwned: "yes", lgbtqiOwned: "declined" };

beforeAll(async () => {
  applied = await applyOverHttp({ tag: "demographics" });
  const res = await applied.client.fetch(path(), { form: { ...GIVEN, ...OWNERSHIP } });
  expect(res.status).toBe(302);
});

describe("the owners' demographic questions", () => {
  it("are optional, each with a choice not to answer, and linked from the submitted page", async () => {
    const { $, text } = await getPage(path(), applied.client);
    for (const q of Object.values(DEMOGRAPHIC_QUESTIONS)) {
      const set = $("fieldset").filter((_, f) => $(f).children("legend").text().trim() === q.legend);
      expect(set, q.legend).toHaveLength(1);
      expect(set.text()).toContain(DECLINE_LABEL);
    }
    expect(text()).toContain("no lender and no one who reviews applications can see them");
    expect($("input[name=race][value=native-hawaiian-or-other-pacific-islander]").attr("checked")).toBeDefined();
    expect($("input[name=womenOwned][value=yes]").attr("checked")).toBeDefined();
    expect(squash($("#minorityOwned-hint").text())).toContain("more than half of its ownership or control");
    const submitted = await getPage("/apply/submitted", applied.client);
    expect(submitted.$("[data-testid=about-owners-link]").attr("href")).toBe(path());
  });

  it("are stored apart from the application, and only its owner may open them", async () => {
    const [row] = await getDb().select().from(schema.ownerDemographics).where(eq(schema.ownerDemographics.applicationId, applied.app.id));
    expect(row).toMatchObject({ ...GIVEN, ...OWNERSHIP });
    const { client: stranger } = await signedInApplicant();
    expect((await stranger.fetch(path())).status).toBe(404);
    expect((await stranger.fetch(path(), { form: { race: "white" } })).status).toBe(404);
    expect((await new Client().fetch(path())).status).toBe(302);
  });

  it("refuse an answer that is not one of the choices, and keep the answers saved before", async () => {
    const bad: Array<Record<string, string>> = [{ race: "martian" }, { ethnicity: "<script>", sex: GIVEN.sex }, { sex: "x".repeat(5000) }];
    for (const form of bad) {
      const res = await applied.client.fetch(path(), { form });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(DEMOGRAPHICS_INVALID);
    }
    const [row] = await getDb().select().from(schema.ownerDemographics).where(eq(schema.ownerDemographics.applicationId, applied.app.id));
    expect(row).toMatchObject({ ...GIVEN, ...OWNERSHIP });
  });

  it("are not shown to an admin reviewer, on the details page or through the API", async () => {
    const { client } = await signedInAdmin();
    const page = await getPage(`/admin/applications/${applied.app.id}`, client);
    expect(page.status).toBe(200);
    expect(page.text()).toContain(applied.app.reference);
    for (const l of givenLabels) expect(page.text()).not.toContain(l);
    const api = await client.fetch(`/api/admin/applications?q=${applied.app.reference}`);
    expect(api.status).toBe(200);
    const body = await api.text();
    expect(body).toContain(applied.app.reference);
    for (const v of Object.values(GIVEN)) expect(body).not.toContain(v);
  });

  it("are not shown to a lender the application is shared with", async () => {
    const [offer] = await getDb().select().from(schema.offers).where(eq(schema.offers.applicationId, applied.app.id)).limit(1);
    expect(offer, "the Texas application got an offer").toBeDefined();
    const lender = await createLenderUser(offer!.lenderId!);
    const client = await signInLenderOverHttp(new Client(), lender);
    const page = await getPage(`/lender/applications/${applied.app.id}`, client);
    expect(page.status).toBe(200);
    expect(page.text()).toContain(applied.app.reference);
    for (const l of givenLabels) expect(page.text()).not.toContain(l);
  });
});
