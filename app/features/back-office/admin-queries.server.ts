/**
 * Read models of loan applications for the admin panel (list, search, filter, pagination, stats,
 * details, documents). All of their SQL lives here.
 *
 * Drafts (status 'draft') are never shown to admins nor counted. Every admin filter is served by
 * an index (see db/schema.ts and tests/integration/admin-scale.test.ts):
 *   status filter   -> loan_applications_status_submitted_idx (status, submitted_at, id)
 *   purpose search  -> loan_applications_purpose_idx (purpose, submitted_at)
 *   reference search-> loan_applications_ref_uq (LIKE 'APP-XYZ%' is a range on the unique index)
 *   no filter       -> loan_applications_submitted_idx (submitted_at, id), read in order
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, like, ne, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/mysql-core";
import { LOAN_PURPOSE_VALUES as PURPOSES, purposeLabel } from "~/content/loan-options";
import { ADMIN_PAGE_SIZE, type AdminListParams } from "~/features/back-office/admin.schema";
import { fieldValuesOfRow, type ApplicationFieldValues } from "~/features/applications";
import { getDb, schema, type DbOrTx } from "~/platform/db/db.server";
import { backOfficeConditions } from "./back-office-queries.server";
import { applicationRowColumns, type ApplicationStatus, type Purpose } from "~/features/applications/index.server";

const apps = schema.loanApplications;
const docs = schema.documents;
const events = schema.applicationEvents;
const users = schema.users;

// ---------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------

/** What a search box entry means: a reference prefix, a set of purposes, or nothing at all. */
export type SearchIntent =
  { kind: "any" } | { kind: "reference"; prefix: string } | { kind: "purpose"; purposes: Purpose[] } | { kind: "none" };

const squash = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s_-]+/g, " ")
    .trim();

/**
 * Turns the search box into an indexable condition:
 * - 'APP-...' (any case, dash optional) -> a prefix of the reference (Crockford O->0, I/L->1);
 * - text matching a purpose's value or label, case-insensitively, hyphens and spaces alike
 *   ('working capital', 'Working-Capital', 'equip') -> those purposes;
 * - otherwise up to 12 letters/digits -> a prefix of the reference's random part;
 * - anything else matches nothing.
 */
export function resolveSearch(raw: string): SearchIntent {
  const q = raw.trim();
  if (!q) return { kind: "any" };
  const upper = q.toUpperCase().replace(/\s+/g, "");
  const ref = /^APP-?([0-9A-Z]{0,12})$/.exec(upper);
  if (ref) return { kind: "reference", prefix: `APP-${crockford(ref[1]!)}` };
  const needle = squash(q);
  const purposes = PURPOSES.filter((p) => squash(p).includes(needle) || squash(purposeLabel(p)).includes(needle));
  if (purposes.length) return { kind: "purpose", purposes };
  if (/^[0-9A-Z]{1,12}$/.test(upper)) return { kind: "reference", prefix: `APP-${crockford(upper)}` };
  return { kind: "none" };
}

const crockford = (body: string) => body.replace(/O/g, "0").replace(/[IL]/g, "1");

export function listConditions(
  params: Pick<AdminListParams, "q" | "status"> & Partial<Pick<AdminListParams, "assigned" | "queue" | "referred">>,
  viewerId: number | null = null,
): SQL | null {
  const conds: SQL[] = [];
  // Back office: assignee and queue filters.
  conds.push(...backOfficeConditions({ assigned: params.assigned ?? "any", queue: params.queue ?? "any" }, viewerId));
  conds.push(params.status === "all" ? ne(apps.status, "draft") : eq(apps.status, params.status));
  // Referred by a partner (the partner API) or not.
  if (params.referred === "referred") conds.push(isNotNull(apps.partnerId));
  if (params.referred === "direct") conds.push(isNull(apps.partnerId));
  const search = resolveSearch(params.q);
  if (search.kind === "none") return null;
  if (search.kind === "reference") conds.push(like(apps.reference, `${search.prefix}%`));
  if (search.kind === "purpose") conds.push(inArray(apps.purpose, search.purposes));
  return and(...conds)!;
}

