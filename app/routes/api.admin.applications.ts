/**
 * GET /api/admin/applications?q=&status=&sort=&page=: the admin list (submitted applications, the
 * admin panel's search, filter, sort and pages of 25), every field of each application. The array
 * is the body; X-Total-Count, X-Page and X-Page-Count tell the pages. Admins only.
 */
import { getApplicationRowsInOrder, listApplicationsForAdmin, toApiApplication } from "~/services/admin-views.server";
import { recordAdminListView } from "~/services/admin-list-audit.server";
import { ApiAdminListQuerySchema } from "~/schemas/api.schema";
import { apiJson, apiRoute, endpoint } from "~/server/api-route.server";

export const { loader, action } = apiRoute({
  GET: endpoint({
    auth: "admin",
    query: ApiAdminListQuerySchema,
    async handler({ query, user, ip }) {
      const page = await listApplicationsForAdmin(query);
      await recordAdminListView(user.id, ip, { view: "applications", via: "api", page: query.page, status: query.status, searched: Boolean(query.q) });
      const rows = await getApplicationRowsInOrder(page.rows.map((r) => r.id));
      return apiJson(rows.map(toApiApplication), 200, {
        "X-Total-Count": String(page.total),
        "X-Page": String(page.page),
        "X-Page-Count": String(page.pageCount),
      });
    },
  }),
});
