/**
 * The part of Lighthouse's API the bench uses. Lighthouse is a bench-only dependency (bench/package.json,
 * installed by `npm run bench`), so the product's typecheck must not need it installed; once it is,
 * its own types take precedence over this declaration.
 */
declare module "lighthouse" {
  type Audit = { score: number | null; numericValue?: number };
  type Category = { score: number | null; auditRefs: { id: string; weight: number }[] };
  export type Result = {
    lhr: {
      runtimeError?: { code: string; message: string };
      categories: Record<string, Category | undefined>;
      audits: Record<string, Audit | undefined>;
    };
  };
  export default function lighthouse(
    url: string,
    flags: { port: number; output: "json"; logLevel: "error"; onlyCategories: string[]; extraHeaders?: Record<string, string> },
  ): Promise<Result | undefined>;
}
