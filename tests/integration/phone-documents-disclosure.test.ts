/**
 * Issue 29, over HTTP as a browser without JavaScript: the phone-first document step (a card per
 * document with why and who can open it, camera capture beside the file picker, thumbnails through
 * the authorised preview, Replace), the dashboard's specific upload message and "Action needed"
 * banner, and the phone-first disclosure (figure cards with folded explanations, every payment, the
 * sticky accept bar as a plain link to the signing form, the signed disclosure as a PDF for the
 * signer only).
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { DOCUMENT_ACCESS, DOCUMENT_PROTECTION, DOCUMENT_PURPOSES } from "~/content/document-types";
import { MSG, TOASTS } from "~/content/messages";
import { MAIL_DATE_TIME_PATTERN } from "~/features/mail/domain/mail-dates";
import { formatAmount, formatCents } from "~/ui/format";
import { signedInAdmin, signedInApplicant } from "../support/api";
import { samplePdf, samplePng } from "../fixtures/documents";
import { getPage, squash } from "../support/html";
import { pdfText } from "../support/pdf";
import { Client, uniqueEmail } from "../support/http";
import { applyOverHttp, fillStepsOverHttp, openOffer } from "../support/wizard";

/** A multipart POST, as a browser sends a form with files. */
function upload(
  client: Client,
  path: string,
  fields: Record<string, string>,
  files: Array<[name: string, data: Buffer, fileName: string, type: string]>,
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  for (const [name, data, fileName, type] of files) fd.append(name, new Blob([new Uint8Array(data)], { type }), fileName);
  return client.fetch(path, { method: "POST", body: fd });
}

/** The text a PDF draws: its (Flate) content streams inflated, their hex strings decoded. */
describe("the document step, phone first (wizard)", () => {
  it("each card says why and who can open it, ID and SSN offer a camera input, the SSN card states TLS and AES-256-GCM", async () => {
    const { client } = await fillStepsOverHttp(new Client(), uniqueEmail("phone-docs"));
    const { $ } = await getPage("/apply/documents", client);
    const body = squash($("main").text());
    expect(body).not.toContain("256-bit SSL");
    for (const type of ["id-front", "id-back", "llc", "ein", "bank-statements", "ssn"] as const) {
      const card = $(`#area-${type}`);
      expect(squash(card.text()), type).toContain(DOCUMENT_PURPOSES[type]);
      expect(squash(card.text()), type).toContain(DOCUMENT_ACCESS);
      const camera = card.find('input[type=file][capture="environment"]');
      if (type === "id-front" || type === "id-back" || type === "ssn") {
        expect(camera.attr("accept"), type).toBe("image/*,application/pdf");
        expect(squash($(`label[for="${camera.attr("id")}"]`).text()), type).toMatch(/^Take a photo/);
        // And a picker without capture, so a phone can still choose a saved file.
        expect(card.find("input[type=file]:not([capture])").length, type).toBe(1);
      } else expect(camera.length, type).toBe(0);
    }
    expect(squash($("#area-ssn").text())).toContain(DOCUMENT_PROTECTION);
    expect(DOCUMENT_PROTECTION).toContain("sent over an encrypted connection (TLS) and stored encrypted with AES-256-GCM");
  });

  it("an upload shows its thumbnail (served to its owner only) and Replace swaps the file", async () => {
    const { client } = await fillStepsOverHttp(new Client(), uniqueEmail("phone-thumb"));
    const first = await upload(client, "/apply/documents?tile=id-front", { intent: "upload:id-front" }, [
      ["file-id-front", samplePng(), "front.png", "image/png"],
    ]);
    expect(first.status).toBe(302);
    let { $ } = await getPage("/apply/documents", client);
    const img = $("#area-id-front img[data-thumbnail=image]");
    expect(img.length).toBe(1);
    const src = img.attr("src")!;
    expect(src).toMatch(/^\/documents\/\d+\/preview$/);
    const preview = await client.fetch(src);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/png");
    const { client: stranger } = await signedInApplicant();
    expect((await stranger.fetch(src)).status).toBe(404);

    // The card now offers Replace; the new file takes the old one's place (one file, the new name).
    expect(squash($("#area-id-front").text())).toContain("Replace: choose a file");
    const replace = $('#area-id-front input[name="replace-id-front"]').attr("value") ?? $('input[name="replace-id-front"]').attr("value");
    expect(replace).toMatch(/^\d+$/);
    const second = await upload(client, "/apply/documents?tile=id-front", { intent: "upload:id-front", "replace-id-front": replace! }, [
      ["file-id-front", samplePdf("replaced-front"), "front-new.pdf", "application/pdf"],
    ]);
    expect(second.status).toBe(302);
    ({ $ } = await getPage("/apply/documents", client));
    const rows = $("#area-id-front [data-file-name]");
    expect(rows.map((_, r) => $(r).attr("data-file-name")).get()).toEqual(["front-new.pdf"]);
    expect($("#area-id-front [data-thumbnail=pdf]").length).toBe(1);
  });
});