const adminRowColumns = applicationRowColumns;

/** The list's two queries (one page of rows, the total), exposed so tests can EXPLAIN them. */
export function adminListQueries(params: AdminListParams, db: DbOrTx = getDb(), viewerId: number | null = null) {
  const where = listConditions(params, viewerId);
  if (!where) return null;
  const dir = params.sort === "asc" ? asc : desc;
  const rows = db
    .select(adminRowColumns)
    .from(apps)
    .where(where)
    .orderBy(dir(apps.submittedAt), dir(apps.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((params.page - 1) * ADMIN_PAGE_SIZE);
  const total = db.select({ n: count() }).from(apps).where(where);
  return { rows, total };
}

export type AdminApplicationRow = {
  id: number;
  reference: string;
  amount: number;
  purpose: Purpose;
  status: ApplicationStatus;
  /** The loan's stage. */
  stage: (typeof schema.APPLICATION_STAGES_DB)[number];
  submittedAt: string | null;
};

export type Page<T> = { rows: T[]; total: number; page: number; pageCount: number };

export async function listApplicationsForAdmin(
  params: AdminListParams,
  viewerId: number | null = null,
): Promise<Page<AdminApplicationRow>> {
  const queries = adminListQueries(params, getDb(), viewerId);
  if (!queries) return { rows: [], total: 0, page: 1, pageCount: 1 };
  const [rows, [totalRow]] = await Promise.all([queries.rows, queries.total]);
  const total = Number(totalRow?.n ?? 0);
  return {
    rows: rows.map((r) => ({ ...r, amount: Number(r.amount), submittedAt: r.submittedAt?.toISOString() ?? null })),
    total,
    page: params.page,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
  };
}

// ---------------------------------------------------------------------------------------------
// Stats
// ---------------------------------------------------------------------------------------------

export type AdminStats = { totalApplications: number; pendingReview: number; totalDocuments: number };

/** The three stat cards, each a COUNT in MySQL (drafts and their documents excluded). */
export async function getAdminStats(db: DbOrTx = getDb()): Promise<AdminStats> {
  const [[apps1], [pending], [documents]] = await Promise.all([
    db.select({ n: count() }).from(apps).where(ne(apps.status, "draft")),
    db.select({ n: count() }).from(apps).where(eq(apps.status, "submitted")),
    db.select({ n: count() }).from(docs).innerJoin(apps, eq(apps.id, docs.applicationId)).where(ne(apps.status, "draft")),
  ]);
  return {
    totalApplications: Number(apps1?.n ?? 0),
    pendingReview: Number(pending?.n ?? 0),
    totalDocuments: Number(documents?.n ?? 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Documents tab
// ---------------------------------------------------------------------------------------------

export type AdminDocumentRow = {
  id: number;
  applicationDbId: number;
  reference: string | null;
  documentType: (typeof schema.DOCUMENT_TYPES_DB)[number];
  fileName: string;
  fileSize: number;
  uploadedAt: string;
};

/** Documents of submitted (non-draft) applications, newest first, one page at a time. */
export async function listDocumentsForAdmin({ page }: { page: number }, db: DbOrTx = getDb()): Promise<Page<AdminDocumentRow>> {
  const where = ne(apps.status, "draft");
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: docs.id,
        applicationDbId: docs.applicationId,
        reference: apps.reference,
        documentType: docs.documentType,
        fileName: docs.fileName,
        fileSize: docs.fileSize,
        uploadedAt: docs.uploadedAt,
      })
      .from(docs)
      .innerJoin(apps, eq(apps.id, docs.applicationId))
      .where(where)
      .orderBy(desc(docs.uploadedAt), desc(docs.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(docs).innerJoin(apps, eq(apps.id, docs.applicationId)).where(where),
  ]);
  const total = Number(totalRow?.n ?? 0);
  return {
    rows: rows.map((r) => ({ ...r, reference: r.reference || null, uploadedAt: r.uploadedAt.toISOString() })),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
  };
}

// ---------------------------------------------------------------------------------------------
// Details
// ---------------------------------------------------------------------------------------------

export type ApplicationDocument = {
  id: number;
  documentType: (typeof schema.DOCUMENT_TYPES_DB)[number];
  fileName: string;
  fileSize: number;
  /** The stored (sniffed) type: the review workspace shows an image inline, anything else in a frame. */
  contentType: string;
  uploadedAt: string;
};

export type StatusHistoryEntry = {
  id: number;
  type: string;
  at: string;
  fromStatus: string | null;
  toStatus: string | null;
  note: string | null;
  actorName: string | null;
  actorRole: "user" | "admin" | "lender" | null;
};

export type AdminApplicationDetails = ApplicationFieldValues & {
  id: number;
  reference: string;
  status: ApplicationStatus;
  submittedAt: string | null;
  updatedAt: string;
  applicant: { firstName: string; lastName: string; email: string; phone: string; emailVerified?: boolean };
  /** The referral partner that sent it through the partner API (null: the applicant came directly). */
  referredBy: { id: number; name: string } | null;
  documents: ApplicationDocument[];
  history: StatusHistoryEntry[];
};

async function documentsOf(applicationId: number, db: DbOrTx): Promise<ApplicationDocument[]> {
  const rows = await db
    .select({
      id: docs.id,
      documentType: docs.documentType,
      fileName: docs.fileName,
      fileSize: docs.fileSize,
      contentType: docs.contentType,
      uploadedAt: docs.uploadedAt,
    })
    .from(docs)
    .where(eq(docs.applicationId, applicationId))
    .orderBy(asc(docs.uploadedAt), asc(docs.id));
  return rows.map((d) => ({ ...d, uploadedAt: d.uploadedAt.toISOString() }));
}

/** Submission and status changes of one application, oldest first, with who made them. */
async function statusHistoryOf(applicationId: number, db: DbOrTx): Promise<StatusHistoryEntry[]> {
  const actor = alias(users, "actor");
  const rows = await db
    .select({
      id: events.id,
      type: events.type,
      at: events.createdAt,
      fromStatus: events.fromStatus,
      toStatus: events.toStatus,
      note: events.note,
      actorFirst: actor.firstName,
      actorLast: actor.lastName,
      actorRole: actor.role,
    })
    .from(events)
    .leftJoin(actor, eq(actor.id, events.actorUserId))
    .where(and(eq(events.applicationId, applicationId), inArray(events.type, ["submitted", "status_changed"])))
    .orderBy(asc(events.createdAt), asc(events.id));
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    at: r.at.toISOString(),
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    note: r.note,
    actorName: r.actorFirst ? `${r.actorFirst} ${r.actorLast ?? ""}`.trim() : null,
    actorRole: r.actorRole ?? null,
  }));
}

