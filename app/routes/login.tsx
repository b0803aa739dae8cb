import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { Field, FormError, PasswordField } from "~/components/forms";
import { site } from "~/content/site";
import { LoginSchema } from "~/schemas/auth";
import { handleLogin } from "~/services/login-action.server";
import { useIsPending } from "~/utils/misc";
import { requireAnonymous } from "~/server/session.server";
import { useActionToast } from "~/utils/toast-bus";

export { retryAfterHeaders as headers } from "~/utils/headers";

export const meta: MetaFunction = () => [{ title: `Sign In | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleLogin(request, context, "user");
}

export default function LoginPage() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const pending = useIsPending({ formAction: "/login" });
  useActionToast(actionData?.toast);
  const [form, fields] = useForm({
    id: "login",
    constraint: getZodConstraint(LoginSchema),
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { redirectTo: searchParams.get("redirectTo") ?? "" },
  });
  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to your account"
      footer={
        <>
          Don&apos;t have an account?{" "}
          <Link to="/signup" className="link">
            Sign up
          </Link>
        </>
      }
    >
      <Form method="post" action="/login" className="space-y-4" {...getFormProps(form)}>
        <input {...getInputProps(fields.redirectTo, { type: "hidden" })} />
        <Field
          label="Email"
          meta={fields.email} type="email" inputProps={{ autoComplete: "email", autoFocus: true }}
        />
        <PasswordField
          label="Password"
          meta={fields.password} inputProps={{ autoComplete: "current-password" }}
        />
        <FormError id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? "Signing In..." : "Sign In"}
        </button>
      </Form>
      <p className="mt-4 text-center text-sm">
        {/* Keeps focus in the form on mouse-down, so the e-mail field's blur check cannot move this link mid-click. */}
        <Link to="/forgot-password" className="link" onMouseDown={(e) => e.preventDefault()}>
          Forgot your password?
        </Link>
      </p>
    </AuthCard>
  );
}
