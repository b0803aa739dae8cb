/**
 * The public pages' claims, read from the ACTIVE catalogue (active products of active lenders that
 * could be saved today: `listActiveProductTerms`, the same list matching prices offers from) and
 * computed by domain/public-claims.ts. The pages are render-cached; a catalogue change clears the
 * cache (lender-catalogue.server.ts calls invalidatePublicPages), so a claim never outlives its product.
 */
import { getProductBySlug, type LoanProduct, type LoanProductSlug } from "~/content/products";
import { catalogueClaims, claimTexts, type CatalogueClaims, type ClaimTexts } from "~/features/marketplace/domain/public-claims";
import { listActiveProductTerms } from "~/features/marketplace/lenders.server";

export type PublicClaims = { claims: CatalogueClaims; texts: ClaimTexts };

/** The claims every active product backs (purposes null) or those of the given purposes. */
export async function loadPublicClaims(purposes: readonly string[] | null = null): Promise<PublicClaims> {
  const claims = catalogueClaims(await listActiveProductTerms(), purposes);
  return { claims, texts: claimTexts(claims) };
}

/** The loader of a product page: its copy and the claims of its purposes' active products. */
export function productLoader(slug: LoanProductSlug) {
  return async (): Promise<{ product: LoanProduct } & PublicClaims> => {
    const product = getProductBySlug(slug);
    if (!product) throw new Response("Not Found", { status: 404 });
    return { product, ...(await loadPublicClaims(product.purposes)) };
  };
}
