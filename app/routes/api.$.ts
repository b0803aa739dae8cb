/** Any other /api path: a JSON 404 (never the HTML page), for every method. */
import { apiError } from "~/server/api-route.server";
import { MSG } from "~/utils/messages";

export const loader = () => apiError(404, MSG.apiNotFound);
export const action = () => apiError(404, MSG.apiNotFound);
