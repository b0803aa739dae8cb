/** Debian's Chromium through playwright-core, launched like the browser tests launch it. */
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/support/chromium";

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 30_000 });
}
