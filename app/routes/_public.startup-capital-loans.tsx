import { productLoader } from "~/components/product-page";
export { ProductPage as default, productMeta as meta } from "~/components/product-page";
export const loader = productLoader("startup-capital-loans");
export { staticPageHandle as handle } from "~/utils/cache";