describe("the dashboard's documents", () => {
  it("a file of the wrong type gets the specific reason, as in the wizard, not 'Please try again'", async () => {
    const a = await applyOverHttp({ tag: "dash-wrong-type" });
    const res = await upload(a.client, "/dashboard", { intent: "upload", applicationId: String(a.app.id), documentType: "ein" }, [
      ["file", Buffer.from("just some text, not a document"), "notes.txt", "text/plain"],
    ]);
    expect(res.status).toBe(415);
    const html = squash(await res.text());
    expect(html).toContain(`${TOASTS.uploadFailed.title} - ${MSG.fileNotPdfOrWord}`);
    expect(html).not.toContain(TOASTS.uploadFailed.description);

    const id = await upload(a.client, "/dashboard", { intent: "upload", applicationId: String(a.app.id), documentType: "id-front" }, [
      ["file", Buffer.from("just some text"), "id.txt", "text/plain"],
    ]);
    expect(squash(await id.text())).toContain(`${TOASTS.uploadFailed.title} - ${MSG.fileNotImageOrPdf}`);
  });

  it("open requests put an 'Action needed' banner at the top, linking to a card per document with a camera input for the ID", async () => {
    const a = await applyOverHttp({ tag: "dash-action-needed" });
    let { $ } = await getPage("/dashboard", a.client);
    expect($("[data-testid=action-needed]").length).toBe(0);

    const { client: admin } = await signedInAdmin();
    const req = await admin.fetch(`/api/admin/applications/${a.app.id}/document-requests`, {
      json: { documentTypes: ["id-front", "ein"], message: "Please send your ID and EIN letter" },
    });
    expect(req.status).toBeLessThan(300);

    ({ $ } = await getPage("/dashboard", a.client));
    const banner = $("[data-testid=action-needed]");
    expect(squash(banner.find("h2").text())).toBe("Action needed");
    // First thing in the page's content after any e-mail notice: before the welcome heading.
    expect($("main").children().index(banner)).toBeLessThan($("main").children().index($("main h1")));
    const link = banner.find("a");
    expect(link.attr("href")).toBe(`#documents-${a.app.reference}`);
    expect(squash(link.text())).toContain("Government ID (Front)");
    expect($(`#documents-${a.app.reference}`).length).toBe(1);

    const cards = $(`#documents-${a.app.reference} [data-testid=requested-document]`);
    expect(cards.map((_, c) => $(c).attr("data-document-type")).get()).toEqual(["id-front", "ein"]);
    const idCard = cards.first();
    expect(squash(idCard.text())).toContain(DOCUMENT_PURPOSES["id-front"]);
    expect(squash(idCard.text())).toContain(DOCUMENT_ACCESS);
    expect(idCard.find('input[type=file][capture="environment"]').attr("accept")).toBe("image/*,application/pdf");
    expect(cards.last().find("input[capture]").length).toBe(0);

    // Sending the ID through its card (the form's own fields) fulfils that part: the banner names only the EIN letter.
    const fields = { intent: "upload", applicationId: String(a.app.id), documentType: "id-front" };
    const sent = await upload(a.client, "/dashboard", fields, [["file", samplePng(), "id.png", "image/png"]]);
    expect(sent.status).toBe(302);
    ({ $ } = await getPage("/dashboard", a.client));
    expect(squash($("[data-testid=action-needed] a").text())).toBe(`Send EIN Confirmation Letter for ${a.app.reference}`);
  });
});

