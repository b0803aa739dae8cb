import { describe, expect, it } from "vitest";
import { collapseViews } from "./audit-collapse";

const e = (action: string, actorUserId: number, at: string, targetId = "7") => ({
  action,
  actorUserId,
  targetType: "application",
  targetId,
  outcome: "success",
  at,
});

describe("collapseViews", () => {
  it("folds a run of the same person's views into one row with the count and both ends", () => {
    const rows = collapseViews([
      e("admin.application_viewed", 1, "2026-11-20T12:05:00Z"),
      e("admin.application_viewed", 1, "2026-11-20T12:04:00Z"),
      e("admin.application_viewed", 1, "2026-11-20T12:03:00Z"),
      e("application.status_changed", 1, "2026-11-20T12:02:00Z"),
      e("admin.application_viewed", 1, "2026-11-20T12:01:00Z"),
    ]);
    expect(rows.map((r) => [r.action, r.times, r.at, r.firstAt])).toEqual([
      ["admin.application_viewed", 3, "2026-11-20T12:05:00Z", "2026-11-20T12:03:00Z"],
      ["application.status_changed", 1, "2026-11-20T12:02:00Z", "2026-11-20T12:02:00Z"],
      ["admin.application_viewed", 1, "2026-11-20T12:01:00Z", "2026-11-20T12:01:00Z"],
    ]);
  });

  it("keeps other people's views, other targets and non-view actions apart", () => {
    const rows = collapseViews([
      e("admin.application_viewed", 1, "2026-11-20T12:05:00Z"),
      e("admin.application_viewed", 2, "2026-11-20T12:04:00Z"),
      e("document.preview", 2, "2026-11-20T12:03:00Z", "8"),
      e("document.preview", 2, "2026-11-20T12:02:00Z", "9"),
      e("backoffice.note_added", 2, "2026-11-20T12:01:00Z"),
      e("backoffice.note_added", 2, "2026-11-20T12:00:00Z"),
    ]);
    expect(rows.map((r) => r.times)).toEqual([1, 1, 1, 1, 1, 1]);
  });
});
