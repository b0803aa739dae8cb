/** Documents made through the app's own upload service (stage + save), for tests that need one. */
import { eq } from "drizzle-orm";
import { saveUpload } from "~/features/documents/document-commit.server";
import { stageUpload } from "~/features/documents/document-staging.server";
import { getDb, schema } from "~/platform/db/db.server";
import type { HttpClient } from "./http-client";

/** A hand-built multipart body, for file names a browser's FormData would escape. */
export function rawMultipart(fields: Record<string, string>, file: { rawName: string; data: Buffer; contentType?: string }) {
  const boundary = `----lwtest${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`, "utf8"));
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.rawName}"\r\nContent-Type: ${file.contentType ?? "application/octet-stream"}\r\n\r\n`,
      "utf8",
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`, "utf8"),
  );
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function multipartRequest(fields: Record<string, string>, name: string, data: Buffer) {
  const { body, contentType } = rawMultipart(fields, { rawName: name, data });
  return new Request("http://localhost/upload", { method: "POST", headers: { "content-type": contentType }, body });
}

/** Stores `data` as a document of application `applicationId` (owned by `userId`). */
export async function createDocument(o: { applicationId: number; userId: number; data: Buffer; name: string; documentType?: string }) {
  const staged = await stageUpload(multipartRequest({ documentType: o.documentType ?? "ein" }, o.name, o.data));
  if (!staged.ok) throw new Error(`test document refused: ${staged.status} ${staged.message}`);
  return saveUpload(staged.upload, async () => ({ applicationId: o.applicationId, userId: o.userId }));
}

/**
 * Uploads through the applicant's dashboard form (the same upload service as the wizard), as the
 * signed-in `client`; throws unless the form answers with its redirect and the row is stored.
 */
export async function uploadFromDashboard(
  client: HttpClient,
  applicationId: number,
  fileName: string,
  bytes: Buffer,
  documentType = "bank-statements",
) {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("applicationId", String(applicationId));
  form.set("documentType", documentType);
  form.set("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), fileName);
  const res = await client.fetch("/dashboard", { method: "POST", body: form });
  if (res.status !== 302) throw new Error(`dashboard upload: expected 302, got ${res.status}`);
  const [doc] = await getDb().select().from(schema.documents).where(eq(schema.documents.applicationId, applicationId));
  if (!doc) throw new Error("dashboard upload: no document row");
  return doc;
}
