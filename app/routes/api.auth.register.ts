/**
 * POST /api/auth/register: creates an applicant account (role 'user' only) and signs it in.
 * 201 the user + session cookie; 400 field errors; 403 for any other role; 409 taken e-mail
 * (message contains 'already exists'); 429 throttled (per client, like the sign-up page).
 */
import { ApiRegisterBodySchema } from "~/schemas/api";
import { EmailTakenError, registerUser } from "~/services/auth.server";
import { afterAccountCreated } from "~/services/email-verification.server";
import { throttle } from "~/services/throttle.server";
import { apiError, apiJson, apiRoute, endpoint } from "~/utils/api.server";
import { MSG } from "~/utils/messages";
import { withPasswordPolicy } from "~/utils/password-policy.server";
import { createUserSession } from "~/utils/session.server";

export const { loader, action } = apiRoute({
  POST: endpoint({
    auth: "none",
    body: withPasswordPolicy(ApiRegisterBodySchema),
    async handler({ request, body, ip }) {
      const { role, ...account } = body;
      if (role !== undefined && role !== "user") return apiError(403, MSG.apiRegisterRoleRefused);
      const limited = await throttle("signup", [`ip:${ip}`]);
      if (limited) return apiError(429, limited.message, undefined, limited.headers);
      try {
        const user = await registerUser(account);
        await afterAccountCreated(user); // issue 13: e-mail verification link
        const cookie = await createUserSession(request, user);
        return apiJson(user, 201, { "Set-Cookie": cookie });
      } catch (e) {
        if (e instanceof EmailTakenError) return apiError(409, MSG.userExists);
        throw e;
      }
    },
  }),
});