describe("the disclosure, phone first", () => {
  it("figures as cards with folded explanations, every payment, and an accept bar that links to the signing form", async () => {
    const a = await applyOverHttp({ tag: "phone-disclosure" });
    const offer = await openOffer(a.app.id);
    const { $ } = await getPage(`/offers/${offer.id}`, a.client);

    // Not a three-column table: one card per figure, its explanation under a <details>.
    expect($("[data-testid=disclosure-table]").is("table")).toBe(false);
    expect($("main table").filter((_, t) => $(t).find("tr").first().children().length === 3).length).toBe(0);
    const cards = $("[data-testid=disclosure-row]");
    expect(cards.length).toBeGreaterThanOrEqual(7);
    cards.each((_, c) => {
      expect($(c).find("details summary").text()).toMatch(/^What this means/);
      expect(squash($(c).find("details p").text()).length).toBeGreaterThan(10);
    });

    // The schedule: every payment, the last one leaving nothing owed.
    const schedule = $("[data-testid=payment-schedule]");
    expect(schedule.is("details")).toBe(true);
    const rows = schedule.find("tbody tr");
    expect(rows.length).toBe(offer.paymentCount);
    expect(squash(rows.first().find("td").first().text())).toBe(formatCents(offer.paymentCents));
    expect(squash(rows.last().find("td").first().text())).toBe(formatCents(offer.finalPaymentCents));
    expect(squash(rows.last().find("td").last().text())).toBe("$0.00");

    // The bar: the offer's own figures, a plain link to the signing form on this page.
    const bar = $("[data-testid=accept-bar]");
    expect(squash(bar.text())).toBe(
      `Accept ${formatAmount(offer.amountCents / 100)} from ${offer.lenderName}, ${formatAmount(offer.paymentCents / 100)} a month`,
    );
    expect(squash(bar.text())).toMatch(/^Accept \$30,000 from .+, \$[\d,]+\.\d\d a month$/);
    expect(bar.attr("href")).toBe("#accept");
    expect($("#accept").find("input#signerName").length).toBe(1);
    expect($("#accept").find("button[value=review]").text()).toBe("Review and sign");
  });

  it("after signing, the signer downloads the signed offer summary as a PDF (name, time, hash); no one else can", async () => {
    const a = await applyOverHttp({ tag: "signed-pdf" });
    const offers = await getDb()
      .select()
      .from(schema.offers)
      .where(and(eq(schema.offers.applicationId, a.app.id), eq(schema.offers.status, "offered")));
    const [offer, other] = offers;
    expect((await a.client.fetch(`/offers/${offer.id}/signed.pdf`)).status).toBe(404); // nothing signed yet
    const d = (await (await a.client.fetch(`/api/offers/${offer.id}`)).json()) as { disclosureSha256: string };
    const signerName = `${a.user.firstName} ${a.user.lastName}`;
    const accept = await a.client.fetch(`/offers/${offer.id}`, {
      form: { intent: "accept", signerName, confirmRead: "on", disclosureSha256: d.disclosureSha256 },
    });
    expect(accept.status).toBe(302);

    const { $ } = await getPage(`/offers/${offer.id}`, a.client);
    expect($("[data-testid=signed-pdf-link]").attr("href")).toBe(`/offers/${offer.id}/signed.pdf`);
    expect($("[data-testid=accept-bar]").length).toBe(0);
    expect(squash($("[data-testid=offer-accepted-note]").text())).not.toMatch(/GMT/);

    const res = await a.client.fetch(`/offers/${offer.id}/signed.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="signed-offer-summary-APP-[A-Za-z0-9]+-\d+\.pdf"$/);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfText(pdf);
    expect(text).toContain(`Signed by: ${signerName}`);
    expect(text).toMatch(new RegExp(`Signed on: ${MAIL_DATE_TIME_PATTERN.source}`));
    expect(text).toContain(`SHA-256 of the signed text: ${d.disclosureSha256}`);
    expect(text).toContain(offer.lenderName);

    const { client: stranger } = await signedInApplicant();
    expect((await stranger.fetch(`/offers/${offer.id}/signed.pdf`)).status).toBe(404);
    const { client: admin } = await signedInAdmin();
    expect((await admin.fetch(`/offers/${offer.id}/signed.pdf`)).status).toBe(404);
    if (other) expect((await a.client.fetch(`/offers/${other.id}/signed.pdf`)).status).toBe(404);
    expect((await new Client().fetch(`/offers/${offer.id}/signed.pdf`)).status).toBe(302);
  });
});
