/** Documents an admin asked an applicant for (document_requests + document_request_items). */
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DocumentType } from "~/content/document-types";
import { type DbOrTx, getDb, preparedPerDb, schema } from "~/platform/db/db.server";

const requests = schema.documentRequests;
const items = schema.documentRequestItems;
export async function insertDocumentRequest(
  tx: DbOrTx,
  r: { applicationId: number; requestedBy: number | null; message: string; documentTypes: DocumentType[]; lenderId?: number | null },
): Promise<number> {
  const [res] = await tx
    .insert(requests)
    .values({ applicationId: r.applicationId, requestedBy: r.requestedBy, message: r.message, lenderId: r.lenderId ?? null });
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

/** At most this many requests per call, the newest. */
const MAX_REQUESTS = 500;
/** Rows (request x item) the plain join may return before the ordered query is used instead. */
const PLAIN_ROWS = 5000;

const itemColumns = { id: items.id, documentType: items.documentType, documentId: items.documentId, fulfilledAt: items.fulfilledAt };

/**
 * The requests of some applications with their items, as a plain join in no order ("in (?)":
 * mysql2 writes an array parameter as a comma-separated list). Sorted here: ordering a join made
 * MariaDB build and sort a temporary table, several times the cost of the read itself.
 */
const requestRowsOf = preparedPerDb((db) =>
  db
    .select({
      id: requests.id,
      applicationId: requests.applicationId,
      message: requests.message,
      status: requests.status,
      createdAt: requests.createdAt,
      fulfilledAt: requests.fulfilledAt,
      item: itemColumns,
    })
    .from(requests)
    .leftJoin(items, eq(items.requestId, requests.id))
    .where(sql`${requests.applicationId} in (${sql.placeholder("applicationIds")})`)
    .limit(PLAIN_ROWS + 1)
    .prepare(),
);

/** The same for applications with more rows than that: the newest MAX_REQUESTS requests, then their items. */
const latestRequestRowsOf = preparedPerDb((db) => {
  const latest = db
    .select()
    .from(requests)
    .where(sql`${requests.applicationId} in (${sql.placeholder("applicationIds")})`)
    .orderBy(desc(requests.createdAt), desc(requests.id))
    .limit(MAX_REQUESTS)
    .as("latest");
  return db
    .select({
      id: latest.id,
      applicationId: latest.applicationId,
      message: latest.message,
      status: latest.status,
      createdAt: latest.createdAt,
      fulfilledAt: latest.fulfilledAt,
      item: itemColumns,
    })
    .from(latest)
    .leftJoin(items, eq(items.requestId, latest.id))
    .prepare();
});

/** Requests of one or more applications (the newest 500), newest first, each with its items in the order asked. No requester here. */
export async function listDocumentRequests(applicationIds: number[], db: DbOrTx = getDb()): Promise<DocumentRequestView[]> {
  if (!applicationIds.length) return [];
  const ids = { applicationIds: applicationIds.map(Number) };
  let rows = await requestRowsOf(db).execute(ids);
  if (rows.length > PLAIN_ROWS) rows = await latestRequestRowsOf(db).execute(ids);
  rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id || (a.item?.id ?? 0) - (b.item?.id ?? 0));
  const byId = new Map<number, DocumentRequestView>();
  for (const { item, ...r } of rows) {
    let request = byId.get(r.id);
    if (!request) {
      if (byId.size === MAX_REQUESTS) break;
      request = { ...r, createdAt: r.createdAt.toISOString(), fulfilledAt: r.fulfilledAt?.toISOString() ?? null, items: [] };
      byId.set(r.id, request);
    }
    if (item)
      request.items.push({
        documentType: item.documentType,
        documentId: item.documentId,
        fulfilledAt: item.fulfilledAt?.toISOString() ?? null,
      });
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
