/**
 * E-mails in the reader's language (issue 30): the "mail" namespace's English copies of texts that
 * live in feature code agree with them, dates and money in es-US, and the account's language.
 */
import { describe, expect, it } from "vitest";
import { resources } from "~/content/locales";
import { REASON_TEXT } from "~/features/marketplace/domain/offer-matching";
import { MISSING_INFORMATION, reasonInLanguage } from "~/features/marketplace/domain/action-notices";
import { formatMailCalendarDate, formatMailDateTime } from "./domain/mail-dates";
import { readerLanguage } from "./domain/mail-language";
import { renderMail } from "./mail-render.server";
import { statusMail } from "./templates/application-mail.server";

describe("the mail namespace", () => {
  it("English reasons and missing items are the matching's words, and each has its Spanish", () => {
    expect(resources.en.mail.reasons).toEqual(REASON_TEXT);
    expect(resources.en.mail.missing).toEqual(MISSING_INFORMATION);
    for (const [code, text] of Object.entries(REASON_TEXT)) {
      expect(reasonInLanguage(text, "en")).toBe(text);
      expect(reasonInLanguage(text, "es")).toBe(resources.es.mail.reasons[code as keyof typeof REASON_TEXT]);
    }
    expect(reasonInLanguage("typed by a lender", "es")).toBe("typed by a lender");
  });
});

describe("dates and the reader's language", () => {
  const at = new Date("2026-11-24T21:11:00Z");
  it("writes dates in es-US in the reader's zone, English unchanged", () => {
    expect(formatMailDateTime(at, "America/New_York")).toBe("November 24, 2026 at 4:11 PM EST");
    expect(formatMailDateTime(at, "America/New_York", "es")).toBe("24 de noviembre de 2026 a las 4:11 p.m. EST");
    expect(formatMailDateTime(at, "America/Los_Angeles", "es")).toBe("24 de noviembre de 2026 a las 1:11 p.m. PST");
    expect(formatMailCalendarDate("2026-11-20", "es")).toBe("20 de noviembre de 2026");
    expect(formatMailCalendarDate("2026-11-20")).toBe("November 20, 2026");
  });

  it("takes the account's stored language; none, null or another value is English", () => {
    expect(readerLanguage({ language: "es" })).toBe("es");
    expect(readerLanguage({ language: null })).toBe("en");
    expect(readerLanguage({ language: "fr" })).toBe("en");
    expect(readerLanguage(null)).toBe("en");
  });

  it("a Spanish e-mail has <html lang=es>, the Spanish signature, and the same figures", () => {
    const c = { reference: "LW-1", firstName: "Ana", amount: 25000, purpose: "working-capital" };
    const esMail = renderMail(statusMail("under-review", { ...c, lang: "es" }));
    const enMail = renderMail(statusMail("under-review", c));
    expect(esMail.html).toContain('<html lang="es">');
    expect(enMail.html).toContain('<html lang="en">');
    expect(esMail.text).toContain("Teléfono: ");
    expect(esMail.text).toContain("$25,000");
    expect(enMail.text).toContain("Our team is now reviewing your application LW-1 for $25,000 (Working Capital).");
  });
});
