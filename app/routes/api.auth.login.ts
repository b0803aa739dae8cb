/**
 * POST /api/auth/login: checks e-mail and password and signs in (a new session id).
 * 200 the user + session cookie; 400 field errors; 401 'Invalid email or password.';
 * 429 throttled per client and per account. All through the sign-in service, like the sign-in pages.
 * Admins need their second factor in `code`: without it 401 with `mfaRequired: true`; an admin
 * who has not enrolled yet gets 403 and must enrol through the admin sign-in page first.
 */
import { z } from "zod";
import { toPublicUser } from "~/features/accounts/users.server";
import { ApiErrorSchema, ApiLoginBodySchema, ApiUserSchema } from "~/features/applications/api.schema";
import { signIn } from "~/features/accounts/sign-in.server";
import { apiError, apiJson, apiRoute, endpoint } from "~/platform/api/api-route.server";
import { MSG, TOASTS } from "~/content/messages";
import { createUserSession } from "~/features/accounts/session/session.server";

export const MFA_REQUIRED_MESSAGE = "Two-factor authentication code required";
export const MFA_ENROL_MESSAGE = "Set up two-factor authentication at /admin-login before using the admin API";

export const { loader, action, endpoints } = apiRoute({
  POST: endpoint({
    auth: "none",
    body: ApiLoginBodySchema,
    openapi: ({ schema, json, err, bodyErrors, jsonBody, setCookie }) => ({
      operationId: "login",
      tag: "Auth",
      summary: "Sign in with e-mail and password",
      description:
        "Checks the credentials and sets a new session cookie. Admins also send `code` (their second factor); without it the answer is 401 with `mfaRequired: true`.",
      request: { body: jsonBody(schema("LoginRequest", ApiLoginBodySchema)) },
      responses: {
        200: { ...json(schema("User", ApiUserSchema), "The user; the session cookie is set"), headers: setCookie },
        ...bodyErrors,
        401: json(
          ApiErrorSchema.extend({ mfaRequired: z.boolean().optional().describe("An admin must send the second factor in `code`") }),
          "Invalid email or password, or an admin's second factor missing or wrong",
        ),
        403: err("An admin who has not enrolled in two-factor authentication yet"),
        429: err("Too many sign-in attempts for this client or account (Retry-After)"),
      },
    }),
    async handler({ request, body, ip }) {
      const result = await signIn(body, { ip, via: "api" });
      if (result.ok) {
        const cookie = await createUserSession(request, result.user, { mfa: result.secondFactor === "verified" });
        return apiJson(toPublicUser(result.user), 200, { "Set-Cookie": cookie });
      }
      switch (result.reason) {
        case "throttled":
          return apiError(429, result.message, undefined, result.headers);
        case "mfa-not-enrolled":
          return apiError(403, MFA_ENROL_MESSAGE);
        case "mfa-required":
          return apiJson({ message: MFA_REQUIRED_MESSAGE, mfaRequired: true }, 401);
        case "mfa-refused":
          return apiError(401, result.locked ? MSG.mfaLocked : TOASTS.loginFailed.description);
        default:
          return apiError(401, TOASTS.loginFailed.description);
      }
    },
  }),
});
