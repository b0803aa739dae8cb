/** /lender/review: no application chosen yet. */
import { Link, useRouteLoaderData } from "@remix-run/react";
import type { loader } from "./lender.review";

export default function LenderReviewStart() {
  const queue = useRouteLoaderData<typeof loader>("routes/lender.review")?.queue ?? [];
  const first = queue[0];
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      {first ? (
        <p>
          Choose an application from the queue, or{" "}
          <Link to={`/lender/review/${first.id}`} className="link">
            start with the oldest, {first.reference}
          </Link>
          .
        </p>
      ) : (
        <p>Nothing is waiting for review.</p>
      )}
    </div>
  );
}
