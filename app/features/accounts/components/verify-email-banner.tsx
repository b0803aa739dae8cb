import { Form } from "@remix-run/react";
import { ACCOUNT_MSG } from "~/content/messages";
import { useT } from "~/ui/i18n";
import { useMessage } from "~/ui/use-message";

/** Dashboard banner while the account's e-mail is not verified; "resend" is a POST. */
export function VerifyEmailBanner({ email }: { email: string }) {
  const { t } = useT("account");
  const message = useMessage();
  return (
    <div
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-4"
      data-testid="verify-banner"
    >
      <p className="text-amber-950">
        {message(ACCOUNT_MSG.verifyBanner)} {t("banner.sentTo")} <strong className="break-all">{email}</strong>.
      </p>
      <Form method="post" action="/verify-email">
        <input type="hidden" name="intent" value="resend" />
        <button type="submit" className="btn-outline">
          {t("banner.resend")}
        </button>
      </Form>
    </div>
  );
}
