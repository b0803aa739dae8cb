import { Form } from "@remix-run/react";

/** Logout is a POST (no GET changes state); works without JavaScript. */
export function LogoutButton({ className = "btn-ghost" }: { className?: string }) {
  return (
    <Form method="post" action="/logout" className="inline">
      <button type="submit" className={className}>
        Logout
      </button>
    </Form>
  );
}
