/**
 * /lender: the lender's queue of applications by stage (new match, offer out, accepted,
 * verifying, funded, declined, closed) with counts; a stage is chosen by a plain link (?stage=).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { purposeLabel } from "~/content/loan-options";
import { lenderQueue } from "~/features/lenders/lender-workspace.server";
import { requireLender } from "~/features/accounts/session/session.server";
import { formatUsd } from "~/ui/format";
import { LENDER_STAGES, lenderStageLabel, type LenderStage } from "~/features/lenders/domain/lender-stage";

export async function loader({ request }: LoaderFunctionArgs) {
  const { lenderId } = await requireLender(request);
  const raw = new URL(request.url).searchParams.get("stage");
  const stage = LENDER_STAGES.some((s) => s.value === raw) ? (raw as LenderStage) : null;
  return { stage, ...(await lenderQueue(lenderId, stage)) };
}

export default function LenderQueue() {
  const { stage, counts, total, applications, lenderName } = useLoaderData<typeof loader>();
  return (
    <>
      <div>
        <h1 className="text-3xl font-bold">Applications for {lenderName}</h1>
        <p className="mt-1 text-slate-700">Applications the marketplace matched to your products, by stage.</p>
        <p className="mt-1">
          <Link to="/lender/review" className="text-blue-800 underline">
            Open the review workspace
          </Link>{" "}
          <span className="text-slate-700">(the queue beside each application, documents inline)</span>
        </p>
      </div>
      <nav aria-label="Stages">
        <ul className="flex flex-wrap gap-2" data-testid="stage-counts">
          <li>
            <Link to="/lender" className={`btn-outline ${stage ? "" : "ring-2 ring-blue-700"}`} aria-current={stage ? undefined : "page"}>
              All <span className="ml-1 font-mono">{total}</span>
            </Link>
          </li>
          {counts.map((c) => (
            <li key={c.value}>
              <Link
                to={`/lender?stage=${c.value}`}
                className={`btn-outline ${stage === c.value ? "ring-2 ring-blue-700" : ""}`}
                aria-current={stage === c.value ? "page" : undefined}
                data-stage={c.value}
              >
                {c.label} <span className="ml-1 font-mono">{c.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="queue-h" className="card">
        <h2 id="queue-h" className="text-xl font-semibold">
          {stage ? lenderStageLabel(stage) : "All applications"}
        </h2>
        {applications.length ? (
          <ul className="mt-3 divide-y divide-slate-200" data-testid="lender-queue">
            {applications.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-3" data-application-id={a.id}>
                <div>
                  <Link to={`/lender/applications/${a.id}`} className="font-mono font-semibold text-blue-800 underline">
                    {a.reference}
                  </Link>
                  <p className="text-sm text-slate-700">
                    {formatUsd(a.amount)} · {purposeLabel(a.purpose)} · {a.state}
                  </p>
                </div>
                <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-900">{lenderStageLabel(a.stage)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-slate-700">No applications here.</p>
        )}
      </section>
    </>
  );
}
