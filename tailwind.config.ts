import type { Config } from "tailwindcss";
import defaultTheme from "tailwindcss/defaultTheme";

/**
 * Lendwise's own colour: a deep teal ("brand"), shade for shade at the relative luminance of
 * Tailwind's blue, so every text/background pair keeps the contrast it was checked at (WCAG AA,
 * axe in the accessibility sweep). The app's older classes say `blue-*`: the palette replaces
 * Tailwind's blue too, so the whole product takes the brand colour from this one place.
 */
const brand = {
  50: "#e9f9f6",
  100: "#d0efeb",
  200: "#b2e2db",
  300: "#81cfc5",
  400: "#2db5a3",
  500: "#159584",
  600: "#0e7a6c",
  700: "#0b675b",
  800: "#0c544b",
  900: "#0d4840",
  950: "#082d28",
};

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      // Self-hosted Inter (app/tailwind.css), then the system stack while it loads.
      fontFamily: { sans: ['"Inter Variable"', ...defaultTheme.fontFamily.sans] },
      colors: {
        brand,
        blue: brand,
        // Semantic tokens: text, quieter text, page sections, and the warm accent of highlights.
        ink: "#0f172a",
        muted: "#334155",
        surface: "#f6faf9",
        accent: { DEFAULT: "#b45309", soft: "#fef3c7" },
      },
      // The type scale: display (the landing's headline), headline (section titles), title (cards),
      // eyebrow (the small capitals above a headline).
      fontSize: {
        display: ["3.25rem", { lineHeight: "1.05", letterSpacing: "-0.025em", fontWeight: "800" }],
        "display-sm": ["2.375rem", { lineHeight: "1.1", letterSpacing: "-0.02em", fontWeight: "800" }],
        headline: ["1.875rem", { lineHeight: "1.2", letterSpacing: "-0.015em", fontWeight: "700" }],
        title: ["1.25rem", { lineHeight: "1.4", fontWeight: "600" }],
        eyebrow: ["0.8125rem", { lineHeight: "1.25", letterSpacing: "0.08em", fontWeight: "600" }],
      },
    },
  },
  plugins: [],
} satisfies Config;
