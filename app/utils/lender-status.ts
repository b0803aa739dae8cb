/**
 * The only application-status change a lender's action makes (issue 27), pure and in one place so it
 * can be wired to the lifecycle module's transition table at merge: when the lender whose offer the
 * applicant accepted declines (after verification), the application is declined ("rejected" in
 * today's status list; the lifecycle's "declined"). Every other lender action leaves the status as is.
 */
export type LenderAction = "firm-offer" | "decline" | "request-documents" | "confirm-offer" | "withdraw-offer";

export function statusAfterLenderAction(
  action: LenderAction,
  current: string,
  ctx: { acceptedOfferIsThisLenders: boolean },
): "rejected" | null {
  if (action === "decline" && ctx.acceptedOfferIsThisLenders && current === "offer-accepted") return "rejected";
  return null;
}
