/** POST /api/auth/logout (no body): ends the session on the server and expires the cookie. 200 { message }. */
import { apiJson, apiRoute, endpoint } from "~/platform/api/api-route.server";
import { TOASTS } from "~/content/messages";
import { destroySession } from "~/features/accounts/session/session.server";

export const { loader, action, endpoints } = apiRoute({
  POST: endpoint({
    auth: "none",
    openapi: ({ json, Message }) => ({
      operationId: "logout",
      tag: "Auth",
      summary: "Sign out",
      description: "Ends the session on the server and expires the cookie. No body.",
      responses: { 200: json(Message, "Logged out") },
    }),
    async handler({ request }) {
      const cookie = await destroySession(request);
      return apiJson({ message: TOASTS.loggedOut.description }, 200, { "Set-Cookie": cookie });
    },
  }),
});
