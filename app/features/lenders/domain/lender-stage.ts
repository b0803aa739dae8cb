/**
 * Where an application stands for ONE partner lender, pure: the lender workspace's queue
 * groups its applications by this. Derived from the application's lifecycle stage
 * (app/features/applications/domain/loan-lifecycle.ts), this lender's offers and decline, and whether the accepted offer
 * (if any) is this lender's.
 */
import type { Stage } from "~/features/applications";

export const LENDER_STAGES = [
  { value: "new", label: "New match" },
  { value: "offer-out", label: "Offer out" },
  { value: "accepted", label: "Accepted" },
  { value: "verifying", label: "Verifying" },
  { value: "funded", label: "Funded" },
  { value: "declined", label: "Declined" },
  { value: "closed", label: "Closed" },
] as const;
export type LenderStage = (typeof LENDER_STAGES)[number]["value"];

export const lenderStageLabel = (s: string) => LENDER_STAGES.find((x) => x.value === s)?.label ?? s;

export type LenderStageInput = {
  /** The application's lifecycle stage (effectiveStage of the row). */
  stage: Stage;
  /** This lender's offers on the application. */
  offers: ReadonlyArray<{ id: number; source: string; status: string; lenderConfirmedAt: Date | null; expiresAt: Date }>;
  declinedByLender: boolean;
  /** The accepted offer's id, if the applicant accepted one (of any lender). */
  acceptedOfferId: number | null;
};

export function lenderStage(i: LenderStageInput, now = new Date()): LenderStage {
  if (i.declinedByLender) return "declined";
  const ours = i.acceptedOfferId != null && i.offers.some((o) => o.id === i.acceptedOfferId);
  if (ours) {
    if (i.stage === "funded") return "funded";
    if (i.stage === "lender-verifying") return "verifying";
    if (i.stage === "declined") return "declined";
    if (i.stage === "withdrawn") return "closed";
    return "accepted";
  }
  if (i.acceptedOfferId != null) return "closed";
  if (["declined", "withdrawn", "funded"].includes(i.stage)) return "closed";
  const firm = i.offers.some(
    (o) => o.status === "offered" && o.expiresAt.getTime() > now.getTime() && (o.source === "lender" || o.lenderConfirmedAt != null),
  );
  return firm ? "offer-out" : "new";
}
