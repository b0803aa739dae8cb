/**
 * POST /api/documents/upload (multipart: file, applicationId = database id, documentType).
 * 201 { id, applicationId, documentType, fileName, fileSize, uploadedAt }; errors { message }:
 * 400 bad form, 401 signed out, 404 application not found or not yours, 413 too large,
 * 415 type not accepted for the area. The guard runs before the body is read.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { handleApiUpload } from "~/services/documents.server";
import { MSG } from "~/utils/messages";

export async function loader() {
  return Response.json({ message: MSG.methodNotAllowed }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    return Response.json({ message: MSG.methodNotAllowed }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
  }
  return handleApiUpload(request, context);
}
