/**
 * English texts, namespace "toasts" (issue 30): every toast the applicant's pages raise. A toast is
 * set on the server and kept in its cookie in English (app/platform/http/toast.server.ts); the
 * Toaster shows it in the page's language by looking its English title and description up here
 * (app/ui/use-message.ts, useToastText). Every text is read from app/content/messages.ts, never
 * retyped; a toast with a name or a figure in it is read as a template, its function called with
 * {{placeholders}}.
 */
import {
  ACCOUNT_TOASTS,
  APPLICANT_TOASTS,
  boostedToast,
  resendThrottledToast,
  submittedToast,
  TOASTS,
  uploadedManyToast,
  uploadedToast,
  type ToastMessage,
} from "~/content/messages";

type Texts<T extends Record<string, ToastMessage>> = { [K in keyof T]: { title: string; description: string } };
const texts = <T extends Record<string, ToastMessage>>(group: T) =>
  Object.fromEntries(Object.entries(group).map(([k, v]) => [k, { title: v.title, description: v.description ?? "" }])) as Texts<T>;

/** `boostedToast` for `count` lenders, its count and names as placeholders ("{{count}} new offers: {{names}}."). */
const boostedTemplate = (count: 1 | 2) => {
  const names = { length: count, join: () => "{{names}}" } as unknown as readonly string[];
  return (boostedToast(names).description ?? "").replace(String(count), "{{count}}");
};

export const toasts = {
  region: "Notifications (F8)",
  close: "Close notification",
  app: texts(TOASTS),
  account: texts(ACCOUNT_TOASTS),
  /** The dashboard's pages (about the owners, the offer's signing page). */
  applicant: texts(APPLICANT_TOASTS),
  /** Toasts with a name or a figure: each {{placeholder}} matches what the page put there. */
  dynamic: {
    submittedTitle: submittedToast("").title,
    submittedDescription: submittedToast("{{reference}}").description ?? "",
    uploadedTitle: uploadedToast("").title,
    uploadedDescription: uploadedToast("{{name}}").description ?? "",
    uploadedManyDescription: uploadedManyToast("{{count}}" as unknown as number).description ?? "",
    boostedTitle: boostedToast([]).title,
    boostedNone: boostedToast([]).description ?? "",
    boosted_one: boostedTemplate(1),
    boosted_other: boostedTemplate(2),
    /** A new confirmation link asked for too soon (its description is the throttle's text). */
    waitTitle: resendThrottledToast("").title,
  },
};
