import { Form } from "@remix-run/react";
import { ACCOUNT_MSG } from "~/content/messages";

/** Dashboard banner while the account's e-mail is not verified; "resend" is a POST. */
export function VerifyEmailBanner({ email }: { email: string }) {
  return (
    <div
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-4"
      data-testid="verify-banner"
    >
      <p className="text-amber-950">
        {ACCOUNT_MSG.verifyBanner} We sent the link to <strong className="break-all">{email}</strong>.
      </p>
      <Form method="post" action="/verify-email">
        <input type="hidden" name="intent" value="resend" />
        <button type="submit" className="btn-outline">
          Resend the link
        </button>
      </Form>
    </div>
  );
}
