/**
 * Passwords: argon2id at or above the ASVS minimums, rehashed at sign-in when the stored hash is
 * weaker; 8 characters minimum, long and non-ASCII passwords accepted whole (no truncation: a
 * difference at character 73 matters); the most common passwords refused with a clear message.
 */
import { hash } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import { getUserByEmail, updateUser } from "~/features/accounts/users.server";
import { COMMON_PASSWORD_MESSAGE } from "~/features/accounts/password/password-policy.server";
import { registerUser } from "~/features/accounts/auth.server";
import { accountInput, createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { Client, uniqueEmail } from "../support/http";

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/;

const signupForm = (email: string, password: string) => ({
  firstName: "Pat",
  lastName: "Passphrase",
  email,
  password,
  phone: "555-010-3434",
  dateOfBirth: "1979-05-05",
  usCitizen: "on",
  agreeToTerms: "on",
  agreeToElectronicRecords: "on",
});

describe("password storage", () => {
  it("stores argon2id with m >= 19456 KiB, t >= 2, p = 1, a salt per hash", async () => {
    // Made as sign-up makes them (the fixtures share one hash of the test password to save time).
    const one = await registerUser(accountInput());
    const two = await registerUser(accountInput());
    for (const u of [one, two]) {
      const m = PHC.exec((await getUserByEmail(u.email))!.passwordHash)!;
      expect(Number(m[1])).toBeGreaterThanOrEqual(19456);
      expect(Number(m[2])).toBeGreaterThanOrEqual(2);
      expect(Number(m[3])).toBe(1);
    }
    expect((await getUserByEmail(one.email))!.passwordHash).not.toBe((await getUserByEmail(two.email))!.passwordHash);
  });

  it("rehashes a weaker stored hash at the next sign-in", async () => {
    const u = await createApplicant();
    const weak = await hash(TEST_PASSWORD, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await updateUser(u.id, { passwordHash: weak });
    const res = await new Client().fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } });
    expect(res.headers.get("location")).toBe("/dashboard");
    const stored = (await getUserByEmail(u.email))!.passwordHash;
    expect(stored).not.toBe(weak);
    const m = PHC.exec(stored)!;
    expect(Number(m[1])).toBeGreaterThanOrEqual(19456);
    expect(Number(m[2])).toBeGreaterThanOrEqual(2);
    // And the new hash still signs in.
    expect((await new Client().fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } })).headers.get("location")).toBe(
      "/dashboard",
    );
  });
});

describe("password policy", () => {
  it("accepts a 100-character password whole: a change at character 73 or cutting it at 72 fails", async () => {
    const email = uniqueEmail("long-password");
    const long = "correct horse battery staple ".repeat(4).slice(0, 100);
    expect((await new Client().fetch("/signup", { form: signupForm(email, long) })).headers.get("location")).toBe("/dashboard");
    const login = (password: string) => new Client().fetch("/login", { form: { email, password } });
    expect((await login(long)).headers.get("location")).toBe("/dashboard");
    const at73 = long.slice(0, 72) + (long[72] === "x" ? "y" : "x") + long.slice(73);
    expect((await login(at73)).status).toBe(401);
    expect((await login(long.slice(0, 72))).status).toBe(401);
  });

  it("accepts non-ASCII passwords and the 8-character minimum, refuses 7 characters", async () => {
    const unicode = "pässwörd-ñ-日本語-🔐";
    const e1 = uniqueEmail("unicode-password");
    expect((await new Client().fetch("/signup", { form: signupForm(e1, unicode) })).headers.get("location")).toBe("/dashboard");
    expect((await new Client().fetch("/login", { form: { email: e1, password: unicode } })).headers.get("location")).toBe("/dashboard");
    const e2 = uniqueEmail("short-password");
    expect((await new Client().fetch("/signup", { form: signupForm(e2, "Qz7#kLw2") })).headers.get("location")).toBe("/dashboard");
    const e3 = uniqueEmail("too-short");
    const short = await new Client().fetch("/signup", { form: signupForm(e3, "Qz7#kLw") });
    expect(short.status).toBe(400);
    expect(await getUserByEmail(e3)).toBeNull();
  });

  it("refuses a very common password at sign-up with a clear message", async () => {
    const email = uniqueEmail("common-password");
    const res = await new Client().fetch("/signup", { form: signupForm(email, "iloveyou") });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(COMMON_PASSWORD_MESSAGE);
    expect(await getUserByEmail(email)).toBeNull();
  });
});
