/** Any other /api path: a JSON 404 (never the HTML page), for every method. */
import { apiError } from "~/platform/api/api-route.server";
import { MSG } from "~/content/messages";

export const loader = () => apiError(404, MSG.apiNotFound);
export const action = () => apiError(404, MSG.apiNotFound);
