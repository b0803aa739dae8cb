/**
 * /account: change password, change e-mail (a verified address only; the change needs
 * the link sent to the new address, opened in this account's session: email-change.server.ts), the
 * signed-in sessions with "sign out everywhere else", and for admins new recovery codes and a new
 * authenticator. Every form posts here with an `intent`; each works without JavaScript.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { AccountHeader } from "~/ui/app-header";
import { formatDateTime } from "~/ui/format";
import { useFormat } from "~/ui/locale-format";
import { useT } from "~/ui/i18n";
import { useMessage } from "~/ui/use-message";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";
import { Field, FormError, PasswordField } from "~/ui/forms";
import { site } from "~/content/site";
import { getUserById } from "~/features/accounts/users.server";
import { pendingEmailChange } from "~/features/accounts/account-tokens.server";
import { ChangeEmailSchema, ChangePasswordSchema, RecoveryCodesSchema, SignOutOthersSchema } from "~/features/accounts/account.schema";
import {
  changePassword,
  checkCurrentPassword,
  requestEmailChange,
  sessionsOf,
  signOutOtherSessions,
} from "~/features/accounts/account.server";
import { regenerateRecoveryCodes } from "~/features/accounts/mfa/mfa.server";
import { recordAudit } from "~/platform/audit-log.server";
import { throttle } from "~/platform/security/throttle.server";
import { ACCOUNT_MSG, ACCOUNT_TOASTS, MSG } from "~/content/messages";
import { useIsPending } from "~/ui/misc";
import { conformSummary, ErrorSummary } from "~/ui/error-summary";
import { withPasswordPolicy } from "~/features/accounts/password/password-policy.server";
import { getClientIp } from "~/platform/http/request.server";
import { getSession, requireUser } from "~/features/accounts/session/session.server";
import { redirectWithToast } from "~/platform/http/toast.server";

export { retryAfterHeaders as headers } from "~/platform/http/headers";

export const meta: MetaFunction = ({ matches }) => {
  const { settings } = resourcesFor(languageOfMatches(matches)).account;
  return [{ title: fill(settings.pageTitle, { site: site.name }) }, { name: "description", content: settings.description }];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [record, session] = await Promise.all([getUserById(user.id), getSession(request)]);
  if (!record) throw new Response("Not found", { status: 404 });
  const [pending, sessions] = await Promise.all([pendingEmailChange(user.id), sessionsOf(user.id, session.id)]);
  return {
    role: record.role,
    email: record.email,
    emailVerified: Boolean(record.emailVerifiedAt),
    pendingEmail: pending?.email ?? null,
    sessions,
    recoveryCodesLeft: record.role === "admin" ? (record.mfaRecoveryCodes?.length ?? 0) : null,
  };
}

type Reply = { intent: string; result: SubmissionResult<string[]>; codes?: string[] };
const reply = (r: Reply, status = 400, headers?: HeadersInit) => data(r, { status, headers });

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const ip = getClientIp(request, context);
  const session = await getSession(request);
  const hide = { hideFields: ["currentPassword", "password", "confirmPassword"] };

  if (intent === "sessions") {
    const submission = parseWithZod(form, { schema: SignOutOthersSchema });
    if (submission.status !== "success") return reply({ intent, result: submission.reply() });
    await signOutOtherSessions(user.id, session.id, ip);
    return redirectWithToast("/account", ACCOUNT_TOASTS.signedOutElsewhere);
  }

  const schema =
    intent === "password"
      ? withPasswordPolicy(ChangePasswordSchema)
      : intent === "email"
        ? ChangeEmailSchema
        : intent === "recovery-codes"
          ? RecoveryCodesSchema
          : null;
  if (!schema || (intent === "recovery-codes" && user.role !== "admin")) throw new Response(null, { status: 400 });
  const submission = parseWithZod(form, { schema: schema as z.ZodTypeAny });
  if (submission.status !== "success") return reply({ intent, result: submission.reply(hide) });
  const limited = await throttle("accountChange", [`acct:${user.id}`]);
  if (limited) return reply({ intent, result: submission.reply({ ...hide, formErrors: [limited.message] }) }, 429, limited.headers);
  const value = submission.value as { currentPassword: string; password?: string; email?: string };
  const record = await checkCurrentPassword(user.id, value.currentPassword);
  if (!record)
    return reply({ intent, result: submission.reply({ ...hide, fieldErrors: { currentPassword: [ACCOUNT_MSG.currentPasswordWrong] } }) });

  if (intent === "password") {
    await changePassword(record, value.password!, session.id, ip);
    return redirectWithToast("/account", ACCOUNT_TOASTS.passwordChanged);
  }
  if (intent === "email") {
    if (value.email!.trim().toLowerCase() === record.email)
      return reply({ intent, result: submission.reply({ ...hide, fieldErrors: { email: [ACCOUNT_MSG.emailSame] } }) });
    const outcome = await requestEmailChange(record, value.email!, ip);
    if (!outcome.ok && outcome.reason === "unverified")
      return reply({ intent, result: submission.reply({ ...hide, formErrors: [ACCOUNT_MSG.emailChangeUnverified] }) });
    if (!outcome.ok) return reply({ intent, result: submission.reply({ ...hide, fieldErrors: { email: [MSG.userExists] } }) }, 409);
    return redirectWithToast("/account", ACCOUNT_TOASTS.emailChangeRequested);
  }
  const codes = await regenerateRecoveryCodes(user.id);
  await recordAudit({ actorUserId: user.id, action: "mfa.recovery_codes_regenerated", targetType: "user", targetId: user.id, ip });
  return reply({ intent, result: submission.reply({ resetForm: true }), codes }, 200);
}

/** "Nov 22, 2025, 3:04 PM EST" in the page's language (English: format.ts's formatDateTime, unchanged). */
function useDateTime() {
  const { locale } = useFormat();
  if (locale === "en-US") return formatDateTime;
  const fmt = new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "America/New_York",
    timeZoneName: "short",
  });
  return (iso: string | null | undefined) => {
    const d = iso ? new Date(iso) : null;
    return d && !Number.isNaN(d.getTime()) ? fmt.format(d) : "–";
  };
}

