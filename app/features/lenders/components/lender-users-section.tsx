/** /admin/lenders/:id: the lender's users and the form that invites one. Plain POST, works without JavaScript. */
import { Form } from "@remix-run/react";
import { replySummary } from "~/ui/error-summary";

/** The invitation's refused fields for the page's "There is a problem" summary. */
export const inviteSummary = (invite: InviteState | undefined) => replySummary(invite?.errors, (name) => `invite-${name}`);

type InviteState = { errors: Record<string, string[]>; values: { email: string; firstName: string; lastName: string } };
type LenderUserRow = { id: number; email: string; name: string; state: string };

function InviteField({
  name,
  label,
  type,
  invite,
  autoComplete,
}: {
  name: "email" | "firstName" | "lastName";
  label: string;
  type: string;
  invite?: InviteState;
  autoComplete: string;
}) {
  const errors = invite?.errors[name];
  const id = `invite-${name}`;
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        required
        autoComplete={autoComplete}
        defaultValue={invite?.values[name] ?? ""}
        className="input mt-1 w-full"
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${id}-error` : undefined}
      />
      {errors ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

export function LenderUsersSection({ users, invite }: { users: LenderUserRow[]; invite?: InviteState }) {
  return (
    <section className="space-y-3 border-t border-slate-200 pt-4" aria-labelledby="lender-users-h">
      <h3 id="lender-users-h" className="text-xl font-semibold">
        Lender users
      </h3>
      {users.length ? (
        <ul className="divide-y divide-slate-200" data-testid="lender-users">
          {users.map((u) => (
            <li key={u.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
              <span>
                {u.name} <span className="text-slate-700">({u.email})</span>
              </span>
              <span className="font-semibold">{u.state}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">No users yet.</p>
      )}
      <Form method="post" className="space-y-3" aria-labelledby="invite-h">
        <h4 id="invite-h" className="font-semibold">
          Invite a user
        </h4>
        <p className="text-sm text-slate-700">
          They get an e-mail with a link that works once, for 72 hours, to set a password and turn on two-factor authentication.
        </p>
        <input type="hidden" name="intent" value="invite" />
        <div className="grid gap-3 sm:grid-cols-3">
          <InviteField name="email" label="Email" type="email" invite={invite} autoComplete="off" />
          <InviteField name="firstName" label="First name" type="text" invite={invite} autoComplete="off" />
          <InviteField name="lastName" label="Last name" type="text" invite={invite} autoComplete="off" />
        </div>
        <button type="submit" className="btn-primary">
          Send invitation
        </button>
      </Form>
    </section>
  );
}
