/** GET /account/export: everything held about the signed-in user, as a JSON download. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportUserData } from "~/features/accounts/account.server";
import { getClientIp } from "~/platform/http/request.server";
import { requireUser } from "~/features/accounts/session/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const body = await exportUserData(user.id, getClientIp(request, context));
  if (!body) throw new Response("Not found", { status: 404 });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-data-${day}.json"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
