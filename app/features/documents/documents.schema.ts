/** Zod schemas for document requests: the upload's text fields and document ids in URLs. */
import { z } from "zod";
import { DOCUMENT_TYPES } from "~/content/document-types";
import { MSG } from "~/content/messages";

const INT_MAX = 2_147_483_647;

/** A positive database id written as plain digits (no signs, exponents or spaces). */
export const DbIdSchema = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(INT_MAX));

export const DocumentTypeSchema = z.enum(DOCUMENT_TYPES);

/** POST /api/documents/upload text fields (the file itself is streamed separately). */
export const ApiUploadFieldsSchema = z.object({
  applicationId: z
    .string({ required_error: MSG.uploadMissingId, invalid_type_error: MSG.uploadMissingId })
    .trim()
    .regex(/^\d{1,10}$/, MSG.uploadMissingId)
    .transform(Number)
    .pipe(z.number().int().positive(MSG.uploadMissingId).max(INT_MAX, MSG.uploadMissingId)),
  documentType: DocumentTypeSchema,
});

/** A document id from a route param; null when it is not a valid id. */
export function parseDocumentId(param: string | undefined): number | null {
  const r = DbIdSchema.safeParse(param ?? "");
  return r.success ? r.data : null;
}

/** The `:id` of a document route: never refused here (an invalid id becomes null, which the
 *  document service audits and answers like a missing document). */
export const DocumentIdParamsSchema = z.object({ id: z.string().optional() }).transform((p) => ({ id: parseDocumentId(p.id) }));
