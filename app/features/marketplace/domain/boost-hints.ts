/**
 * "Boost your offers": which missing answer would unlock or improve which named lender's offer,
 * from the stored matching decisions (pure). A lender whose only reasons are answers the
 * application does not state (`*-unknown`) would consider it with them; an eligible lender whose
 * better rate needs a stated credit score would improve its offer.
 */
import { creditScoreOf, yearsInBusinessOf } from "~/content/loan-options";
import type { ReasonCode } from "./offer-matching";

/** The answers "Boost your offers" takes: the ones matching and pricing use. */
export const BOOST_FIELDS = ["creditScoreRange", "timeInBusiness"] as const;
export type BoostField = (typeof BOOST_FIELDS)[number];

const ASKS: Record<BoostField, string> = {
  creditScoreRange: "your credit-score range",
  timeInBusiness: "how long your business has operated",
};
const UNKNOWN: Partial<Record<ReasonCode, BoostField>> = {
  "credit-score-unknown": "creditScoreRange",
  "years-in-business-unknown": "timeInBusiness",
};

export type BoostHint = { lenderName: string; fields: BoostField[]; effect: "unlock" | "improve"; text: string };

type DecisionLike = { lenderName: string; eligible: boolean; reasons: readonly string[]; unlock: readonly string[] };

const joinAsks = (fields: readonly BoostField[]) => fields.map((f) => ASKS[f]).join(" and ");

/** The hints for the decisions of one application; `missing` is what it does not state yet. */
export function boostHints(decisions: readonly DecisionLike[], missing: ReadonlySet<BoostField>): BoostHint[] {
  const hints: BoostHint[] = [];
  const seen = new Set<string>();
  for (const d of decisions) {
    if (seen.has(d.lenderName)) continue;
    if (!d.eligible && d.reasons.length) {
      const fields = d.reasons.map((r) => UNKNOWN[r as ReasonCode]);
      if (fields.every((f): f is BoostField => f !== undefined && missing.has(f))) {
        const unique = BOOST_FIELDS.filter((f) => fields.includes(f));
        hints.push({
          lenderName: d.lenderName,
          fields: unique,
          effect: "unlock",
          text: `Tell us ${joinAsks(unique)} to see ${d.lenderName}'s offer.`,
        });
        seen.add(d.lenderName);
      }
    } else if (d.eligible && missing.has("creditScoreRange") && d.unlock.some((u) => /credit score/i.test(u))) {
      hints.push({
        lenderName: d.lenderName,
        fields: ["creditScoreRange"],
        effect: "improve",
        text: `Tell us ${ASKS.creditScoreRange}: it may lower ${d.lenderName}'s rate.`,
      });
      seen.add(d.lenderName);
    }
  }
  return hints;
}

/** The optional data of a matching profile from the stored answers (null: not stated). */
export function profileAnswers(a: { creditScoreRange: string; timeInBusiness: string }) {
  return { creditScore: creditScoreOf(a.creditScoreRange), yearsInBusiness: yearsInBusinessOf(a.timeInBusiness) };
}
