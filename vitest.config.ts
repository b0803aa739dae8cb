import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Three projects, all run by `npm test`:
 * - unit: pure modules next to the code (app/**), no database, no build: `npm run test:unit`.
 * - integration: HTTP and model tests against a throwaway MySQL database and a production server
 *   (tests/integration, tests/security).
 * - e2e: Chromium with and without JavaScript against the same server (tests/e2e).
 * The last two share one global setup (one database, one server per run).
 */
const serverBacked = {
  globalSetup: ["tests/support/global-setup.ts"],
  setupFiles: ["tests/support/setup-env.ts"],
};

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default"],
    projects: [
      { extends: true, test: { name: "unit", include: ["app/**/*.test.{ts,tsx}"] } },
      {
        extends: true,
        // One retry here too: two runs in five met a transient MariaDB error (EE_DELETE, a failed
        // claim of four racing outbox drainers) that the next run did not. Twice is a failure.
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "tests/security/**/*.test.ts"],
          retry: 1,
          ...serverBacked,
        },
      },
      // A browser test that fails is run once more before it counts as failed: on 2 cores a page
      // can miss a 15 s wait. One intermittent case is known and open (step 1's Continue with
      // JavaScript, seen once in several full runs); a test that fails twice still fails the run.
      { extends: true, test: { name: "e2e", include: ["tests/e2e/**/*.test.ts"], retry: 1, ...serverBacked } },
    ],
  },
});
