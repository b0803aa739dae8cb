/**
 * POST /api/auth/login: checks e-mail and password and signs in (a new session id).
 * 200 the user + session cookie; 400 field errors; 401 'Invalid email or password.';
 * 429 throttled per client and per account (like the sign-in pages).
 */
import { recordAudit } from "~/models/audit.server";
import { toPublicUser } from "~/models/user.server";
import { ApiLoginBodySchema } from "~/schemas/api";
import { InvalidCredentialsError, verifyLogin } from "~/services/auth.server";
import { throttle } from "~/services/throttle.server";
import { apiError, apiJson, apiRoute, endpoint } from "~/utils/api.server";
import { TOASTS } from "~/utils/messages";
import { createUserSession } from "~/utils/session.server";

export const { loader, action } = apiRoute({
  POST: endpoint({
    auth: "none",
    body: ApiLoginBodySchema,
    async handler({ request, body, ip }) {
      const limited = await throttle("login", [`ip:${ip}`, `acct:${body.email}`]);
      if (limited) return apiError(429, limited.message, undefined, limited.headers);
      try {
        const user = await verifyLogin(body.email, body.password);
        await recordAudit({ actorUserId: user.id, action: "auth.login", outcome: "success", ip, details: "api" });
        const cookie = await createUserSession(request, user);
        return apiJson(toPublicUser(user), 200, { "Set-Cookie": cookie });
      } catch (e) {
        if (!(e instanceof InvalidCredentialsError)) throw e;
        await recordAudit({ action: "auth.login", outcome: "failure", ip, details: "api" });
        return apiError(401, TOASTS.loginFailed.description);
      }
    },
  }),
});
