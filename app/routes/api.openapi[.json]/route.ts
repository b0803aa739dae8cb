/** GET /api/openapi.json: the OpenAPI 3.1 document of every /api endpoint (./api-catalogue.server lists them). */
import { apiJson, apiRoute, endpoint } from "~/platform/api/api-route.server";
import { openApiDocument } from "~/platform/api/openapi.server";
import { API_ROUTES } from "./api-catalogue.server";

export const { loader, action } = apiRoute({
  GET: endpoint({
    auth: "none",
    async handler() {
      return apiJson(openApiDocument(API_ROUTES));
    },
  }),
});
