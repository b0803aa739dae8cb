import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv";

describe("csvCell", () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ["+1+2", "'+1+2"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", `"'\rcmd"`],
  ])("escapes a formula start: %j", (input, out) => {
    expect(csvCell(input)).toBe(out);
  });

  it("quotes commas, quotes, line breaks and edge spaces, and leaves plain text alone", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(" padded")).toBe('" padded"');
    expect(csvCell("Zoë Ünal")).toBe("Zoë Ünal");
    expect(csvCell(25000)).toBe("25000");
    expect(csvCell(null)).toBe("");
  });

  it.each(["+1 (555) 010-7788", "+44 20 7946 0958", "+1-555-010-4242"])("leaves a phone number as typed: %j", (phone) => {
    expect(csvCell(phone)).toBe(phone);
  });

  it.each(["+1+2", "-2+3", "+SUM(A1)", "-1", "+(1)"])("still guards a short or lettered formula start: %j", (input) => {
    expect(csvCell(input)).toBe(`'${input}`);
  });

  it("joins cells with commas and ends lines with CRLF", () => {
    expect(csvLine(["a", "b,c", null])).toBe('a,"b,c",\r\n');
  });
});
