import { describe, expect, it } from "vitest";
import { MSG } from "~/content/messages";
import { LANGUAGES, resources, TRANSLATED_MESSAGE_KEYS } from "~/content/locales";

/** Every key path of a resource tree ("common.header.login"), sorted. */
function keyPaths(tree: unknown, prefix = ""): string[] {
  if (typeof tree === "string") return [prefix];
  return Object.entries(tree as Record<string, unknown>)
    .flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k))
    .sort();
}
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("translations", () => {
  const en = keyPaths(resources.en);
  it.each(LANGUAGES.filter((l) => l !== "en"))("%s has exactly the English keys, none empty, the same placeholders", (lang) => {
    expect(keyPaths(resources[lang])).toEqual(en);
    const get = (tree: unknown, path: string) => path.split(".").reduce((t, k) => (t as Record<string, unknown>)[k], tree) as string;
    for (const path of en) {
      const value = get(resources[lang], path);
      expect(value.trim(), path).not.toBe("");
      expect(placeholders(value), path).toEqual(placeholders(get(resources.en, path)));
    }
  });

  it("English messages are the spec's, word for word", () => {
    for (const k of TRANSLATED_MESSAGE_KEYS) expect(resources.en.messages[k]).toBe(MSG[k]);
  });

  it("no Spanish message is left in English", () => {
    for (const k of TRANSLATED_MESSAGE_KEYS) expect(resources.es.messages[k], k).not.toBe(MSG[k]);
  });
});
