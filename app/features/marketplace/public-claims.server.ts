/**
 * The public pages' claims, read from the ACTIVE catalogue (active products of active lenders that
 * could be saved today: `listActiveProductTerms`, the same list matching prices offers from) and
 * computed by domain/public-claims.ts. The pages are render-cached; a catalogue change clears the
 * cache (lender-catalogue.server.ts calls invalidatePublicPages), so a claim never outlives its product.
 */
import { getProductBySlug, type LoanProduct, type LoanProductSlug } from "~/content/products";
import { catalogueClaims, claimTexts, type CatalogueClaims, type ClaimTexts } from "~/features/marketplace/domain/public-claims";
import { listActiveProductTerms } from "~/features/marketplace/lenders.server";
import { isDatabaseUnavailable } from "~/platform/db/db-errors.server";
import { publicPagesGeneration } from "~/platform/http/render-cache/generation.server";

export type PublicClaims = { claims: CatalogueClaims; texts: ClaimTexts };

/**
 * The last claims loaded, by purposes, with the public pages' generation they were loaded in: a
 * catalogue change (invalidatePublicPages) makes them stale, as it does the render cache's pages.
 */
const lastLoaded = new Map<string, { generation: number; value: PublicClaims }>();

/**
 * The claims every active product backs (purposes null) or those of the given purposes. When the
 * database does not answer (its deadline, db.server.ts), the last claims loaded since the latest
 * catalogue change; without those the error is thrown (see publicClaimsOrNone).
 */
export async function loadPublicClaims(purposes: readonly string[] | null = null): Promise<PublicClaims> {
  const key = purposes ? JSON.stringify([...purposes].sort()) : "*";
  const generation = publicPagesGeneration();
  try {
    const claims = catalogueClaims(await listActiveProductTerms(), purposes);
    const value = { claims, texts: claimTexts(claims) };
    if (publicPagesGeneration() === generation) lastLoaded.set(key, { generation, value });
    return value;
  } catch (e) {
    const kept = lastLoaded.get(key);
    if (isDatabaseUnavailable(e) && kept && kept.generation === publicPagesGeneration()) return kept.value;
    throw e;
  }
}

/**
 * For a public page that must answer during a database outage (the FAQ): the claims as
 * loadPublicClaims gives them, or null when the database is down and none are kept (the page then
 * writes claim-free text; entry.server.tsx keeps such an answer out of the caches).
 */
export async function publicClaimsOrNone(purposes: readonly string[] | null = null): Promise<PublicClaims | null> {
  try {
    return await loadPublicClaims(purposes);
  } catch (e) {
    if (isDatabaseUnavailable(e)) return null;
    throw e;
  }
}

/** The loader of a product page: its copy and the claims of its purposes' active products. */
export function productLoader(slug: LoanProductSlug) {
  return async (): Promise<{ product: LoanProduct } & PublicClaims> => {
    const product = getProductBySlug(slug);
    if (!product) throw new Response("Not Found", { status: 404 });
    return { product, ...(await loadPublicClaims(product.purposes)) };
  };
}
