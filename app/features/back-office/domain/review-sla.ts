/**
 * The review workspace's service level (docs/product.md, "Review workspace"): how long an
 * application has waited since it was submitted and since anyone last acted on it, and whether it
 * is over the threshold. Pure, so the admin's and the lender's queues compute it the same way.
 */
const HOUR = 3600 * 1000;

/** A submitted application gets a first decision within this many hours. */
export const REVIEW_SLA_HOURS = 48;
/** Nobody may leave an open application untouched for longer than this. */
export const REVIEW_IDLE_HOURS = 24;

export type ReviewSla = {
  /** "2 d 5 h", "3 h", "under 1 h". */
  sinceSubmitted: string;
  sinceLastAction: string;
  /** Over either threshold: highlighted in the queue. */
  overdue: boolean;
};

export function formatAge(ms: number): string {
  const hours = Math.floor(Math.max(0, ms) / HOUR);
  if (hours < 1) return "under 1 h";
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  if (!days) return `${hours} h`;
  return rest ? `${days} d ${rest} h` : `${days} d`;
}

export function reviewSla(submittedAt: Date | string | null, lastActionAt: Date | string | null, now: Date = new Date()): ReviewSla {
  const t = (v: Date | string | null) => (v == null ? null : new Date(v).getTime());
  const submitted = t(submittedAt);
  const last = t(lastActionAt) ?? submitted;
  const sinceSubmittedMs = submitted == null ? 0 : now.getTime() - submitted;
  const sinceLastMs = last == null ? 0 : now.getTime() - last;
  return {
    sinceSubmitted: submitted == null ? "–" : formatAge(sinceSubmittedMs),
    sinceLastAction: last == null ? "–" : formatAge(sinceLastMs),
    overdue: submitted != null && (sinceSubmittedMs > REVIEW_SLA_HOURS * HOUR || sinceLastMs > REVIEW_IDLE_HOURS * HOUR),
  };
}
