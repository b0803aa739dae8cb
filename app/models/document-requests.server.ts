/** Documents an admin asked an applicant for (document_requests + document_request_items, issue 17). */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DocumentType } from "~/content/document-types";
import { type DbOrTx, getDb, preparedPerDb, schema } from "~/models/db.server";

const requests = schema.documentRequests;
const items = schema.documentRequestItems;
export async function insertDocumentRequest(
  tx: DbOrTx,
  r: { applicationId: number; requestedBy: number | null; message: string; documentTypes: DocumentType[] },
): Promise<number> {
  const [res] = await tx.insert(requests).values({ applicationId: r.applicationId, requestedBy: r.requestedBy, message: r.message });
  await tx.insert(items).values(r.documentTypes.map((documentType) => ({ requestId: res.insertId, documentType })));
  return res.insertId;
}

export type DocumentRequestView = {
  id: number;
  applicationId: number;
  message: string;
  status: "open" | "fulfilled";
  createdAt: string;
  fulfilledAt: string | null;
  items: Array<{ documentType: DocumentType; documentId: number | null; fulfilledAt: string | null }>;
};

const requestsOfApplications = preparedPerDb((db) => {
  // "in (?)" with the list as one value: mysql2 writes an array parameter as a comma-separated list.
  const latest = db
    .select()
    .from(requests)
    .where(sql`${requests.applicationId} in (${sql.placeholder("applicationIds")})`)
    .orderBy(desc(requests.createdAt), desc(requests.id))
    .limit(500)
    .as("latest");
  return db
    .select({
      id: latest.id,
      applicationId: latest.applicationId,
      message: latest.message,
      status: latest.status,
      createdAt: latest.createdAt,
      fulfilledAt: latest.fulfilledAt,
      item: { documentType: items.documentType, documentId: items.documentId, fulfilledAt: items.fulfilledAt },
    })
    .from(latest)
    .leftJoin(items, eq(items.requestId, latest.id))
    .orderBy(desc(latest.createdAt), desc(latest.id), asc(items.id))
    .prepare();
});

/** Requests of one or more applications, newest first, with their items (one query). No requester here. */
export async function listDocumentRequests(applicationIds: number[], db: DbOrTx = getDb()): Promise<DocumentRequestView[]> {
  if (!applicationIds.length) return [];
  const rows = await requestsOfApplications(db).execute({ applicationIds: applicationIds.map(Number) });
  const byId = new Map<number, DocumentRequestView>();
  for (const { item, ...r } of rows) {
    let request = byId.get(r.id);
    if (!request) {
      request = { ...r, createdAt: r.createdAt.toISOString(), fulfilledAt: r.fulfilledAt?.toISOString() ?? null, items: [] };
      byId.set(r.id, request);
    }
    if (item) request.items.push({ ...item, fulfilledAt: item.fulfilledAt?.toISOString() ?? null });
  }
  return [...byId.values()];
}

/**
 * An upload of `documentType` to the application fulfils that type in every open request of it;
 * a request whose types are all fulfilled closes. Returns the ids of the requests it closed.
 */
export async function fulfilOpenRequests(
  tx: DbOrTx,
  applicationId: number,
  documentType: DocumentType,
  documentId: number,
  now = new Date(),
) {
  const open = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.applicationId, applicationId), eq(requests.status, "open")))
    .for("update");
  if (!open.length) return [];
  const ids = open.map((r) => r.id);
  await tx
    .update(items)
    .set({ documentId, fulfilledAt: now })
    .where(and(inArray(items.requestId, ids), eq(items.documentType, documentType), isNull(items.fulfilledAt)));
  const pending = await tx
    .select({ requestId: items.requestId })
    .from(items)
    .where(and(inArray(items.requestId, ids), isNull(items.fulfilledAt)));
  const stillOpen = new Set(pending.map((p) => p.requestId));
  const closed = ids.filter((id) => !stillOpen.has(id));
  if (closed.length) await tx.update(requests).set({ status: "fulfilled", fulfilledAt: now }).where(inArray(requests.id, closed));
  return closed;
}

export async function getDocumentRequest(id: number, db: DbOrTx = getDb()) {
  const [row] = await db.select({ applicationId: requests.applicationId }).from(requests).where(eq(requests.id, id)).limit(1);
  if (!row) return null;
  return (await listDocumentRequests([row.applicationId], db)).find((r) => r.id === id) ?? null;
}
