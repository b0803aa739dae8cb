/**
 * Messages in the page's language (issue 30). The zod schemas are shared by the server, the API and
 * the browser and keep answering the spec's English text (MSG); what a form shows is translated here,
 * at render, by looking the English text up among the translated messages. So a message reads the
 * same in Spanish whether the server sent it (JavaScript off) or Conform found it in the browser.
 * A text that is no translated message (a server answer with figures) is shown as it came.
 */
import { useCallback } from "react";
import { useT } from "~/ui/i18n";
import { MSG, TOASTS, toastText } from "~/content/messages";
import { TRANSLATED_MESSAGE_KEYS } from "~/content/locales";

const keyOfText = new Map<string, string>([
  ...TRANSLATED_MESSAGE_KEYS.map((k): [string, string] => [MSG[k], `messages:${k}`]),
  [toastText(TOASTS.loginFailed), "auth:loginFailedText"],
]);

export function useMessage() {
  const { t } = useT("messages");
  return useCallback(
    (text: string) => {
      const key = keyOfText.get(text);
      return key ? t(key) : text;
    },
    [t],
  );
}
