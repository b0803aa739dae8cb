/**
 * GET /api/admin/applications?q=&status=&sort=&page=: the admin list (submitted applications, the
 * admin panel's search, filter, sort and pages of 25), every field of each application. The array
 * is the body; X-Total-Count, X-Page and X-Page-Count tell the pages. Admins only.
 */
import { getApplicationRowsInOrder, toApiApplication } from "~/features/applications/applications.server";
import { listApplicationsForAdmin } from "~/features/back-office/admin-queries.server";
import { recordAdminRead } from "~/features/back-office/admin-list-audit.server";
import { ApiAdminListQueryDoc, ApiAdminListQuerySchema, ApiApplicationListSchema } from "~/features/applications/api.schema";
import { apiJson, apiRoute, endpoint } from "~/platform/api/api-route.server";

export const { loader, action, endpoints } = apiRoute({
  GET: endpoint({
    auth: "admin",
    query: ApiAdminListQuerySchema,
    openapi: ({ schema, json, pageHeaders }) => ({
      operationId: "adminListApplications",
      tag: "Admin",
      summary: "List submitted applications",
      description:
        "The admin panel's list: search (reference or purpose), status filter, sort by submission date, 25 per page. The body is the array; the page headers tell the totals.",
      request: { query: ApiAdminListQueryDoc },
      responses: {
        200: { ...json(schema("ApplicationList", ApiApplicationListSchema), "One page of applications"), headers: pageHeaders },
      },
    }),
    async handler({ query, user, ip }) {
      const page = await listApplicationsForAdmin(query);
      await recordAdminRead(user.id, ip, "api", {
        kind: "list",
        view: "applications",
        page: query.page,
        filter: { search: query.q, status: query.status },
      });
      const rows = await getApplicationRowsInOrder(page.rows.map((r) => r.id));
      return apiJson(rows.map(toApiApplication), 200, {
        "X-Total-Count": String(page.total),
        "X-Page": String(page.page),
        "X-Page-Count": String(page.pageCount),
      });
    },
  }),
});
