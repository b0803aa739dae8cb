import { productLoader } from "~/features/marketplace/public-claims.server";
export { ProductPage as default, productMeta as meta } from "~/features/marketplace/components/product-page";
export const loader = productLoader("working-capital-loans");
export { staticPageHandle as handle } from "~/platform/http/cache";
