/**
 * Revoke and rotate for one active API key: plain forms posting `intent` and `keyId` to the page
 * they sit on (the admin's partner page and the lender's own keys page share them).
 */
import { Form } from "@remix-run/react";
import { ROTATION_OVERLAP_HOURS } from "~/features/partners/partner.schema";

const overlapLabel = (h: number) => (h === 0 ? "No overlap" : h < 24 ? `${h} hour` : `${h / 24} days`);

export function KeyActions({ keyId, prefix, compact = false }: { keyId: number; prefix: string; compact?: boolean }) {
  return (
    <>
      <Form method="post">
        <input type="hidden" name="keyId" value={keyId} />
        <button type="submit" name="intent" value="revoke" className="btn-danger" aria-label={`Revoke ${prefix}`}>
          Revoke
        </button>
      </Form>
      <Form method="post" className={compact ? "flex items-end gap-2" : "flex flex-wrap items-end gap-2"}>
        <input type="hidden" name="keyId" value={keyId} />
        <label className={compact ? "text-xs" : "text-sm"}>
          Old key works for
          <select name="overlapHours" defaultValue="24" className={compact ? "input mt-1" : "input mt-1 block"}>
            {ROTATION_OVERLAP_HOURS.map((h) => (
              <option key={h} value={h}>
                {overlapLabel(h)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" name="intent" value="rotate" className="btn-outline" aria-label={`Rotate ${prefix}`}>
          Rotate
        </button>
      </Form>
    </>
  );
}
