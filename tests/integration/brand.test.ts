/**
 * The brand (#29 lift 6) as the server renders it: the landing's drawn hero illustration
 * (decorative, inline, nothing fetched) and its partner-lender strip naming the lenders of the
 * active catalogue, the page still sent without scripts; and the wizard's progress bar saying
 * about how long is left.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { getPage, squash } from "../support/html";
import { Client } from "../support/http";

describe("the landing", () => {
  it("draws its hero illustration inline, hidden from assistive technology, and ships no script", async () => {
    const page = await getPage("/");
    expect(page.status).toBe(200);
    const art = page.$("svg[data-testid=hero-illustration]");
    expect(art.length).toBe(1);
    expect(art.attr("aria-hidden")).toBe("true");
    expect(art.find("image, use[href^=http]").length).toBe(0);
    expect(page.$('script[type="module"], link[rel="modulepreload"]').length).toBe(0);
  });

  it("preloads the one font file its stylesheet uses, so text is not drawn again when it arrives (no layout shift)", async () => {
    const page = await getPage("/");
    const preload = page.$('head link[rel="preload"][as="font"]');
    expect(preload.length).toBe(1);
    expect(preload.attr("type")).toBe("font/woff2");
    expect(preload.attr("crossorigin")).toBe("anonymous");
    const css = await (await new Client().fetch(page.$('head link[rel="stylesheet"]').attr("href")!)).text();
    // The very file the @font-face asks for, and it is served.
    expect(css).toContain(preload.attr("href")!.split("/").pop()!);
    expect((await new Client().fetch(preload.attr("href")!)).status).toBe(200);
  });

  it("names the partner lenders of the active catalogue", async () => {
    const L = schema.lenders;
    const P = schema.lenderProducts;
    const active = await getDb()
      .selectDistinct({ name: L.name })
      .from(L)
      .innerJoin(P, eq(P.lenderId, L.id))
      .where(and(eq(P.active, true), eq(L.status, "active")));
    expect(active.length).toBeGreaterThan(0);
    const page = await getPage("/");
    const names = page
      .$("[data-testid=partner-lender]")
      .map((_, li) => squash(page.$(li).text()))
      .get();
    // Each entry: the name (its monogram tile is hidden from screen readers).
    for (const { name } of active.slice(0, 3)) expect(names.some((n) => n.endsWith(name))).toBe(true);
    expect(page.text("#lenders-heading")).toBe("Offers come from licensed partner lenders");
  });
});

describe("the wizard's progress bar", () => {
  it("says about how many minutes are left on the first step", async () => {
    const page = await getPage("/apply/loan", new Client());
    expect(page.status).toBe(200);
    expect(page.text("[data-testid=time-left]")).toBe("About 10 minutes left");
    expect(page.$("[role=progressbar]").attr("aria-valuetext")).toContain("about 10 minutes left");
  });
});
