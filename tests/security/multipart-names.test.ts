/**
 * File names with `=`, `;` or `"` upload (they were refused with 400 by the
 * multipart parser); the stored name is the real one, and it is served back safely (RFC 6266
 * Content-Disposition). Streaming, the size limit and the content check still hold.
 */
import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES } from "~/content/constants";
import { parse as parseContentDisposition } from "content-disposition";
import { samplePdf, samplePng } from "../fixtures/documents";
import { signedInApplicant } from "../support/api";
import { createSubmittedApplication } from "../support/applications";
import { rawMultipart } from "../support/documents";
import { fillStepsOverHttp } from "../support/wizard";
import type { Client } from "../support/http";

function upload(c: Client, path: string, fields: Record<string, string>, rawName: string, data = samplePdf(`names-${Math.random()}`)) {
  const { body, contentType } = rawMultipart(fields, { rawName, data, contentType: "application/pdf" });
  return c.fetch(path, { method: "POST", body: new Uint8Array(body), headers: { "content-type": contentType } });
}

/** The file name a browser would save from this Content-Disposition. */
function savedName(header: string) {
  return parseContentDisposition(header).parameters.filename;
}

describe("file names with = ; and quotes", () => {
  // rawName as it appears in the part header: browsers send a quote as %22, other clients as \".
  const cases: Array<[raw: string, stored: string]> = [
    ["Q1=final.pdf", "Q1=final.pdf"],
    ["budget;v2.pdf", "budget;v2.pdf"],
    ['say \\"hi\\".pdf', 'say "hi".pdf'],
    ["quote%22d=1;2.pdf", 'quote"d=1;2.pdf'],
  ];

  it("uploads them through the API, stores the real name and serves it back safely", async () => {
    const { client, user } = await signedInApplicant();
    const app = (await createSubmittedApplication({ userId: user.id }))!;
    for (const [raw, stored] of cases) {
      const res = await upload(client, "/api/documents/upload", { applicationId: String(app.id), documentType: "ein" }, raw);
      expect(res.status, raw).toBe(201);
      const doc = (await res.json()) as { id: number; fileName: string };
      expect(doc.fileName).toBe(stored);
      const dl = await client.fetch(`/api/documents/download/${doc.id}`);
      expect(dl.status).toBe(200);
      const cd = dl.headers.get("content-disposition")!;
      expect(cd).toMatch(/^attachment;/);
      expect(savedName(cd)).toBe(stored);
    }
  });

  it("uploads them in the wizard (a form post without JavaScript)", async () => {
    const { client } = await fillStepsOverHttp();
    const res = await upload(client, "/apply/documents?area=ein", { documentType: "ein" }, "Q1=final.pdf");
    expect(res.status).toBe(302);
    expect(await (await client.fetch("/apply/documents")).text()).toContain("Q1=final.pdf");
  });

  it("still checks content and size with such names", async () => {
    const { client, user } = await signedInApplicant();
    const app = (await createSubmittedApplication({ userId: user.id }))!;
    const fields = { applicationId: String(app.id), documentType: "ein" };
    expect((await upload(client, "/api/documents/upload", fields, "a=b;c.pdf", samplePng())).status).toBe(415);
    expect(
      (
        await upload(
          client,
          "/api/documents/upload",
          fields,
          "a=b;c.pdf",
          Buffer.concat([samplePdf("big"), Buffer.alloc(MAX_UPLOAD_BYTES)]),
        )
      ).status,
    ).toBe(413);
  });
});
