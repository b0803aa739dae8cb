import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { TOASTS } from "~/utils/messages";
import { destroySession } from "~/server/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/** GET /logout changes nothing: logging out is a POST. */
export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const cookie = await destroySession(request);
  return redirectWithToast("/", TOASTS.loggedOut, { headers: { "set-cookie": cookie } });
}