/** The sessions list's browser label ("Chrome on Windows", device-label.server.ts) in the page's language. */
function useDeviceLabel() {
  const { t } = useT("account");
  return (label: string) => {
    if (label === "Browser not recognised") return t("settings.browserUnknown");
    const m = /^(.+) on (.+)$/.exec(label);
    const browser = (m ? m[1]! : label) === "Browser" ? t("settings.browser") : m ? m[1]! : label;
    return m ? t("settings.deviceOn", { browser, os: m[2] }) : browser;
  };
}

function useSectionForm<S extends z.ZodTypeAny>(id: string, schema: S, actionData: Reply | undefined) {
  return useForm({
    id,
    constraint: getZodConstraint(schema),
    lastResult: actionData?.intent === id ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

export default function Account() {
  const { role, email, emailVerified, pendingEmail, sessions, recoveryCodesLeft } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Reply | undefined;
  const pending = useIsPending({ formAction: "/account" });
  const { t } = useT("account");
  const message = useMessage();
  const dateTime = useDateTime();
  const device = useDeviceLabel();
  const [pwForm, pw] = useSectionForm("password", ChangePasswordSchema, actionData);
  const [emailForm, em] = useSectionForm("email", ChangeEmailSchema, actionData);
  const [codesForm, cf] = useSectionForm("recovery-codes", RecoveryCodesSchema, actionData);
  // A refused form: its errors at the top (in view without JavaScript), each a link to its field.
  const mine = (id: string) => (actionData?.intent === id ? actionData.result : undefined);
  const summary = [
    ...conformSummary(mine("email"), emailForm, em),
    ...conformSummary(mine("password"), pwForm, pw),
    ...conformSummary(mine("recovery-codes"), codesForm, cf),
  ];
  return (
    <div className="min-h-screen bg-slate-50">
      <AccountHeader role={role} />
      <main id="main" tabIndex={-1} className="focus:outline-none mx-auto max-w-4xl space-y-6 px-4 py-8">
        <ErrorSummary items={summary} />
        <h1 className="text-3xl font-bold">{t("settings.heading")}</h1>

        <section className="card" aria-labelledby="email-heading">
          <h2 id="email-heading" className="text-xl font-semibold">
            {t("settings.emailHeading")}
          </h2>
          <p className="mt-2 text-slate-800">
            <span data-testid="account-email" className="break-all">
              {email}
            </span>{" "}
            <span className={emailVerified ? "text-emerald-800" : "text-amber-900"} data-testid="account-email-status">
              {emailVerified ? t("settings.confirmed") : t("settings.notConfirmed")}
            </span>
          </p>
          {pendingEmail ? (
            <p className="mt-2 text-sm text-slate-800" data-testid="pending-email">
              {t("settings.pendingLead")} <strong>{pendingEmail}</strong>
              {t("settings.pendingAfter")}
            </p>
          ) : null}
          {emailVerified ? (
            <Form method="post" action="/account" className="mt-4 space-y-4" {...getFormProps(emailForm)}>
              <input type="hidden" name="intent" value="email" />
              <Field label={t("settings.newEmail")} meta={em.email} type="email" inputProps={{ autoComplete: "email" }} />
              <PasswordField
                label={t("settings.currentPassword")}
                meta={em.currentPassword}
                inputProps={{ autoComplete: "current-password" }}
              />
              <FormError id={emailForm.errorId} errors={emailForm.errors} />
              <button type="submit" className="btn-primary" disabled={pending}>
                {t("settings.changeEmail")}
              </button>
            </Form>
          ) : (
            <p
              className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
              data-testid="email-change-unverified"
            >
              {message(ACCOUNT_MSG.emailChangeUnverified)}
            </p>
          )}
        </section>

        <section className="card" aria-labelledby="password-heading">
          <h2 id="password-heading" className="text-xl font-semibold">
            {t("settings.passwordHeading")}
          </h2>
          <Form method="post" action="/account" className="mt-4 space-y-4" {...getFormProps(pwForm)}>
            <input type="hidden" name="intent" value="password" />
            <PasswordField
              label={t("settings.currentPassword")}
              meta={pw.currentPassword}
              inputProps={{ autoComplete: "current-password" }}
            />
            <PasswordField label={t("settings.newPassword")} meta={pw.password} inputProps={{ autoComplete: "new-password" }} />
            <PasswordField
              label={t("settings.confirmNewPassword")}
              meta={pw.confirmPassword}
              inputProps={{ autoComplete: "new-password" }}
            />
            <FormError id={pwForm.errorId} errors={pwForm.errors} />
            <button type="submit" className="btn-primary" disabled={pending}>
              {t("settings.changePassword")}
            </button>
          </Form>
        </section>

        <section className="card" aria-labelledby="sessions-heading">
          <h2 id="sessions-heading" className="text-xl font-semibold">
            {t("settings.sessionsHeading")}
          </h2>
          <ul className="mt-4 divide-y divide-slate-200" data-testid="sessions">
            {sessions.map((s) => (
              <li key={s.key} className="flex flex-wrap justify-between gap-2 py-2 text-sm" data-current={s.current ? "true" : "false"}>
                <span className="font-medium text-slate-900">
                  {device(s.device)}
                  {s.current ? t("settings.thisBrowser") : ""}
                </span>
                <span className="text-slate-700">
                  {t("settings.signedIn", { signedIn: dateTime(s.signedInAt), lastSeen: dateTime(s.lastSeenAt) })}
                </span>
              </li>
            ))}
          </ul>
          <Form method="post" action="/account" className="mt-4">
            <input type="hidden" name="intent" value="sessions" />
            <button type="submit" className="btn-outline" disabled={pending}>
              {t("settings.signOutOthers")}
            </button>
          </Form>
        </section>

        {role === "admin" ? (
          <section className="card" aria-labelledby="mfa-heading">
            <h2 id="mfa-heading" className="text-xl font-semibold">
              {t("settings.mfaHeading")}
            </h2>
            <p className="mt-2 text-sm text-slate-800" data-testid="recovery-codes-left">
              {t("settings.codesLeft", { count: recoveryCodesLeft ?? 0 })}
            </p>
            {actionData?.codes ? (
              <div className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4" role="status">
                <p className="font-semibold text-amber-950">{t("settings.newCodes")}</p>
                <ul className="mt-2 grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
                  {actionData.codes.map((c) => (
                    <li key={c} className="rounded bg-white px-2 py-1 text-slate-900">
                      {c}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <Form method="post" action="/account" className="mt-4 space-y-4" {...getFormProps(codesForm)}>
              <input type="hidden" name="intent" value="recovery-codes" />
              <PasswordField
                label={t("settings.currentPassword")}
                meta={cf.currentPassword}
                inputProps={{ autoComplete: "current-password" }}
              />
              <FormError id={codesForm.errorId} errors={codesForm.errors} />
              <button type="submit" className="btn-outline" disabled={pending}>
                {t("settings.makeCodes")}
              </button>
            </Form>
            <Link to="/account/authenticator" className="link mt-4 inline-block">
              {t("settings.newAuthenticator")}
            </Link>
          </section>
        ) : null}
      </main>
    </div>
  );
}
