import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { resolveSearch } from "~/features/back-office/admin-queries.server";
import { adminListSearch, parseAdminListParams, REJECTION_REASON_REQUIRED, StatusChangeSchema } from "./admin.schema";

const params = (q: string) => parseAdminListParams(new URLSearchParams(q));
const form = (entries: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.set(k, v);
  return fd;
};

describe("admin list params", () => {
  it("defaults, and falls back to them for anything malformed", () => {
    expect(params("")).toEqual({ q: "", status: "all", page: 1, sort: "desc", assigned: "any", queue: "any", referred: "any" });
    expect(params("status=draft&page=-3&sort=sideways&assigned=someone&queue=later&referred=maybe")).toEqual({
      q: "",
      status: "all",
      page: 1,
      sort: "desc",
      assigned: "any",
      queue: "any",
      referred: "any",
    });
    expect(params("status=pending&page=abc")).toMatchObject({ status: "all", page: 1 });
    expect(params(`q=${"x".repeat(500)}`).q).toBe("");
    expect(params("q=%20APP-12%20&status=under-review&page=4&sort=asc")).toEqual({
      q: "APP-12",
      status: "under-review",
      page: 4,
      sort: "asc",
      assigned: "any",
      queue: "any",
      referred: "any",
    });
    expect(params("assigned=mine&queue=waiting&referred=referred")).toMatchObject({
      assigned: "mine",
      queue: "waiting",
      referred: "referred",
    });
  });
  it("builds short, linkable query strings", () => {
    expect(adminListSearch({ q: "", status: "all", page: 1, sort: "desc" })).toBe("");
    expect(adminListSearch({ q: "working capital", status: "approved", page: 2, sort: "asc" })).toBe(
      "?q=working+capital&status=approved&sort=asc&page=2",
    );
    expect(adminListSearch({ q: "", status: "all", page: 1, sort: "desc", assigned: "mine", queue: "stale" })).toBe(
      "?assigned=mine&queue=stale",
    );
  });
});

describe("search box meaning", () => {
  it("reads references in any case, with or without the dash, Crockford look-alikes normalised", () => {
    expect(resolveSearch("app-7k")).toEqual({ kind: "reference", prefix: "APP-7K" });
    expect(resolveSearch("APP7KO1L")).toEqual({ kind: "reference", prefix: "APP-7K011" });
    expect(resolveSearch("app-")).toEqual({ kind: "reference", prefix: "APP-" });
  });
  it("matches purposes by value or label, hyphens and spaces alike", () => {
    expect(resolveSearch("working capital")).toEqual({ kind: "purpose", purposes: ["working-capital"] });
    expect(resolveSearch("Working-Capital")).toEqual({ kind: "purpose", purposes: ["working-capital"] });
    expect(resolveSearch("FINANCING")).toEqual({ kind: "purpose", purposes: ["equipment-financing", "inventory-financing"] });
    expect(resolveSearch("other business")).toEqual({ kind: "purpose", purposes: ["other"] });
  });
  it("treats a bare code as the reference's random part, and anything else as no match", () => {
    expect(resolveSearch("7K9Q")).toEqual({ kind: "reference", prefix: "APP-7K9Q" });
    expect(resolveSearch("'; DROP TABLE x; --")).toEqual({ kind: "none" });
    expect(resolveSearch("100%")).toEqual({ kind: "none" });
    expect(resolveSearch("   ")).toEqual({ kind: "any" });
  });
});

describe("status change schema", () => {
  it("accepts the four admin statuses, note optional", () => {
    for (const status of ["submitted", "under-review", "approved"]) {
      expect(parseWithZod(form({ status }), { schema: StatusChangeSchema }).status).toBe("success");
    }
  });
  it("requires a reason to reject, with a clear message", () => {
    const r = parseWithZod(form({ status: "rejected", note: "   " }), { schema: StatusChangeSchema });
    expect(r.status).toBe("error");
    expect(r.reply().error).toEqual({ note: [REJECTION_REASON_REQUIRED] });
    const ok = parseWithZod(form({ status: "rejected", note: " Insufficient revenue " }), { schema: StatusChangeSchema });
    expect(ok.status === "success" && ok.value.note).toBe("Insufficient revenue");
  });
  it("refuses statuses an admin cannot set", () => {
    for (const status of ["draft", "pending", "funded", ""]) {
      expect(parseWithZod(form({ status }), { schema: StatusChangeSchema }).status).toBe("error");
    }
  });
});
