/**
 * An upload refusal in the page's language (issue 30): the document service answers in English
 * ("Upload Failed - This file is not a valid PDF, DOC or DOCX. ..."); the tiles translate the title
 * and the translated messages at render (useMessage). A text of neither kind is shown as it came.
 */
import { useCallback } from "react";
import { TOASTS, toastText } from "~/content/messages";
import { UPLOAD_PROGRESS } from "~/content/document-types";
import { useT } from "~/ui/i18n";
import { useMessage } from "~/ui/use-message";

export function useUploadMessage() {
  const { t } = useT("apply");
  const message = useMessage();
  return useCallback(
    (text: string) => {
      const failed = t("documents.uploadFailedTitle");
      const tooLarge = `${t("documents.fileTooLargeTitle")} - ${t("documents.fileTooLarge")}`;
      if (text === toastText(TOASTS.uploadFailed)) return `${failed} - ${t("documents.uploadFailed")}`;
      if (text === toastText(TOASTS.fileTooLarge)) return tooLarge;
      if (text === TOASTS.fileTooLarge.description) return t("documents.fileTooLarge");
      if (text === UPLOAD_PROGRESS.connectionLost) return t("documents.connectionLost");
      const prefix = `${TOASTS.uploadFailed.title} - `;
      if (text.startsWith(prefix)) return `${failed} - ${message(text.slice(prefix.length))}`;
      return message(text);
    },
    [t, message],
  );
}
