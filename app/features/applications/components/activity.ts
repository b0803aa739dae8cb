/** Human text for the dashboard's Recent Activity, from the application's audit trail. */
import { DOCUMENT_TYPE_LABELS, isDocumentType } from "~/content/document-types";
import { getStatusDisplay } from "~/features/applications/domain/status-display";
import { isStage, stageLabel } from "~/features/applications/domain/loan-lifecycle";

/** "March.pdf (Bank Statements)", "Bank Statements" when the file is gone, else "unnamed document". */
function documentLabel(e: { documentType?: string | null; documentName?: string | null }) {
  const type = isDocumentType(e.documentType) ? DOCUMENT_TYPE_LABELS[e.documentType] : null;
  if (e.documentName) return type ? `${e.documentName} (${type})` : e.documentName;
  return type ?? "unnamed document";
}

export function activityText(e: {
  type: string;
  reference: string;
  toStatus: string | null;
  documentType?: string | null;
  documentName?: string | null;
}): string {
  switch (e.type) {
    case "created":
      return `Application ${e.reference} started`;
    case "submitted":
      return `Application ${e.reference} submitted`;
    case "status_changed":
      return `Status of ${e.reference} changed to ${getStatusDisplay(e.toStatus ?? "").label}`;
    case "stage_changed":
      // The loan's stage, in the same words as the timeline.
      return isStage(e.toStatus) ? `${e.reference}: ${stageLabel(e.toStatus)}` : `Application ${e.reference} updated`;
    case "document_uploaded":
      return `Document uploaded to ${e.reference}: ${documentLabel(e)}`;
    case "document_removed":
      return `Document removed from ${e.reference}: ${documentLabel(e)}`;
    case "offer_summary_presented":
      return `Offer summary for ${e.reference} presented to you`;
    default:
      return `Application ${e.reference} updated`;
  }
}
