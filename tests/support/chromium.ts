import fs from "node:fs";

/** Debian's Chromium, launched the way this machine needs (no downloaded browser). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The browser the tests drive (tests/support/browser.ts): `CHROMIUM_PATH` when set; else Debian's
 * headless shell of the same Chromium (`apt-get install chromium-headless-shell`) when installed;
 * else Chromium itself. The headless shell is Chromium's engine without the desktop browser around
 * it: the same pages, layout and scripts, for about a third less CPU per test file measured
 * 2026-11-28 (the calculator and keyboard/layout files: 26 s against 39 s) and a launch a third the
 * cost. It has no PDF viewer (a PDF opened inline is downloaded): a file that opens one asks for
 * Chromium (`setupBrowser({ pdfViewer: true })`), as do the benchmarks (lighthouse).
 */
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";
export const TEST_BROWSER_PATH = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
