/**
 * The admin panel's status badges (docs/product.md, "Admin panel"). Table: submitted secondary, under-review
 * default, approved default, rejected destructive. Details dialog: approved default, rejected
 * destructive, pending secondary, anything else outline; its text is upper-case.
 */
import { getStatusDisplay } from "~/features/applications";

export type BadgeVariant = "default" | "secondary" | "destructive" | "outline";

const VARIANT_CLASS: Record<BadgeVariant, string> = {
  default: "border-transparent bg-blue-700 text-white",
  secondary: "border-transparent bg-slate-200 text-slate-900",
  destructive: "border-transparent bg-red-700 text-white",
  outline: "border-slate-400 bg-white text-slate-900",
};

const TABLE_VARIANTS: Record<string, BadgeVariant> = {
  submitted: "secondary",
  "under-review": "default",
  approved: "default",
  rejected: "destructive",
  "offer-accepted": "default",
};
const DIALOG_VARIANTS: Record<string, BadgeVariant> = {
  approved: "default",
  rejected: "destructive",
  pending: "secondary",
  "offer-accepted": "default",
};

export function badgeVariant(status: string, context: "table" | "dialog"): BadgeVariant {
  const map = context === "table" ? TABLE_VARIANTS : DIALOG_VARIANTS;
  return map[status] ?? "outline";
}

/**
 * Docs/product.md gives Under Review and Approved the same variant in the table; their colours
 * differ (blue for a review in progress, green for approved) so the two are told apart at a glance.
 */
const STATUS_TINT: Record<string, string> = {
  approved: "border-transparent bg-green-700 text-white",
  "under-review": "border-transparent bg-blue-700 text-white",
};

export function AdminStatusBadge({ status, context = "table" }: { status: string; context?: "table" | "dialog" }) {
  const variant = badgeVariant(status, context);
  const colour = variant === "default" ? (STATUS_TINT[status] ?? VARIANT_CLASS[variant]) : VARIANT_CLASS[variant];
  const label = getStatusDisplay(status).label;
  return (
    <span
      data-testid="admin-status-badge"
      data-status={status}
      data-variant={variant}
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold ${colour}`}
    >
      {context === "dialog" ? label.toUpperCase() : label}
    </span>
  );
}
