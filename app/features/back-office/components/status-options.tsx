import { getStatusDisplay } from "~/features/applications";
import { ADMIN_STATUSES } from "~/features/back-office/admin.schema";

export const isAdminStatus = (status: string) => (ADMIN_STATUSES as readonly string[]).includes(status);

/**
 * The <option>s of an admin status select: the four admin choices, plus the current status as a
 * disabled first option when it is not one of them (e.g. 'pending').
 */
export function StatusOptions({ current }: { current: string }) {
  return (
    <>
      {isAdminStatus(current) ? null : (
        <option value="" disabled>
          {getStatusDisplay(current).label}
        </option>
      )}
      {ADMIN_STATUSES.map((s) => (
        <option key={s} value={s}>
          {getStatusDisplay(s).label}
        </option>
      ))}
    </>
  );
}
