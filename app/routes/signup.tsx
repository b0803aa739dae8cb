import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { CheckboxField, Field, FormError, PasswordField } from "~/components/forms";
import { site } from "~/content/site";
import { SignupSchema } from "~/schemas/auth.schema";
import { signUp, withAccountPasswordPolicy } from "~/services/account-creation.server";
import { signupFailed, TOASTS } from "~/utils/messages";
import { useIsPending } from "~/utils/misc";
import { getClientIp } from "~/utils/request.server";
import { createUserSession, requireAnonymous } from "~/server/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useActionToast } from "~/utils/toast-bus";

export { retryAfterHeaders as headers } from "~/utils/headers";

export const meta: MetaFunction = () => [{ title: `Create Account | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: withAccountPasswordPolicy(SignupSchema) });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), toast: null }, { status: 400 });
  }
  const { usCitizen: _c, agreeToTerms: _t, ...account } = submission.value;
  const outcome = await signUp(account, getClientIp(request, context));
  if (outcome.ok) {
    const cookie = await createUserSession(request, outcome.user);
    return redirectWithToast("/dashboard", TOASTS.signupSuccess, { headers: { "set-cookie": cookie } });
  }
  const { refusal } = outcome;
  if (refusal.field === "email") {
    const t = signupFailed(refusal.message);
    return data(
      {
        result: submission.reply({ fieldErrors: { email: [refusal.message] }, hideFields: ["password"] }),
        toast: { ...t, id: crypto.randomUUID() },
      },
      { status: refusal.status },
    );
  }
  return data({ result: submission.reply({ formErrors: [refusal.message], hideFields: ["password"] }), toast: null }, { status: refusal.status, headers: refusal.headers });
}

export default function SignupPage() {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ formAction: "/signup" });
  useActionToast(actionData?.toast);
  const [form, fields] = useForm({
    id: "signup",
    constraint: getZodConstraint(SignupSchema),
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignupSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthCard
      title="Create your account"
      subtitle="Join thousands of satisfied customers"
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className="link">
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" action="/signup" className="space-y-4" {...getFormProps(form)}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }} errors={fields.firstName.errors} errorId={fields.firstName.errorId} />
          <Field label="Last name" inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }} errors={fields.lastName.errors} errorId={fields.lastName.errorId} />
        </div>
        <Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} errors={fields.email.errors} errorId={fields.email.errorId} />
        <PasswordField label="Password" inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }} errors={fields.password.errors} errorId={fields.password.errorId} />
        <Field label="Phone" inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel", placeholder: "(555) 123-4567" }} errors={fields.phone.errors} errorId={fields.phone.errorId} />
        <Field label="Date of birth" inputProps={{ ...getInputProps(fields.dateOfBirth, { type: "date" }), autoComplete: "bday" }} errors={fields.dateOfBirth.errors} errorId={fields.dateOfBirth.errorId} />
        <CheckboxField label="I confirm that I am a US citizen and at least 18 years old" inputProps={getInputProps(fields.usCitizen, { type: "checkbox" })} errors={fields.usCitizen.errors} errorId={fields.usCitizen.errorId} />
        <CheckboxField
          label={
            <>
              I agree to the{" "}
              <Link to="/terms" className="link">
                Terms of Service
              </Link>{" "}
              and{" "}
              <Link to="/privacy" className="link">
                Privacy Policy
              </Link>
            </>
          }
          inputProps={getInputProps(fields.agreeToTerms, { type: "checkbox" })}
          errors={fields.agreeToTerms.errors}
          errorId={fields.agreeToTerms.errorId}
        />
        <FormError id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? "Creating Account..." : "Create Account"}
        </button>
      </Form>
    </AuthCard>
  );
}
