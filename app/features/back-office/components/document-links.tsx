import { NewTabIcon } from "~/ui/new-tab";

/** A document's two links for admins: open it in a new tab, and download it. */
export function DocumentLinks({ id, fileName, openLabel }: { id: number; fileName: string; openLabel: "View" | "Preview" }) {
  return (
    <div className="flex gap-2">
      <a href={`/documents/${id}/preview`} target="_blank" rel="noopener noreferrer" className="btn-outline px-3 py-1">
        {openLabel}
        <span className="sr-only"> {fileName} (opens in a new tab)</span>
        <NewTabIcon />
      </a>
      <a href={`/documents/${id}/download`} className="btn-outline px-3 py-1">
        Download<span className="sr-only"> {fileName}</span>
      </a>
    </div>
  );
}

/** The one row of an admin table with nothing to show (or still loading). */
export function EmptyTableRow({
  colSpan,
  loading,
  loadingText,
  emptyText,
}: {
  colSpan: number;
  loading: boolean;
  loadingText: string;
  emptyText: string;
}) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-slate-700">
        {loading ? loadingText : emptyText}
      </td>
    </tr>
  );
}
