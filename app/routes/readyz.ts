import { pingDatabase } from "~/services/readiness.server";
import { isDraining } from "~/services/lifecycle.server";

/** Readiness: 503 while draining or when the database does not answer within 2 s. */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  if (isDraining()) return Response.json({ status: "draining" }, { status: 503, headers });
  if (!(await pingDatabase())) return Response.json({ status: "database unavailable" }, { status: 503, headers });
  return Response.json({ status: "ready" }, { headers });
}
