/**
 * "No English left on a Spanish page" (issue 30), as a reader would notice it: English function
 * words ("the", "your", "with"...), which Spanish never uses, in the visible text or an e-mail.
 * Proper names are not sentences: lender names (marked data-testid=partner-lender on pages) are
 * taken out before, and addresses, e-mail addresses, file names and codes with a digit in them
 * (application references, whose random letters can spell "TO" or "IN") are skipped here.
 */
const ENGLISH_ONLY_WORDS = new Set([
  "the",
  "and",
  "your",
  "you",
  "with",
  "this",
  "that",
  "for",
  "from",
  "are",
  "is",
  "was",
  "will",
  "have",
  "has",
  "our",
  "of",
  "to",
  "in",
  "on",
  "by",
  "an",
  "be",
  "or",
  "it",
  "we",
  "can",
  "after",
  "before",
  "when",
  "please",
]);

/** Snippets of `text` around each English-only word (none: the text reads as Spanish). */
export function englishIn(text: string): string[] {
  const cleaned = text
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/[\w.+-]+@[\w.-]+/g, " ")
    .replace(/\b[\w-]+\.(pdf|png|jpe?g|csv|eml)\b/gi, " ")
    // Codes with a digit (references such as APP-7TO3K..., ids): their letters are no words ("TO").
    .replace(/[\w-]*\d[\w-]*/g, " ")
    .replace(/\s+/g, " ");
  const hits: string[] = [];
  for (const m of cleaned.matchAll(/\p{L}+/gu)) {
    if (!ENGLISH_ONLY_WORDS.has(m[0].toLowerCase())) continue;
    const at = m.index ?? 0;
    hits.push(cleaned.slice(Math.max(0, at - 50), at + 50).trim());
  }
  return [...new Set(hits)];
}

/**
 * The figures of a text (money, percentages, plain numbers with a decimal point or grouping), with
 * the spacing es-US puts before "%" taken out: identical lists mean the same figures in both languages.
 */
export function figuresIn(text: string): string[] {
  return [...text.replace(/\u00a0|\u202f/g, " ").matchAll(/-?\$\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?\s?%/g)]
    .map((m) => m[0].replace(/\s/g, ""))
    .sort();
}
