/**
 * The footer's licence line comes from configuration: with MARKETPLACE_NMLS_ID set (a second
 * production server), the footer states the marketplace's NMLS id and links to its record on NMLS
 * Consumer Access; the run's own server has none and makes no licence claim (pages-public.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/content/site";
import { getPage, linkHrefs, squash } from "../support/html";
import { Client } from "../support/http";
import { startAppServer, type AppServer } from "../support/server";

let s: AppServer;
beforeAll(async () => {
  s = await startAppServer({ name: "licence", env: { MARKETPLACE_NMLS_ID: "2468013", ACCESS_LOG: "0" } });
});
afterAll(async () => {
  await s?.stop();
});

describe("the footer with the marketplace's NMLS id configured", () => {
  it("states the licence with a link to NMLS Consumer Access, the equal-credit statement, and no housing legend", async () => {
    for (const path of ["/", "/faq"]) {
      const { $, status } = await getPage(path, new Client(s.origin));
      expect(status, path).toBe(200);
      const line = $("footer [data-testid=licence-line]");
      expect(squash(line.text()), path).toBe("Lendwise NMLS ID 2468013 (NMLS Consumer Access)");
      expect(linkHrefs($, "NMLS Consumer Access", line)).toEqual(["https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/2468013"]);
      expect(squash($("footer [data-testid=equal-credit-statement]").text())).toBe(site.equalCreditStatement);
      expect($("footer").text()).not.toContain("Equal Housing Lender");
    }
  });
});
