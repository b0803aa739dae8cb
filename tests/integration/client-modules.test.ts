/**
 * The JavaScript a page that hydrates asks for, over HTTP (#29: Lighthouse performance on
 * `/apply/loan` and the offers page). Each module a phone fetches is a request and a main-thread
 * task of its own, so none may be a stand-in for a server-only file (`*.server.ts`): the Remix
 * compiler empties those for the browser, and before patches/@remix-run+dev+2.17.5.patch every
 * route that imported one (for its loader) fetched a 106-byte chunk holding `exports={}`, eight of
 * the 37 modules on `/apply/loan`. And the shared code every page runs comes in a few modules, not
 * one per set of routes that happens to share it (app/browser-shell.client.ts): `/apply/loan`
 * fetched 37 modules before both changes and 13 after.
 */
import { describe, expect, it } from "vitest";
import { applyWith } from "../support/apply-flow";
import { follow } from "../support/html";
import { Client } from "../support/http";

/** The modules the document asks for: its preloads and the module scripts' own `import`s. */
function modulesOf(html: string) {
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/gi)].map((m) => m[1]!);
  const imported = [...html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/gi)].flatMap((m) =>
    [...m[1]!.matchAll(/import\s*(?:[^"']*from\s*)?["']([^"']+\.js)["']/g)].map((i) => i[1]!),
  );
  return [...new Set([...preloads, ...imported])];
}

/** A module whose whole body is esbuild's CommonJS wrapper around an empty `exports` object. */
const isEmptiedModule = (source: string) =>
  /^(?:import\s*\{[^}]*\}\s*from\s*"[^"]+";)?var \w+=\w+\(\(\w+,\w+\)=>\{\w+\.exports=\{\}\}\);export\{\w+ as \w+\};?\s*$/.test(
    source.trim(),
  );

async function expectNoEmptiedModules(client: Client, path: string, budget: number) {
  const page = await follow(client, path);
  expect(page.status).toBe(200);
  const modules = modulesOf(page.html);
  // The page hydrates: entry, root and its route modules at least.
  expect(modules.length).toBeGreaterThan(3);
  const emptied: string[] = [];
  for (const href of modules) {
    const res = await client.fetch(href);
    expect(res.status, href).toBe(200);
    const source = await res.text();
    if (isEmptiedModule(source)) emptied.push(href);
  }
  expect(emptied).toEqual([]);
  // The budget: a few more than today's count, far below the 37 and 49 of before.
  expect(modules.length).toBeLessThanOrEqual(budget);
}

describe("the modules a hydrating page fetches", () => {
  it("recognises the emptied-module wrapper esbuild writes (the check below can fail)", () => {
    expect(isEmptiedModule('import{b as o}from"/build/_shared/chunk-MPA3MEJE.js";var p=o((r,e)=>{e.exports={}});export{p as a};\n')).toBe(
      true,
    );
    expect(isEmptiedModule('import{b as o}from"/build/_shared/chunk-X.js";var p=o((r,e)=>{e.exports={a:1}});export{p as a};')).toBe(false);
  });

  it("/apply/loan asks for no stand-in of a server-only file, and for a handful of modules", async () => {
    await expectNoEmptiedModules(new Client(), "/apply/loan", 16);
  });

  it("the offers page and the sign-in page ask for none either", async () => {
    const applicant = new Client();
    const { app } = await applyWith(applicant, { tag: "modules" });
    await expectNoEmptiedModules(applicant, `/dashboard/applications/${app.reference}/offers`, 30);
    await expectNoEmptiedModules(new Client(), "/login", 18);
  });
});
