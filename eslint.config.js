import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

// ---------------------------------------------------------------------------------------------
// Import rules (docs/architecture.md, "Where code lives"). A violation fails `npm run lint`;
// tests/integration/import-rules.test.ts plants one of each and proves it bites.
//   app/features/<f>/        may use another feature only through its public entry:
//                            `~/features/<g>` (index.ts) or `~/features/<g>/index.server`
//   app/features/<f>/domain/ pure rules: no server module, no platform, no UI, no SQL; other domain/ folders directly
//   app/platform/            shared infrastructure: never routes or UI; a feature only by its entry
//   app/ui/                  shared components: no server module, no SQL, no feature internals
//   app/content/             static copy as data: imports only content
//   app/routes/              thin: may import a feature's files, never SQL or the database itself
// Between folders, imports go through the `~/` alias (no `../`), so a moved file is found by grep.
// Import cycles are refused by madge (`npm run lint` runs it with .madgerc).

const FEATURES = ["accounts", "applications", "back-office", "documents", "lenders", "mail", "marketplace", "partners"];
const SQL_LIBRARIES = ["^drizzle-orm(/|$)", "^mysql2(/|$)", "(^|/)db/schema$", "^#db/schema$"];
const forbid = (message, regexes, extra = {}) => regexes.map((regex) => ({ regex, message, ...extra }));
const otherFeatureInternals = (own) =>
  forbid("Another feature is used only through its public entry: import from `~/features/<name>` or `~/features/<name>/index.server`.", [
    `^~/features/(?!${own ? own + "/" : "__none__/"})[^/]+/(?!index(\\.server)?$).+`,
  ]);
const NO_PARENT = forbid("Between folders, import through the `~/` alias, not `../` (db/ aside).", ["^\\.\\./(?!(\\.\\./)*db/)"]);
const NO_ROUTES = forbid("Only Remix imports routes (import type of a loader's data is allowed).", ["^~/routes(/|$)", "^~/root$"], {
  allowTypeImports: true,
});

const importRules = [
  ...FEATURES.flatMap((f) => [
    { files: [`app/features/${f}/**`], patterns: [...otherFeatureInternals(f), ...NO_PARENT, ...NO_ROUTES] },
    {
      files: [`app/features/${f}/**/*.tsx`],
      patterns: [...otherFeatureInternals(f), ...NO_PARENT, ...NO_ROUTES, ...forbid("Components never touch the database.", SQL_LIBRARIES)],
    },
  ]),
  {
    files: ["app/features/*/domain/**"],
    patterns: [
      ...otherFeatureInternals(null).map((p) => ({ ...p, regex: "^~/features/[^/]+/(?!index$|domain/).+" })),
      ...forbid("Domain logic is pure: no server module, platform, UI or SQL (it runs in the browser and in unit tests).", [
        "\\.server$",
        "^~/platform(/|$)",
        "^~/ui(/|$)",
        "^react",
        ...SQL_LIBRARIES,
      ]),
      ...NO_PARENT,
      ...NO_ROUTES,
    ],
  },
  {
    files: ["app/platform/**"],
    patterns: [...otherFeatureInternals(null), ...NO_PARENT, ...NO_ROUTES, ...forbid("Platform code renders no UI.", ["^~/ui(/|$)"])],
  },
  {
    files: ["app/ui/**"],
    patterns: [
      ...otherFeatureInternals(null),
      ...NO_PARENT,
      ...NO_ROUTES,
      ...forbid(
        "Shared UI never imports server modules or SQL (import type is allowed).",
        ["\\.server$", "^~/platform/db(/|$)", ...SQL_LIBRARIES],
        {
          allowTypeImports: true,
        },
      ),
    ],
  },
  {
    files: ["app/content/**"],
    patterns: forbid("Content is static copy as data: it imports only content.", ["^~/(?!content/)", "^\\.\\./"]),
  },
  {
    files: ["app/routes/**", "app/root.tsx", "app/entry.client.tsx"],
    patterns: [
      ...forbid(
        "Routes never touch the database: call a feature's workflow (SQL stays inside features).",
        [...SQL_LIBRARIES, "^~/platform/db/db\\.server$"],
        {
          allowTypeImports: true,
        },
      ),
    ],
  },
].map(({ files, patterns }) => ({
  files,
  ignores: ["**/*.test.ts", "**/*.test.tsx"],
  rules: { "no-restricted-imports": ["error", { patterns }] },
}));

export default tseslint.config(
  {
    ignores: [
      "build*/**",
      "public/build*/**",
      "node_modules/**",
      "data/**",
      "db/migrations/**",
      "tests/.artifacts/**",
      "bench/minimal-remix/build/**",
      "bench/minimal-remix/public/**",
    ],
  },
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
  ...importRules,
  {
    files: ["app/**/*.ts", "app/**/*.tsx"],
    rules: { "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }] },
  },
);
