/**
 * The e-mail renderer: one content gives an HTML part (inline styles, no external resources) and a
 * text part that say the same things, links absolute, dates in the one format with the zone named.
 */
import { describe, expect, it } from "vitest";
import { linesToBlocks, mailText, paragraph, type MailContent } from "./domain/mail-content";
import {
  DEFAULT_MAIL_TIME_ZONE,
  formatMailCalendarDate,
  formatMailDateTime,
  MAIL_DATE_TIME_PATTERN,
  readerTimeZone,
} from "./domain/mail-dates";
import { MAIL_SUPPORT, renderMail } from "./mail-render.server";
import { confirmationMail, documentRequestMail, offerAcceptedMail } from "./templates/application-mail.server";

const at = new Date("2026-11-24T21:11:41Z");

describe("mail dates", () => {
  it("writes an instant in the reader's zone, the zone named", () => {
    expect(formatMailDateTime(at)).toBe("November 24, 2026 at 4:11 PM EST");
    expect(formatMailDateTime(new Date("2026-07-01T16:00:00Z"))).toBe("July 1, 2026 at 12:00 PM EDT");
    expect(formatMailDateTime(at, "America/Los_Angeles")).toBe("November 24, 2026 at 1:11 PM PST");
    expect(formatMailDateTime(at)).toMatch(MAIL_DATE_TIME_PATTERN);
  });

  it("takes the account's zone when it stores a valid one, else New York", () => {
    expect(readerTimeZone({ timeZone: "Europe/Paris" })).toBe("Europe/Paris");
    expect(readerTimeZone({ timeZone: "Not/AZone" })).toBe(DEFAULT_MAIL_TIME_ZONE);
    expect(readerTimeZone({ firstName: "Ana" })).toBe("America/New_York");
    expect(readerTimeZone(null)).toBe("America/New_York");
  });

  it("writes a calendar date the same way without time or zone", () => {
    expect(formatMailCalendarDate("2026-11-20")).toBe("November 20, 2026");
    expect(formatMailCalendarDate("soon")).toBe("soon");
  });
});

describe("content blocks", () => {
  it("groups '- ' lines into a list and other lines into paragraphs", () => {
    expect(linesToBlocks(["Reasons:", "- one", "- two", "", "After"])).toEqual([
      { type: "paragraph", text: "Reasons:" },
      { type: "list", items: ["one", "two"] },
      { type: "paragraph", text: "After" },
    ]);
  });

  it("the text part has the greeting, each block and the support signature", () => {
    const c: MailContent = { subject: "S", greeting: "Hello Ana,", blocks: [paragraph("Body.")] };
    const text = mailText(c, MAIL_SUPPORT);
    expect(text.startsWith("Hello Ana,\n\nBody.\n\n")).toBe(true);
    expect(text).toContain(`Phone: ${MAIL_SUPPORT.phone}`);
    expect(mailText({ ...c, signature: "none" }, MAIL_SUPPORT)).not.toContain(MAIL_SUPPORT.phone);
  });
});

describe("renderMail", () => {
  const mail = renderMail(
    documentRequestMail({
      firstName: "Ana <b>",
      reference: "APP-ABCDEFGHJKMN",
      documentTypes: ["bank-statements"],
      message: "Last 3 months & the EIN letter",
      requestedAt: at,
      timeZone: "America/New_York",
    }),
  );

  it("gives an HTML document with inline styles only and nothing loaded from elsewhere", () => {
    expect(mail.html.startsWith("<!DOCTYPE html><html")).toBe(true);
    expect(mail.html).not.toMatch(/<style|<link|<script|<img|class=/i);
    expect(mail.html).toMatch(/style="/);
    // Text is escaped, never markup.
    expect(mail.html).toContain("Hello Ana &lt;b&gt;,");
    expect(mail.html).toContain("Last 3 months &amp; the EIN letter");
  });

  it("HTML and text say the same things: every text line's words appear in the HTML", () => {
    const html = mail.html
      .replace(/<[^>]+>/g, " ")
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/\s+/g, " ");
    for (const line of mail.text.split("\n").filter(Boolean)) {
      const words = line.replace(/^- /, "").replace(/^([^:]+): (https?:\/\/\S+)$/, "$1 $2");
      // A fact's "Label: value" is a table row in HTML (the colon is the text part's).
      for (const w of words.split(/\s+/)) expect(html, line).toContain(w.replace(/:$/, ""));
    }
  });

  it("links are absolute, the same in both parts, and open the application's documents", () => {
    const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!).filter((h) => !h.startsWith("mailto:"));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const h of hrefs) {
      expect(h).toMatch(/^https?:\/\//);
      expect(mail.text).toContain(h.replace(/&amp;/g, "&"));
    }
    expect(hrefs[0]).toMatch(/\/dashboard#documents-APP-ABCDEFGHJKMN$/);
    expect(mail.text).toContain("Requested: November 24, 2026 at 4:11 PM EST");
  });

  it("the confirmation of an application without offers promises no offers, review or funding", () => {
    const c = renderMail(
      confirmationMail({
        firstName: "Ana",
        reference: "APP-ABCDEFGHJKMN",
        amount: 25_000,
        purpose: "working-capital",
        submittedAt: at,
        timeZone: "America/New_York",
        market: {
          offers: 0,
          notices: [],
          noMatch: { codes: [], reasons: ["None of our partner lenders lends to businesses in Alaska."], nextSteps: ["Apply again"] },
        },
      }),
    );
    expect(c.text).toContain("notice of action taken, with the reasons, in a separate e-mail");
    expect(c.text).not.toMatch(/compare your offers|funding:|same day to 1 business day|\/offers/i);
    expect(c.text).toContain("Submitted: November 24, 2026 at 4:11 PM EST");
  });

  it("the accepted offer states the signing time in the one format", () => {
    const c = renderMail(
      offerAcceptedMail({
        firstName: "Ana",
        reference: "APP-ABCDEFGHJKMN",
        amount: 25_000,
        purpose: "working-capital",
        offer: {
          lenderName: "Lender",
          lenderNmlsId: "123",
          fundingCents: 2_400_000,
          estimatedAprBps: 1234,
          paymentCents: 100_000,
          termMonths: 24,
          totalPaymentsCents: 2_400_000,
        },
        offerId: 7,
        attachmentName: "signed-offer-summary-APP-ABCDEFGHJKMN-7.pdf",
        signerName: "Ana Example",
        signedAt: at,
        disclosureHash: "ab".repeat(32),
        timeZone: "America/Chicago",
      }),
    );
    expect(c.text).toContain("Signed by: Ana Example on November 24, 2026 at 3:11 PM CST");
    expect(c.text).toContain("Your signed offer summary is attached to this e-mail (signed-offer-summary-APP-ABCDEFGHJKMN-7.pdf)");
    expect(c.text).toMatch(/\/offers\/7\/signed\.pdf/);
    expect(c.text).not.toMatch(/\d{4}-\d{2}-\d{2}T|GMT/);
  });
});
