/**
 * POST /api/auth/register: creates an applicant account (role 'user' only) and signs it in.
 * 201 the user + session cookie; 400 field errors; 403 for any other role; 409 taken e-mail
 * (message contains 'already exists'); 429 throttled (per client, like the sign-up page; repeated
 * 'already exists' answers too). All through the account-creation service.
 */
import { ApiRegisterBodySchema, ApiUserSchema } from "~/features/applications/api.schema";
import { signUp, withAccountPasswordPolicy } from "~/features/accounts/account-creation.server";
import { apiError, apiJson, apiRoute, endpoint } from "~/platform/api/api-route.server";
import { MSG } from "~/content/messages";
import { createUserSession } from "~/features/accounts/session/session.server";

export const { loader, action, endpoints } = apiRoute({
  POST: endpoint({
    auth: "none",
    body: withAccountPasswordPolicy(ApiRegisterBodySchema),
    openapi: ({ schema, json, err, bodyErrors, jsonBody, setCookie }) => ({
      operationId: "register",
      tag: "Auth",
      summary: "Create an applicant account and sign in",
      description: "Registers with role 'user' (the only role open to registration) and sets the session cookie.",
      request: { body: jsonBody(schema("RegisterRequest", ApiRegisterBodySchema)) },
      responses: {
        201: { ...json(schema("User", ApiUserSchema), "The new user; the session cookie is set"), headers: setCookie },
        ...bodyErrors,
        403: err("A role other than 'user', or a cross-site request"),
        409: err("A user with this email already exists (the message contains 'already exists')"),
        429: err("Too many sign-ups from this client (Retry-After)"),
      },
    }),
    async handler({ request, body, ip }) {
      const { role, ...account } = body;
      if (role !== undefined && role !== "user") return apiError(403, MSG.apiRegisterRoleRefused);
      const outcome = await signUp(account, ip);
      if (!outcome.ok) return apiError(outcome.refusal.status, outcome.refusal.message, undefined, outcome.refusal.headers);
      const cookie = await createUserSession(request, outcome.user);
      return apiJson(outcome.user, 201, { "Set-Cookie": cookie });
    },
  }),
});
