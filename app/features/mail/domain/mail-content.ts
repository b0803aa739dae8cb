/**
 * What an e-mail says, once, as blocks: the HTML part (React components, mail/components.tsx) and
 * the plain-text part (mailText below) are both rendered from the same content, so they cannot
 * drift apart. Every link is an absolute URL (built from the public origin by the sender).
 */
import { resourcesFor, type Language } from "~/content/locales";

export type MailBlock =
  | { type: "paragraph"; text: string }
  | { type: "list"; items: readonly string[] }
  /** Label and value pairs: an offer's figures, an application's reference and amount. */
  | { type: "facts"; rows: ReadonlyArray<readonly [label: string, value: string]> }
  /** A link the reader follows: a button in HTML, "label: URL" in text. */
  | { type: "action"; label: string; href: string }
  /** A boxed legal notice (notice of action taken, ECOA) with its own blocks. */
  | { type: "notice"; title: string; blocks: readonly MailBlock[] };

export type MailContent = {
  subject: string;
  /** "Hello Ana,": omitted for e-mails to a team. */
  greeting?: string;
  blocks: readonly MailBlock[];
  /** The closing: the support contact (default) or none (an internal note to admins). */
  signature?: "support" | "none";
  /** The language it is written in (absent: English): the HTML's lang and the signature's words. */
  lang?: Language;
};

export type MailSupport = { name: string; phone: string; hours: string; email: string };

export const paragraph = (text: string): MailBlock => ({ type: "paragraph", text });
export const list = (items: readonly string[]): MailBlock => ({ type: "list", items });
export const facts = (rows: ReadonlyArray<readonly [string, string]>): MailBlock => ({ type: "facts", rows });
export const action = (label: string, href: string): MailBlock => ({ type: "action", label, href });
export const notice = (title: string, blocks: readonly MailBlock[]): MailBlock => ({ type: "notice", title, blocks });

/**
 * Lines written for a text notice (shared with the pages: "- " starts a list item, "" separates)
 * as blocks: runs of "- " lines become one list, every other line a paragraph.
 */
export function linesToBlocks(lines: readonly string[]): MailBlock[] {
  const out: MailBlock[] = [];
  let items: string[] = [];
  const flush = () => {
    if (items.length) out.push(list(items));
    items = [];
  };
  for (const line of lines) {
    if (line.startsWith("- ")) {
      items.push(line.slice(2));
      continue;
    }
    flush();
    if (line.trim()) out.push(paragraph(line));
  }
  flush();
  return out;
}

function blockText(b: MailBlock): string {
  switch (b.type) {
    case "paragraph":
      return b.text;
    case "list":
      return b.items.map((i) => `- ${i}`).join("\n");
    case "facts":
      return b.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
    case "action":
      return `${b.label}: ${b.href}`;
    case "notice":
      return [b.title, ...b.blocks.map(blockText)].join("\n");
  }
}

/** The signature's words in `lang`: "Phone", "E-mail" and the support hours. */
export function signatureWords(lang: Language = "en") {
  return resourcesFor(lang).mail.signature;
}

export function signatureLines(s: MailSupport, lang: Language = "en"): string[] {
  const w = signatureWords(lang);
  const hours = lang === "en" ? s.hours : w.hours;
  return [s.name, `${w.phone}: ${s.phone} (${hours})`, `${w.email}: ${s.email}`];
}

/** The plain-text part: the same blocks, one paragraph each, separated by a blank line. */
export function mailText(c: MailContent, support: MailSupport): string {
  const parts = [...(c.greeting ? [c.greeting] : []), ...c.blocks.map(blockText)];
  if ((c.signature ?? "support") === "support") parts.push(signatureLines(support, c.lang).join("\n"));
  return `${parts.join("\n\n")}\n`;
}
