/** Marks a link that opens a new tab: an icon for everyone, words for screen readers. */
import { useT } from "~/ui/i18n";
export function NewTabIcon() {
  return (
    <svg
      viewBox="0 0 16 16"
      className="ml-1 inline h-3 w-3 shrink-0 align-baseline"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path d="M9 3h4v4M13 3 7 9M11 9.5V13H3V5h3.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function NewTabNote() {
  const { t } = useT("common");
  return (
    <>
      <NewTabIcon />
      <span className="sr-only">{t("newTab")}</span>
    </>
  );
}
