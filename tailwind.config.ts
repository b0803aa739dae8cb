import type { Config } from "tailwindcss";
import defaultTheme from "tailwindcss/defaultTheme";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      // Self-hosted Inter (app/tailwind.css), then the system stack while it loads.
      fontFamily: { sans: ['"Inter Variable"', ...defaultTheme.fontFamily.sans] },
      colors: {
        brand: {
          50: "#eff6ff",
          100: "#dbeafe",
          600: "#1d4ed8",
          700: "#1e40af",
          800: "#1e3a8a",
        },
      },
    },
  },
  plugins: [],
} satisfies Config;
