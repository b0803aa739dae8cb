/**
 * The one upload workflow, called by every upload path: the wizard's step 5 (one file per tile, or
 * the whole step as one form without JavaScript), the dashboard's upload to a submitted
 * application, and POST /api/documents/upload. In order:
 *
 *   stage (document-staging: streamed multipart, 10 MB, content sniffing, encryption)
 *   -> commit each file (document-commit: application + owner check, quotas, row, event, file)
 *   -> side effects (close the document requests it fulfils; sign a new applicant in)
 *
 * Each path differs only in its destination (which application, who uploads) and in how it
 * answers; a route parses, calls `uploadDocument(s)` and turns the outcome into its answer.
 * Every refusal is an `UploadRefusal` with the HTTP status and the message to show.
 */
import { lockApplication } from "~/features/applications/index.server";
import type { DocumentType } from "~/content/document-types";
import { recordAudit } from "~/platform/audit-log.server";
import { findOwnedSubmittedApplication } from "~/features/applications/index.server";
import type { PublicUser } from "~/features/accounts/index.server";
import { ApiUploadFieldsSchema } from "~/features/documents/documents.schema";
import { logError } from "~/platform/observability/log.server";
import { MSG, toastText, TOASTS, type ToastMessage } from "~/content/messages";
import { closeRequestsForUpload } from "~/features/back-office/index.server";
import { saveUpload, UploadQuotaError, type ResolveApplication } from "./document-commit.server";
import type { DocumentSummary } from "./document-records.server";
import { discardUpload, stageUpload, stageUploads, type StagedUpload } from "./document-staging.server";
import type { Refusal } from "~/features/accounts/index.server";
import {
  admitDraftAccount,
  ApplicantExistsError,
  applicantExistsAnswer,
  applicationForUpload,
  DraftNotReadyError,
  signInKeepingDraft,
  type WizardContext,
} from "~/features/applications/index.server";

export type UploadRefusal = {
  ok: false;
  status: 400 | 404 | 409 | 413 | 415 | 429 | 500;
  /** refused: the file or the form; quota: over a quota; not-found: not the caller's application
   *  (audited); conflict: the wizard's draft cannot take it; error: anything else (logged). */
  reason: "refused" | "quota" | "not-found" | "conflict" | "error";
  message: string;
  toast: ToastMessage;
  /** Must go on the answer (Connection: close after an unread body; Retry-After on 429). */
  headers?: Record<string, string>;
  /** The wizard's area whose file was refused, when known. */
  area?: DocumentType;
};

/** Where the files of one upload go. */
export type UploadDestination = {
  /** Inside the commit's transaction: the application (it may create the draft). Throws
   *  ApplicationAccessError when the caller may not upload there. */
  resolve(upload: StagedUpload): ResolveApplication;
  /** The uploader on the row and the event; default: the application's owner. */
  uploadedBy?: number | null;
  /** Audited with a refused access. */
  actorUserId: number | null;
  /** After each commit, before the next file: a Set-Cookie for the answer, if any. */
  afterSave?(): Promise<string | null>;
  /** Before each commit: a refusal when the upload may not go ahead (the wizard's sign-up throttle). */
  admit?(): Promise<UploadRefusal | null>;
};

/** The application is missing or not the caller's (looks exactly like a missing one: 404). */
export class ApplicationAccessError extends Error {
  constructor(readonly applicationId: number | null) {
    super("application not found or not yours");
    this.name = "ApplicationAccessError";
  }
}

