/**
 * CSV export of the admin list's current filter: read from MySQL in batches of 1,000 by id (a
 * keyset, so no OFFSET scans and no long-held connection) and written to the response as the
 * client reads it (a pull stream, and the server entry's `waitForDrain` so a slow client holds
 * back the next batch instead of letting the response buffer grow), so 100,000 rows never sit in
 * memory. Cells are formula-safe (~/features/back-office/domain/csv).
 */
import { CSV_FIELDS, csvCell, type AnyFieldValues } from "~/features/applications";
import { exportBatch, EXPORT_BATCH_SIZE, type ExportRow } from "~/features/back-office/back-office-queries.server";
import type { AdminListParams } from "~/features/back-office/admin.schema";
import { CSV_BOM, csvLine } from "~/features/back-office/domain/csv";
import { logError } from "~/platform/observability/log.server";
import { exportConditions } from "./back-office.server";

/** The application fields' columns sit where the wizard asks for them: step 1 after the status, steps 3 and 4 after the contact (step 2). */
export const CSV_HEADER = [
  "Application ID",
  "Status",
  ...CSV_FIELDS.afterStatus.map((f) => f.csv!.header),
  "First name",
  "Last name",
  "E-mail",
  "Phone",
  ...CSV_FIELDS.afterContact.map((f) => f.csv!.header),
  "Submitted at (UTC)",
  "Last updated (UTC)",
  "Assigned to",
  "Waiting on applicant since (UTC)",
];

const iso = (d: Date | null) => (d ? d.toISOString() : "");

function rowLine(r: ExportRow) {
  const v = r.fields as AnyFieldValues;
  return csvLine([
    r.reference,
    r.status,
    ...CSV_FIELDS.afterStatus.map((f) => csvCell(f, v)),
    r.firstName,
    r.lastName,
    r.email,
    r.phone,
    ...CSV_FIELDS.afterContact.map((f) => csvCell(f, v)),
    iso(r.submittedAt),
    iso(r.updatedAt),
    r.assigneeFirst ? `${r.assigneeFirst} ${r.assigneeLast ?? ""}`.trim() : "",
    iso(r.waitingSince),
  ]);
}

/**
 * `waitForDrain` (from the server entry's load context) resolves when the client has taken what
 * was written; without it (tests calling this directly) batches follow one another at once.
 */
export function csvExportStream(
  params: AdminListParams,
  viewerId: number,
  opts: { batchSize?: number; waitForDrain?: () => Promise<void> } = {},
): ReadableStream<Uint8Array> {
  const batchSize = opts.batchSize ?? EXPORT_BATCH_SIZE;
  const where = exportConditions(params, viewerId);
  const encoder = new TextEncoder();
  let afterId = 0;
  let started = false;
  let done = where === null;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(CSV_BOM + csvLine(CSV_HEADER)));
          if (done) controller.close();
          return;
        }
        if (done) return;
        try {
          await opts.waitForDrain?.();
          const rows = await exportBatch(where!, afterId, batchSize);
          if (rows.length) {
            afterId = rows[rows.length - 1]!.id;
            controller.enqueue(encoder.encode(rows.map(rowLine).join("")));
          }
          if (rows.length < batchSize) {
            done = true;
            controller.close();
          }
        } catch (e) {
          done = true;
          logError("backoffice.csv_export", e);
          controller.error(new Error("export failed"));
        }
      },
    },
    { highWaterMark: 1 },
  );
}