/** One non-draft application with its applicant, documents and status history; null if none. */
export async function getApplicationForAdmin(id: number, db: DbOrTx = getDb()): Promise<AdminApplicationDetails | null> {
  const [row] = await db
    .select({
      app: apps,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      phone: users.phone,
      partnerName: schema.partners.name,
    })
    .from(apps)
    .innerJoin(users, eq(users.id, apps.userId))
    .leftJoin(schema.partners, eq(schema.partners.id, apps.partnerId))
    .where(and(eq(apps.id, id), ne(apps.status, "draft")))
    .limit(1);
  if (!row) return null;
  const a = row.app;
  const [documents, history] = await Promise.all([documentsOf(a.id, db), statusHistoryOf(a.id, db)]);
  return {
    id: a.id,
    reference: a.reference,
    status: a.status,
    ...fieldValuesOfRow(a),
    submittedAt: a.submittedAt?.toISOString() ?? null,
    updatedAt: a.updatedAt.toISOString(),
    applicant: {
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      emailVerified: Boolean(row.emailVerifiedAt),
    },
    referredBy: a.partnerId != null && row.partnerName ? { id: a.partnerId, name: row.partnerName } : null,
    documents,
    history,
  };
}

/** How many applications match `where` (the back office's queue counts use the list's conditions). */
export async function countApplicationsWhere(where: SQL, db: DbOrTx = getDb()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apps).where(where);
  return Number(row?.n ?? 0);
}
