/**
 * GET  /api/admin/applications/{id}/notes: the application's internal notes, oldest first.
 * POST /api/admin/applications/{id}/notes { body }: append a note; 201 the note. Admins only;
 * notes are append-only (no PATCH or DELETE) and never reach applicants.
 */
import { getNote, listNotes } from "~/features/back-office/application-notes.server";
import { isSubmittedApplication } from "~/features/applications/applications.server";
import { recordAdminRead } from "~/features/back-office/admin-list-audit.server";
import { ApiIdParamsSchema } from "~/features/applications/api.schema";
import { ApiNoteBodySchema, ApiNoteListSchema, ApiNoteSchema, BACK_OFFICE_MSG } from "~/features/back-office/back-office.schema";
import { addInternalNote, BackOfficeNotFoundError } from "~/features/back-office/back-office.server";
import { apiError, apiJson, apiRoute, endpoint } from "~/platform/api/api-route.server";

export const { loader, action, endpoints } = apiRoute({
  GET: endpoint({
    auth: "admin",
    params: ApiIdParamsSchema,
    notFoundMessage: BACK_OFFICE_MSG.applicationNotFound,
    openapi: ({ schema, json, err }) => ({
      operationId: "adminListNotes",
      tag: "Back office",
      summary: "List an application's internal notes",
      description: "Oldest first, with author and time. Internal notes are visible to admins only.",
      responses: { 200: json(schema("NoteList", ApiNoteListSchema), "The notes"), 404: err("No such application (or a draft)") },
    }),
    async handler({ user, params, ip }) {
      if (!(await isSubmittedApplication(params.id))) return apiError(404, BACK_OFFICE_MSG.applicationNotFound);
      await recordAdminRead(user.id, ip, "api", { kind: "application", part: "notes", applicationId: params.id });
      return apiJson(await listNotes(params.id));
    },
  }),
  POST: endpoint({
    auth: "admin",
    params: ApiIdParamsSchema,
    notFoundMessage: BACK_OFFICE_MSG.applicationNotFound,
    body: ApiNoteBodySchema,
    openapi: ({ schema, json, err, bodyErrors, jsonBody }) => ({
      operationId: "adminAddNote",
      tag: "Back office",
      summary: "Add an internal note",
      description: "Appends a note (notes are append-only: there is no update or delete). Never shown to the applicant nor e-mailed.",
      request: { body: jsonBody(schema("NoteRequest", ApiNoteBodySchema)) },
      responses: { 201: json(schema("Note", ApiNoteSchema), "The new note"), ...bodyErrors, 404: err("No such application (or a draft)") },
    }),
    async handler({ user, params, body, ip }) {
      try {
        const { id } = await addInternalNote(user.id, params.id, body.body, { ip });
        return apiJson(await getNote(id), 201);
      } catch (e) {
        if (e instanceof BackOfficeNotFoundError) return apiError(404, BACK_OFFICE_MSG.applicationNotFound);
        throw e;
      }
    },
  }),
});
