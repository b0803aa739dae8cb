import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { TOASTS } from "~/content/messages";
import { destroySession } from "~/features/accounts/session/session.server";
import { redirectWithToast } from "~/platform/http/toast.server";

/** GET /logout changes nothing: logging out is a POST. */
export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const cookie = await destroySession(request);
  return redirectWithToast("/", TOASTS.loggedOut, { headers: { "set-cookie": cookie } });
}
