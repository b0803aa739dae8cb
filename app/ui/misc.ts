import { useNavigation } from "@remix-run/react";

/** True while a form posting to `formAction` (default: any) is submitting or loading its redirect. */
export function useIsPending({ formAction, formMethod = "POST" }: { formAction?: string; formMethod?: string } = {}) {
  const nav = useNavigation();
  return nav.state !== "idle" && nav.formMethod === formMethod && (!formAction || nav.formAction === formAction);
}
