import { Form } from "@remix-run/react";
import { useT } from "~/ui/i18n";

/** Logout is a POST (no GET changes state); works without JavaScript. */
export function LogoutButton({ className = "btn-ghost" }: { className?: string }) {
  const { t } = useT("common");
  return (
    <Form method="post" action="/logout" className="inline">
      <button type="submit" className={className}>
        {t("header.logout")}
      </button>
    </Form>
  );
}
