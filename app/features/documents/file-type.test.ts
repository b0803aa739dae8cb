import { describe, expect, it } from "vitest";
import {
  makeZip,
  sampleDoc,
  sampleDocx,
  sampleElf,
  sampleExe,
  sampleGif,
  sampleHeic,
  sampleHtml,
  sampleJpeg,
  samplePdf,
  samplePlainZip,
  samplePng,
  sampleScript,
  sampleSvg,
  sampleWebp,
  sampleXls,
} from "../../../tests/fixtures/documents";
import { createContentVerifier, detectFileType, sniffFileType } from "./file-type.server";

describe("detectFileType (by content only)", () => {
  it.each([
    ["pdf", samplePdf()],
    ["jpeg", sampleJpeg()],
    ["png", samplePng()],
    ["gif", sampleGif()],
    ["webp", sampleWebp()],
    ["heic", sampleHeic()],
    ["doc", sampleDoc()],
    ["docx", sampleDocx()],
  ] as const)("recognises %s", async (kind, bytes) => {
    expect(await detectFileType(bytes)).toBe(kind);
  });

  it.each([
    ["a Windows executable (MZ)", sampleExe()],
    ["an ELF executable", sampleElf()],
    ["HTML", sampleHtml()],
    ["SVG", sampleSvg()],
    ["a shell script", sampleScript()],
    ["a plain zip", samplePlainZip()],
    ["a zip with only [Content_Types].xml", makeZip([["[Content_Types].xml", "<Types/>"]])],
    ["an OLE file that is not Word", sampleXls()],
    [
      "an Excel workbook (xlsx)",
      makeZip([
        [
          "[Content_Types].xml",
          '<Types><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
        ],
        ["xl/workbook.xml", "<workbook/>"],
      ]),
    ],
    ["an AVIF image", Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from("ftypavif\0\0\0\0mif1", "latin1"), Buffer.alloc(8)])],
    ["plain text", Buffer.from("just some text")],
    ["an empty file", Buffer.alloc(0)],
    ["HTML that mentions %PDF- later", Buffer.from("<html>%PDF-1.4</html>")],
    ["a PDF after leading junk", Buffer.concat([Buffer.from(" \n"), samplePdf()])],
    ["'%PDF-' without a version", Buffer.from("%PDF-x")],
    ["a PNG signature without IHDR", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0x41, 0x42, 0x43, 0x44])],
    ["RIFF that is not WEBP (WAV)", Buffer.from("RIFF\x10\x00\x00\x00WAVEfmt ", "latin1")],
  ])("refuses %s", async (_label, bytes) => {
    expect(await detectFileType(bytes)).toBeNull();
  });

  it("ignores a generic HEIF brand without a HEIC compatible brand (e.g. AVIF)", async () => {
    const avif = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypmif1\0\0\0\0mif1avif", "latin1"), Buffer.alloc(8)]);
    expect(await sniffFileType(avif)).toBeNull();
  });
});

describe("createContentVerifier (streaming)", () => {
  it("finds the DOCX parts even when a name is split across chunks", () => {
    const docx = sampleDocx();
    const at = docx.indexOf("word/document.xml") + 5;
    const v = createContentVerifier("docx");
    // Feed in odd-sized pieces, one split inside 'word/document.xml'.
    v.feed(docx.subarray(0, at));
    expect(v.confirmed()).toBe(false);
    for (let i = at; i < docx.length; i += 7) v.feed(docx.subarray(i, Math.min(docx.length, i + 7)));
    expect(v.confirmed()).toBe(true);
  });

  it("does not confirm a plain zip fed in chunks", () => {
    const zip = samplePlainZip();
    const v = createContentVerifier("docx");
    for (let i = 0; i < zip.length; i += 3) v.feed(zip.subarray(i, i + 3));
    expect(v.confirmed()).toBe(false);
  });
});
