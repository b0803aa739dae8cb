/**
 * The action of /lender/applications/:id: the form's `intent` picks the schema and the
 * one service call; a valid form answers with a redirect and a toast (POST-redirect-GET), an invalid
 * one with the form's errors (400), a refused one (not shared: 404, closed: 409) with its message.
 */
import { data } from "@remix-run/node";
import {
  ConfirmInstantOfferSchema,
  FirmOfferSchema,
  LenderDeclineSchema,
  LenderDocumentRequestSchema,
  MarkFundedSchema,
  MarkVerifyingSchema,
  WithdrawInstantOfferSchema,
} from "~/features/lenders/lender.schema";
import {
  actOnInstantOffer,
  declineApplication,
  makeFirmOffer,
  markFundedAsLender,
  markVerifyingAsLender,
  requestDocumentsAsLender,
  type LenderActionOutcome,
  type LenderActor,
} from "~/features/lenders/lender-actions.server";
import { redirectWithToast } from "~/platform/http/toast.server";

function reply(intent: string, form: FormData, status: number, errors: Record<string, string[]>, message: string | null) {
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string" && k !== "intent") values[k] = v;
  return data({ intent, errors, message, values }, { status });
}

export async function handleLenderAction(actor: LenderActor, applicationId: number, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  const obj = { ...Object.fromEntries(form), reasons: form.getAll("reasons"), documentTypes: form.getAll("documentTypes") };
  let out: LenderActionOutcome;
  const invalid = (e: { flatten: () => { fieldErrors: Record<string, string[] | undefined>; formErrors: string[] } }) => {
    const f = e.flatten();
    return reply(intent, form, 400, f.fieldErrors as Record<string, string[]>, f.formErrors[0] ?? null);
  };
  switch (intent) {
    case "firm-offer": {
      const p = FirmOfferSchema.safeParse(obj);
      if (!p.success) return invalid(p.error);
      out = await makeFirmOffer(actor, applicationId, p.data);
      break;
    }
    case "decline": {
      const p = LenderDeclineSchema.safeParse(obj);
      if (!p.success) return invalid(p.error);
      out = await declineApplication(actor, applicationId, p.data.reasons);
      break;
    }
    case "request-documents": {
      const p = LenderDocumentRequestSchema.safeParse(obj);
      if (!p.success) return invalid(p.error);
      out = await requestDocumentsAsLender(actor, applicationId, p.data);
      break;
    }
    case "confirm-offer": {
      const p = ConfirmInstantOfferSchema.safeParse(obj);
      if (!p.success) return invalid(p.error);
      out = await actOnInstantOffer(actor, applicationId, p.data.offerId, { kind: "confirm" });
      break;
    }
    case "withdraw-offer": {
      const p = WithdrawInstantOfferSchema.safeParse(obj);
      if (!p.success) return invalid(p.error);
      out = await actOnInstantOffer(actor, applicationId, p.data.offerId, { kind: "withdraw", reason: p.data.reason });
      break;
    }
    case "mark-verifying": {
      const p = MarkVerifyingSchema.safeParse(obj);
      if (!p.success) return invalid(p.error);
      out = await markVerifyingAsLender(actor, applicationId);
      break;
    }
    case "mark-funded": {
      const p = MarkFundedSchema.safeParse(obj);
      if (!p.success) return invalid(p.error);
      out = await markFundedAsLender(actor, applicationId, { amountCents: p.data.amount, date: p.data.fundedOn });
      break;
    }
    default:
      throw data(null, { status: 400 });
  }
  if (!out.ok) {
    if (out.status === 404) throw data(null, { status: 404 });
    return reply(intent, form, out.status, {}, out.message);
  }
  return redirectWithToast(`/lender/applications/${applicationId}`, { title: out.message });
}
