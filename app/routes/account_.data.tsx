/**
 * /account/data: "My data". Download everything as JSON, or ask for deletion: never
 * submitted applications and drafts go at once; submitted applications are kept for the privacy
 * policy's retention period; without any, the whole account is deleted and signed out.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccountHeader } from "~/ui/app-header";
import { Field, FormError } from "~/ui/forms";
import { privacySections } from "~/content/legal";
import { site } from "~/content/site";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";
import { useT } from "~/ui/i18n";
import { countApplications, listUnsubmittedApplicationIds } from "~/features/accounts/account-data-queries.server";
import { DeleteDataSchema } from "~/features/accounts/account.schema";
import { deleteMyData } from "~/features/accounts/account.server";
import { ACCOUNT_TOASTS } from "~/content/messages";
import { useIsPending } from "~/ui/misc";
import { getClientIp } from "~/platform/http/request.server";
import { destroySession, requireUser } from "~/features/accounts/session/session.server";
import { redirectWithToast } from "~/platform/http/toast.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: fill(resourcesFor(languageOfMatches(matches)).account.data.pageTitle, { site: site.name }) },
];

/** The privacy policy's own retention sentence, so the page and the policy cannot disagree. */
const retentionText = privacySections.find((s) => s.id === "retention")?.paragraphs.join(" ") ?? "";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (user.role === "admin") throw redirect("/account");
  const [unsubmitted, total] = await Promise.all([listUnsubmittedApplicationIds(user.id), countApplications(user.id)]);
  return { unsubmitted: unsubmitted.length, submitted: total - unsubmitted.length, retentionText };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  if (user.role === "admin") throw redirect("/account");
  const submission = parseWithZod(await request.formData(), { schema: DeleteDataSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await deleteMyData(user.id, getClientIp(request, context));
  if (outcome.accountDeleted) {
    return redirectWithToast("/", ACCOUNT_TOASTS.accountDeleted, { headers: { "set-cookie": await destroySession(request) } });
  }
  return redirectWithToast("/account/data", ACCOUNT_TOASTS.dataDeleted);
}

export default function MyData() {
  const { unsubmitted, submitted, retentionText } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ formAction: "/account/data" });
  const { t } = useT("account");
  const [form, fields] = useForm({
    id: "delete-data",
    constraint: getZodConstraint(DeleteDataSchema),
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DeleteDataSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <div className="min-h-screen bg-slate-50">
      <AccountHeader role="user" />
      <main id="main" tabIndex={-1} className="focus:outline-none mx-auto max-w-4xl space-y-6 px-4 py-8">
        <h1 className="text-3xl font-bold">{t("data.heading")}</h1>
        <section className="card" aria-labelledby="export-heading">
          <h2 id="export-heading" className="text-xl font-semibold">
            {t("data.exportHeading")}
          </h2>
          <p className="mt-2 text-slate-800">{t("data.exportText")}</p>
          <a href="/account/export" className="btn-primary mt-4" download>
            {t("data.download")}
          </a>
        </section>
        <section className="card" aria-labelledby="delete-heading">
          <h2 id="delete-heading" className="text-xl font-semibold">
            {t("data.deleteHeading")}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
            <li>
              {t("data.unsubmittedBefore")} <span data-testid="unsubmitted-count">{unsubmitted}</span>
              {t("data.unsubmittedAfter")}
            </li>
            <li>
              {t("data.submittedBefore")} <span data-testid="submitted-count">{submitted}</span>
              {t("data.submittedAfter")}{" "}
              <Link to="/privacy-policy#retention" className="link">
                {t("data.privacyPolicy")}
              </Link>
              {t("data.says")} {/* The policy's own words: the English text governs (legal pages), so it is quoted as it is. */}
              <q data-testid="retention-text" lang="en">
                {retentionText}
              </q>
            </li>
            <li>{submitted ? t("data.staysOpen", { email: site.supportEmail }) : t("data.deletedToo")}</li>
          </ul>
          <Form method="post" action="/account/data" className="mt-4 space-y-4" {...getFormProps(form)}>
            <Field label={t("data.confirmLabel")} meta={fields.confirm} inputProps={{ autoComplete: "off" }} />
            <FormError id={form.errorId} errors={form.errors} />
            <button type="submit" className="btn-danger" disabled={pending}>
              {pending ? t("data.deleting") : t("data.delete")}
            </button>
          </Form>
        </section>
      </main>
    </div>
  );
}
