import { describe, expect, it } from "vitest";
import { ALLOWED_KINDS, DOCUMENT_AREAS, DOCUMENT_TYPE_LABELS, shortenFileName, shortenMiddle } from "./document-types";
import { formatFileSize } from "~/ui/format";

describe("shortenFileName", () => {
  it("keeps names of up to max characters", () => {
    expect(shortenFileName("bank-statement-march.pdf", 25)).toBe("bank-statement-march.pdf");
    expect(shortenFileName("a".repeat(25), 25)).toBe("a".repeat(25));
  });
  it("cuts longer names to max characters and adds an ellipsis", () => {
    expect(shortenFileName("a-very-long-bank-statement-for-march.pdf", 25)).toBe("a-very-long-bank-statemen...");
    expect(shortenFileName("a".repeat(26), 25)).toBe(`${"a".repeat(25)}...`);
  });
  it("never splits a character made of two UTF-16 units", () => {
    const name = `${"😀".repeat(30)}.pdf`;
    const short = shortenFileName(name, 25);
    expect(short).toBe(`${"😀".repeat(25)}...`);
  });
});

describe("shortenMiddle", () => {
  it("keeps names of up to 30 characters", () => {
    expect(shortenMiddle("x".repeat(30))).toBe("x".repeat(30));
  });
  it("shows the first 20, '...' and the last 10 of longer names", () => {
    const name = "Articles-of-Organization-signed-final-v2.pdf"; // 44 characters
    expect(shortenMiddle(name)).toBe("Articles-of-Organiza...nal-v2.pdf");
    expect(shortenMiddle(name)).toHaveLength(33);
  });
});

describe("formatFileSize (base 1024)", () => {
  it.each([
    [0, "0 Bytes"],
    [1, "1 Bytes"],
    [1023, "1023 Bytes"],
    [1024, "1 KB"],
    [1536, "1.5 KB"],
    [10 * 1024 * 1024, "10 MB"],
    [1024 ** 3 * 2.25, "2.25 GB"],
    [1024 ** 4, "1024 GB"],
  ])("%d -> %s", (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe("upload areas", () => {
  it("lists the product's six areas with labels and accept lists matching the allowed kinds", () => {
    expect(DOCUMENT_AREAS.map((a) => a.type)).toEqual(["id-front", "id-back", "llc", "ein", "bank-statements", "ssn"]);
    for (const a of DOCUMENT_AREAS) expect(a.label).toBe(DOCUMENT_TYPE_LABELS[a.type]);
    const idFront = DOCUMENT_AREAS.find((a) => a.type === "id-front")!;
    expect(idFront.accept).toContain("image/png");
    expect(idFront.accept).toContain(".pdf");
    const llc = DOCUMENT_AREAS.find((a) => a.type === "llc")!;
    expect(llc.accept).toContain(".docx");
    expect(llc.accept).not.toContain("image/");
    expect(ALLOWED_KINDS.llc).not.toContain("png");
    expect(DOCUMENT_AREAS.find((a) => a.type === "bank-statements")!.hint).toMatch(/last 3 months/i);
  });
});
