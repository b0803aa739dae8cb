/**
 * Dates in the admin panel and the dashboard: US Eastern time (support hours are EST), so the
 * server's and the browser's renders match whatever the machine's time zone.
 */
const TZ = "America/New_York";

const dateFmt = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: TZ });
const dateTimeFmt = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: TZ,
  timeZoneName: "short",
});

const parse = (iso: string | null | undefined) => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** "Nov 22, 2025", or an en dash when there is no date. */
export function formatDate(iso: string | null | undefined): string {
  const d = parse(iso);
  return d ? dateFmt.format(d) : "–";
}

/** "Nov 22, 2025, 4:45 PM EST". */
export function formatDateTime(iso: string | null | undefined): string {
  const d = parse(iso);
  return d ? dateTimeFmt.format(d) : "–";
}
