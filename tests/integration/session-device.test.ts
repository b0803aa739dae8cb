/**
 * Issue 29's polish: the sessions list on /account names the browser a session was started in,
 * also when the account was made by the wizard's Submit (the session then starts inside the
 * wizard, which used to drop the User-Agent and list "Unknown browser").
 */
import { describe, expect, it } from "vitest";
import { parse } from "../support/html";
import { Client } from "../support/http";
import { FINANCES, LOAN, ADDRESS, owner } from "../support/wizard";
import { TEST_PASSWORD } from "../support/fixtures";

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** A browser without JavaScript that sends its User-Agent on every request, as a phone's does. */
class PhoneClient extends Client {
  override fetch(pathname: string, init: Parameters<Client["fetch"]>[1] = {}) {
    const headers = new Headers(init.headers);
    headers.set("user-agent", ANDROID_CHROME);
    return super.fetch(pathname, { ...init, headers });
  }
}

describe("the sessions list", () => {
  it("names the phone's browser for a session the wizard's Submit started", async () => {
    const c = new PhoneClient();
    const post = async (path: string, form: Record<string, string>) => {
      const res = await c.fetch(path, { form: { ...form, intent: "continue" } });
      expect(res.status, path).toBe(302);
      return res;
    };
    await post("/apply/loan", LOAN);
    await post("/apply/owner", { ...owner(), password: TEST_PASSWORD });
    await post("/apply/address", ADDRESS);
    await post("/apply/finances", FINANCES);
    await post("/apply/documents", {});
    const review = await post("/apply/review", { agreeTerms: "on", authorizeCredit: "on" });
    expect(review.headers.get("location")).toBe("/apply/submitted");

    const { text } = await parse(await c.fetch("/account"));
    const sessions = text("[data-testid=sessions]");
    expect(sessions).toContain("Chrome on Android");
    expect(sessions).not.toMatch(/Unknown browser|not recognised/);
  });
});
