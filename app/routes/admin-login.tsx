import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { Field, FormError, PasswordField } from "~/components/forms";
import { site } from "~/content/site";
import { LoginSchema } from "~/schemas/auth";
import { demoAdminActive } from "~/services/admin-seed.server";
import { handleLogin } from "~/services/login-action.server";
import { DEMO_ADMIN } from "~/utils/constants";
import { useIsPending } from "~/utils/misc";
import { getUser } from "~/server/session.server";
import { redirect } from "@remix-run/node";
import { useActionToast } from "~/utils/toast-bus";

export { retryAfterHeaders as headers } from "~/utils/headers";

export const meta: MetaFunction = () => [{ title: `Admin Sign In | ${site.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (user?.role === "admin") throw redirect("/admin");
  // The hint appears only while the demo admin exists with its demo password.
  const demo = (await demoAdminActive()) ? { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } : null;
  return { demo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleLogin(request, context, "admin");
}

export default function AdminLoginPage() {
  const { demo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ formAction: "/admin-login" });
  useActionToast(actionData?.toast);
  const [form, fields] = useForm({
    id: "admin-login",
    constraint: getZodConstraint(LoginSchema),
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthCard title="Admin Sign In" subtitle="Sign in to review applications and documents">
      <Form method="post" action="/admin-login" className="space-y-4" {...getFormProps(form)}>
        <Field
          label="Email"
          meta={fields.email} type="email" inputProps={{ autoComplete: "username" }}
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
      {demo ? (
        <div className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="demo-credentials">
          <p className="font-semibold">Demo credentials</p>
          <p>Email: {demo.email}</p>
          <p>Password: {demo.password}</p>
        </div>
      ) : null}
    </AuthCard>
  );
}
