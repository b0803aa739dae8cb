/**
 * Pages as a browser without JavaScript gets them, parsed (cheerio): for HTTP tests of what the
 * server renders (texts, links, statuses, messages, forms), which need no browser.
 */
import * as cheerio from "cheerio";
import { Client } from "./http";

export type Html = cheerio.CheerioAPI;

/** Text with runs of white space made single spaces. */
export const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/** The parsed document of an answer, with its status and raw HTML. */
export async function parse(res: Response) {
  const html = await res.text();
  const $ = cheerio.load(html);
  return { status: res.status, headers: res.headers, html, $, text: (sel = "body") => squash($(sel).text()) };
}

/** GETs `path` with `client` (a new visitor by default; redirects are not followed) and parses it. */
export async function getPage(path: string, client = new Client()) {
  return parse(await client.fetch(path));
}

/** POSTs a form like a browser without JavaScript and parses the answer (not following a redirect). */
export async function postForm(path: string, form: Record<string, string>, client = new Client()) {
  return parse(await client.fetch(path, { form }));
}

/** Follows redirects of GETs (up to 5), as a browser would, keeping the client's cookies. */
export async function follow(client: Client, path: string) {
  let current = path;
  for (let hops = 0; hops < 5; hops++) {
    const res = await client.fetch(current);
    if (res.status < 300 || res.status >= 400) return { ...(await parse(res)), url: current };
    await res.arrayBuffer();
    const next = new URL(res.headers.get("location")!, "http://internal");
    current = next.pathname + next.search;
  }
  throw new Error(`${path}: too many redirects`);
}

/** The element labelled `label` (by <label for>, aria-label or aria-labelledby), like getByLabel. */
export function byLabel($: Html, label: string | RegExp) {
  const matches = (t: string) => (typeof label === "string" ? squash(t) === label : label.test(squash(t)));
  const ids = $("label[for]")
    .filter((_, el) => matches($(el).text()))
    .map((_, el) => $(el).attr("for"))
    .get();
  const byFor = ids.map((id) => $(`[id="${id}"]`)).find((x) => x.length);
  if (byFor) return byFor;
  const wrapped = $("label")
    .filter((_, el) => matches($(el).text()))
    .find("input,select,textarea")
    .first();
  if (wrapped.length) return wrapped;
  return $("[aria-label]")
    .filter((_, el) => matches($(el).attr("aria-label") ?? ""))
    .first();
}

/** Every href of the links whose text (or aria-label) is `name`, in `scope`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function linkHrefs($: Html, name: string | RegExp, scope: string | cheerio.Cheerio<any> = "body") {
  const matches = (t: string) => (typeof name === "string" ? t === name : name.test(t));
  return (typeof scope === "string" ? $(scope) : scope)
    .find("a[href]")
    .filter((_, el) => matches(squash($(el).text())) || matches($(el).attr("aria-label") ?? ""))
    .map((_, el) => $(el).attr("href"))
    .get();
}

/** The element whose accessible name (aria-label, or the text of its aria-labelledby) is `name`. */
export function named($: Html, name: string, selector = "[aria-label],[aria-labelledby]") {
  return $(selector)
    .filter((_, el) => {
      const label = $(el).attr("aria-label");
      if (label !== undefined) return squash(label) === name;
      const ids = ($(el).attr("aria-labelledby") ?? "").split(/\s+/).filter(Boolean);
      return squash(ids.map((id) => $(`[id="${id}"]`).text()).join(" ")) === name;
    })
    .first();
}

/**
 * What a browser without JavaScript would send for `form` as it is on the page (inputs with their
 * values, ticked boxes, selected options, text areas), with `fill` typed over it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function formValues($: Html, form: string | cheerio.Cheerio<any>, fill: Record<string, string> = {}) {
  const f = typeof form === "string" ? $(form) : form;
  if (!f.length) throw new Error(`no form ${String(form)}`);
  const out: Record<string, string> = {};
  f.find("input[name],select[name],textarea[name]").each((_, el) => {
    const e = $(el);
    const name = e.attr("name")!;
    if (e.is("[disabled]") || e.is("[type=file]") || e.is("[type=submit]")) return;
    if (e.is("[type=checkbox],[type=radio]")) {
      if (e.is("[checked]")) out[name] = e.attr("value") ?? "on";
    } else if (e.is("select")) out[name] = e.find("option[selected]").attr("value") ?? e.find("option").first().attr("value") ?? "";
    else if (e.is("textarea")) out[name] = e.text();
    else out[name] = e.attr("value") ?? "";
  });
  return { ...out, ...fill };
}
