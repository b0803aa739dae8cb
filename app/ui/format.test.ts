import { describe, expect, it } from "vitest";
import { usNumberFormat } from "~/ui/format";

/** Values a page formats (amounts, cents, rates, counts) and the edges of rounding. */
function samples(): number[] {
  const out = [0, -0, 0.5, 1.5, 2.5, -0.5, -2.5, 0.004, 0.005, -0.005, 0.0005, 0.00049, 1.005, 1.015, 2.675, 999.5, 999.995, 9.9995];
  out.push(99999.995, 1234.5678, 1e6, 12345678.905, 2 ** 40 + 0.5, 1e15, 1e21, 1e-7, -1e-7, NaN, Infinity, -Infinity);
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < 3000; i++) {
    const magnitude = 10 ** Math.floor(random() * 9);
    const v = random() * magnitude;
    out.push(v, -v, Math.round(v * 100) / 100, Math.round(v * 1000) / 1000 + 0.0005, Math.round(v) + 0.5);
  }
  return out;
}

describe("usNumberFormat", () => {
  for (const locale of ["en-US", "es-US"]) {
    for (const [style, digits] of [
      ["usd", 0],
      ["usd", 2],
      ["decimal", undefined],
    ] as const) {
      it(`${locale} ${style}${digits === undefined ? "" : ` ${digits}`}: the same text as Intl.NumberFormat`, () => {
        const options: Intl.NumberFormatOptions =
          style === "usd" ? { style: "currency", currency: "USD", minimumFractionDigits: digits, maximumFractionDigits: digits } : {};
        const intl = new Intl.NumberFormat(locale, options);
        const ours = usNumberFormat(locale, style, digits);
        const differ = samples()
          .map((n) => [n, ours.format(n), intl.format(n)] as const)
          .filter(([, a, b]) => a !== b);
        expect(differ.slice(0, 5)).toEqual([]);
      });
    }
  }

  it("groups thousands and keeps the sign of a value that rounds to zero", () => {
    expect(usNumberFormat("en-US", "usd", 2).format(1234567.891)).toBe("$1,234,567.89");
    expect(usNumberFormat("en-US", "usd", 0).format(-1234.5)).toBe("-$1,235");
    expect(usNumberFormat("en-US", "usd", 2).format(-0.001)).toBe("-$0.00");
    expect(usNumberFormat("es-US", "decimal").format(0.0005)).toBe("0.001");
  });
});
