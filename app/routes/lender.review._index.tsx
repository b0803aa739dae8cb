/** /lender/review: no application chosen yet. */
import { useRouteLoaderData } from "@remix-run/react";
import { ReviewStart } from "~/ui/review-workspace";
import type { loader } from "./lender.review";

export default function LenderReviewStart() {
  const queue = useRouteLoaderData<typeof loader>("routes/lender.review")?.queue ?? [];
  return <ReviewStart queue={queue} basePath="/lender/review" />;
}
