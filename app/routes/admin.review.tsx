/**
 * /admin/review: the review workspace's layout. The queue of applications waiting for a decision
 * (applicant, state, open offers, SLA timer) beside the chosen application (/admin/review/:id),
 * above it on phones; the keyboard shortcuts and their help.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useParams } from "@remix-run/react";
import { requireAdmin } from "~/features/accounts/session/session.server";
import { adminReviewQueue } from "~/features/back-office/review-workspace.server";
import { site } from "~/content/site";
import { ReviewQueue, ReviewShortcuts, ReviewWorkspaceLayout, ShortcutsHelp } from "~/ui/review-workspace";

export const meta: MetaFunction = () => [{ title: `Review workspace | Admin | ${site.name}` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { queue: await adminReviewQueue(params.id && /^\d+$/.test(params.id) ? Number(params.id) : undefined) };
}

export default function AdminReviewWorkspace() {
  const { queue } = useLoaderData<typeof loader>();
  const params = useParams();
  const currentId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  return (
    <section aria-labelledby="review-workspace-h" className="space-y-4">
      <h2 id="review-workspace-h" className="text-xl font-semibold">
        Review workspace
      </h2>
      <ReviewShortcuts />
      <ReviewWorkspaceLayout
        queue={
          <div className="space-y-4">
            <ReviewQueue rows={queue} currentId={currentId} hrefFor={(id) => `/admin/review/${id}`} />
            <ShortcutsHelp review />
          </div>
        }
      >
        <Outlet />
      </ReviewWorkspaceLayout>
    </section>
  );
}