/** Refused before anything is stored, with this status and message (the wizard's draft: 409). */
class UploadRejectedError extends Error {
  constructor(
    readonly status: 400 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** One file (field "file"). */
export async function uploadDocument(
  request: Request,
  dest: UploadDestination,
  opts: { ip: string },
): Promise<{ ok: true; document: DocumentSummary; cookies: string[]; fields: Record<string, string> } | UploadRefusal> {
  const staged = await stageUpload(request);
  if (!staged.ok) return { ...staged, reason: "refused" };
  const saved = await commitAll([staged.upload], dest, opts);
  return saved.ok ? { ok: true, document: saved.documents[0]!, cookies: saved.cookies, fields: staged.upload.fields } : saved;
}

/**
 * The wizard's step as one form without JavaScript: any number of files (`file-<documentType>`),
 * none included, and the form's other fields. All are staged or none; a file that fails to commit
 * discards the ones after it (those before it stay, as each was already committed).
 */
export async function uploadDocuments(
  request: Request,
  dest: UploadDestination,
  opts: { ip: string },
): Promise<{ ok: true; documents: DocumentSummary[]; cookies: string[]; fields: Record<string, string> } | UploadRefusal> {
  const staged = await stageUploads(request);
  if (!staged.ok) return { ...staged, reason: "refused" };
  const saved = await commitAll(staged.uploads, dest, opts);
  return saved.ok ? { ...saved, fields: staged.fields } : saved;
}

async function commitAll(uploads: StagedUpload[], dest: UploadDestination, opts: { ip: string }) {
  const documents: DocumentSummary[] = [];
  const cookies: string[] = [];
  const pending = [...uploads];
  for (const upload of uploads) {
    pending.shift();
    const refused = await dest.admit?.();
    if (refused) {
      for (const rest of [upload, ...pending]) await discardUpload(rest).catch(() => {});
      return { ...refused, area: upload.documentType };
    }
    try {
      const doc = await saveUpload(upload, dest.resolve(upload), { uploadedBy: dest.uploadedBy });
      documents.push(doc);
      await closeRequestsForUpload(doc.applicationId, doc.documentType, doc.id); // back office
      const cookie = await dest.afterSave?.();
      if (cookie) cookies.push(cookie);
    } catch (e) {
      for (const rest of pending) await discardUpload(rest).catch(() => {});
      return { ...(await refusalFor(e, dest, opts)), area: upload.documentType };
    }
  }
  return { ok: true as const, documents, cookies };
}

/** A refusal of the account-creation service (the wizard's first upload creates the account). */
function accountRefusal(r: Refusal): UploadRefusal {
  const toast = { ...TOASTS.uploadFailed, description: r.message };
  return { ok: false, status: r.status, reason: r.status === 409 ? "conflict" : "quota", message: r.message, toast, headers: r.headers };
}

async function refusalFor(e: unknown, dest: UploadDestination, opts: { ip: string }): Promise<UploadRefusal> {
  const failed = TOASTS.uploadFailed;
  if (e instanceof UploadQuotaError) {
    return {
      ok: false,
      status: e.status,
      reason: "quota",
      message: e.message,
      toast: { ...failed, description: e.message },
      headers: e.headers,
    };
  }
  if (e instanceof ApplicantExistsError) return accountRefusal(await applicantExistsAnswer(opts.ip));
  if (e instanceof UploadRejectedError) {
    return {
      ok: false,
      status: e.status,
      reason: e.status === 409 ? "conflict" : "refused",
      message: e.message,
      toast: { ...failed, description: e.message },
    };
  }
  if (e instanceof ApplicationAccessError) {
    await recordAudit({
      actorUserId: dest.actorUserId,
      action: "document.upload",
      targetType: "application",
      targetId: e.applicationId ?? "invalid",
      outcome: "denied",
      ip: opts.ip,
    });
    return { ok: false, status: 404, reason: "not-found", message: MSG.statusNotFound, toast: failed };
  }
  logError("documents.upload", e);
  return { ok: false, status: 500, reason: "error", message: toastText(failed), toast: failed };
}

// ---------------------------------------------------------------------------------------------
// Destinations

/** The API: `applicationId` (database id) names an application of the caller's, or any for an admin. */
export function apiUploadDestination(user: PublicUser): UploadDestination {
  return {
    actorUserId: user.id,
    uploadedBy: user.id,
    resolve: (upload) => async (tx) => {
      const fields = ApiUploadFieldsSchema.safeParse(upload.fields);
      if (!fields.success) throw new UploadRejectedError(400, MSG.uploadMissingId);
      const app = await lockApplication(tx, fields.data.applicationId);
      if (!app || (user.role !== "admin" && app.userId !== user.id)) throw new ApplicationAccessError(fields.data.applicationId);
      return { applicationId: app.id, userId: app.userId };
    },
  };
}

/** The dashboard: `applicationId` names one of the applicant's submitted applications. */
export function dashboardUploadDestination(user: PublicUser): UploadDestination {
  return {
    actorUserId: user.id,
    uploadedBy: user.id,
    resolve: (upload) => async (tx) => {
      const applicationId = Number(upload.fields.applicationId);
      const valid = Number.isSafeInteger(applicationId);
      const app = valid ? await findOwnedSubmittedApplication(tx, user.id, applicationId) : null;
      if (!app) throw new ApplicationAccessError(valid ? applicationId : null);
      return { applicationId: app.id, userId: app.userId };
    },
  };
}

/**
 * The wizard: the draft's application, created with the first file (registering the applicant
 * when needed, who is then signed in: the Set-Cookie comes back in `cookies`).
 */
export function wizardUploadDestination(ctx: WizardContext, ip: string): UploadDestination {
  let registered: PublicUser | null = null;
  return {
    actorUserId: ctx.user?.id ?? null,
    // The first upload of an anonymous draft creates its account: the sign-up throttle first.
    async admit() {
      const refused = await admitDraftAccount(ctx, ip);
      return refused ? accountRefusal(refused) : null;
    },
    resolve: () => async (tx) => {
      const out: { registered: PublicUser | null } = { registered: null };
      try {
        const resolved = await applicationForUpload(ctx, out)(tx);
        registered = out.registered;
        return resolved;
      } catch (e) {
        // "Already exists" is answered (and counted) by refusalFor, after the rollback.
        if (e instanceof DraftNotReadyError)
          throw new UploadRejectedError(409, e.reason === "missing" ? MSG.uploadMissingId : MSG.draftCreateFailed);
        throw e;
      }
    },
    async afterSave() {
      const user = registered;
      registered = null;
      if (!user || !ctx.draft) return null;
      // The next file of this request must see the signed-in applicant.
      ctx.user = user;
      return signInKeepingDraft(ctx.session, user, ctx.draft.id, ctx.userAgent);
    },
  };
}
