import { databaseReadiness } from "~/platform/db/health.server";
import { isDraining } from "~/platform/server-lifecycle.server";

/**
 * Readiness: 503 while draining, when the database does not answer within 2 s, or when the
 * Galera node the app writes to is not synced with its cluster.
 */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  if (isDraining()) return Response.json({ status: "draining" }, { status: 503, headers });
  const db = await databaseReadiness();
  if (db === "unavailable") return Response.json({ status: "database unavailable" }, { status: 503, headers });
  if (db === "not synced") return Response.json({ status: "database node not synced" }, { status: 503, headers });
  return Response.json({ status: "ready" }, { headers });
}
