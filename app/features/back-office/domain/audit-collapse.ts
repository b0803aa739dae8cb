/**
 * The audit trail's display: a run of the same "viewed" entry (the same person reading the same
 * thing again and again, e.g. reloading the review workspace) is shown as one row, "Viewed 5 times
 * by X, last at ...". Only the display: every view stays recorded in the audit log.
 */

/** An entry the trail may fold into the row before it (newest first). */
export function isViewEntry(action: string): boolean {
  return action.endsWith("_viewed") || action === "document.preview";
}

type Entry = {
  action: string;
  actorUserId: number | null;
  targetType: string | null;
  targetId: string | null;
  outcome: string;
  at: string;
};

export type CollapsedEntry<T extends Entry> = T & {
  /** How many recorded entries this row stands for (1: a single entry). */
  times: number;
  /** The oldest of them (the row's own `at` is the newest). */
  firstAt: string;
};

/** Folds consecutive views by the same person of the same target with the same outcome (input newest first). */
export function collapseViews<T extends Entry>(items: T[]): Array<CollapsedEntry<T>> {
  const out: Array<CollapsedEntry<T>> = [];
  for (const item of items) {
    const prev = out[out.length - 1];
    if (
      prev &&
      isViewEntry(item.action) &&
      prev.action === item.action &&
      prev.actorUserId === item.actorUserId &&
      prev.targetType === item.targetType &&
      prev.targetId === item.targetId &&
      prev.outcome === item.outcome
    ) {
      prev.times += 1;
      prev.firstAt = item.at;
      continue;
    }
    out.push({ ...item, times: 1, firstAt: item.at });
  }
  return out;
}
