/**
 * `npm run screenshots`: PNGs of the landing page, a product page, every wizard step,
 * the dashboard and the admin panel at 375 px and 1280 px, into screenshots/ (git-ignored), and a
 * report of any page that scrolls sideways at 375 px. It runs tests/e2e/screenshots.test.ts with
 * SCREENSHOTS_ALL=1 (that test owns the throwaway database, server and accounts); in the normal
 * suite the same test covers a few pages only.
 */
import { spawnSync } from "node:child_process";

const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) => {
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run("npx", ["remix", "build"]);
run("npx", ["vitest", "run", "tests/e2e/screenshots.test.ts"], { ...process.env, SCREENSHOTS_ALL: "1" });
