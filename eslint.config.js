import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["build*/**", "public/build*/**", "node_modules/**", "data/**", "db/migrations/**", "tests/.artifacts/**", "bench/minimal-remix/build/**", "bench/minimal-remix/public/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ["**/*.js", "**/*.mjs"], languageOptions: { globals: { ...globals.node } } },
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
    },
  },
);
