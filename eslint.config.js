import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

// ---------------------------------------------------------------------------------------------
// Layer rules (issue 15, docs/architecture.md). Each folder of app/ may import only from the
// layers below it; a violation fails `npm run lint` (app/architecture.test.ts proves it).
//   routes     -> services, server, components, schemas, content, utils   (never models, never SQL)
//   server     -> services, models, schemas, content, utils               (HTTP glue)
//   services   -> models, services, schemas, content, utils               (never routes/components/server;
//                 SQL only through models: `transaction` and the Tx types from models/db.server)
//   models     -> models, schemas, content, utils, db/schema              (the only code with SQL)
//   components -> components, schemas, content, utils                    (never models/services/server)
//   schemas, content, utils -> each other only                           (leaves)
// `import type` of a model's or a service's types is allowed in components and routes: types are
// erased, so no server code reaches the browser or the route.

/** Patterns matching imports of these app folders, by alias (~/x) or relative path (../x). */
const layer = (...names) => [`~/(${names.join("|")})(/|$)`, `^(\\.\\./)+(app/)?(${names.join("|")})(/|$)`];
const root = "~/root$";
const SQL_LIBRARIES = ["^drizzle-orm(/|$)", "^mysql2(/|$)", "(^|/)db/schema$"];

const forbid = (message, regexes, extra = {}) => regexes.map((regex) => ({ regex, message, ...extra }));

const LEAF = [
  ...forbid("app/utils, app/schemas and app/content are leaves: they import no model, service, server module, component or route.", [
    ...layer("models", "services", "server", "components", "routes"),
    root,
    ...SQL_LIBRARIES,
  ]),
];

const layerRules = [
  { files: ["app/utils/**", "app/schemas/**", "app/content/**"], patterns: LEAF },
  {
    files: ["app/models/**"],
    patterns: forbid("Models import only models, schemas, content, utils and db/schema.", [
      ...layer("services", "server", "components", "routes"),
      root,
    ]),
  },
  {
    files: ["app/services/**"],
    patterns: [
      ...forbid("Services never import routes, components or app/server (HTTP glue calls services, not the other way round).", [
        ...layer("server", "components", "routes"),
        root,
      ]),
      ...forbid("SQL lives in app/models: call a model function (a service may only use `import type` from drizzle-orm).", SQL_LIBRARIES, {
        allowTypeImports: true,
      }),
    ],
    paths: [
      {
        name: "~/platform/db/db.server",
        importNames: ["getDb", "getPool", "schema", "closeDb"],
        message:
          "Services start transactions with `transaction` and pass `tx` to model functions; getDb and the schema are for models only.",
      },
    ],
  },
  {
    files: ["app/components/**"],
    patterns: [
      ...forbid("Components never import models, services or app/server (import type is allowed).", layer("models", "services", "server"), {
        allowTypeImports: true,
      }),
      ...forbid("Components never import routes.", [...layer("routes")]),
      ...forbid("Components never touch the database.", SQL_LIBRARIES),
    ],
  },
  {
    files: ["app/routes/**", "app/root.tsx", "app/entry.client.tsx"],
    patterns: [
      ...forbid("Routes never import models: call a service (SQL stays out of routes; import type is allowed).", layer("models"), {
        allowTypeImports: true,
      }),
      ...forbid("Routes never touch the database: call a service.", SQL_LIBRARIES),
    ],
  },
  {
    files: ["app/server/**", "app/entry.server.tsx"],
    patterns: forbid("app/server (and the server entry) is HTTP glue under the routes: it never imports routes or components.", [
      ...layer("routes", "components"),
      root,
    ]),
  },
].map(({ files, patterns, paths }) => ({
  files,
  ignores: ["**/*.test.ts", "**/*.test.tsx"],
  rules: { "no-restricted-imports": ["error", { patterns, ...(paths ? { paths } : {}) }] },
}));

// The one service allowed to use the HTTP session: the wizard's draft belongs to the session until the
// applicant has an account, so finding the draft and signing in on it are one workflow.
const SESSION_BOUND_SERVICES = [
  "app/features/applications/wizard/draft.server.ts", // the wizard's draft is found through, and signs in on, the HTTP session
];

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
  ...layerRules,
  {
    files: SESSION_BOUND_SERVICES,
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: forbid("Services never import routes or components.", [...layer("components", "routes"), root]) },
      ],
    },
  },
);
