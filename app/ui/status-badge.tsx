import { getStatusDisplay, type StatusDisplay, type StatusIcon } from "~/features/applications";

const PATHS: Record<StatusIcon, string> = {
  // clock
  clock: "M12 6v6l4 2m6-2a10 10 0 1 1-20 0 10 10 0 0 1 20 0Z",
  // magnifier
  search: "m21 21-4.35-4.35M11 18a7 7 0 1 1 0-14 7 7 0 0 1 0 14Z",
  // check in a circle
  check: "m8 12 3 3 5-6m6 3a10 10 0 1 1-20 0 10 10 0 0 1 20 0Z",
  // cross in a circle
  x: "m15 9-6 6m0-6 6 6m7-3a10 10 0 1 1-20 0 10 10 0 0 1 20 0Z",
  // i in a circle
  info: "M12 16v-4m0-4h.01M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0Z",
};

export function StatusIconSvg({ icon, className = "h-4 w-4" }: { icon: StatusIcon; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      data-icon={icon}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={PATHS[icon]} />
    </svg>
  );
}

/** The coloured status badge: icon (decorative) plus the status as text. */
export function StatusBadge({ status, display }: { status: string; display?: StatusDisplay }) {
  const d = display ?? getStatusDisplay(status);
  return (
    <span
      data-testid="status-badge"
      className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold ${d.badgeClass}`}
    >
      <StatusIconSvg icon={d.icon} />
      {d.label}
    </span>
  );
}
