/** What each bench returns, and how run.ts prints it (terminal) and writes it (Markdown). */
export type Table = { title: string; columns: string[]; rows: Array<Array<string | number>>; notes?: string[] };
export type Check = { name: string; pass: boolean; detail?: string };
export type SectionResult = { tables: Table[]; checks: Check[] };

/** A column is right-aligned when every cell starts like a number (figures, sizes, times). */
const numeric = (t: Table, i: number) => i > 0 && t.rows.length > 0 && t.rows.every((r) => /^-?[\d.]/.test(String(r[i] ?? "")));

function widths(t: Table) {
  return t.columns.map((c, i) => Math.max(c.length, ...t.rows.map((r) => String(r[i] ?? "").length)));
}

export function formatTable(t: Table) {
  const w = widths(t);
  const line = (cells: Array<string | number>) =>
    cells.map((c, i) => (numeric(t, i) ? String(c).padStart(w[i]!) : String(c).padEnd(w[i]!))).join("  ");
  const out = [`\n${t.title}`, line(t.columns), w.map((n) => "-".repeat(n)).join("  "), ...t.rows.map(line)];
  for (const n of t.notes ?? []) out.push(`  * ${n}`);
  return out.join("\n");
}

export function formatChecks(checks: Check[]) {
  return checks.map((c) => `${c.pass ? "PASS" : "FAIL"}  ${c.name}${c.detail ? ` (${c.detail})` : ""}`).join("\n");
}

const esc = (s: string | number) => String(s).replace(/\|/g, "\\|");

export function markdownTable(t: Table) {
  const out = [
    `### ${t.title}`,
    "",
    `| ${t.columns.map(esc).join(" | ")} |`,
    `|${t.columns.map((_, i) => (numeric(t, i) ? " ---: " : " --- ")).join("|")}|`,
  ];
  for (const r of t.rows) out.push(`| ${r.map(esc).join(" | ")} |`);
  if (t.notes?.length) out.push("", ...t.notes.map((n) => `- ${n}`));
  return out.join("\n");
}

export function markdownChecks(checks: Check[]) {
  return checks.map((c) => `- **${c.pass ? "PASS" : "FAIL"}** ${esc(c.name)}${c.detail ? ` (${esc(c.detail)})` : ""}`).join("\n");
}
