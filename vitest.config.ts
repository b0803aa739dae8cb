import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Three projects, all run by `npm test` (docs/architecture.md, "Tests", says what goes where):
 * - unit: pure modules next to the code (app/**), no database, no build: `npm run test:unit`.
 * - integration: HTTP and model tests against a throwaway MySQL database and a production server
 *   (tests/integration, tests/security), including the pages as served, parsed as HTML.
 * - e2e: Chromium against the same server (tests/e2e), only for what needs a browser, and the one
 *   accessibility sweep (tests/e2e/a11y-sweep-*.test.ts).
 * The last two use one global setup (each project gets its own database and server). No retries: a test that
 * fails once is a failure to fix. tests/e2e/screenshots.test.ts runs only for `npm run screenshots`.
 */
const serverBacked = {
  globalSetup: ["tests/support/global-setup.ts"],
  setupFiles: ["tests/support/setup-env.ts"],
  // A worker runs its files one after another in one module registry instead of importing vitest,
  // the app's modules and drizzle again for every file: importing was a quarter of the run's time
  // (153 s of module loading over 137 files; 78 s with this). Files share no state but the
  // project's server and database, which they shared already; none mocks a module.
  isolate: false,
};

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    pool: "forks",
    // Three on two cores: the server-backed files spend much of their time waiting on the server,
    // the database and Chromium, so a third file in flight uses time the first two leave idle.
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default"],
    projects: [
      { extends: true, test: { name: "unit", include: ["app/**/*.test.{ts,tsx}"] } },
      {
        extends: true,
        test: { name: "integration", include: ["tests/integration/**/*.test.ts", "tests/security/**/*.test.ts"], ...serverBacked },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          exclude: process.env.SCREENSHOTS_ALL === "1" ? [] : ["tests/e2e/screenshots.test.ts"],
          ...serverBacked,
        },
      },
    ],
  },
});
