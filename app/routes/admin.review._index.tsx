/** /admin/review: no application chosen yet. */
import { useRouteLoaderData } from "@remix-run/react";
import { ReviewStart } from "~/ui/review-workspace";
import type { loader } from "./admin.review";

export default function AdminReviewStart() {
  const queue = useRouteLoaderData<typeof loader>("routes/admin.review")?.queue ?? [];
  return <ReviewStart queue={queue} basePath="/admin/review" />;
}
