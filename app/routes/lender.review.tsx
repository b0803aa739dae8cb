/**
 * /lender/review: the lender's review workspace. The queue of its applications still in play
 * (applicant, stage, its open offers, SLA timer) beside the chosen application
 * (/lender/review/:id), above it on phones; the keyboard shortcuts and their help.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useParams } from "@remix-run/react";
import { requireLender } from "~/features/accounts/session/session.server";
import { lenderReviewQueue } from "~/features/lenders/lender-workspace.server";
import { site } from "~/content/site";
import { ReviewQueue, ReviewShortcuts, ReviewWorkspaceLayout, ShortcutsHelp } from "~/ui/review-workspace";

export const meta: MetaFunction = () => [{ title: `Review workspace | Lender | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { lenderId } = await requireLender(request);
  return { queue: await lenderReviewQueue(lenderId) };
}

export default function LenderReviewWorkspace() {
  const { queue } = useLoaderData<typeof loader>();
  const params = useParams();
  const currentId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  return (
    <section aria-labelledby="review-workspace-h" className="space-y-4">
      <h1 id="review-workspace-h" className="text-3xl font-bold">
        Review workspace
      </h1>
      <ReviewShortcuts />
      <ReviewWorkspaceLayout
        queue={
          <div className="space-y-4">
            <ReviewQueue rows={queue} currentId={currentId} hrefFor={(id) => `/lender/review/${id}`} level={2} />
            <ShortcutsHelp review={false} level={2} />
          </div>
        }
      >
        <Outlet />
      </ReviewWorkspaceLayout>
    </section>
  );
}
