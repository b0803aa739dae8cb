/** Human text for the dashboard's Recent Activity, from the application's audit trail. */
import { getStatusDisplay } from "~/content/status-display";

export function activityText(e: { type: string; applicationId: string; toStatus: string | null }): string {
  switch (e.type) {
    case "created":
      return `Application ${e.applicationId} started`;
    case "submitted":
      return `Application ${e.applicationId} submitted`;
    case "status_changed":
      return `Status of ${e.applicationId} changed to ${getStatusDisplay(e.toStatus ?? "").label}`;
    case "document_uploaded":
      return `Document uploaded to ${e.applicationId}`;
    case "document_removed":
      return `Document removed from ${e.applicationId}`;
    default:
      return `Application ${e.applicationId} updated`;
  }
}
