import { describe, expect, it } from "vitest";
import { formatDate, formatMoney2, formatNumber, formatSubmittedDate, formatUsd } from "~/ui/format";
import { formatsFor } from "~/ui/locale-format";

describe("formats per language", () => {
  const iso = "2025-11-22T18:00:00Z";
  it("English is exactly format.ts's", () => {
    const en = formatsFor("en");
    expect(en.usd(25000)).toBe(formatUsd(25000));
    expect(en.money2(1234.5)).toBe(formatMoney2(1234.5));
    expect(en.number(12345)).toBe(formatNumber(12345));
    expect(en.date(iso)).toBe(formatDate(iso));
    expect(en.longDate(iso)).toBe(formatSubmittedDate(iso));
  });
  it("Spanish (es-US): dollars as in the US, dates in Spanish", () => {
    const es = formatsFor("es");
    expect(es.locale).toBe("es-US");
    expect(es.money2(1234.5)).toBe("$1,234.50");
    expect(es.usd(25000)).toBe("$25,000");
    expect(es.longDate(iso)).toBe("22 de noviembre de 2025");
    expect(es.date(iso)).toMatch(/^22 nov\.? 2025$/);
    expect(es.money2(-0.001)).toBe("$0.00");
  });
});
