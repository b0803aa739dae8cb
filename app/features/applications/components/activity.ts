/** Human text for the dashboard's Recent Activity, from the application's audit trail, in the page's language. */
import { useCallback } from "react";
import { isDocumentType, type DocumentType } from "~/content/document-types";
import { isStage, type Stage } from "~/features/applications/domain/loan-lifecycle";
import { isLanguage } from "~/content/locales";
import { translatedStatusDisplay } from "~/features/applications/components/status-lookup-ui";
import { useT } from "~/ui/i18n";

type Event = {
  type: string;
  reference: string;
  toStatus: string | null;
  documentType?: string | null;
  documentName?: string | null;
};

/** The words an activity line is made of: the "dashboard.activity" templates, and the names of statuses, stages and documents. */
export type ActivityWords = {
  t: (key: string, values?: Record<string, string>) => string;
  status: (status: string) => string;
  stage: (stage: Stage) => string;
  documentType: (type: DocumentType) => string;
};

/** "March.pdf (Bank Statements)", "Bank Statements" when the file is gone, else "unnamed document". */
function documentLabel(e: Pick<Event, "documentType" | "documentName">, w: ActivityWords) {
  const type = isDocumentType(e.documentType) ? w.documentType(e.documentType) : null;
  if (e.documentName) return type ? w.t("fileOfType", { name: e.documentName, type }) : e.documentName;
  return type ?? w.t("unnamed");
}

export function activityText(e: Event, w: ActivityWords): string {
  const reference = e.reference;
  switch (e.type) {
    case "created":
      return w.t("created", { reference });
    case "submitted":
      return w.t("submitted", { reference });
    case "status_changed":
      return w.t("statusChanged", { reference, status: w.status(e.toStatus ?? "") });
    case "stage_changed":
      // The loan's stage, in the same words as the timeline.
      return isStage(e.toStatus) ? w.t("stageChanged", { reference, stage: w.stage(e.toStatus) }) : w.t("updated", { reference });
    case "document_uploaded":
      return w.t("documentUploaded", { reference, document: documentLabel(e, w) });
    case "document_removed":
      return w.t("documentRemoved", { reference, document: documentLabel(e, w) });
    case "offer_summary_presented":
      return w.t("offerSummary", { reference });
    default:
      return w.t("updated", { reference });
  }
}

type T = (key: string, values?: Record<string, string | number>) => string;

/** activityText in the page's language (English: the words it always had). */
export function useActivityText() {
  const { t, i18n } = useT("dashboard");
  const { t: tPublic } = useT("public");
  const { t: tApply } = useT("apply");
  const lng = isLanguage(i18n.language) ? i18n.language : "en";
  return useCallback(
    (e: Event) => {
      const tp = tPublic as unknown as T;
      const words: ActivityWords = {
        t: (key, values) => (t as unknown as T)(`activity.${key}`, values),
        status: (s) => translatedStatusDisplay(s, lng, tp).label,
        stage: (s) => tp(`stages.${s}.label`),
        documentType: (d) => (tApply as unknown as T)(`documents.labels.${d}`),
      };
      return activityText(e, words);
    },
    [t, tPublic, tApply, lng],
  );
}
