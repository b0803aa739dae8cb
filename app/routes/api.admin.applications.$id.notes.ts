/**
 * GET  /api/admin/applications/{id}/notes: the application's internal notes, oldest first.
 * POST /api/admin/applications/{id}/notes { body }: append a note; 201 the note. Admins only;
 * notes are append-only (no PATCH or DELETE) and never reach applicants.
 */
import { getNote, isSubmittedApplication, listNotes } from "~/services/admin-views.server";
import { ApiIdParamsSchema } from "~/schemas/api.schema";
import { ApiNoteBodySchema, BACK_OFFICE_MSG } from "~/schemas/back-office.schema";
import { addInternalNote, BackOfficeNotFoundError } from "~/services/back-office.server";
import { apiError, apiJson, apiRoute, endpoint } from "~/server/api-route.server";

export const { loader, action } = apiRoute({
  GET: endpoint({
    auth: "admin",
    params: ApiIdParamsSchema,
    notFoundMessage: BACK_OFFICE_MSG.applicationNotFound,
    async handler({ params }) {
      if (!(await isSubmittedApplication(params.id))) return apiError(404, BACK_OFFICE_MSG.applicationNotFound);
      return apiJson(await listNotes(params.id));
    },
  }),
  POST: endpoint({
    auth: "admin",
    params: ApiIdParamsSchema,
    notFoundMessage: BACK_OFFICE_MSG.applicationNotFound,
    body: ApiNoteBodySchema,
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
