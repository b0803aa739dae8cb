/** The invitation form of /admin/lenders/:id: parse, invite, answer (redirect with a toast, or the form's errors). */
import { data } from "@remix-run/node";
import { LENDER_MSG, LenderInviteSchema } from "~/features/lenders/lender.schema";
import { inviteLenderUser } from "~/features/lenders/lender-invitations.server";
import { redirectWithToast } from "~/platform/http/toast.server";

export type InviteFormState = { errors: Record<string, string[]>; values: { email: string; firstName: string; lastName: string } };

export async function inviteFromAdminPage(adminId: number, lenderId: number, form: FormData, ip: string | null) {
  const raw = {
    email: String(form.get("email") ?? ""),
    firstName: String(form.get("firstName") ?? ""),
    lastName: String(form.get("lastName") ?? ""),
  };
  const parsed = LenderInviteSchema.safeParse({ ...raw, intent: form.get("intent") });
  if (!parsed.success) {
    const invite: InviteFormState = { errors: parsed.error.flatten().fieldErrors as Record<string, string[]>, values: raw };
    return data({ invite }, { status: 400 });
  }
  const out = await inviteLenderUser(adminId, lenderId, parsed.data, ip);
  if (!out.ok) {
    if (out.reason === "lender-not-found") throw data(null, { status: 404 });
    const invite: InviteFormState = { errors: { email: [LENDER_MSG.inviteEmailTaken] }, values: raw };
    return data({ invite }, { status: 409 });
  }
  return redirectWithToast(`/admin/lenders/${lenderId}`, {
    title: "Invitation sent",
    description: `An invitation link was e-mailed to ${parsed.data.email}.`,
  });
}
