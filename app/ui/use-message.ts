/**
 * Messages in the page's language (issue 30). The zod schemas are shared by the server, the API and
 * the browser and keep answering the spec's English text (MSG); what a form shows is translated here,
 * at render, by looking the English text up among the translated messages. So a message reads the
 * same in Spanish whether the server sent it (JavaScript off) or Conform found it in the browser.
 * A text that is no translated message (a server answer with figures) is shown as it came.
 *
 * Toasts the same way (useToastText): the toast cookie keeps the English title and description;
 * the Toaster looks each up in the "toasts" namespace (a toast with a name or a figure by its
 * template), then among the messages, and shows the English text only when neither knows it.
 */
import { useCallback } from "react";
import { useT } from "~/ui/i18n";
import { MSG, TOASTS, toastText, type ToastMessage } from "~/content/messages";
import { resources, TRANSLATED_MESSAGE_KEYS } from "~/content/locales";

const keyOfText = new Map<string, string>([
  ...TRANSLATED_MESSAGE_KEYS.map((k): [string, string] => [MSG[k], `messages:${k}`]),
  [toastText(TOASTS.loginFailed), "auth:loginFailedText"],
  // The account pages' messages (ACCOUNT_MSG).
  ...Object.entries(resources.en.account.msg).map(([k, text]): [string, string] => [text, `account:msg.${k}`]),
  // The throttles' refusals (THROTTLE_MSG), wherever a page or a toast shows one.
  ...Object.entries(resources.en.dashboard.throttle).map(([k, text]): [string, string] => [text, `dashboard:throttle.${k}`]),
  // The marketplace's messages on the offers pages (MARKET_MSG) and the acceptance's toast titles.
  ...Object.entries(resources.en.offers.msg).map(([k, text]): [string, string] => [text, `offers:msg.${k}`]),
  ...Object.entries(resources.en.offers.toast).map(([k, text]): [string, string] => [text, `offers:toast.${k}`]),
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

// ---------------------------------------------------------------------------------------------
// Toasts

const { toasts: en } = resources.en;
const keyOfToastText = new Map<string, string>();
for (const group of ["app", "account", "applicant"] as const) {
  for (const [name, { title, description }] of Object.entries(en[group])) {
    if (!keyOfToastText.has(title)) keyOfToastText.set(title, `${group}.${name}.title`);
    if (description && !keyOfToastText.has(description)) keyOfToastText.set(description, `${group}.${name}.description`);
  }
}
for (const k of ["submittedTitle", "uploadedTitle", "boostedTitle", "boostedNone", "waitTitle"] as const)
  keyOfToastText.set(en.dynamic[k], `dynamic.${k}`);

/** A toast text with a name or a figure in it: its English template as a pattern ({{count}} a number). */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const templates = (["uploadedManyDescription", "uploadedDescription", "submittedDescription", "boosted_one", "boosted_other"] as const).map(
  (k) => ({
    key: `dynamic.${k.replace(/_(one|other)$/, "")}`,
    pattern: new RegExp(
      `^${escape(en.dynamic[k]).replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, name: string) => (name === "count" ? "(?<count>\\d+)" : `(?<${name}>.+)`))}$`,
      "s",
    ),
  }),
);

export function useToastText() {
  const { t } = useT("toasts");
  const message = useMessage();
  const text = useCallback(
    (english: string) => {
      const key = keyOfToastText.get(english);
      if (key) return t(key);
      for (const { key, pattern } of templates) {
        const groups = pattern.exec(english)?.groups;
        if (groups) return t(key, groups.count === undefined ? groups : { ...groups, count: Number(groups.count) });
      }
      return message(english);
    },
    [t, message],
  );
  return useCallback(
    <T extends ToastMessage>(toast: T): T => ({
      ...toast,
      title: text(toast.title),
      description: toast.description === undefined ? undefined : text(toast.description),
    }),
    [text],
  );
}
