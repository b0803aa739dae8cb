/**
 * Issue 30, "En español", over HTTP as a browser without JavaScript: the language chosen by
 * `?lng=`, the `lng` cookie (the switch), the account's stored language, then Accept-Language;
 * <html lang>, hreflang and canonical links on public pages; the switch; the account keeping the
 * choice across sign-in; a wizard message in Spanish from the server; no English left on the
 * Spanish pages translated so far. The same message with JavaScript on: tests/e2e/i18n.test.ts.
 */
import { describe, expect, it } from "vitest";
import { pageTexts, resources, TRANSLATED_MESSAGE_KEYS } from "~/content/locales";
import { MSG } from "~/content/messages";
import { site } from "~/content/site";
import { createApplicant } from "../support/fixtures";
import { follow, getPage, parse, squash } from "../support/html";
import { englishSentences, visibleText } from "../support/i18n";
import { Client } from "../support/http";
import { signInApplicantOverHttp } from "../support/sign-in";

const ES = { "accept-language": "es-US,es;q=0.9" };
const scriptFiles = (html: string) => [...html.matchAll(/<script\b[^>]*\bsrc=|<link\b[^>]*\brel="modulepreload"/gi)].length;

describe("choosing the language", () => {
  it("?lng=es gives the Spanish page with <html lang=es>, hreflang alternates and its canonical address; no scripts on the landing", async () => {
    const { status, $, html } = await getPage("/?lng=es");
    expect(status).toBe(200);
    expect($("html").attr("lang")).toBe("es");
    expect(squash($("h1").text())).toBe(resources.es.landing.heading);
    const alt = (lang: string) => $(`link[rel=alternate][hreflang=${lang}]`).attr("href") ?? "";
    expect(new URL(alt("en")).pathname + new URL(alt("en")).search).toBe("/");
    expect(new URL(alt("es")).search).toBe("?lng=es");
    expect(new URL(alt("x-default")).search).toBe("");
    expect($("link[rel=canonical]").attr("href")).toBe(alt("es"));
    expect(scriptFiles(html)).toBe(0);

    const en = await getPage("/");
    expect(en.$("html").attr("lang")).toBe("en");
    expect(en.$("link[rel=canonical]").attr("href")).toBe(alt("en"));
  });

  it("English pages download no Spanish; a Spanish page that hydrates brings its own texts, and a page without scripts none", async () => {
    const client = new Client();
    const en = await getPage("/login", client);
    expect(en.$("#lw-texts").length).toBe(0);
    const files = [
      ...en
        .$("script[src]")
        .map((_, el) => en.$(el).attr("src"))
        .get(),
      ...en
        .$("link[rel=modulepreload]")
        .map((_, el) => en.$(el).attr("href"))
        .get(),
    ];
    expect(files.length).toBeGreaterThan(0);
    const code = (await Promise.all(files.map(async (f) => (await client.fetch(f)).text()))).join("\n");
    expect(code).toContain(resources.en.common.skipToMain);
    expect(code).not.toContain(resources.es.common.skipToMain);
    expect(code).not.toContain(resources.es.auth.welcomeBack);
    // The e-mails' texts are the server's only, in both languages.
    expect(code).not.toContain(resources.en.mail.account.linkOnce24h);

    const es = await getPage("/login?lng=es");
    const texts = JSON.parse(es.$("#lw-texts").text()) as Record<string, unknown>;
    expect(texts).toEqual(pageTexts("es"));
    expect(texts.common).toEqual(resources.es.common);
    expect(texts.mail).toBeUndefined();
    expect((await getPage("/?lng=es")).$("#lw-texts").length).toBe(0);
  });

  it("a first visit with Accept-Language: es gets Spanish; English otherwise, each from its own cache entry", async () => {
    for (let i = 0; i < 2; i++) {
      const es = await parse(await new Client().fetch("/faq", { headers: ES }));
      expect(es.$("html").attr("lang")).toBe("es");
      expect(es.headers.get("vary") ?? "").toMatch(/Accept-Language/);
      const en = await parse(await new Client().fetch("/faq", { headers: { "accept-language": "en-US,en;q=0.9" } }));
      expect(en.$("html").attr("lang")).toBe("en");
    }
    const login = await parse(await new Client().fetch("/login", { headers: ES }));
    expect(login.$("html").attr("lang")).toBe("es");
    expect(squash(login.$("h1").text())).toBe(resources.es.auth.welcomeBack);
    expect(login.$("title").text()).toBe(`Iniciar sesión | ${site.name}`);
  });

  it("the switch works without JavaScript: a GET form that sets the cookie, and a later page stays Spanish", async () => {
    const c = new Client();
    const { $ } = await getPage("/faq", c);
    const form = $("form[action='/language']");
    expect(form.attr("method")).toBe("get");
    expect(form.find("input[name=lng]").attr("value")).toBe("es");
    expect(form.find("input[name=redirectTo]").attr("value")).toBe("/faq");
    const res = await c.fetch("/language?lng=es&redirectTo=%2Ffaq");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/faq");
    expect(res.headers.get("set-cookie") ?? "").toMatch(/^lng=/);
    const later = await follow(c, "/login");
    expect(later.$("html").attr("lang")).toBe("es");
    expect(later.$("form[action='/language'] input[name=lng]").attr("value")).toBe("en");
    // Back to English the same way.
    await c.fetch("/language?lng=en&redirectTo=/login");
    expect((await follow(c, "/login")).$("html").attr("lang")).toBe("en");
  });

  it("redirectTo is a same-site path only", async () => {
    for (const bad of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const res = await new Client().fetch(`/language?lng=es&redirectTo=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    }
    const kept = await new Client().fetch(`/language?lng=es&redirectTo=${encodeURIComponent("/loan-calculator?amount=5000&lng=en")}`);
    expect(kept.headers.get("location")).toBe("/loan-calculator?amount=5000");
  });

  it("a language we do not offer changes nothing: back to the page, no cookie, still English", async () => {
    for (const bad of ["fr", "", "ES", "es-MX"]) {
      const c = new Client();
      const res = await c.fetch(`/language?lng=${encodeURIComponent(bad)}&redirectTo=/faq`);
      expect(res.status, bad).toBe(302);
      expect(res.headers.get("location"), bad).toBe("/faq");
      expect(res.headers.get("set-cookie"), bad).toBeNull();
      expect((await parse(await c.fetch("/faq"))).$("html").attr("lang"), bad).toBe("en");
    }
  });

  it("a signed-in choice is saved on the account and kept at the next sign-in, over Accept-Language", async () => {
    const user = await createApplicant();
    const first = await signInApplicantOverHttp(new Client(), user);
    await first.fetch("/language?lng=en&redirectTo=/dashboard");
    // Another browser that asks for Spanish, no cookie of the switch: the account's English wins once signed in.
    const second = new Client();
    expect((await parse(await second.fetch("/login", { headers: ES }))).$("html").attr("lang")).toBe("es");
    await signInApplicantOverHttp(second, user);
    const dash = await parse(await second.fetch("/dashboard", { headers: ES }));
    expect(dash.status).toBe(200);
    expect(dash.$("html").attr("lang")).toBe("en");
    // And Spanish chosen on one device follows the account to another.
    await second.fetch("/language?lng=es&redirectTo=/dashboard");
    const third = await signInApplicantOverHttp(new Client(), user);
    const spanish = await parse(await third.fetch("/dashboard"));
    expect(spanish.$("html").attr("lang")).toBe("es");
    expect(squash(spanish.$("header").first().text())).toContain(resources.es.common.nav["Account settings"]);
  });
});

describe("the switch and another site", () => {
  it("a link on another site sets the browser's language but does not change the account's", async () => {
    const user = await createApplicant();
    const c = await signInApplicantOverHttp(new Client(), user);
    await c.fetch("/language?lng=en&redirectTo=/dashboard");
    const res = await c.fetch("/language?lng=es&redirectTo=/dashboard", { headers: { "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(302);
    // This browser now reads Spanish (its cookie)...
    expect((await parse(await c.fetch("/dashboard"))).$("html").attr("lang")).toBe("es");
    // Another device signing in gets the account's language, still English.
    const other = await signInApplicantOverHttp(new Client(), user);
    expect((await parse(await other.fetch("/dashboard", { headers: ES }))).$("html").attr("lang")).toBe("en");
  });
});

describe("Spanish pages", () => {
  it("the wizard's messages come back in Spanish from the server (JavaScript off)", async () => {
    const c = new Client();
    await c.fetch("/language?lng=es&redirectTo=/apply/loan");
    const res = await c.fetch("/apply/loan", { form: { amount: "", intent: "continue" } });
    expect(res.status).toBe(400);
    const { $, html } = await parse(res);
    expect($("html").attr("lang")).toBe("es");
    for (const k of ["amountRequired", "purposeRequired"] as const) {
      expect(html).toContain(resources.es.messages[k]);
      expect(visibleText($)).not.toContain(MSG[k]);
    }
  });

  it("a refused sign-in says so in Spanish (JavaScript off)", async () => {
    const c = new Client();
    await c.fetch("/language?lng=es&redirectTo=/login");
    const res = await c.fetch("/login", { form: { email: "nobody@example.com", password: "wrong-password-1" } });
    expect(res.status).toBe(401);
    const { $ } = await parse(res);
    expect(visibleText($)).toContain(resources.es.auth.loginFailedText);
    expect(visibleText($)).not.toContain(resources.en.auth.loginFailedDescription);
  });

  it.each(["/login", "/signup", "/apply/loan"])(
    "%s?lng=es (Spanish by its address, no cookie): the form posts back to the Spanish address, so a refusal stays Spanish",
    async (path) => {
      const c = new Client();
      const { $ } = await parse(await c.fetch(`${path}?lng=es`));
      const action = $("main form[method=post]").first().attr("action") ?? "";
      expect(new URL(action, "http://x").pathname).toBe(path);
      expect(new URL(action, "http://x").searchParams.get("lng")).toBe("es");
      const refused = await c.fetch(action, { form: { email: "not-an-email" } });
      expect([400, 401, 422]).toContain(refused.status);
      expect((await parse(refused)).$("html").attr("lang")).toBe("es");
      // The same form opened in English posts to the plain address.
      const en = await parse(await new Client().fetch(path));
      expect($("main form[method=post]").length).toBeGreaterThan(0);
      expect(en.$("main form[method=post]").first().attr("action")).toBe(path);
    },
  );

  it.each(["/terms-of-service", "/privacy-policy"])("%s in Spanish says, in Spanish, that the English text governs", async (path) => {
    const { $ } = await getPage(`${path}?lng=es`);
    const note = $("[data-testid=english-governs]");
    expect(note.attr("lang")).toBe("es");
    expect(squash(note.text())).toBe(resources.es.common.legal.englishGoverns);
    // The page is the translation (its language), under the note (tests/integration/i18n-public.test.ts).
    expect(note.closest("article").attr("lang")).toBe("es");
    expect((await getPage(path)).$("[data-testid=english-governs]").length).toBe(0);
  });

  it.each(["/?lng=es", "/login?lng=es", "/signup?lng=es", "/apply/loan?lng=es"])(
    "%s shows none of the English texts it translates",
    async (path) => {
      const { $, status } = await getPage(path);
      expect(status).toBe(200);
      const text = visibleText($);
      const english = [...englishSentences(["common", "landing", "auth", "wizard"]), ...TRANSLATED_MESSAGE_KEYS.map((k) => MSG[k])];
      expect(english.length).toBeGreaterThan(50);
      expect(english.filter((s) => text.includes(s))).toEqual([]);
    },
  );
});
